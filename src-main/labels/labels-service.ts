import type { TraceApi } from '@contract/api'
import { BadRequestError } from '@contract/guards'
import type { Db } from '../db/open-db'
import { episodeTarget } from './episode-identity'
import {
  addLabel,
  keepLabels,
  labelCounts,
  labelsOfEpisodes,
  readEpisodeLabels,
  turnLabelsOfEpisodes,
  removeLabel,
  setNote
} from './label-store'
import { exportLabels, importLabels } from './label-transfer'
import { deleteView, listSavedViews, saveView } from './saved-views'
import { getTaxonomy, setTaxonomy } from './taxonomy'

type LabelsApi = Pick<
  TraceApi,
  | 'getTaxonomy'
  | 'setTaxonomy'
  | 'addLabel'
  | 'removeLabel'
  | 'setNote'
  | 'getEpisodeLabels'
  | 'keepLabels'
  | 'labelsOfEpisodes'
  | 'turnLabelsOfEpisodes'
  | 'labelCounts'
  | 'exportLabels'
  | 'importLabels'
  | 'listSavedViews'
  | 'saveView'
  | 'deleteView'
>

/**
 * The triage part of the TraceApi. `indexDb` is the host's index connection with the labels file attached (reads
 * that join episodes to labels); `labelsDb` is the labels file's own connection (every write, and reads of it alone).
 */
export function createLabelsService(indexDb: Db, labelsDb: Db, checkRun: (runId: string) => unknown): LabelsApi {
  /** The episode's identity and fingerprint, after checking that `turn` is one of its turns. */
  const target = (episodeId: string, turn: number | null) => {
    const id = episodeTarget(indexDb, episodeId)
    if (turn !== null) {
      const { turns } = indexDb.prepare('SELECT turns FROM episodes WHERE id = ?').get(episodeId) as { turns: number }
      if (turn >= turns)
        throw new BadRequestError(
          `episode ${episodeId} has ${turns} turn${turns === 1 ? '' : 's'} (0 to ${turns - 1}); there is no turn ${turn}`
        )
    }
    return id
  }
  const read = (episodeId: string) => {
    const { identity, fingerprint } = episodeTarget(indexDb, episodeId)
    return readEpisodeLabels(labelsDb, episodeId, identity, fingerprint)
  }

  return {
    async getTaxonomy() {
      return getTaxonomy(labelsDb)
    },
    async setTaxonomy(defs) {
      return setTaxonomy(labelsDb, defs)
    },
    async addLabel(episodeId, label, turn) {
      const t = target(episodeId, turn)
      addLabel(labelsDb, t.identity, label, turn, t.fingerprint)
      return read(episodeId)
    },
    async removeLabel(episodeId, label, turn) {
      removeLabel(labelsDb, target(episodeId, turn).identity, label, turn)
      return read(episodeId)
    },
    async setNote(episodeId, text, turn) {
      const t = target(episodeId, turn)
      setNote(labelsDb, t.identity, text, turn, t.fingerprint)
      return read(episodeId)
    },
    async getEpisodeLabels(episodeId) {
      return read(episodeId)
    },
    async keepLabels(episodeId) {
      const t = target(episodeId, null)
      keepLabels(labelsDb, t.identity, t.fingerprint)
      return read(episodeId)
    },
    async labelsOfEpisodes(episodeIds) {
      return labelsOfEpisodes(indexDb, episodeIds)
    },
    async turnLabelsOfEpisodes(episodeIds) {
      return turnLabelsOfEpisodes(indexDb, episodeIds)
    },
    async labelCounts(runId) {
      checkRun(runId)
      return labelCounts(indexDb, runId)
    },
    async exportLabels() {
      return exportLabels(labelsDb)
    },
    async importLabels(data) {
      // the files indexed here: an export's paths of another machine move to them
      const local = indexDb.prepare('SELECT path FROM sources').pluck().all() as string[]
      const episode = indexDb.prepare(
        `SELECT e.turns, e.fingerprint FROM episodes e JOIN sources s ON s.id = e.source_id
         WHERE s.path = ? AND e.task_key = ? AND e.rollout = ?`
      )
      return importLabels(
        labelsDb,
        data,
        local,
        (path, taskKey, rollout) =>
          (episode.get(path, taskKey, rollout) as { turns: number; fingerprint: string | null } | undefined) ?? null
      )
    },
    async listSavedViews() {
      return listSavedViews(labelsDb)
    },
    async saveView(view, id) {
      return saveView(labelsDb, view, id)
    },
    async deleteView(id) {
      deleteView(labelsDb, id)
      return listSavedViews(labelsDb)
    }
  }
}

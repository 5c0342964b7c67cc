import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { AppInfo, ReadApi, TraceApi } from '@contract/api'
import { BadRequestError, NotFoundError } from '@contract/guards'
import type { EpisodePreview, IndexProgress, Workspace } from '@contract/model'
import type { Db } from '../db/open-db'
import { listEpisodes } from '../db/episode-rows'
import { getRun, listRuns } from '../db/run-rows'
import { refreshRunSummary } from '../db/run-summary'
import { listSources } from '../db/source-rows'
import { listTaskGroups } from '../db/task-groups'
import { groupRollouts } from '../db/group-rollouts'
import { rawText, readEpisode, readEpisodeParts } from './episode-reader'
import { toPreview } from './episode-preview'
import { createPreviewHandoff } from './preview-handoff'
import { episodeHead, readEpisodeHead } from './episode-head'
import { compareRuns } from '../compare/compare-runs'
import { compareSeries } from '../compare/compare-series'
import { compareMany } from '../compare/compare-many'
import { breakdownRun } from '../compare/breakdown'
import { CurveCache, trainingCurve, withProducerSteps } from '../compare/training-curve'
import { producerStepLog } from '../formats/producer-step-log'
import { compareReportHtml } from '../report/html-report'
import type { IndexerClient } from './indexer-client'
import { writeWithRetry } from './write-retry'
import { RANK_WINDOW, search } from '../search/search'
import { HitRowCache } from '../search/hit-rows'
import { createLabelsService } from '../labels/labels-service'
import { planExport } from '../export/plan-export'
import { previewEpisodesExport } from '../export/preview-export'

/** What the read-only part of the API needs: a connection (the labels file attached) and the host's fixed facts. */
export interface ReadDeps {
  db: Db
  /** The labels database's own connection (it is also attached to `db` as `labels`, for reads that join). */
  labelsDb: Db
  info: AppInfo
  /** The rows of episodes whose hits were shown lately (search/hit-rows.ts), this connection's own. */
  hitRows: HitRowCache
}

export interface ServiceDeps extends Omit<ReadDeps, 'hitRows'> {
  indexer: IndexerClient
  progress: () => IndexProgress
  dbPath: string
  demoPath: string | null
  /** Runs a background index job and reports its failure as an event instead of losing it. */
  background: (job: Parameters<IndexerClient['run']>[0]) => void
}

/** Characters of hit rows the engine's own connection keeps (at most ~32 MB; search/hit-rows.ts). */
export const HIT_ROW_CHARS = 16_000_000

/**
 * The methods of TraceApi that only read (contract/api.ts ApiAccess): answered the same on the engine's connection
 * and on a reader thread's read-only one (services/reader-pool.ts). Nothing here writes or keeps engine state.
 */
export function createReadService(d: ReadDeps): ReadApi {
  const runOrThrow = (runId: string) => {
    const run = getRun(d.db, runId)
    if (!run) throw new NotFoundError(`no run with id ${runId}`)
    return run
  }
  const labels = createLabelsService(d.db, d.labelsDb, runOrThrow)
  // a deep link's head and the app's preview of the same episode, a second apart, read the file once
  const handoff = createPreviewHandoff<EpisodePreview>()
  const api: ReadApi = {
    getTaxonomy: labels.getTaxonomy,
    getEpisodeLabels: labels.getEpisodeLabels,
    labelsOfEpisodes: labels.labelsOfEpisodes,
    turnLabelsOfEpisodes: labels.turnLabelsOfEpisodes,
    labelCounts: labels.labelCounts,
    exportLabels: labels.exportLabels,
    listSavedViews: labels.listSavedViews,
    async appInfo() {
      return d.info
    },
    async listRuns() {
      return listRuns(d.db)
    },
    async getRun(runId) {
      return runOrThrow(runId)
    },
    async listEpisodes(query) {
      // A filter may name any metric of the runs listed (a view over several runs).
      const metrics = new Set(
        [query.runId, ...(query.runIds ?? [])].flatMap((id) => runOrThrow(id).metrics.map((m) => m.name))
      )
      return listEpisodes(d.db, query, metrics)
    },
    async listTaskGroups(query) {
      const run = runOrThrow(query.runId)
      return listTaskGroups(d.db, query, new Set(run.metrics.map((m) => m.name)))
    },
    async groupRollouts(query) {
      const run = runOrThrow(query.runId)
      return groupRollouts(d.db, query, new Set(run.metrics.map((m) => m.name)))
    },
    async getEpisode(episodeId) {
      return readEpisode(d.db, episodeId)
    },
    async getEpisodePreview(episodeId) {
      return handoff.take(episodeId) ?? toPreview(readEpisodeParts(d.db, episodeId).detail)
    },
    async getEpisodeHead(episodeId, fromTurn, turns) {
      // the start of a JSONL record is read alone; anything else is read whole, kept for the app's next call
      const fast = readEpisodeHead(d.db, episodeId, fromTurn, turns)
      if (fast) return fast
      const preview = toPreview(readEpisodeParts(d.db, episodeId).detail)
      handoff.put(episodeId, preview)
      return episodeHead(preview, fromTurn, turns)
    },
    async getEpisodeTurns(episodeId) {
      return readEpisodeParts(d.db, episodeId).detail.turns
    },
    async getEpisodeRaw(episodeId) {
      return rawText(readEpisodeParts(d.db, episodeId).rawValue)
    },
    async planExport(request) {
      // an export reads through this same API (page by page), so it plans and runs like any other caller
      return (await planExport(api, request)).plan
    },
    async previewExport(request) {
      return previewEpisodesExport(api, request)
    },
    async compareRuns(runA, runB, options) {
      return compareRuns(d.db, runOrThrow(runA), runOrThrow(runB), options ?? {})
    },
    async compareSeries(runIds, options) {
      return compareSeries(d.db, runIds.map(runOrThrow), options ?? {})
    },
    async compareReportHtml(runA, runB, options) {
      return compareReportHtml(compareRuns(d.db, runOrThrow(runA), runOrThrow(runB), options ?? {}))
    },
    async compareMany(runIds, options) {
      return compareMany(d.db, runIds.map(runOrThrow), options ?? {})
    },
    async breakdownRun(runId, fields) {
      return breakdownRun(d.db, runOrThrow(runId), fields)
    },
    async search(query, options) {
      return search(d.db, query, options ?? {}, RANK_WINDOW, d.hitRows)
    }
  }
  return api
}

/**
 * The whole TraceApi over the engine's connection: the read-only methods (createReadService) and the engine's own.
 * Reads are synchronous SQLite; index jobs go to the indexer.
 */
export function createTraceService(d: ServiceDeps): TraceApi {
  const reads = createReadService({ ...d, hitRows: new HitRowCache(HIT_ROW_CHARS) })
  const workspace = (): Workspace => ({
    roots: (d.db.prepare('SELECT path FROM roots ORDER BY path').raw().all() as [string][]).map((r) => r[0]),
    sources: listSources(d.db),
    progress: d.progress(),
    dbPath: d.dbPath,
    demoPath: d.demoPath
  })
  /** Records roots at once on this connection, so the workspace returned (and read next) already lists them. */
  const saveRoots = (roots: string[]): Promise<void> =>
    writeWithRetry(() => {
      const add = d.db.prepare('INSERT OR IGNORE INTO roots (path, added_at) VALUES (?, ?)')
      d.db.transaction(() => roots.forEach((r) => add.run(r, Date.now())))()
    })
  const runOrThrow = (runId: string) => {
    const run = getRun(d.db, runId)
    if (!run) throw new NotFoundError(`no run with id ${runId}`)
    return run
  }
  // the steps of training curves already read, reused while unchanged (a reopened or live run reads only new steps)
  const curves = new CurveCache()

  return {
    ...reads,
    ...createLabelsService(d.db, d.labelsDb, runOrThrow),
    async getWorkspace() {
      return workspace()
    },
    async addPaths(paths) {
      const missing = paths.filter((p) => !existsSync(resolve(p)))
      if (missing.length) throw new BadRequestError(`not found: ${missing.join(', ')}`)
      const roots = paths.map((p) => resolve(p))
      await saveRoots(roots)
      d.background({ type: 'index', roots, scope: 'added', force: false })
      return workspace()
    },
    async removeRoot(path) {
      await d.indexer.run({ type: 'removeRoot', path: resolve(path) })
      return workspace()
    },
    async reindex({ force }) {
      d.background({ type: 'index', roots: [], scope: 'all', force })
      return workspace()
    },
    async cancelIndex() {
      d.indexer.cancel()
      return d.progress()
    },
    async getProgress() {
      return d.progress()
    },
    async openDemo() {
      if (!d.demoPath || !existsSync(d.demoPath)) throw new NotFoundError('the demo workspace is not installed')
      await saveRoots([d.demoPath])
      d.background({ type: 'index', roots: [d.demoPath], scope: 'added', force: false })
      return workspace()
    },
    async setPassThreshold(runId, threshold) {
      runOrThrow(runId)
      await writeWithRetry(() =>
        d.db.transaction(() => {
          d.db.prepare('UPDATE runs SET pass_threshold_user = ? WHERE id = ?').run(threshold, runId)
          refreshRunSummary(d.db, runId)
        })()
      )
      return runOrThrow(runId)
    },
    async trainingCurve(runId) {
      const run = runOrThrow(runId)
      return withProducerSteps(trainingCurve(d.db, run, curves), producerStepLog(run.header))
    }
  }
}

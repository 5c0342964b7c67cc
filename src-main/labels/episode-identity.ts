import type { EpisodeIdentity } from '@contract/labels'
import { NotFoundError } from '@contract/guards'
import type { Db } from '../db/open-db'

/** The stable identity of an indexed episode: its own source file (not the run's), task key and rollout index. */
export function episodeIdentity(indexDb: Db, episodeId: string): EpisodeIdentity {
  const row = indexDb
    .prepare(
      'SELECT s.path sourcePath, e.task_key taskKey, e.rollout rollout FROM episodes e JOIN sources s ON s.id = e.source_id WHERE e.id = ?'
    )
    .get(episodeId) as EpisodeIdentity | undefined
  if (!row) throw new NotFoundError(`no episode with id ${episodeId}`)
  return row
}

/** SQL joining `labels.<table> alias` to the episode `e` and its source `s` by identity (index-connection reads). */
export const identityJoin = (alias: string): string =>
  `${alias}.source_path = s.path AND ${alias}.task_key = e.task_key AND ${alias}.rollout = e.rollout`

import type { EpisodeIdentity } from '@contract/labels'
import { NotFoundError } from '@contract/guards'
import type { Db } from '../db/open-db'

/** The stable identity of an indexed episode: its own source file (not the run's), task key and rollout index. */
export function episodeIdentity(indexDb: Db, episodeId: string): EpisodeIdentity {
  return episodeTarget(indexDb, episodeId).identity
}

/**
 * The episode's identity and the fingerprint of what it holds now (episodes.fingerprint, migration 0016; null when
 * it was indexed before fingerprints): a label or note keeps the fingerprint of the content it was made on.
 */
export function episodeTarget(
  indexDb: Db,
  episodeId: string
): { identity: EpisodeIdentity; fingerprint: string | null } {
  const row = indexDb
    .prepare(
      `SELECT s.path sourcePath, e.task_key taskKey, e.rollout rollout, e.fingerprint fingerprint
       FROM episodes e JOIN sources s ON s.id = e.source_id WHERE e.id = ?`
    )
    .get(episodeId) as (EpisodeIdentity & { fingerprint: string | null }) | undefined
  if (!row) throw new NotFoundError(`no episode with id ${episodeId}`)
  const { fingerprint, ...identity } = row
  return { identity, fingerprint }
}

/** SQL joining `labels.<table> alias` to the episode `e` and its source `s` by identity (index-connection reads). */
export const identityJoin = (alias: string): string =>
  `${alias}.source_path = s.path AND ${alias}.task_key = e.task_key AND ${alias}.rollout = e.rollout`

/**
 * SQL true when the label or note `alias` was made on what episode `e` holds now, or when either fingerprint is
 * unknown (made or indexed before fingerprints: taken as the same, as before them). A label made on other content
 * counts nowhere but the episode's own `changed` list (label-store.ts).
 */
export const sameContent = (alias: string): string =>
  `(${alias}.fingerprint IS NULL OR e.fingerprint IS NULL OR ${alias}.fingerprint = e.fingerprint)`

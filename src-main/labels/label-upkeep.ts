/**
 * What the labels file learns from an index job (issue 17 item 2), run by the engine at start and after each job:
 * - sources the walk now names by their real place (index table source_renames: `latest/…` became `run_a/…`) take
 *   their labels and notes along, so a label made through a symlinked folder before this version is not orphaned;
 * - labels and notes without a fingerprint (made before fingerprints, or on an episode indexed before them) take
 *   the fingerprint of their episode the first time both are known: from then on a change of its content flags them.
 * The index connection only reads `labels.*` (attached); every write goes through the labels connection.
 */
import type { Db } from '../db/open-db'
import { LABELS_SCHEMA } from '../db/label-filter-sql'

const TABLES = ['labels', 'notes'] as const

export function labelUpkeep(indexDb: Db, labelsDb: Db): { moved: number; adopted: number } {
  let moved = 0
  let adopted = 0
  const renames = indexDb.prepare('SELECT old_path, new_path FROM source_renames').all() as {
    old_path: string
    new_path: string
  }[]
  if (renames.length) {
    labelsDb.transaction(() => {
      for (const r of renames)
        for (const table of TABLES) {
          // a label already on the new name stays as it is; the old name's copy goes
          moved += labelsDb
            .prepare(`UPDATE OR IGNORE ${table} SET source_path = ? WHERE source_path = ?`)
            .run(r.new_path, r.old_path).changes
          labelsDb.prepare(`DELETE FROM ${table} WHERE source_path = ?`).run(r.old_path)
        }
    })()
    try {
      const done = indexDb.prepare('DELETE FROM source_renames WHERE old_path = ? AND new_path = ?')
      indexDb.transaction(() => renames.forEach((r) => done.run(r.old_path, r.new_path)))()
    } catch (err) {
      // the indexer holds the write lock: the rows stay and the next upkeep finds nothing left to move
      const code = (err as { code?: string }).code
      if (code !== 'SQLITE_BUSY' && code !== 'SQLITE_LOCKED') throw err
    }
  }
  for (const table of TABLES) {
    const unknown = indexDb
      .prepare(
        `SELECT DISTINCT l.source_path, l.task_key, l.rollout, e.fingerprint
         FROM ${LABELS_SCHEMA}.${table} l JOIN sources s ON s.path = l.source_path
         JOIN episodes e ON e.source_id = s.id AND e.task_key = l.task_key AND e.rollout = l.rollout
         WHERE l.fingerprint IS NULL AND e.fingerprint IS NOT NULL`
      )
      .raw()
      .all() as [string, string, number, string][]
    if (!unknown.length) continue
    const set = labelsDb.prepare(
      `UPDATE ${table} SET fingerprint = ? WHERE source_path = ? AND task_key = ? AND rollout = ? AND fingerprint IS NULL`
    )
    labelsDb.transaction(() => {
      for (const [path, taskKey, rollout, fingerprint] of unknown)
        adopted += set.run(fingerprint, path, taskKey, rollout).changes
    })()
  }
  return { moved, adopted }
}

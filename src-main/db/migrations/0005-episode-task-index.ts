import type { Migration } from './types'

/**
 * An index on the task key alone: opening an episode lists the same task in every other run
 * (the viewer's `[` / `]`), which the (run_id, task_key) index cannot serve without a full scan.
 */
export const migration0005: Migration = {
  version: 5,
  name: 'episode-task-index',
  up(db) {
    db.exec(`CREATE INDEX episodes_task ON episodes(task_key, run_id, rollout)`)
  }
}

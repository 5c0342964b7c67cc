import type { Migration } from './types'

/**
 * Training step per episode (Prime hosted-RL exports mix steps in one file: step 0 is the base
 * model), and whether the rollout index came from the format rather than occurrence order.
 */
export const migration0002: Migration = {
  version: 2,
  name: 'episode-step',
  up(db) {
    db.exec(`
      ALTER TABLE episodes ADD COLUMN step INTEGER;
      ALTER TABLE episodes ADD COLUMN rollout_given INTEGER;
      CREATE INDEX episodes_run_step ON episodes(run_id, step);
    `)
  }
}

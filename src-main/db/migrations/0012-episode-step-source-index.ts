import type { Migration } from './types'

/**
 * The (run, step) index also holds each episode's source file, so a training curve can tell which steps changed
 * since it last read them (their episode counts, row ids and files' index times: compare/training-curve.ts) from the
 * index alone, without reading a row of a 256k-episode run. It replaces the (run, step) index it extends.
 */
export const migration0012: Migration = {
  version: 12,
  name: 'episode-step-source-index',
  up(db) {
    db.exec(`
      DROP INDEX IF EXISTS episodes_run_step;
      CREATE INDEX episodes_run_step ON episodes(run_id, step, source_id);
    `)
  }
}

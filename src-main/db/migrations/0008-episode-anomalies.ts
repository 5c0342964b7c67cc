import type { Migration } from './types'

/**
 * Per-episode anomaly codes (src-main/anomalies: `["loop", "long-episode"]`), written at index time and by the run
 * summary refresh, shown as badges and filtered with `anomaly == "loop"`. NULL = none found, or the episode was
 * indexed before this migration (a forced re-index fills the per-episode codes; the next summary refresh the
 * run-relative ones).
 */
export const migration0008: Migration = {
  version: 8,
  name: 'episode-anomalies',
  up(db) {
    db.exec(`ALTER TABLE episodes ADD COLUMN anomalies_json TEXT`)
  }
}

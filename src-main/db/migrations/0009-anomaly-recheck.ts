import type { Migration } from './types'

/**
 * The `tool-error` / `timeout` codes and the A-B-A-B loop rule (src-main/anomalies) are decided at index time from
 * the transcript, which the database does not keep: episodes indexed before them cannot be recomputed in SQL. So
 * this marks every indexed source as changed (an mtime no file has) and drops its live-tail signature (a file that
 * grew must be read whole, not resumed): the next ordinary scan — the app's and `rollscope serve`'s catch-up pass at
 * start (services/engine.ts), Reload, `rollscope index` — re-reads them and writes the new codes. Nothing is re-read
 * in the migration itself (it runs before the window opens and must stay quick); labels
 * live in their own database, keyed by episode ids that a re-index keeps.
 */
export const migration0009: Migration = {
  version: 9,
  name: 'anomaly-recheck',
  up(db) {
    db.exec(`UPDATE sources SET mtime_ms = -1, tail_sig = NULL WHERE state = 'indexed'`)
  }
}

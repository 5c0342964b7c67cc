import type { Migration } from './types'

/**
 * The full-text rows of a turn changed: a SWE-agent demonstration turn no longer starts with a `[demonstration]` line
 * of Rollscope's (a badge says it: Turn.meta.demonstration), and a turn's row holds the error its producer recorded
 * (Inspect's `timeout` of a tool result, shown but not searchable before). A hit's row is read back by its sequence
 * among its episode's rows (search/hit-rows.ts), which such a change can shift, and the old rows lack the errors: the
 * index is emptied and every source becomes pending, so the indexer's next full-text pass (seconds per hundred MB)
 * writes them again, as after 0017; searches meanwhile say the index is being built.
 */
export const migration0021: Migration = {
  version: 21,
  name: 'search-rows-again',
  up(db) {
    db.exec(`
      INSERT INTO search_fts (search_fts) VALUES ('delete-all');
      DELETE FROM search_sources;
    `)
  }
}

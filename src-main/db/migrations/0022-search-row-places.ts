import type { Migration } from './types'

/**
 * Where each full-text row's text lies in its JSONL record (search/row-places.ts): one row per episode, its rows'
 * places as JSON, written by the full-text pass with the episode's rows, so that a search hit is read back as its
 * row's bytes instead of its whole record. An episode that goes takes its places with it (the trigger, as
 * 0007's does for its full-text rows).
 *
 * The index already built is kept: its hits are read back from their records as before (the same rows, slower),
 * until their files are listed and searched again; a migration that renumbers the rows (as 0017 and 0021 did) must
 * empty this table with the index.
 */
export const migration0022: Migration = {
  version: 22,
  name: 'search-row-places',
  up(db) {
    db.exec(`
      CREATE TABLE search_row_places (
        episode_rowid INTEGER PRIMARY KEY,
        places TEXT NOT NULL
      );
      CREATE TRIGGER episodes_row_places_drop AFTER DELETE ON episodes BEGIN
        DELETE FROM search_row_places WHERE episode_rowid = old.rowid;
      END;
    `)
  }
}

import type { Migration } from './types'

/**
 * Full-text search over transcripts (FTS5). One row per piece of a turn: its text (with reasoning), each tool
 * call's arguments, a tool result; long texts in chunks. The FTS rowid is `episode rowid << 24 | sequence`, so an
 * episode's rows are one rowid range (dropped with it by the trigger, hits ordered by episode then turn) and no side
 * table is joined per hit. The text is stored in the index (unlike transcripts elsewhere): snippets of 50 hits
 * must come back in milliseconds, not by re-reading 50 episodes from their source files.
 *
 * `search_sources` records how far the background pass got per source file: the last episode rowid done, and the
 * source's `indexed_at` once the file is complete (a mismatch means the file was listed again since).
 */
export const migration0007: Migration = {
  version: 7,
  name: 'search-index',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE search_fts USING fts5(
        text, turn UNINDEXED, role UNINDEXED, tool UNINDEXED,
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TABLE search_sources (
        source_id INTEGER PRIMARY KEY,
        last_rowid INTEGER NOT NULL,
        indexed_at INTEGER
      );
      -- an episode that goes (re-indexed file, removed root: cascades too) takes its rows with it, and its file
      -- must be searched again from the start
      CREATE TRIGGER episodes_search_drop AFTER DELETE ON episodes BEGIN
        DELETE FROM search_fts WHERE rowid >= old.rowid * 16777216 AND rowid < (old.rowid + 1) * 16777216;
        DELETE FROM search_sources WHERE source_id = old.source_id;
      END;
      CREATE TRIGGER sources_search_drop AFTER DELETE ON sources BEGIN
        DELETE FROM search_sources WHERE source_id = old.id;
      END;
    `)
  }
}

import type { Migration } from './types'

/**
 * The full-text index keeps no copy of the text (issue 16): a contentless FTS5 table (`content=''`), whose rows can
 * still be deleted (`contentless_delete=1`, SQLite ≥ 3.43) by the trigger of migration 0007. The hits of a page are
 * read back from their source files (search/hit-rows.ts), as the viewer reads an episode. `role` and `tool` become
 * indexed columns of one token each (search/fts-columns.ts): a contentless table returns no column values, and a
 * filter by role or tool is then one more doclist to intersect, not a side table joined per match. Queries are
 * confined to `text` (search.ts), so the extra columns never match a word and bm25 ranks as before.
 *
 * No prefix indexes: on the 200 MB low-vocabulary corpus the index is 64 MB without, 112 MB with `prefix='3'` and
 * 160 MB with `'3 4'` (the old table, plus its 203 MB copy of the text). FTS5 then answers `abc*` by merging the
 * doclists of the terms that start so; the search bench's prefix shape measures what that costs.
 *
 * FTS5 options are fixed at creation: the table is made anew and emptied, every source becomes pending, and the
 * indexer's next full-text pass fills it again (SearchPage.pendingSources says so meanwhile).
 */
export const migration0013: Migration = {
  version: 13,
  name: 'search-contentless',
  up(db) {
    db.exec(`
      DROP TABLE search_fts;
      CREATE VIRTUAL TABLE search_fts USING fts5(
        text, role, tool,
        tokenize = 'unicode61 remove_diacritics 2', content = '', contentless_delete = 1
      );
      DELETE FROM search_sources;
    `)
  }
}

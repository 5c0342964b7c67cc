import type { Migration } from './types'

/**
 * The full-text index holds trace text as a reader sees it (issue 17 item 7): terminal escape sequences are gone
 * before a row is indexed (search/search-rows.ts, contract/terminal-text.ts), so `FAILED` in coloured pytest output
 * is the word FAILED, not part of the token `31mFAILED`. Rows indexed before kept the escapes, and the row sequence
 * of an episode (the hit's place, read back by hit-rows.ts) can differ now that the text is shorter: the index is
 * emptied, every source becomes pending, and the indexer's next full-text pass fills it again, as after 0013.
 */
export const migration0017: Migration = {
  version: 17,
  name: 'search-plain-text',
  up(db) {
    db.exec(`
      INSERT INTO search_fts (search_fts) VALUES ('delete-all');
      DELETE FROM search_sources;
    `)
  }
}

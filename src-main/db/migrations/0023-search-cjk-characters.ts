import { CJK_BLOCKS, spaceCjk } from '@contract/cjk-text'
import type { Migration } from './types'

/**
 * Chinese, Japanese and Korean characters are now a token each in the full-text index (contract/cjk-text.ts); an
 * index built before has their runs as whole words ("修复这个错误"), in which a search for 错误 finds nothing. When the index
 * holds such a word (a term that starts with a CJK character and is more than that character), it is emptied and
 * every source becomes pending, so the next full-text pass (seconds per hundred MB, in the background; searches
 * meanwhile say the index is being built) writes it again, as after 0021. An index without one is kept as it is: the
 * test reads only the terms that start in the CJK blocks (fts5vocab over each block's range), nothing for a corpus
 * with no such text. A word that only ends in CJK (`test错误`, `step1完成`) is not looked for (listing every term of
 * the index takes ~80 s per GB of text, four times the rebuild): text in these languages has words that start in
 * them. An index with CJK only after Latin letters or digits is searched as it was until a forced reindex
 * (Shift+click Reindex, `rollscope index --force`) writes it again.
 */
export const migration0023: Migration = {
  version: 23,
  name: 'search-cjk-characters',
  up(db) {
    db.exec(`CREATE VIRTUAL TABLE temp.migration_0023_terms USING fts5vocab(main, 'search_fts', 'row')`)
    try {
      const terms = db.prepare('SELECT term FROM temp.migration_0023_terms WHERE term >= ? AND term < ?').pluck()
      const whole = (term: string): boolean => spaceCjk(term).trim() !== term
      const found = CJK_BLOCKS.some(([first, last]) => {
        // past the block (past U+D7FF: U+E000, a surrogate being no character SQLite would compare as one)
        const past = String.fromCodePoint(last + 1 === 0xd800 ? 0xe000 : last + 1)
        for (const term of terms.iterate(String.fromCodePoint(first), past) as Iterable<string>)
          if (whole(term)) return true
        return false
      })
      if (found)
        db.exec(`
          INSERT INTO search_fts (search_fts) VALUES ('delete-all');
          DELETE FROM search_sources;
        `)
    } finally {
      db.exec('DROP TABLE temp.migration_0023_terms')
    }
  }
}

import { CJK_BLOCKS, spaceCjk } from '@contract/cjk-text'
import type { Migration } from './types'

/**
 * Chinese, Japanese and Korean characters are now a token each in the full-text index (contract/cjk-text.ts); an
 * index built before has their runs as whole words ("修复这个错误"), in which a search for 错误 finds nothing. When the index
 * holds such a word (a term that starts with a CJK character and is more than that character), it is emptied and
 * every source becomes pending, so the next full-text pass (seconds per hundred MB, in the background; searches
 * meanwhile say the index is being built) writes it again, as after 0021. An index without one is kept as it is: the
 * test reads only the terms that start in the CJK blocks (fts5vocab over each block's range), nothing for a corpus
 * with no such text. A word that only ends in CJK (`test错误`) is not looked for: text with CJK in it has words that
 * start with it.
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
        for (const term of terms.iterate(
          String.fromCodePoint(first),
          String.fromCodePoint(last + 1)
        ) as Iterable<string>)
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

import type { Db } from '../db/open-db'
import { indexTermsFromPages } from './index-terms'

/**
 * Most words a prefix is listed as. Past it FTS5's own prefix query stays (a 1-letter prefix can stand for 150,000
 * words: an OR of them is slower than the merge). An OR node steps through its words side by side in rowid order,
 * so 64 words cost little; the 1 GB search corpus's 3-letter prefixes stand for 1–6.
 */
export const MAX_PREFIX_WORDS = 64

const ready = new WeakSet<Db>()

/**
 * The words of the full-text index that start with `prefix` (already folded as the index folds: lower-case ASCII),
 * or null when there are more than MAX_PREFIX_WORDS. Read from the index's own vocabulary, so `prefix*`
 * and the OR of these words match the same rows; the OR finds its first matches in index order without merging
 * every doclist of every such word first, as FTS5 does for a prefix when the table has no prefix index (migration
 * 0013): on the 1 GB search corpus `tes*` in index order, the first 10,001 matches, took 240–480 ms as a prefix,
 * 8–40 ms as `test OR tests`. The list may hold words of the role and tool columns (the index's terms are of every
 * column), which a query confined to the text never matches. Read from the index's leaf pages (index-terms.ts:
 * ~1 ms, where fts5vocab walks every listed word's doclist to count its rows, 6–50 ms on that corpus), from fts5vocab
 * when those do not read as FTS5's format.
 */
export function prefixWords(db: Db, prefix: string): string[] | null {
  const paged = indexTermsFromPages(db, prefix, MAX_PREFIX_WORDS)
  if (paged !== null) return paged === 'more' ? null : paged
  if (!ready.has(db)) {
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_vocab USING fts5vocab(main, 'search_fts', 'row')`)
    ready.add(db)
  }
  const past = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)
  const words = db
    .prepare(`SELECT term FROM temp.search_vocab WHERE term >= ? AND term < ? LIMIT ${MAX_PREFIX_WORDS + 1}`)
    .pluck()
    .all(prefix, past) as string[]
  return words.length > MAX_PREFIX_WORDS ? null : words
}

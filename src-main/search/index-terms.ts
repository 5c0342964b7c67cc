import type { Db } from '../db/open-db'

/**
 * The terms of the full-text index that start with a prefix (a lower-case ASCII one), read from the leaf pages that
 * can hold them; 'more' when there are more than `most`; null when the index is not in a format this reads (the
 * caller then asks fts5vocab).
 *
 * Why not fts5vocab alone: its cursor counts each term's rows as it steps (it walks the term's whole doclist), so
 * listing `pas*` as `passed` took 20 ms on the 1 GB search corpus, as long as ranking `passed` (`tes*`: 50 ms).
 * Here each segment's %_idx row says which leaf page a term can be on, and those pages alone are read: ~1 ms.
 *
 * The format is FTS5's on-disk one (sqlite ext/fts5/fts5_index.c, "TERM/DOCLIST FORMAT" and "PAGE FORMAT"; stable
 * across versions, which is why the config table names it):
 * - a leaf page's rowid in %_data is segid << 37 | pgno; it starts with two big-endian u16s, the second the offset
 *   of its footer; the footer is one varint per term on the page, each the term's offset less the one before;
 * - the first term on a page is `varint n, n bytes`; the next ones `varint shared-with-previous, varint n, n bytes`;
 * - every main-index term starts with the byte '0' (prefix indexes use '1'...);
 * - %_idx holds (segid, a key <= the first term on that page and > every term before it, pgno × 2 + a flag) for
 *   each leaf page that has a term on it.
 * So the pages of a segment that can hold a term in [key, key's end) are its last page whose idx key is <= key
 * and every page whose idx key is inside the range.
 *
 * A term listed may have only deleted rows left (contentless_delete keeps it on its page until a merge): listing
 * it is harmless (its OR arm matches nothing; a one-word prefix that lists two is left to FTS5). A page that does
 * not parse, or is missing where a leaf should be, makes the whole answer null.
 */
export function indexTermsFromPages(db: Db, prefix: string, most: number): string[] | 'more' | null {
  // one read transaction: the idx rows and the pages they name from the same commit (a merge the writer commits in
  // between deletes pages, and a deleted segment's id is used again)
  return db.transaction(() => termsInSnapshot(db, prefix, most))()
}

function termsInSnapshot(db: Db, prefix: string, most: number): string[] | 'more' | null {
  const version = db.prepare(`SELECT v FROM search_fts_config WHERE k = 'version'`).pluck().get()
  if (version !== 4 && version !== 5) return null
  const key = Buffer.from(`0${prefix}`, 'utf8')
  const end = Buffer.from(key)
  end[end.length - 1]++ // an ASCII prefix: its last byte is never 0xff
  // the segments, one seek each (DISTINCT scans every idx row: 0.6 ms on the 1 GB search corpus's 32,000)
  const segments = db
    .prepare(
      `WITH RECURSIVE s(id) AS (SELECT min(segid) FROM search_fts_idx
                                UNION ALL SELECT (SELECT min(segid) FROM search_fts_idx WHERE segid > id) FROM s
                                WHERE id IS NOT NULL)
       SELECT id FROM s WHERE id IS NOT NULL`
    )
    .pluck()
    .all() as number[]
  const before = db
    .prepare('SELECT pgno FROM search_fts_idx WHERE segid = ? AND term <= ? ORDER BY term DESC LIMIT 1')
    .pluck()
  // each of these pages' first term is in the range, and no two of one segment's are the same term: past
  // most + 1 of them, there are more terms than asked for
  const inside = db
    .prepare('SELECT pgno FROM search_fts_idx WHERE segid = ? AND term > ? AND term < ? ORDER BY term LIMIT ?')
    .pluck()
  const read = db.prepare('SELECT block FROM search_fts_data WHERE id = ?').pluck()
  const firstLeaf = db.prepare('SELECT min(id) FROM search_fts_data WHERE id > ? AND id < ?').pluck()
  const found = new Set<string>()
  for (const segid of segments) {
    const pages = inside.all(segid, key, end, most + 2) as number[]
    if (pages.length > most + 1) return 'more'
    const first = before.get(segid, key) as number | undefined
    if (first !== undefined) pages.unshift(first) // none: the segment's first page comes after the range
    const base = segid * 2 ** 37
    for (const idxPage of pages) {
      const pgno = Math.floor(idxPage / 2)
      const block = read.get(base + pgno) as Buffer | undefined
      if (!block) {
        // an incremental merge deletes the pages of a segment it has read (their terms are in its output now) and
        // leaves their idx rows: a page before the segment's first leaf is gone that way; any other is not where
        // the format says (leaves are ids base + 1 to base + 2^31 - 1; doclist indexes have bit 36 set)
        const first = firstLeaf.get(base, base + 2 ** 31) as number | null
        if (first === null || first - base <= pgno) return null
        continue
      }
      const terms = leafTerms(block)
      if (!terms) return null // not what the format says: read no further
      for (const t of terms) {
        if (t.length >= key.length && key.equals(t.subarray(0, key.length))) found.add(t.subarray(1).toString('utf8'))
      }
      if (found.size > most) return 'more'
    }
  }
  // in the index's order (bytes), as fts5vocab lists them
  return [...found]
    .map((w) => Buffer.from(w, 'utf8'))
    .sort(Buffer.compare)
    .map((b) => b.toString('utf8'))
}

/** The terms on one leaf page (each with its index byte), or null when the page does not parse as one. */
export function leafTerms(page: Buffer): Buffer[] | null {
  if (page.length < 4) return null
  const footer = page.readUInt16BE(2)
  if (footer < 4 || footer > page.length) return null
  const out: Buffer[] = []
  let term = Buffer.alloc(0)
  let offset = 0
  for (let at = footer; at < page.length;) {
    const delta = varint(page, at)
    if (!delta) return null
    at = delta[1]
    offset += delta[0]
    if (offset < 4 || offset >= footer) return null
    let shared = 0
    let p = offset
    if (out.length > 0) {
      const s = varint(page, p)
      if (!s) return null
      ;[shared, p] = s
    }
    const n = varint(page, p)
    if (!n || shared > term.length || n[1] + n[0] > footer) return null
    term = Buffer.concat([term.subarray(0, shared), page.subarray(n[1], n[1] + n[0])])
    out.push(term)
  }
  return out
}

/** SQLite's varint (1-9 bytes, big-endian groups of 7 bits, the ninth byte whole) and the offset after it. */
function varint(buf: Buffer, at: number): [number, number] | null {
  let v = 0
  for (let i = 0; i < 9; i++) {
    if (at + i >= buf.length) return null
    const b = buf[at + i]
    if (i === 8) return [v * 256 + b, at + 9]
    v = v * 128 + (b & 0x7f)
    if (b < 0x80) return [v, at + i + 1]
  }
  return null
}

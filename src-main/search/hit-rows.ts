import { closeSync, openSync, statSync } from 'node:fs'
import type { Db } from '../db/open-db'
import { TooBigForThisThreadError } from '../formats/readers/big-reads'
import { formatContext } from '../formats/context'
import { openEpisodeSource } from '../formats/open-episode-source'
import { EPISODE_SHIFT } from './build-search-index'
import { episodeSearchRowsUpTo, type SearchRow } from './search-rows'
import { readRange } from '../formats/readers/line-reader'
import { pieceOf, placedPieces, rowTextAt, type RowPlace } from './row-places'

/**
 * The rows behind a page of hits, read back from their source files (the full-text index keeps no text: migration
 * 0013). A row's place is its FTS rowid: the episode's rowid and its sequence among episodeSearchRows's rows of that
 * episode, which the full-text pass numbered from the same reader and the same function. A row whose place in its
 * JSONL record or JSON file the pass found (row-places.ts) is read as those bytes alone while the file is unchanged
 * since it was listed; the others from their records: each file is opened once and each episode read once however
 * many of its rows are hits (a document is parsed once for the page).
 *
 * The cache keeps the hit rows themselves, not every row of their episodes: on the 1 GB search corpus an episode is
 * ~100 KB of JSON and a hit row ~4,000 characters, so a reader's 2 M characters held ~20 episodes, fewer than one
 * relevance page (50 hits, mostly in 50 episodes: each repeated page read all of them back again, 70-100 ms of the
 * 100-110 ms it took), and now hold ~500 rows (ten pages).
 *
 * A row that cannot be read back is left out of the map: its file is gone, changed since it was indexed (the record
 * no longer has its indexed prompt, or the document its size and time), or no longer has that many rows. The
 * watcher re-lists such a file, which drops its stale rows; until then the caller says how many hits it could not
 * show.
 */
export function readHitRows(
  db: Db,
  rowids: readonly number[],
  cache: HitRowCache = new HitRowCache(0)
): Map<number, SearchRow> {
  const out = new Map<number, SearchRow>()
  if (rowids.length === 0) return out
  // one context for every file the page reads: companion files and folders are read once for them all
  const ctx = formatContext()
  // the rows wanted of each episode, by their sequence in it
  const wanted = new Map<number, number[]>()
  for (const id of rowids) {
    const episode = Math.floor(id / EPISODE_SHIFT)
    const seqs = wanted.get(episode)
    if (seqs) seqs.push(id % EPISODE_SHIFT)
    else wanted.set(episode, [id % EPISODE_SHIFT])
  }
  const episodes = [...wanted.keys()]
  const places = db
    .prepare(
      `SELECT e.rowid, e.byte_offset, e.byte_length, e.locator, e.prompt_hash,
              s.id source_id, s.path, s.format, s.size, s.mtime_ms, p.places
       FROM episodes e JOIN sources s ON s.id = e.source_id
       LEFT JOIN search_row_places p ON p.episode_rowid = e.rowid
       WHERE e.rowid IN (${episodes.map(() => '?').join(',')}) ORDER BY s.id, e.rowid`
    )
    .all(...episodes) as PlaceRow[]
  for (const group of bySource(places)) {
    const first = group[0]
    // the file as it is now: a cached row is reused only while its file has not changed since it was read
    let now: string
    let unchanged: boolean
    try {
      const st = statSync(first.path)
      now = `${first.path}\u0000${st.size}\u0000${st.mtimeMs}`
      // a row's place holds while the file is the one listed (a JSONL file appended and listed again: still so)
      unchanged = st.size === first.size && st.mtimeMs === first.mtime_ms
    } catch {
      continue // gone: its hits are not shown
    }
    const key = (p: PlaceRow, seq: number): string =>
      `${now}\u0000${p.byte_offset}\u0000${p.byte_length}\u0000${p.locator ?? ''}\u0000${seq}`
    const found = (p: PlaceRow, seq: number, row: SearchRow): void => {
      out.set(p.rowid * EPISODE_SHIFT + seq, row)
      cache.set(key(p, seq), [row])
    }
    const toRead: { p: PlaceRow; seqs: number[] }[] = []
    let fd: number | null = null
    try {
      for (const p of group) {
        const missing: number[] = []
        for (const seq of wanted.get(p.rowid) ?? []) {
          const cached = cache.get(key(p, seq))
          if (cached) out.set(p.rowid * EPISODE_SHIFT + seq, cached[0])
          else missing.push(seq)
        }
        if (missing.length === 0) continue
        const left =
          unchanged && p.places
            ? readPlacedRows(
                p.places,
                p.byte_offset,
                missing,
                () => (fd ??= openSync(first.path, 'r')),
                (seq, row) => found(p, seq, row)
              )
            : missing
        if (left.length) toRead.push({ p, seqs: left })
      }
    } finally {
      if (fd !== null) closeSync(fd)
    }
    if (toRead.length === 0) continue
    const source = openEpisodeSource(
      { path: first.path, format: first.format, size: first.size, mtimeMs: first.mtime_ms },
      ctx
    )
    try {
      for (const { p, seqs } of toRead) {
        try {
          const { body } = source.read({
            byteOffset: p.byte_offset,
            byteLength: p.byte_length,
            locator: p.locator,
            promptHash: p.prompt_hash ?? undefined
          })
          const rows = episodeSearchRowsUpTo(body, Math.max(...seqs))
          for (const seq of seqs) {
            const row = rows[seq] as SearchRow | undefined
            if (row) found(p, seq, row) // else no longer that many rows (see above)
          }
        } catch (err) {
          // a reader thread leaves a record too big for its heap to the engine (the search is asked there)
          if (err instanceof TooBigForThisThreadError) throw err
          // gone, changed or no longer parsing: its hits are not shown (see above)
        }
      }
    } finally {
      source.close()
    }
  }
  return out
}

/**
 * Rows read back lately, most recent last, up to a number of characters: a search paged, asked again or filtered
 * asks for the same rows again, and a 100 KB record costs 1–2 ms to read and parse back (the engine holds one,
 * 16 M characters: at most ~32 MB). readHitRows keeps each hit row under its own key (an entry of one row): the file
 * as it is now (size and time, one stat per file a search), the place in it and the row's sequence, so a file that
 * changed since is read anew.
 */
export class HitRowCache {
  private readonly entries = new Map<string, { rows: SearchRow[]; chars: number }>()
  private chars = 0

  constructor(private readonly maxChars: number) {}

  get(key: string): SearchRow[] | undefined {
    const hit = this.entries.get(key)
    if (!hit) return undefined
    this.entries.delete(key) // to the most recent end
    this.entries.set(key, hit)
    return hit.rows
  }

  set(key: string, rows: SearchRow[]): void {
    const chars = rows.reduce((n, r) => n + r.text.length, 0)
    if (chars > this.maxChars) return
    const old = this.entries.get(key)
    if (old) {
      this.entries.delete(key)
      this.chars -= old.chars
    }
    this.entries.set(key, { rows, chars })
    this.chars += chars
    for (const [k, v] of this.entries) {
      if (this.chars <= this.maxChars) break
      this.entries.delete(k)
      this.chars -= v.chars
    }
  }

  get size(): number {
    return this.entries.size
  }
}

interface PlaceRow {
  rowid: number
  byte_offset: number
  byte_length: number
  locator: string | null
  prompt_hash: string | null
  source_id: number
  path: string
  format: string
  size: number
  mtime_ms: number
  /** The episode's rows' places (row-places.ts), when the full-text pass found them. */
  places: string | null
}

/**
 * The rows of `seqs` that have a place, read as the bytes there (the file unchanged since it was listed: the
 * caller checked), each given to `found`; returns the rows left to read from the record. A place that no longer
 * reads as a JSON string (it cannot while the file is unchanged) leaves its row to the record too.
 */
function readPlacedRows(
  json: string,
  recordOffset: number,
  seqs: number[],
  fd: () => number,
  found: (seq: number, row: SearchRow) => void
): number[] {
  const places = JSON.parse(json) as (RowPlace | null)[]
  const left: number[] = []
  // the pieces of one long text, cut once however many of them are hits (a place shared by its pieces)
  const piecesAt = new Map<number, string[]>()
  for (const seq of seqs) {
    const place = places[seq]
    if (!place) {
      left.push(seq)
      continue
    }
    const [turn, role, tool, at, length, , , piece] = place
    try {
      const read = (): Buffer => {
        const bytes = readRange(fd(), recordOffset + at, length)
        if (bytes.length !== length) throw new RangeError('short read')
        return bytes
      }
      let text: string
      if (piece === undefined) text = rowTextAt(place, read())
      else {
        let pieces = piecesAt.get(at)
        if (!pieces) piecesAt.set(at, (pieces = placedPieces(place, read())))
        text = pieceOf(pieces, piece)
      }
      found(seq, { turn, role, tool, text })
    } catch (err) {
      if (err instanceof TooBigForThisThreadError) throw err
      left.push(seq)
    }
  }
  return left
}

function bySource(rows: PlaceRow[]): PlaceRow[][] {
  const groups: PlaceRow[][] = []
  for (const r of rows) {
    const last = groups.at(-1)
    if (last && last[0].source_id === r.source_id) last.push(r)
    else groups.push([r])
  }
  return groups
}

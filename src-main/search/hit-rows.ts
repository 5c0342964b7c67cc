import { statSync } from 'node:fs'
import type { Db } from '../db/open-db'
import { openEpisodeSource } from '../formats/open-episode-source'
import { EPISODE_SHIFT } from './build-search-index'
import { episodeSearchRows, type SearchRow } from './search-rows'

/**
 * The rows behind a page of hits, read back from their source files (the full-text index keeps no text: migration
 * 0013). A row's place is its FTS rowid: the episode's rowid and its sequence among episodeSearchRows's rows of that
 * episode, which the full-text pass numbered from the same reader and the same function. Each file is opened once
 * and each episode read once however many of its rows are hits (a document is parsed once for the page).
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
  const episodes = [...new Set(rowids.map((id) => Math.floor(id / EPISODE_SHIFT)))]
  const places = db
    .prepare(
      `SELECT e.rowid, e.byte_offset, e.byte_length, e.locator, e.prompt_hash,
              s.id source_id, s.path, s.format, s.size, s.mtime_ms
       FROM episodes e JOIN sources s ON s.id = e.source_id
       WHERE e.rowid IN (${episodes.map(() => '?').join(',')}) ORDER BY s.id, e.rowid`
    )
    .all(...episodes) as PlaceRow[]
  const rowsOf = new Map<number, SearchRow[]>()
  for (const group of bySource(places)) {
    const first = group[0]
    // the file as it is now: a cached episode is reused only while its file has not changed since it was read
    let now: string
    try {
      const st = statSync(first.path)
      now = `${first.path}\u0000${st.size}\u0000${st.mtimeMs}`
    } catch {
      continue // gone: its hits are not shown
    }
    const key = (p: PlaceRow): string => `${now}\u0000${p.byte_offset}\u0000${p.byte_length}\u0000${p.locator ?? ''}`
    const toRead: PlaceRow[] = []
    for (const p of group) {
      const cached = cache.get(key(p))
      if (cached) rowsOf.set(p.rowid, cached)
      else toRead.push(p)
    }
    if (toRead.length === 0) continue
    const source = openEpisodeSource({
      path: first.path,
      format: first.format,
      size: first.size,
      mtimeMs: first.mtime_ms
    })
    try {
      for (const p of toRead) {
        try {
          const { body } = source.read({
            byteOffset: p.byte_offset,
            byteLength: p.byte_length,
            locator: p.locator,
            promptHash: p.prompt_hash ?? undefined
          })
          const rows = episodeSearchRows(body)
          rowsOf.set(p.rowid, rows)
          cache.set(key(p), rows)
        } catch {
          // gone, changed or no longer parsing: its hits are not shown (see above)
        }
      }
    } finally {
      source.close()
    }
  }
  for (const id of rowids) {
    const row = rowsOf.get(Math.floor(id / EPISODE_SHIFT))?.[id % EPISODE_SHIFT]
    if (row) out.set(id, row)
  }
  return out
}

/**
 * The rows of episodes read back lately, most recent last, up to a number of characters: a search typed word by
 * word, paged or filtered asks for the same episodes again, and a 100 KB record costs 1–2 ms to read and parse back
 * (the engine holds one, 16 M characters: at most ~32 MB). Keyed by what was read: the file as it is now (size and
 * time, one stat per file a search) and the place in it, so a file that changed since is read anew.
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

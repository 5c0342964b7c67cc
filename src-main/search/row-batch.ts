import { EPISODE_SHIFT, roleToken, toolToken } from './fts-columns'
import type { SearchRow } from './search-rows'
import { BatchBuffers } from './batch-buffers'
import { spaceCjk } from '@contract/cjk-text'
import type { RowPlace } from './row-places'

/**
 * A batch of full-text rows as the writer inserts them: each row's FTS rowid, its text as UTF-8 bytes and its role and
 * tool tokens, in typed arrays. The writer binds each text as bytes (SQLite reads a blob's bytes as UTF-8 text, so
 * FTS5 tokenizes the same characters), which spares the writer's thread the conversion of every string to UTF-8; and
 * a batch made on a reader thread crosses to the writer by transfer, not by copy (`transferList`).
 */
export interface RowBatch {
  sourceId: number
  /** The last episode the batch covers: the source's progress marker once it is written. */
  lastRowid: number
  sourceDone: boolean
  /**
   * The episode the batch stops inside (the one after lastRowid), and how many of its rows are written with this
   * batch and the ones before it; the next batch goes on with its next row. null: the batch ends at an episode's end.
   * A record of tens of MB is split so (BATCH_CHARS a batch), not held whole in one batch and its copy.
   */
  openEpisode: OpenEpisode | null
  /** Episodes the batch ends (an open episode counts in the batch that ends it). */
  episodes: number
  /** Characters (UTF-16 code units) of the rows' text, for the pass's report. */
  chars: number
  rowids: Float64Array
  /** Each row's text is text[ends[i - 1] ?? 0, ends[i]). */
  ends: Uint32Array
  text: Uint8Array
  /** Each row's role and tool token as an index into `tokens` (-1: no tool). */
  roles: Int32Array
  tools: Int32Array
  tokens: string[]
  /** Its episodes read from JSONL records or JSON files: each one's rowid and its rows' places (row-places.ts). */
  places: [episodeRowid: number, places: string][]
}

/** An episode whose first `rows` rows are written, the rest still to come. */
export interface OpenEpisode {
  rowid: number
  rows: number
}

/** The buffers a RowBatch can hand to another thread without copying them. */
export function transferList(b: RowBatch): ArrayBuffer[] {
  return [b.rowids.buffer, b.ends.buffer, b.text.buffer, b.roles.buffer, b.tools.buffer] as ArrayBuffer[]
}

/**
 * Collects episodes' rows into a RowBatch as they are read: each row's text goes to UTF-8 at once (so an episode's
 * strings are garbage as soon as it is added), into scratch buffers kept from batch to batch (their size that of the
 * largest batch so far); `take` copies out what the batch used.
 */
export class RowBatchBuilder {
  private text = Buffer.allocUnsafeSlow(1 << 20)
  private rowids = new Float64Array(1024)
  private ends = new Uint32Array(1024)
  private roles = new Int32Array(1024)
  private tools = new Int32Array(1024)
  private tokens: string[] = []
  private tokenIndex = new Map<string, number>()
  private places: [number, string][] = []
  private used = 0
  private n = 0
  /** Episodes and characters added since the last `take`. */
  episodes = 0
  chars = 0

  /** Where `take` copies a batch to (buffers the writer gave back, when it runs on another thread). */
  constructor(private readonly buffers: BatchBuffers = new BatchBuffers()) {}

  /**
   * Adds one episode's rows (episodeSearchRows) from row `from`, numbered from its rowid (at most 2^24 - 1 of them),
   * and stops before a row once the batch holds `maxChars` characters. Returns the row to go on from in the next
   * batch, or rows.length once the episode is in.
   */
  add(episodeRowid: number, rows: readonly SearchRow[], from = 0, maxChars = Infinity): number {
    const base = episodeRowid * EPISODE_SHIFT
    const count = Math.min(rows.length, EPISODE_SHIFT - 1)
    for (let seq = from; seq < count; seq++) {
      if (this.chars >= maxChars && this.n > 0) return seq
      const row = rows[seq]
      if (this.n === this.rowids.length) this.growRows()
      this.reserve(row.text.length * 3) // a UTF-16 unit is at most 3 UTF-8 bytes (a surrogate pair: 4 for 2)
      const bytes = this.text.write(row.text, this.used, 'utf8')
      // a row that is not ASCII may hold CJK: written again with its CJK characters one token each (contract/cjk-text.ts)
      const spaced = bytes === row.text.length ? row.text : spaceCjk(row.text)
      if (spaced !== row.text) {
        this.reserve(spaced.length * 3)
        this.used += this.text.write(spaced, this.used, 'utf8')
      } else this.used += bytes
      this.rowids[this.n] = base + seq
      this.ends[this.n] = this.used
      this.roles[this.n] = this.token(roleToken(row.role))
      const tool = toolToken(row.tool)
      this.tools[this.n] = tool === null ? -1 : this.token(tool)
      this.chars += row.text.length
      this.n++
    }
    this.episodes++
    return rows.length
  }

  /** An episode's rows' places (null: none), written with its rows; trailing nulls are left out. */
  addPlaces(episodeRowid: number, places: readonly (RowPlace | null)[]): void {
    let n = places.length
    while (n > 0 && places[n - 1] === null) n--
    this.places.push([episodeRowid, JSON.stringify(places.slice(0, n))])
  }

  /** The batch so far, and a fresh start. */
  take(sourceId: number, lastRowid: number, sourceDone: boolean, openEpisode: OpenEpisode | null = null): RowBatch {
    const n = this.n
    const batch: RowBatch = {
      sourceId,
      lastRowid,
      sourceDone,
      openEpisode,
      episodes: this.episodes,
      chars: this.chars,
      rowids: this.copy(this.rowids, n, (b, k) => new Float64Array(b, 0, k)),
      ends: this.copy(this.ends, n, (b, k) => new Uint32Array(b, 0, k)),
      text: this.copy(this.text, this.used, (b, k) => new Uint8Array(b, 0, k)),
      roles: this.copy(this.roles, n, (b, k) => new Int32Array(b, 0, k)),
      tools: this.copy(this.tools, n, (b, k) => new Int32Array(b, 0, k)),
      tokens: this.tokens,
      places: this.places
    }
    this.places = []
    this.tokens = []
    this.tokenIndex = new Map()
    this.used = 0
    this.n = 0
    this.episodes = 0
    this.chars = 0
    return batch
  }

  /** The first `n` items of `from`, in a buffer of the pool. */
  private copy<T extends Float64Array | Uint32Array | Int32Array | Uint8Array>(
    from: T,
    n: number,
    view: (buffer: ArrayBuffer, n: number) => T
  ): T {
    const to = view(this.buffers.take(n * from.BYTES_PER_ELEMENT), n)
    to.set(from.subarray(0, n))
    return to
  }

  private token(value: string): number {
    let i = this.tokenIndex.get(value)
    if (i === undefined) {
      i = this.tokens.push(value) - 1
      this.tokenIndex.set(value, i)
    }
    return i
  }

  /** Grows the text buffer (keeping what it holds) so that `more` bytes fit after it. */
  private reserve(more: number): void {
    if (this.used + more <= this.text.length) return
    const bigger = Buffer.allocUnsafeSlow(Math.max(this.text.length * 2, this.used + more))
    this.text.copy(bigger, 0, 0, this.used)
    this.text = bigger
  }

  private growRows(): void {
    const size = this.rowids.length * 2
    const grow = <T extends Float64Array | Uint32Array | Int32Array>(a: T, make: (n: number) => T): T => {
      const b = make(size)
      b.set(a)
      return b
    }
    this.rowids = grow(this.rowids, (k) => new Float64Array(k))
    this.ends = grow(this.ends, (k) => new Uint32Array(k))
    this.roles = grow(this.roles, (k) => new Int32Array(k))
    this.tools = grow(this.tools, (k) => new Int32Array(k))
  }
}

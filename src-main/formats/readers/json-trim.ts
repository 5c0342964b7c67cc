/**
 * Bounded JSON: how a JSON text of any size or depth becomes a value that fits in memory (issue 17).
 *
 * scanJsonShape counts a text's values and depth in one pass (strings are jumped over with indexOf: about ten times
 * faster than JSON.parse on real records), so the common case is JSON.parse as before. A text over the limits
 * (json-limits.ts) goes through JsonTrimmer, a streaming rewriter over bytes that writes a smaller JSON text:
 * - a list keeps its first KEEP_HEAD_ITEMS and last KEEP_TAIL_ITEMS items (the tail in a ring, so a list of 5 M
 *   messages costs 2,000 of them), an object its first KEEP_MEMBERS members;
 * - a container nested deeper than MAX_JSON_DEPTH becomes the string DEPTH_NOTE;
 * - with a byte budget (a zip member streamed from its inflater), lists keep fewer items and a text past the budget
 *   keeps its start, so what is kept stays near the budget whatever the input inflates to.
 * Each thing left out is a JsonCut (json-cuts.ts): the value parsed from the kept text is the producer's own data,
 * only less of it, and the cuts say what is missing.
 */
import {
  DEPTH_NOTE,
  KEEP_HEAD_ITEMS,
  KEEP_MEMBERS,
  KEEP_TAIL_ITEMS,
  MAX_JSON_DEPTH,
  MAX_JSON_ITEMS,
  MAX_JSON_VALUES
} from './json-limits'
import { MAX_LISTED_CUTS, type JsonCut } from './json-cuts'

const QUOTE = 34
const BACKSLASH = 92
const COMMA = 44
const COLON = 58
const OPEN_OBJ = 123
const CLOSE_OBJ = 125
const OPEN_ARR = 91
const CLOSE_ARR = 93

/** The longest number or literal kept (a hostile 100 MB run of digits is cut to its start). */
const MAX_SCALAR = 4096

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9

/**
 * True when `text` parses to at most MAX_JSON_VALUES objects, arrays and strings (opening brackets and quotes outside
 * strings), at most MAX_JSON_ITEMS list items and members (commas), nested at most MAX_JSON_DEPTH deep. Stops at the
 * first excess. Not a validator: an invalid text is left to JSON.parse.
 */
export function withinJsonLimits(
  text: string,
  maxValues = MAX_JSON_VALUES,
  maxDepth = MAX_JSON_DEPTH,
  maxItems = MAX_JSON_ITEMS
): boolean {
  let values = 0
  let items = 0
  let depth = 0
  const n = text.length
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      let j = text.indexOf('"', i + 1)
      // an escaped quote: preceded by an odd run of backslashes
      while (j > 0 && text.charCodeAt(j - 1) === BACKSLASH) {
        let k = j - 1
        while (text.charCodeAt(k) === BACKSLASH) k--
        if ((j - 1 - k) % 2 === 0) break
        j = text.indexOf('"', j + 1)
      }
      if (j < 0) return true // unterminated: JSON.parse says where
      i = j
      if (++values > maxValues) return false
    } else if (c === OPEN_OBJ || c === OPEN_ARR) {
      if (++depth > maxDepth || ++values > maxValues) return false
    } else if (c === CLOSE_OBJ || c === CLOSE_ARR) depth--
    else if (c === COMMA && ++items > maxItems) return false
  }
  return true
}

/**
 * A growable byte buffer: the kept text of the root, or of one list item waiting in a tail ring. A counting sink
 * keeps no bytes, only their count (a trimmer that only reports, see TrimOptions.keepText).
 */
class Sink {
  buf: Buffer
  len = 0
  /** Values written here (moved with the bytes when a tail item is written into its list). */
  values = 0
  constructor(
    size = 64,
    private readonly counting = false
  ) {
    this.buf = Buffer.allocUnsafe(counting ? 0 : size)
  }
  private room(n: number): void {
    if (this.len + n <= this.buf.length) return
    let size = this.buf.length * 2
    while (size < this.len + n) size *= 2
    const next = Buffer.allocUnsafe(size)
    this.buf.copy(next, 0, 0, this.len)
    this.buf = next
  }
  put(src: Buffer, from: number, to: number): void {
    if (to <= from) return
    if (this.counting) {
      this.len += to - from
      return
    }
    this.room(to - from)
    src.copy(this.buf, this.len, from, to)
    this.len += to - from
  }
  byte(c: number): void {
    if (this.counting) {
      this.len++
      return
    }
    this.room(1)
    this.buf[this.len++] = c
  }
  text(s: string): void {
    const b = Buffer.from(s)
    this.put(b, 0, b.length)
  }
}

/** Where a key was written (decoded only to name a cut). */
interface KeyRef {
  sink: Sink
  start: number
  end: number
}

/**
 * An open list or object while its items are read. Frames are reused by depth (a list of a million objects opens a
 * million frames, one at a time), so every field is reset when one is pushed.
 */
class Frame {
  array = false
  /** Where the frame's own bytes go (its brackets and the items it keeps in place). */
  out: Sink = null as unknown as Sink
  /** Items (list) or members (object) met so far. */
  count = 0
  /** Items written in place (a list's head), or members kept. */
  kept = 0
  /** A list's tail: the last items, each in its own sink (a circular buffer of KEEP_TAIL_ITEMS). */
  ring: (Sink | null)[] | null = null
  ringStart = 0
  ringLen = 0
  /** The current item's own sink when it is a tail item; null when written in place or skipped. */
  item: Sink | null = null
  inItem = false
  /** Object: a key comes next (else its value). */
  expectKey = false
  /** Object: the current member's key. */
  key: KeyRef | null = null
  /** How the parent names this frame: a key, else its position among the parent's items (kept position or -1). */
  segKey: KeyRef | null = null
  segIndex = -1
  segKept = -1
  /** A list's first left-out item's first byte (its place in the stream), or -1 while none was. */
  skipFrom = -1
}

/** How the parent names a value: its key, or its position (and kept position, -1 when not reachable). */
interface Seg {
  key: KeyRef | null
  index: number
  kept: number
}

export interface TrimOptions {
  maxValues?: number
  maxDepth?: number
  headItems?: number
  tailItems?: number
  members?: number
  /** Bytes of text kept (a streamed member); Infinity for a text already in memory (only values and depth bound it). */
  maxBytes?: number
  /** Told of each list whose last items were left out whole (see SkippedItems). */
  onSkippedItems?: (run: SkippedItems) => void
  /**
   * False: the same decisions, but no kept text and no cuts (`end` gives none), for a trimmer run for onSkippedItems
   * alone: a record of one 60 MB text would otherwise be copied whole, on top of its parse (the indexer's memory bound).
   */
  keepText?: boolean
}

/**
 * A list's items left out whole, at its end (a trimmer without a tail keeps a list's head and leaves out the rest):
 * `from` is the first left-out item's first byte and `to` the list's closing bracket, both places in the bytes pushed.
 * Pushing the same bytes again without those, with `skipItems(items)` where they were, gives the same kept text and
 * cuts: what a head read of a long record needs without scanning its middle (formats/readers/head-skips.ts).
 */
export interface SkippedItems {
  from: number
  to: number
  items: number
}

/** The kept text and what was left out. */
export interface TrimResult {
  text: string
  cuts: JsonCut[]
  /** Cuts past MAX_LISTED_CUTS, counted only. */
  moreCuts: number
}

/** Spare sinks kept for reuse by tail items (only small ones: a big buffer is let go). */
const SPARE_SINKS = 64
const SPARE_SINK_BYTES = 64 * 1024

/**
 * Streams JSON bytes in (`push`, then `end`) and writes the bounded text described above. Malformed input is copied
 * as far as it goes (JSON.parse of the result then says it is invalid); nothing here throws on bad JSON.
 * Written for throughput on hostile input (millions of tiny values): no allocation per value but a tail item's sink,
 * and those are recycled.
 */
export class JsonTrimmer {
  private readonly maxValues: number
  private readonly maxDepth: number
  private readonly headItems: number
  private readonly tailItems: number
  private readonly members: number
  private readonly maxBytes: number
  private readonly onSkippedItems: ((run: SkippedItems) => void) | null
  /** Bytes pushed before the current chunk, and where the token being read starts (for onSkippedItems). */
  private pushed = 0
  private tokenAt = 0
  private readonly keepText: boolean
  private readonly root: Sink
  private readonly frames: Frame[] = []
  private depth = 0
  private keptValues = 0
  private keptBytes = 0
  private readonly spare: Sink[] = []
  /** Skipping a value or an item: brackets are only counted; `skipNest` is the depth inside what is skipped. */
  private skipping = false
  private skipNest = 0
  private skipClosesAtZero = false
  /** Inside a string: where its bytes go (null: skipped), and the state carried across chunks. */
  private inString = false
  private strTo: Sink | null = null
  private strStart = 0
  private strTotal = 0
  private strCapped = false
  private strEscaped = false
  /** The object whose key this string is, or null for a value. */
  private strKeyOf: Frame | null = null
  /** Inside a number or literal: where its bytes go (null: skipped), and its length so far. */
  private inScalar = false
  private scalarTo: Sink | null = null
  private scalarLen = 0
  private readonly cuts: JsonCut[] = []
  private moreCuts = 0

  constructor(opts: TrimOptions = {}) {
    this.maxValues = opts.maxValues ?? MAX_JSON_VALUES
    this.maxDepth = opts.maxDepth ?? MAX_JSON_DEPTH
    this.headItems = opts.headItems ?? KEEP_HEAD_ITEMS
    this.tailItems = opts.tailItems ?? KEEP_TAIL_ITEMS
    this.members = opts.members ?? KEEP_MEMBERS
    this.maxBytes = opts.maxBytes ?? Infinity
    this.onSkippedItems = opts.onSkippedItems ?? null
    this.keepText = opts.keepText ?? true
    // a string cut at the byte budget ends where its kept bytes allow (cleanEnd): a counting sink has none
    if (!this.keepText && this.maxBytes !== Infinity)
      throw new Error('a trimmer that keeps no text takes no byte budget')
    this.root = new Sink(1024, !this.keepText)
  }

  push(chunk: Buffer): void {
    const n = chunk.length
    let i = 0
    while (i < n) {
      if (this.inString) {
        i = this.stringBody(chunk, i)
        continue
      }
      if (this.inScalar) {
        i = this.scalarBody(chunk, i)
        continue
      }
      const c = chunk[i]
      if (isSpace(c)) {
        i++
        continue
      }
      if (this.skipping) i = this.skipToken(i, c)
      else {
        this.tokenAt = this.pushed + i
        i = this.token(i, c)
      }
    }
    this.pushed += n
  }

  /**
   * Leaves out `items` list items whose bytes are not pushed: a run onSkippedItems reported for the same bytes, called
   * where its `from` was (the next bytes pushed are from its `to` on). False, and nothing changed, when the trimmer is
   * not where such a run starts (its list's next item would be kept, or it is inside a value): the bytes differ from
   * those the run was found in, and the caller pushes them all instead.
   */
  skipItems(items: number): boolean {
    const f = this.top()
    if (!f || !f.array || f.inItem || this.skipping || this.inString || this.inScalar || items < 1) return false
    if (this.tailItems > 0 || f.count !== f.kept || this.keepsItem(f.count + 1)) return false
    f.count += items
    f.skipFrom = this.pushed
    return true
  }

  /** The kept text. Input that ended inside a value is left unfinished, so that parsing the text fails as the input's would. */
  end(): TrimResult {
    if (!this.keepText) return { text: '', cuts: [], moreCuts: 0 }
    return { text: this.root.buf.toString('utf8', 0, this.root.len), cuts: this.cuts, moreCuts: this.moreCuts }
  }

  private top(): Frame | null {
    return this.depth > 0 ? this.frames[this.depth - 1] : null
  }

  /** Where the current value's bytes go. */
  private sink(): Sink {
    const f = this.top()
    if (!f) return this.root
    return (f.array && f.item) || f.out
  }

  private write(to: Sink, src: Buffer, from: number, until: number): void {
    to.put(src, from, until)
    this.keptBytes += until - from
  }

  private writeByte(to: Sink, c: number): void {
    to.byte(c)
    this.keptBytes++
  }

  private writeText(to: Sink, s: string): void {
    const before = to.len
    to.text(s)
    this.keptBytes += to.len - before
  }

  /** One token outside strings and scalars, not skipping. Returns the next position. */
  private token(i: number, c: number): number {
    const f = this.top()
    if (c === COMMA) {
      if (f) this.endItem(f)
      return i + 1
    }
    if (c === COLON) {
      if (f && !f.array) this.writeByte(f.out, COLON) // a kept member's (a skipped one's is read in skip mode)
      return i + 1
    }
    if (c === CLOSE_ARR || c === CLOSE_OBJ) {
      if (f) this.close(f, c)
      return i + 1
    }
    if (f && !f.array && f.expectKey && c === QUOTE) {
      if (!this.beginMember(f)) return i // skipped: the key is read again in skip mode
      const to = f.out
      to.values++
      this.keptValues++
      f.key = { sink: to, start: to.len, end: to.len }
      this.writeByte(to, QUOTE)
      this.startString(to, f)
      return i + 1
    }
    if (!this.beginValue(f)) return i // skipped: this token is read again in skip mode
    const to = this.sink()
    if (c === QUOTE || c === OPEN_ARR || c === OPEN_OBJ) {
      // heap objects count against the budget (numbers and literals are cheap: see MAX_JSON_ITEMS)
      to.values++
      this.keptValues++
    }
    if (c === QUOTE) {
      this.writeByte(to, QUOTE)
      this.startString(to, null)
      return i + 1
    }
    if (c === OPEN_ARR || c === OPEN_OBJ) {
      if (this.depth >= this.maxDepth) {
        this.writeText(to, JSON.stringify(DEPTH_NOTE))
        this.addCut('depth', this.maxDepth, 0, 0, this.valueSegs())
        this.startSkip(1, true)
        return i + 1
      }
      this.writeByte(to, c)
      this.open(c === OPEN_ARR, to, f)
      return i + 1
    }
    this.inScalar = true
    this.scalarTo = to
    this.scalarLen = 0
    return i
  }

  private open(array: boolean, out: Sink, parent: Frame | null): void {
    let g = this.frames[this.depth]
    if (!g) this.frames[this.depth] = g = new Frame()
    this.depth++
    g.array = array
    g.out = out
    g.count = 0
    g.kept = 0
    g.ringStart = 0
    g.ringLen = 0
    g.item = null
    g.inItem = false
    g.expectKey = !array
    g.key = null
    g.segKey = null
    g.segIndex = -1
    g.segKept = -1
    g.skipFrom = -1
    if (parent) {
      if (parent.array) {
        g.segIndex = parent.count - 1
        g.segKept = parent.item ? -1 : parent.kept - 1
      } else g.segKey = parent.key
    }
  }

  private startString(to: Sink | null, keyOf: Frame | null): void {
    this.inString = true
    this.strTo = to
    this.strStart = to ? to.len : 0
    this.strTotal = 0
    this.strCapped = false
    this.strEscaped = false
    this.strKeyOf = keyOf
  }

  private startSkip(nest: number, closesAtZero: boolean): void {
    this.skipping = true
    this.skipNest = nest
    this.skipClosesAtZero = closesAtZero
  }

  /** Decides where a new list item goes (in place, to the tail ring, or nowhere). False: it is skipped. */
  private beginValue(f: Frame | null): boolean {
    if (!f || !f.array) return true // the root, or an object's value (its member was decided at the key)
    f.inItem = true
    f.count++
    if (this.keepsItem(f.count)) {
      if (f.kept > 0) this.writeByte(f.out, COMMA)
      f.kept++
      f.item = null
      return true
    }
    if (this.tailItems > 0) {
      if (!f.ring || f.ring.length !== this.tailItems) f.ring = new Array<Sink | null>(this.tailItems).fill(null)
      // make room first, so the new item has a quarter of the budget before its text would be cut
      while (
        f.ringLen > 0 &&
        (f.ringLen >= this.tailItems ||
          this.keptBytes > this.maxBytes * 0.75 ||
          this.keptValues > this.maxValues * 0.75)
      )
        this.evict(f)
      const item = this.spare.pop() ?? new Sink(64, !this.keepText)
      item.len = 0
      item.values = 0
      f.item = item
      return true
    }
    f.item = null
    if (f.skipFrom < 0) f.skipFrom = this.tokenAt
    this.startSkip(0, false)
    return false
  }

  /** Whether a list's `nth` item (from 1) is kept in place, with what was kept so far. */
  private keepsItem(nth: number): boolean {
    return nth <= this.headItems && this.keptValues < this.maxValues / 2 && this.keptBytes < this.maxBytes / 2
  }

  private beginMember(f: Frame): boolean {
    f.count++
    f.inItem = true
    f.expectKey = false
    if (f.count <= this.members && this.keptValues < this.maxValues && this.keptBytes < this.maxBytes) {
      if (f.kept > 0) this.writeByte(f.out, COMMA)
      f.kept++
      return true
    }
    f.key = null
    this.startSkip(0, false)
    return false
  }

  private evict(f: Frame): void {
    const ring = f.ring!
    const old = ring[f.ringStart]!
    ring[f.ringStart] = null
    f.ringStart = (f.ringStart + 1) % ring.length
    f.ringLen--
    this.keptBytes -= old.len
    this.keptValues -= old.values
    if (this.spare.length < SPARE_SINKS && old.buf.length <= SPARE_SINK_BYTES) this.spare.push(old)
  }

  /** The end of a list item or an object member (a comma, or the closing bracket). */
  private endItem(f: Frame): void {
    if (!f.inItem) return
    f.inItem = false
    if (!f.array) {
      f.expectKey = true
      return
    }
    const item = f.item
    if (!item) return
    f.item = null
    const ring = f.ring!
    if (f.ringLen === ring.length) this.evict(f)
    ring[(f.ringStart + f.ringLen) % ring.length] = item
    f.ringLen++
  }

  private close(f: Frame, c: number): void {
    this.endItem(f)
    if (f.array && f.ring) {
      const ring = f.ring
      for (let k = 0; k < f.ringLen; k++) {
        const at = (f.ringStart + k) % ring.length
        const item = ring[at]!
        ring[at] = null
        if (f.kept + k > 0) this.writeByte(f.out, COMMA)
        // moved, not added: its bytes and values were counted when it was read (only the comma is new)
        f.out.put(item.buf, 0, item.len)
        f.out.values += item.values
        if (this.spare.length < SPARE_SINKS && item.buf.length <= SPARE_SINK_BYTES) this.spare.push(item)
      }
    }
    const shown = f.kept + f.ringLen
    if (f.array && f.skipFrom >= 0 && this.onSkippedItems)
      this.onSkippedItems({ from: f.skipFrom, to: this.tokenAt, items: f.count - shown })
    if (shown < f.count) {
      if (f.array) this.addCut('items', f.count, f.kept, f.ringLen, this.frameSegs(this.depth))
      else this.addCut('members', f.count, f.kept, 0, this.frameSegs(this.depth))
    }
    this.writeByte(f.out, c)
    this.depth--
  }

  /** A token while skipping: only brackets count, until the skipped value or item ends. */
  private skipToken(i: number, c: number): number {
    if (c === QUOTE) {
      this.startString(null, null)
      return i + 1
    }
    if (c === OPEN_ARR || c === OPEN_OBJ) {
      this.skipNest++
      return i + 1
    }
    if (c === CLOSE_ARR || c === CLOSE_OBJ) {
      if (this.skipNest === 0) {
        this.skipping = false // the close of the list or object whose item was skipped: read it as such
        return i
      }
      this.skipNest--
      if (this.skipNest === 0 && this.skipClosesAtZero) this.skipping = false
      return i + 1
    }
    if (c === COMMA && this.skipNest === 0) {
      this.skipping = false
      return i
    }
    if (c === COMMA || c === COLON) return i + 1
    this.inScalar = true
    this.scalarTo = null
    this.scalarLen = 0
    return i
  }

  /**
   * String bytes from `i` up to its closing quote (or the chunk's end). Returns the next position. The closing quote
   * is the first quote after an even run of backslashes (counted back to where this chunk's part of the string
   * starts): one search a string, where looking for every backslash cost a search for each escape, and agent output
   * is full of `\n` (the head of a 10 MB, 2,000-turn episode: ~40 ms a read, most of it in those searches).
   */
  private stringBody(chunk: Buffer, i: number): number {
    const n = chunk.length
    let j = i
    if (this.strEscaped) {
      this.strEscaped = false
      j = i + 1
    }
    /** Backslashes right before `at`, not counting back past `j`. */
    const run = (at: number): number => {
      let k = at
      while (k > j && chunk[k - 1] === BACKSLASH) k--
      return at - k
    }
    let end = n
    let closed = false
    for (let q = j < n ? chunk.indexOf(QUOTE, j) : -1; q !== -1; q = chunk.indexOf(QUOTE, q + 1)) {
      if (run(q) % 2 === 0) {
        end = q
        closed = true
        break
      }
    }
    // the chunk ends inside the string: a backslash left open escapes the next chunk's first byte
    if (!closed && n > j) this.strEscaped = run(n) % 2 === 1
    this.strTotal += end - i
    const to = this.strTo
    if (to && !this.strCapped) {
      const room = this.maxBytes - this.keptBytes
      if (end - i <= room) this.write(to, chunk, i, end)
      else {
        this.write(to, chunk, i, i + Math.max(0, Math.floor(room)))
        const clean = cleanEnd(to.buf, this.strStart, to.len)
        this.keptBytes -= to.len - clean
        to.len = clean
        this.strCapped = true
      }
    }
    if (!closed) return n
    this.finishString()
    return end + 1
  }

  private finishString(): void {
    this.inString = false
    const to = this.strTo
    if (!to) return
    if (this.strCapped) {
      const kept = to.len - this.strStart
      this.writeText(to, `… [${mbText(this.strTotal - kept)} more not read]`)
      const segs = this.strKeyOf ? this.frameSegs(this.depth) : this.currentSegs()
      this.addCut('text', this.strTotal, kept, 0, segs)
    }
    this.writeByte(to, QUOTE)
    if (this.strKeyOf?.key) this.strKeyOf.key.end = to.len
  }

  /** Number or literal bytes up to a delimiter. Returns the next position. */
  private scalarBody(chunk: Buffer, i: number): number {
    const n = chunk.length
    let j = i
    while (j < n) {
      const c = chunk[j]
      if (c === COMMA || c === CLOSE_ARR || c === CLOSE_OBJ || c === COLON || isSpace(c) || c === QUOTE) break
      if (c === OPEN_ARR || c === OPEN_OBJ) break
      j++
    }
    const to = this.scalarTo
    if (to) {
      const take = Math.min(j - i, MAX_SCALAR - this.scalarLen)
      if (take > 0) this.write(to, chunk, i, i + take)
    }
    this.scalarLen += j - i
    if (j < n) this.inScalar = false
    return j
  }

  private addCut(kind: JsonCut['kind'], total: number, head: number, tail: number, segs: Seg[]): void {
    if (!this.keepText) return // nothing kept to say it of (and no key text to name it by)
    if (this.cuts.length >= MAX_LISTED_CUTS) {
      this.moreCuts++
      return
    }
    const names = segs.map((g) => (g.key ? keyText(g.key) : g.index >= 0 ? g.index : null))
    const reachable = segs.every((g) => g.key !== null || g.kept >= 0)
    this.cuts.push({
      kind,
      path: pathText(names),
      total,
      head,
      tail,
      at: reachable ? segs.map((g) => (g.key ? keyText(g.key) : g.kept)) : null
    })
  }

  /** The segments naming the open frames up to `depth` (the root has none). */
  private frameSegs(depth: number): Seg[] {
    const out: Seg[] = []
    for (let k = 1; k < depth; k++) {
      const f = this.frames[k]
      out.push({ key: f.segKey, index: f.segIndex, kept: f.segKept })
    }
    return out
  }

  /** The segments naming the value starting (or being read) now, inside the top frame. */
  private valueSegs(): Seg[] {
    const f = this.top()
    if (!f) return []
    const own: Seg = f.array
      ? { key: null, index: f.count - 1, kept: f.item ? -1 : f.kept - 1 }
      : { key: f.key, index: -1, kept: -1 }
    return [...this.frameSegs(this.depth), own]
  }

  private currentSegs(): Seg[] {
    return this.valueSegs()
  }
}

/**
 * The end of the longest prefix of a string's bytes (from `start` to `end`) that cuts no escape and no UTF-8
 * character in two, so the kept start of a text is still a valid JSON string.
 */
function cleanEnd(buf: Buffer, start: number, end: number): number {
  let i = start
  let clean = start
  while (i < end) {
    const c = buf[i]
    let len = 1
    if (c === BACKSLASH) len = buf[i + 1] === 117 ? 6 : 2
    else if (c >= 0xf0) len = 4
    else if (c >= 0xe0) len = 3
    else if (c >= 0xc0) len = 2
    if (i + len > end) break
    i += len
    clean = i
  }
  return clean
}

function keyText(k: { sink: Sink; start: number; end: number }): string {
  const raw = k.sink.buf.toString('utf8', k.start, Math.min(k.end, k.start + 300))
  try {
    return JSON.parse(raw) as string
  } catch {
    return raw.replace(/^"|"$/g, '')
  }
}

/** `messages`, `info.a.a`, `events[3].input`; a long path keeps its first four and last two steps: `info.a.a.a … 58 levels … a.a`. */
function pathText(names: (string | number | null)[]): string {
  const parts = names.filter((x): x is string | number => x !== null)
  const text = (list: (string | number)[]): string =>
    list.map((p, k) => (typeof p === 'number' ? `[${p}]` : k === 0 ? p : `.${p}`)).join('')
  if (parts.length <= 8) return text(parts)
  return `${text(parts.slice(0, 4))} … ${parts.length - 6} levels … ${text(parts.slice(-2))}`
}

const mbText = (bytes: number): string => `${(bytes / 1e6).toFixed(bytes < 10e6 ? 1 : 0)} MB`

/**
 * A text already in memory, over the limits: trimmed (values and depth; its bytes are bounded by its caller). Fed
 * to the trimmer a megabyte at a time, so the text is not copied whole into bytes (a 60 MB record stays 60 MB).
 */
export function trimJsonText(text: string, opts: TrimOptions = {}): TrimResult {
  const t = new JsonTrimmer(opts)
  const STEP = 1 << 20
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + STEP)
    // never between the two halves of a surrogate pair (each half alone would encode as U+FFFD)
    const last = text.charCodeAt(end - 1)
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--
    t.push(Buffer.from(text.slice(at, end)))
    at = end
  }
  return t.end()
}

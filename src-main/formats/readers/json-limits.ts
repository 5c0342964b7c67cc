/**
 * How much of one JSON value from a trace file is ever held in memory (issue 17): a 240 MB sample of 5 M tiny
 * messages parses to gigabytes, and a 10,000-deep `info` overflows every recursive walk after it (JSON.stringify,
 * postMessage's structured clone, the viewer's info tree). Every JSON value read from a file goes through
 * parseJsonLine (or a zip member's stream), which keeps what it parses within these limits: see json-trim.ts.
 * Bytes are limited elsewhere (MAX_RECORD_BYTES, MAX_JSON_DOCUMENT, MAX_ZIP_MEMBER); this is the parsed shape.
 */

const fromEnv = (name: string, fallback: number): number => {
  const v = Number(process.env[name])
  return Number.isFinite(v) && v > 0 ? v : fallback
}

/**
 * Objects, arrays and strings (keys included) one parsed record, document or zip member may hold: each is a heap
 * object of 40–60 bytes, so 1 M stay near 50 MB, and the turns and answers built from them a few times that; a
 * realistic 10 MB episode of 2,000 turns has about 30,000. Numbers and literals are counted apart (MAX_JSON_ITEMS):
 * in a list they cost 4–8 bytes, so a trainer's 32,000-token arrays are read whole.
 */
export const MAX_JSON_VALUES = fromEnv('ROLLSCOPE_MAX_JSON_VALUES', 1_000_000)

/** List items and object members (commas) one parsed value may hold: 8 M doubles are 64 MB. */
export const MAX_JSON_ITEMS = 8_000_000

/**
 * Nesting kept: a container deeper than this is replaced by a note. Real traces nest to about 20 (a tool's JSON
 * schema inside a tool list inside a record); every walk over a value (indexing, summaries, the viewer, exports)
 * is then bounded by this depth.
 */
export const MAX_JSON_DEPTH = 64

/** A list that must be cut keeps this many items from its start and this many from its end. */
export const KEEP_HEAD_ITEMS = 1000
export const KEEP_TAIL_ITEMS = 1000

/** An object that must be cut keeps its first members up to this many. */
export const KEEP_MEMBERS = 10_000

/**
 * Bytes of JSON text kept from a zip member too large to inflate whole (it is streamed: json-trim.ts). Lists are
 * cut to their first and last items, and a string past the budget to its start, so what is parsed is at most about
 * this size whatever the member inflates to.
 */
export const MAX_KEPT_BYTES = fromEnv('ROLLSCOPE_MAX_KEPT_MB', 64) * 1e6

/** The note that stands in for a container nested deeper than MAX_JSON_DEPTH. */
export const DEPTH_NOTE = `[nested deeper than ${MAX_JSON_DEPTH} levels: not read]`

import { isAscii } from 'node:buffer'
import type { TurnRole } from '@contract/model'
import { chunks, CHUNK_CHARS, type RowSource, type SearchRow } from './search-rows'

/**
 * Where a full-text row's text lies in its JSONL record (or JSON file: a document's episode is its file), so that a
 * search hit is read back as those bytes alone instead of its whole record (hit-rows.ts). Reading a 100 KB record
 * back, decoding, parsing and making it turns costs ~0.8 ms here; a page of 50 hits in 50 episodes paid that 50
 * times, most of a new query's time on the 1 GB search corpus (the ranking pass ~18 ms of a ~65 ms search; the
 * bench's search phase, 2026-11-30).
 *
 * A row's place is the one JSON string of the record that is its text (found by its first characters, then
 * decoded and compared whole): the bytes of that string's body decode to the row's text exactly, wherever the string
 * is (in one message or another with the same text). Producers escape differently: JSON.stringify and Python's
 * `ensure_ascii=False` write non-ASCII characters as they are, Python's default as `\uXXXX` (lower-case hex, as
 * `escapeAscii` writes); both are tried, the likelier first. The pieces of a long text share the place of the whole
 * string; a call's one string argument is found inside the JSON text of its arguments (RowPlace's depth). A row that
 * is none of these (reasoning and text joined, a call of several arguments, text an adapter built or trimmed) has no
 * place and is read back from its record as before.
 */

/**
 * A row's place and what a hit needs besides its text: [turn, role, tool, byte offset in the record, byte length,
 * prefix, depth]. The row's text is `prefix` and the bytes decoded as a JSON string body `depth` times: 1 for a string
 * of the record, 2 for one inside a JSON text in a string (OpenAI's tool-call `arguments`), 3 one level deeper (a tool
 * call kept as a JSON string). Prefix '' and depth 1 are left out. A piece of a long text (chunks()) has the place of
 * the whole string and its number among its pieces.
 */
export type RowPlace = [
  turn: number,
  role: TurnRole,
  tool: string | null,
  at: number,
  length: number,
  prefix?: string,
  depth?: number,
  piece?: number
]

/** Characters of a row's start looked for first: each string they start is then decoded and compared whole. */
const PROBE_CHARS = 24
/**
 * Longest text looked for (characters). Checking a text decodes it again beside the record's parsed value: a 60 MB
 * line of one text peaked the indexer at 723 MB (the bench's hostile phase; 500 is the bound). An agent episode's
 * turns are far shorter; a longer text's rows are read from the record.
 */
export const MAX_PLACED_CHARS = 1_000_000
/** Occurrences of a probe checked before a row is left without a place. */
const MAX_CANDIDATES = 8
/** The depths a tool call's argument is looked for at, first (see RowPlace). */
const CALL_DEPTHS = [2, 1, 3]

/**
 * The places of an episode's rows (null: read it from the record). Only rows that may be a whole JSON string of the
 * record after a prefix, or pieces of one, are looked for (`verbatim[seq]`, null for the others: searchRowsOfTurn),
 * and only forward from the last place found: the rows of a record come in the order of its turns, and a row not found
 * costs a scan of the rest of the record. A row's first characters after an opening quote, escaped both ways, are
 * looked for natively; the string each occurrence opens is decoded and compared with the row (stringAt). Escaping
 * every row whole and looking for it instead doubled the full-text pass's reader CPU on the 1 GB search corpus
 * (7.5 -> 14.8 s); checking the pieces of long texts too, byte by byte in JS, cost the 200 MB low-vocabulary corpus's
 * reader 1.5 s more (one piece in seven rows, most of the characters), for hits that are a few of a page.
 */
export function findRowPlaces(
  record: Buffer,
  rows: readonly SearchRow[],
  verbatim: readonly (RowSource | null)[]
): (RowPlace | null)[] {
  const places: (RowPlace | null)[] = new Array<RowPlace | null>(rows.length).fill(null)
  // A record with a non-ASCII byte was written with its characters as they are, one without escaped; a JSON text
  // inside one of its strings (a call's arguments) may have been written either way (Python's json.dumps escapes
  // by default, whatever wrote the record): both are looked for, the record's way first.
  // (an ASCII record may still hold a raw DEL, which Python escapes)
  const ascii = isAscii(record)
  const outers: Escaping[] = ascii ? [escapeJsonAscii, escapeJson] : [escapeJson]
  const inners: Escaping[] = ascii ? [escapeJsonAscii, escapeJson] : [escapeJson, escapeJsonAscii]
  const textWays: Way[] = outers.map((outer) => ({ depth: 1, inner: outer, outer }))
  const callWays: Way[] = CALL_DEPTHS.flatMap((depth) =>
    outers.flatMap((outer) => inners.map((inner) => ({ depth, inner, outer })))
  )
  let from = 0
  for (let seq = 0; seq < rows.length; seq++) {
    const source = verbatim[seq]
    // the pieces of a long text are placed with the first, as the one string they are together
    if (!source || source.piece !== 0) continue
    const { prefix, pieces } = source
    const { turn, role, tool } = rows[seq]
    if (pieces * CHUNK_CHARS > MAX_PLACED_CHARS) continue
    const text = pieces === 1 ? rows[seq].text : piecesText(rows, seq, pieces)
    const value = text.slice(prefix.length)
    if (!text.startsWith(prefix) || value === '') continue
    // not ending between the two halves of a surrogate pair (a lone half is escaped, the pair may be raw UTF-8)
    const probeEnd = isHighSurrogate(value.charCodeAt(PROBE_CHARS - 1)) ? PROBE_CHARS + 1 : PROBE_CHARS
    const head = value.slice(0, probeEnd)
    const ways = prefix === '' ? textWays : callWays
    const tried = new Set<string>()
    search: for (let w = 0; w < ways.length; w++) {
      const { depth, inner, outer } = ways[w]
      const probe = probeOf(head, depth, inner, outer)
      if (tried.has(probe)) continue // the same bytes either way (an ASCII head)
      tried.add(probe)
      // the opening sequence is `"`, `\"`, `\\\"` at depth 1, 2, 3 (ASCII: as many bytes as characters)
      const openBytes = 2 ** (depth - 1)
      let at = record.indexOf(probe, from, 'utf8')
      for (let n = 0; at >= 0 && n < MAX_CANDIDATES; n++) {
        const end = stringAt(record, at, openBytes, depth, value)
        if (end !== undefined) {
          const place: RowPlace = [turn, role, tool, at + openBytes, end - at - openBytes]
          if (pieces > 1) {
            for (let k = 0; k < pieces; k++) {
              const r = rows[seq + k]
              places[seq + k] = [r.turn, r.role, r.tool, place[3], place[4], prefix, depth, k]
            }
          } else {
            if (prefix !== '' || depth !== 1) place.push(prefix, depth)
            places[seq] = place
          }
          from = end
          // the strings of one record are written alike: the way found is tried first for the next (a probe not
          // found costs a scan of the rest of the record: trying the ways in a fixed order scanned the
          // low-vocabulary corpus's records 5.6 times over, its calls' arguments being escaped, the rest not)
          if (w > 0) ways.unshift(...ways.splice(w, 1))
          break search
        }
        at = record.indexOf(probe, at + 1, 'utf8')
      }
    }
  }
  return places
}

/** The text the `pieces` rows from `seq` were cut from (chunks() cuts a text into consecutive slices), or ''. */
function piecesText(rows: readonly SearchRow[], seq: number, pieces: number): string {
  if (seq + pieces > rows.length) return ''
  let text = ''
  for (let k = 0; k < pieces; k++) text += rows[seq + k].text
  return text
}

type Escaping = (s: string) => string
/** One way a string may be written in a record: its depth (RowPlace) and the escaping inside and outermost. */
interface Way {
  depth: number
  inner: Escaping
  outer: Escaping
}

/** A JSON string's body as JSON.stringify writes it (Python's ensure_ascii=False likewise). */
const escapeJson: Escaping = (s) => JSON.stringify(s).slice(1, -1)
/** As Python's json.dumps writes it by default: every character past ASCII as `\uXXXX`. */
const escapeJsonAscii: Escaping = (s) => escapeAscii(escapeJson(s))

/** A string's opening quote and first characters at `depth`, the outermost level escaped the record's way. */
function probeOf(head: string, depth: number, inner: Escaping, outer: Escaping): string {
  let probe = `"${(depth === 1 ? outer : inner)(head)}`
  for (let level = 2; level <= depth; level++) probe = (level === depth ? outer : inner)(probe)
  return probe
}

/**
 * Where the string opened at `at` (an opening sequence of `openBytes` bytes at nesting `depth`) ends, when it is
 * `value`; undefined otherwise (the opening quote is itself escaped, the string is another, or it is not one). The
 * string's body is read as a hit reads it back (textAtPlace): a place is right by construction.
 */
function stringAt(bytes: Buffer, at: number, openBytes: number, depth: number, value: string): number | undefined {
  if (backslashesBefore(bytes, at) % 2 === 1) return undefined
  const body = at + openBytes
  // a character is at most 6 bytes of a JSON string body (`\uXXXX`), at each depth: the closing quote is looked for
  // no further (the first piece of a 10 MB string is not decoded whole)
  const within = bytes.subarray(body, Math.min(bytes.length, body + 6 ** depth * value.length + 1))
  // the closing quote at this depth follows 2^(depth-1) - 1 backslashes of its own, after pairs of escaped ones
  const own = 2 ** (depth - 1) - 1
  let close = within.indexOf(QUOTE)
  while (close >= 0 && backslashesBefore(within, close) % 2 ** depth !== own) close = within.indexOf(QUOTE, close + 1)
  if (close < 0) return undefined
  const end = close - own
  if (end < value.length / 2) return undefined // fewer bytes than the value has characters (2 units: 4 bytes)
  try {
    return textAtPlace(within.subarray(0, end), depth) === value ? body + end : undefined
  } catch {
    return undefined // not a JSON string's body after all
  }
}

/** How many backslashes come right before `i`. */
function backslashesBefore(bytes: Uint8Array, i: number): number {
  let k = i - 1
  while (k >= 0 && bytes[k] === BACKSLASH) k--
  return i - 1 - k
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff

/** The text at a row's place: the bytes there decoded as a JSON string's body `depth` times (RowPlace). */
export function textAtPlace(bytes: Buffer, depth = 1): string {
  let text = bytes.toString('utf8')
  for (let i = 0; i < depth; i++) text = JSON.parse(`"${text}"`) as string
  return text
}

/** A row's text read back from its place's bytes. */
export function rowTextAt(place: RowPlace, bytes: Buffer): string {
  return place[7] === undefined ? placedText(place, bytes) : pieceOf(placedPieces(place, bytes), place[7])
}

/** Piece `k` of a text's pieces; a RangeError when it has fewer (the hit is then read from its record). */
export function pieceOf(pieces: string[], k: number): string {
  const piece = pieces[k] as string | undefined
  if (piece === undefined) throw new RangeError(`the text has ${pieces.length} pieces, not ${k + 1}`)
  return piece
}

/** The whole text at a place (for a piece: the text it was cut from). */
function placedText(place: RowPlace, bytes: Buffer): string {
  return (place[5] ?? '') + textAtPlace(bytes, place[6] ?? 1)
}

/**
 * The pieces of the text at a piece's place: the text was found as the pieces' text, so it is cut again into the same
 * pieces (chunks() is deterministic). A caller reading several pieces of one text cuts it once (hit-rows.ts).
 */
export function placedPieces(place: RowPlace, bytes: Buffer): string[] {
  return chunks(placedText(place, bytes))
}

/** JSON-escaped text with every character past ASCII as a `\uXXXX` escape, as Python's json.dumps writes it. */
export function escapeAscii(escaped: string): string {
  // Python escapes DEL too (anything outside ' '..'~'; JSON.stringify already escaped the control characters)
  return PAST_ASCII.test(escaped)
    ? escaped.replace(PAST_ASCII_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    : escaped
}

const PAST_ASCII = /[\u007f-\uffff]/
const PAST_ASCII_ALL = /[\u007f-\uffff]/g

/**
 * A JSON record's bytes as text for JSON.parse, decoded fast. V8 decodes a UTF-8 buffer with a single non-ASCII
 * byte in it by its slow path, the whole buffer: a 100–190 KB record of agent output with a "café" or a "—" in it
 * took 1.2–1.7 ms to decode on this machine on 2026-11-28, most of what reading a search hit back costs (on the AMD
 * EPYC of 2026-11-29 plain decoding takes 0.2 ms and wins: what this buys depends on the host). Outside strings a JSON
 * text is ASCII, so each run of non-ASCII bytes is decoded alone (Node's own decoder: the same characters, the same
 * U+FFFD for bad bytes) and written as `\uXXXX` escapes, which JSON.parse turns back into those characters; the
 * rest is read as ASCII (0.3 ms). JSON.parse of the result gives the same value as of the plain decoding.
 *
 * Only for a text that is parsed: offsets and lengths in it move with the escapes. A record over the JSON limits is
 * trimmed before it is parsed (readers/json-trim.ts), which keeps or drops whole strings (without a byte cap, as
 * there), so escapes come through whole too.
 */
import { utf8BomLength } from './utf8-bom'

/**
 * Records up to this size are decoded run by run; bigger ones whole. Measured on this machine (a 10 MB agent episode
 * with 6,254 non-ASCII bytes, cut at each size): 100 KB 0.97 -> 0.23 ms, 500 KB 4.5 -> 4.3, 2 MB 15.4 -> 13.1, and
 * getEpisodePreview of the whole 10 MB episode went from 100-126 ms to 150-172 (its JSON.parse is slower on many
 * escaped strings), so past a few hundred KB the plain decoding wins.
 */
export const RUN_DECODE_MAX_BYTES = 256 * 1024

/**
 * A record with more runs of non-ASCII bytes than this is decoded whole. Each run costs two slices and its escapes
 * cost JSON.parse more, so a text in another script (one run every few words) lost badly: on the low-vocabulary
 * corpus (~1,900 runs in 109 KB) decode + parse took 1.98 ms a record against 0.58 plain, and the full-text pass's
 * reader thread 6.2 s of CPU against 3.3. Agent records in English have a few (11–28 in the search corpus's).
 */
export const RUN_DECODE_MAX_RUNS = 16

const BACKSLASH = 0x5c

export function jsonTextOf(bytes: Buffer): string {
  const n = bytes.length
  if (n > RUN_DECODE_MAX_BYTES) return bytes.toString('utf8')
  const start = utf8BomLength(bytes)
  let out = ''
  let from = start
  let i = start
  for (let runs = 0; ; runs++) {
    while (i < n && bytes[i] < 0x80) i++
    if (i >= n) break
    if (runs === RUN_DECODE_MAX_RUNS) return bytes.toString('utf8', start)
    // a backslash escaping the run's first byte is not JSON: keep the plain text, so parsing fails as it would
    let slashes = 0
    while (i - slashes - 1 >= from && bytes[i - slashes - 1] === BACKSLASH) slashes++
    if (slashes % 2 === 1) return bytes.toString('utf8', start)
    let j = i
    while (j < n && bytes[j] >= 0x80) j++
    out += bytes.toString('latin1', from, i)
    const run = bytes.toString('utf8', i, j)
    for (let k = 0; k < run.length; k++) out += `\\u${run.charCodeAt(k).toString(16).padStart(4, '0')}`
    from = i = j
  }
  return from === start ? bytes.toString('latin1', start, n) : out + bytes.toString('latin1', from, n)
}

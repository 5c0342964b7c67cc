/**
 * Where a long JSONL record's middle lies, so that a read of its head need not scan it. A deep link's first paint
 * reads a record's start through JsonTrimmer (formats/open-episode-source.ts readIndexedEpisodeHead), which keeps the
 * first HEAD_ITEMS items of every list and none after: it still scanned every byte of the rest to find where each
 * list ends, 3.3 ms for a 10 MB record of 2,000 messages here, and 23–65 ms on the reader thread while a browser
 * loads the page on the same two cores (the deep link waited for it). Indexing finds those runs of left-out items once
 * (the same trimmer on the same bytes, `findHeadSkips`); the head read pushes the bytes around them and tells the
 * trimmer how many items each held (`pushHeadBytes`), which gives the same kept text and cuts.
 */
import { closeSync, openSync, readSync } from 'node:fs'
import { JsonTrimmer, type SkippedItems } from './json-trim'
import { utf8BomLength } from './utf8-bom'

/** Items of each list a head read keeps: more than any link's first paint asks for (a turn per item at least). */
export const HEAD_ITEMS = 64

/** Records shorter than this are scanned: a head read of one costs well under a millisecond. */
export const HEAD_SKIPS_MIN_RECORD_BYTES = 1 << 20

/** Runs shorter than this are scanned with the rest: not worth a seek and a row's bytes. */
const MIN_SKIP_BYTES = 64 << 10

/** A record's runs: `from`, `to` (the list's closing bracket) and `items`, as places from the record's first byte. */
export type HeadSkip = SkippedItems

const CLOSE_LIST = 0x5d

/**
 * The runs of left-out items a head read of this record (its bytes, as in the file) can jump over, as JSON for the
 * episode's row (`head_skips`); null for a record under HEAD_SKIPS_MIN_RECORD_BYTES or one without such runs.
 */
export function findHeadSkips(record: Buffer): string | null {
  if (record.length < HEAD_SKIPS_MIN_RECORD_BYTES) return null
  const bom = utf8BomLength(record)
  const runs: number[][] = []
  const trimmer = new JsonTrimmer({
    headItems: HEAD_ITEMS,
    tailItems: 0,
    // the same decisions as the head read's trimmer, without a copy of what it keeps (a record may be one 60 MB text)
    keepText: false,
    onSkippedItems: (r) => {
      if (r.to - r.from >= MIN_SKIP_BYTES) runs.push([r.from + bom, r.to + bom, r.items])
    }
  })
  trimmer.push(bom ? record.subarray(bom) : record)
  return runs.length ? JSON.stringify(runs) : null
}

/** The runs of a row's `head_skips`, or none when it holds anything else than runs in order inside the record. */
export function parseHeadSkips(json: string | null | undefined, recordBytes: number): HeadSkip[] {
  if (!json) return []
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return []
  }
  if (!Array.isArray(value)) return []
  const out: HeadSkip[] = []
  let end = 0
  for (const r of value) {
    if (!Array.isArray(r) || r.length !== 3 || !r.every((n) => Number.isSafeInteger(n))) return []
    const [from, to, items] = r as number[]
    // a run starts past the previous one's closing bracket
    if (from < (out.length ? end + 1 : 0) || to <= from || to >= recordBytes || items < 1) return []
    out.push({ from, to, items })
    end = to
  }
  return out
}

/** The chunk a head read streams its record through. */
const HEAD_READ_CHUNK = 1 << 20

/**
 * Streams a record's bytes (`length` of them from `offset` in the file) into `trimmer`, jumping over `skips`. False
 * when a run does not fit the bytes (the trimmer is not where its items start, or its list does not end where it
 * said: the file is not what was indexed): the trimmer is then spent, and the caller reads the record without skips.
 * One reused 1 MB buffer: a 10 MB record read whole into a new buffer cost ~30 ms here in page faults alone. The
 * trimmer copies what it keeps, and each pushed view is a new object (its backslash memo is per chunk object). A
 * file cut short ends the push early, and the parse of what was kept fails as the whole read's would.
 */
export function pushHeadBytes(
  path: string,
  offset: number,
  length: number,
  trimmer: JsonTrimmer,
  skips: readonly HeadSkip[]
): boolean {
  const fd = openSync(path, 'r')
  try {
    const buf = Buffer.allocUnsafe(Math.min(HEAD_READ_CHUNK, length))
    let at = 0
    for (let k = 0; k <= skips.length; k++) {
      const until = k < skips.length ? skips[k].from : length
      let first = true
      while (at < until) {
        const n = readSync(fd, buf, 0, Math.min(buf.length, until - at), offset + at)
        if (n === 0) return true
        // a UTF-8 BOM opens the record; a run's list goes on with its closing bracket
        const skip = at === 0 ? utf8BomLength(buf.subarray(0, n)) : 0
        if (first && k > 0 && buf[0] !== CLOSE_LIST) return false
        first = false
        trimmer.push(buf.subarray(skip, n))
        at += n
      }
      if (k < skips.length) {
        if (!trimmer.skipItems(skips[k].items)) return false
        at = skips[k].to
      }
    }
    return true
  } finally {
    closeSync(fd)
  }
}

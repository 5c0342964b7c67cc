/**
 * A head read that jumps over the runs of left-out list items indexing found (formats/readers/head-skips.ts) keeps
 * exactly what a scan of every byte keeps; runs that do not fit the bytes are refused, and the read scans instead.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { JsonTrimmer, type SkippedItems, type TrimResult } from '../../../src-main/formats/readers/json-trim'
import {
  findHeadSkips,
  HEAD_ITEMS,
  HEAD_SKIPS_MIN_RECORD_BYTES,
  parseHeadSkips,
  pushHeadBytes
} from '../../../src-main/formats/readers/head-skips'
import { readIndexedEpisodeHead } from '../../../src-main/formats/open-episode-source'

/** The trimmer's result over `bytes`, and the runs it reported (`keepText` false: only those). */
function scan(
  bytes: Buffer,
  headItems: number,
  chunk: number,
  keepText = true
): { result: TrimResult; runs: SkippedItems[] } {
  const runs: SkippedItems[] = []
  const t = new JsonTrimmer({ headItems, tailItems: 0, keepText, onSkippedItems: (r) => runs.push(r) })
  for (let i = 0; i < bytes.length; i += chunk) t.push(bytes.subarray(i, i + chunk))
  return { result: t.end(), runs }
}

/** The same bytes pushed around `runs`, or null when the trimmer refused one. */
function jump(bytes: Buffer, headItems: number, runs: SkippedItems[]): TrimResult | null {
  const t = new JsonTrimmer({ headItems, tailItems: 0 })
  let at = 0
  for (const r of runs) {
    t.push(bytes.subarray(at, r.from))
    if (!t.skipItems(r.items)) return null
    at = r.to
  }
  t.push(bytes.subarray(at))
  return t.end()
}

// strings with the characters that end or escape a string, and brackets that are not structure
const tricky = fc.stringMatching(/^[\\"a\n\u00e9[\]{},]{0,10}$/)
const leaf = fc.oneof(tricky, fc.integer(), fc.constant(null), fc.boolean())
const message = fc.record({ role: tricky, content: tricky, parts: fc.array(leaf, { maxLength: 8 }) })
const record = fc.record({
  prompt: fc.array(message, { maxLength: 6 }),
  completion: fc.array(fc.oneof(message, fc.array(leaf, { maxLength: 9 })), { maxLength: 14 }),
  reward: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
  info: fc.dictionary(tricky, fc.array(leaf, { maxLength: 7 }), { maxKeys: 3 })
})

describe('runs of left-out items', () => {
  it('jumped over, keep the same text and cuts as a scan of every byte (property)', () => {
    let jumped = 0
    fc.assert(
      fc.property(
        record,
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        (r, headItems, chunk, spaced) => {
          const bytes = Buffer.from(JSON.stringify(r, null, spaced ? 1 : undefined))
          const { result, runs } = scan(bytes, headItems, chunk)
          jumped += runs.length
          // a trimmer that keeps no text finds the same runs (what indexing runs)
          expect(scan(bytes, headItems, chunk, false)).toEqual({ result: { text: '', cuts: [], moreCuts: 0 }, runs })
          expect(jump(bytes, headItems, runs)).toEqual(result)
          // every run ends at its list's closing bracket and starts at an item
          for (const run of runs) {
            expect(String.fromCharCode(bytes[run.to])).toBe(']')
            expect(' \n,'.includes(String.fromCharCode(bytes[run.from]))).toBe(false)
          }
        }
      ),
      { numRuns: 400 }
    )
    expect(jumped).toBeGreaterThan(200)
  })

  it('are found by a trimmer that keeps no text only without a byte budget', () => {
    expect(() => new JsonTrimmer({ keepText: false, maxBytes: 1000 })).toThrow(/no byte budget/)
  })

  it('are refused where the list would still keep an item, or inside a value', () => {
    const bytes = Buffer.from('{"m":[1,2,3,4,5],"s":"x"}')
    const { runs } = scan(bytes, 2, bytes.length)
    expect(runs).toEqual([{ from: 10, to: 15, items: 3 }])
    const early = new JsonTrimmer({ headItems: 2, tailItems: 0 })
    early.push(bytes.subarray(0, 8)) // after `1,`: the second item is kept
    expect(early.skipItems(4)).toBe(false)
    const inside = new JsonTrimmer({ headItems: 2, tailItems: 0 })
    inside.push(Buffer.from('{"m":[1,2,"ab'))
    expect(inside.skipItems(3)).toBe(false)
    const tail = new JsonTrimmer({ headItems: 2, tailItems: 1 })
    tail.push(bytes.subarray(0, 10))
    expect(tail.skipItems(3)).toBe(false)
  })
})

describe('a record’s runs, as indexing keeps them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'head-skips-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  /** A verifiers-like record of `n` completion messages of ~`size` bytes each. */
  const longRecord = (n: number, size: number, bom = false): Buffer => {
    const text = 'say "hi" [not a list] {nor this}\\ '.repeat(Math.ceil(size / 34)).slice(0, size)
    const completion = Array.from({ length: n }, (_, i) => ({
      role: i % 2 ? 'tool' : 'assistant',
      content: `${i}: ${text}`
    }))
    const json = JSON.stringify({
      prompt: [{ role: 'user', content: 'go' }],
      completion,
      reward: 1,
      info: { k: [1, 2] }
    })
    return Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(json)])
  }

  const headOf = (file: string, bytes: Buffer, skips: ReturnType<typeof parseHeadSkips>): TrimResult | false => {
    const t = new JsonTrimmer({ headItems: HEAD_ITEMS, tailItems: 0 })
    return pushHeadBytes(file, 0, bytes.length, t, skips) && t.end()
  }

  it('are found only in a record of 1 MB or more, and give its head as a full scan does (with and without a BOM)', () => {
    expect(findHeadSkips(longRecord(100, 1000))).toBeNull()
    for (const bom of [false, true]) {
      const bytes = longRecord(600, 4000, bom)
      expect(bytes.length).toBeGreaterThan(HEAD_SKIPS_MIN_RECORD_BYTES)
      const json = findHeadSkips(bytes)
      const skips = parseHeadSkips(json, bytes.length)
      expect(skips).toHaveLength(1)
      expect(skips[0].items).toBe(600 - HEAD_ITEMS)
      const file = join(dir, `r${bom}.json`)
      writeFileSync(file, bytes)
      const full = headOf(file, bytes, [])
      expect(full === false).toBe(false)
      expect(headOf(file, bytes, skips)).toEqual(full)
      expect((full as TrimResult).cuts[0]).toMatchObject({ kind: 'items', path: 'completion', total: 600, head: 64 })
    }
  })

  it('that no longer fit the file are refused, and the episode head is read by a scan', () => {
    const bytes = longRecord(600, 4000)
    const skips = parseHeadSkips(findHeadSkips(bytes), bytes.length)
    // the same size, a kept message shorter and a left-out one longer: the run no longer starts at an item
    const changed = Buffer.from(bytes.toString('utf8').replace('"10: say', '"10:say').replace('"70: say', '"70:  say'))
    expect(changed.length).toBe(bytes.length)
    const file = join(dir, 'changed.jsonl')
    writeFileSync(file, changed)
    expect(headOf(file, changed, skips) === false).toBe(true)
    const source = { path: file, format: 'verifiers', size: changed.length, mtimeMs: 0 }
    const place = { byteOffset: 0, byteLength: changed.length, locator: null }
    const withStale = readIndexedEpisodeHead(source, place, HEAD_ITEMS, skips)
    const scanned = readIndexedEpisodeHead(source, place, HEAD_ITEMS)
    expect(withStale).not.toBeNull()
    expect(withStale?.body.turns.map((t) => t.text)).toEqual(scanned?.body.turns.map((t) => t.text))
  })

  it('are read back only when they are runs in order inside the record', () => {
    expect(parseHeadSkips('[[10,20,3],[25,40,1]]', 100)).toEqual([
      { from: 10, to: 20, items: 3 },
      { from: 25, to: 40, items: 1 }
    ])
    for (const bad of [
      '',
      'x',
      '{}',
      '[[1,2]]',
      '[[10,20,3],[20,40,1]]',
      '[[10,200,3]]',
      '[[10,5,1]]',
      '[[1,2,0]]',
      '[[1.5,2,1]]'
    ])
      expect(parseHeadSkips(bad, 100), bad).toEqual([])
    expect(parseHeadSkips(null, 100)).toEqual([])
  })
})

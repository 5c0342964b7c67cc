/**
 * Property-based robustness checks shared by every adapter's test file (fast-check):
 * random, mutated and truncated input never throws anything but a RecordError out of an adapter,
 * never hangs, and a file of such bytes always ends with a status when indexed.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { expect } from 'vitest'
import { RecordError, type DocumentAdapter, type JsonlAdapter, type TableAdapter } from '../../src-main/formats/types'
import { rowsTable } from '../../src-main/formats/readers/parquet-file'
import type { SourceState } from '../../src-main/contract/model'
import { tempEngine } from './temp-engine'
import { formatContext } from '../../src-main/formats/context'

/** Values that trip naive field access: wrong types, empties, huge and negative numbers. */
const nasty = fc.oneof(
  fc.constantFrom<unknown>(null, '', 0, -1, 1e308, true, [], {}, 'NaN', '[]', '{}', '{"a":', 'attachment://x'),
  fc.jsonValue({ maxDepth: 2 })
)

/** `doc` with the node reached by following `picks` (child index mod size) replaced by `value`. */
export function mutate(doc: unknown, picks: number[], value: unknown): unknown {
  if (picks.length === 0 || typeof doc !== 'object' || doc === null) return value
  const copy: Record<string, unknown> | unknown[] = Array.isArray(doc)
    ? [...doc]
    : { ...(doc as Record<string, unknown>) }
  const keys = Object.keys(copy)
  if (keys.length === 0) return value
  const key = keys[picks[0] % keys.length]
  ;(copy as Record<string, unknown>)[key] = mutate((copy as Record<string, unknown>)[key], picks.slice(1), value)
  return copy
}

/** A sample with one random node replaced, or with a random key deleted. */
const mutated = (samples: unknown[]): fc.Arbitrary<unknown> =>
  fc
    .tuple(fc.nat({ max: samples.length - 1 }), fc.array(fc.nat(), { maxLength: 7 }), nasty)
    .map(([i, picks, value]) => mutate(samples[i], picks, value))

/** Calls `fn`; fine when it returns or throws a RecordError, a test failure otherwise. Also bounds its time. */
function tolerated<T>(what: string, fn: () => T): T | undefined {
  const t0 = performance.now()
  try {
    return fn()
  } catch (err) {
    if (err instanceof RecordError) return undefined
    throw new Error(`${what} threw ${(err as Error)?.name}: ${(err as Error)?.message}`, { cause: err })
  } finally {
    // generous: a single small document must never take seconds (catches runaway loops, not speed)
    const ms = performance.now() - t0
    if (ms > 5000) throw new Error(`${what} took ${ms.toFixed(0)} ms`)
  }
}

/**
 * A document adapter over random JSON and over mutations of real samples: `matches` never throws;
 * when it matches, `index` returns runs (or a RecordError), and every episode it lists parses.
 */
export function checkDocumentAdapterProperties(
  adapter: DocumentAdapter,
  samples: { doc: unknown; path: string }[],
  numRuns = 150
): void {
  const path = samples[0]?.path ?? '/tmp/x.json'
  const docs = samples.map((s) => s.doc)
  fc.assert(
    fc.property(fc.oneof(fc.jsonValue({ maxDepth: 4 }), mutated(docs), mutated(docs), mutated(docs)), (doc) => {
      const matched = tolerated('matches', () => adapter.matches(doc, path))
      if (!matched) return
      const runs = tolerated('index', () => adapter.index(doc, path, formatContext()))
      if (!runs) return
      expect(Array.isArray(runs)).toBe(true)
      for (const run of runs) {
        for (const { summary, locator } of run.episodes) {
          expect(['ok', 'error', 'truncated', 'cancelled']).toContain(summary.status)
          expect(typeof summary.promptHash).toBe('string')
          const body = tolerated('parseEpisode', () => adapter.parseEpisode(doc, locator, path, formatContext()))
          if (body) expect(Array.isArray(body.turns)).toBe(true)
        }
      }
    }),
    { numRuns }
  )
}

/** A JSONL adapter over random records and mutations of real records: summarize/parseEpisode never throw (except RecordError). */
export function checkJsonlAdapterProperties(
  adapter: JsonlAdapter,
  samples: Record<string, unknown>[],
  numRuns = 150
): void {
  const asRecord = (v: unknown): Record<string, unknown> | null =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null
  fc.assert(
    fc.property(
      fc.oneof(fc.jsonValue({ maxDepth: 4 }), mutated(samples), mutated(samples), mutated(samples)),
      (value) => {
        const record = asRecord(value)
        if (!record) return
        const matched = tolerated('matches', () => adapter.matches(record))
        if (!matched) return
        // a line of several episodes (rowsOf): its first rows, each by its index
        const rows = adapter.rowsOf ? tolerated('rowsOf', () => adapter.rowsOf!(record)) : 1
        if (rows === undefined) return
        for (let i = 0; i < Math.min(rows, 4); i++) {
          const row = adapter.rowsOf ? i : undefined
          const summary = tolerated('summarize', () => adapter.summarize(record, undefined, row))
          if (!summary) continue
          expect(['ok', 'error', 'truncated', 'cancelled']).toContain(summary.status)
          const body = tolerated('parseEpisode', () => adapter.parseEpisode(record, undefined, row))
          if (body) expect(Array.isArray(body.turns)).toBe(true)
        }
      }
    ),
    { numRuns }
  )
}

/**
 * A table adapter over random rows and mutations of real ones (as a Parquet file's rows decode: plain objects):
 * `summarize` and `parseEpisode` never throw anything but a RecordError, and a row that summarizes parses. The
 * columns are those of the mutated row, as a file of such rows would have them.
 */
export function checkTableAdapterProperties(
  adapter: TableAdapter,
  samples: Record<string, unknown>[],
  path: string,
  numRuns = 150
): void {
  fc.assert(
    fc.property(
      fc.oneof(fc.jsonValue({ maxDepth: 4 }), mutated(samples), mutated(samples), mutated(samples)),
      (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return
        const row = value as Record<string, unknown>
        const table = rowsTable([row])
        if (!tolerated('matches', () => adapter.matches(table.columns, path))) return
        const at = { path, group: 0, index: 0, table, ctx: formatContext() }
        if (!tolerated('readRun', () => adapter.readRun(table, path, at.ctx))) return
        const summary = tolerated('summarize', () => adapter.summarize(row, at))
        if (!summary) return
        expect(['ok', 'error', 'truncated', 'cancelled']).toContain(summary.status)
        expect(typeof summary.promptHash).toBe('string')
        const body = tolerated('parseEpisode', () => adapter.parseEpisode(row, at))
        if (body) expect(Array.isArray(body.turns)).toBe(true)
      }
    ),
    { numRuns }
  )
}

const STATES: SourceState[] = ['indexed', 'unchanged', 'sidecar', 'not-downloaded', 'unknown-format', 'error']

/**
 * Truncations and byte flips of real files, indexed through the real engine: every file ends with
 * a status from the known set (and an error text when it failed), never an exception.
 */
export async function checkTruncatedFilesIndex(
  samples: { bytes: Buffer; name: string }[],
  numRuns = 25
): Promise<void> {
  const { engine } = tempEngine()
  const dir = mkdtempSync(join(tmpdir(), 'rs-prop-'))
  let n = 0
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: samples.length - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.option(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })), {
          nil: null
        }),
        async (i, cut, flip) => {
          const { bytes, name } = samples[i]
          const out = Buffer.from(bytes.subarray(0, Math.floor(bytes.length * cut)))
          if (flip && out.length) out[Math.floor(flip[0] * (out.length - 1))] = flip[1]
          const sub = join(dir, String(n++))
          const file = join(sub, name)
          mkdirSync(sub, { recursive: true })
          writeFileSync(file, out)
          const report = await engine.indexPaths([file])
          const status = report.files.find((f) => f.path === file)
          expect(status, `no status for ${name} cut at ${out.length} bytes`).toBeDefined()
          expect(STATES).toContain(status!.state)
          if (status!.state === 'error') expect(status!.error).toBeTruthy()
        }
      ),
      { numRuns }
    )
    expect(n).toBe(numRuns)
  } finally {
    await engine.close()
  }
}

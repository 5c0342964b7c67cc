/**
 * Conformance of every registered format adapter (src-main/formats/registry.ts), over the real fixtures
 * (../shared/fixtures, read in place) and the project's own (tests/fixtures), so that a new adapter cannot be
 * half-right:
 * - every adapter reads at least one fixture, of an extension it declares;
 * - for every episode it lists, its summary and the episode read back from the file (openEpisodeSource, as the
 *   viewer and the search pass read it) agree on turns and steps, and the actions it hands over are there whenever
 *   the episode calls tools (the same calls, by name, as the parsed turns);
 * - the property checks of tests/helpers/adapter-properties.ts (random, mutated input never throws anything but a
 *   RecordError) run on it, with its fixtures as the samples to mutate.
 */
import { closeSync, openSync } from 'node:fs'
import { extname, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Turn } from '@contract/model'
import { FORMAT_ADAPTERS } from '../../../src-main/formats/registry'
import { detectFormat } from '../../../src-main/formats/detect'
import { formatContext } from '../../../src-main/formats/context'
import { openEpisodeSource } from '../../../src-main/formats/open-episode-source'
import { readLines } from '../../../src-main/formats/readers/line-reader'
import { parseJsonlRecord } from '../../../src-main/formats/jsonl-record'
import { ZipArchive } from '../../../src-main/formats/readers/zip-reader'
import { tallyActions } from '../../../src-main/formats/actions/tally'
import { countTurnToolCalls } from '../../../src-main/formats/actions/tool-call-counts'
import { turnFacts } from '../../../src-main/formats/actions/episode-facts'
import {
  isJsonlAdapter,
  isTableAdapter,
  RecordError,
  tableLocator,
  type EpisodeSummaryRecord,
  type FormatAdapter
} from '../../../src-main/formats/types'
import { walkRoots } from '../../../src-main/indexer/walk'
import { MAX_RECORD_BYTES } from '../../../src-main/indexer/index-job'
import {
  checkDocumentAdapterProperties,
  checkJsonlAdapterProperties,
  checkTableAdapterProperties
} from '../../helpers/adapter-properties'
import { FIXTURES, OWN_FIXTURES } from '../../helpers/fixtures-path'

interface Episode {
  file: string
  where: string
  summary: EpisodeSummaryRecord
  turns: Turn[]
}

interface Claimed {
  files: string[]
  episodes: Episode[]
  /** Parsed samples for the property checks: JSONL records, or whole documents (not archives: they are not JSON to mutate). */
  records: Record<string, unknown>[]
  docs: { doc: unknown; path: string }[]
}

const label = (path: string): string =>
  path.startsWith(FIXTURES) ? relative(FIXTURES, path) : `own:${relative(OWN_FIXTURES, path)}`

/** Every fixture file, as the indexer walks and detects it, grouped by the adapter that claims it. */
function readFixtures(): Map<FormatAdapter, Claimed> {
  const byAdapter = new Map<FormatAdapter, Claimed>(
    FORMAT_ADAPTERS.map((a) => [a, { files: [], episodes: [], records: [], docs: [] }])
  )
  for (const f of walkRoots([FIXTURES, OWN_FIXTURES]).files) {
    const ctx = formatContext()
    const d = detectFormat(f.path, f.size, MAX_RECORD_BYTES, ctx)
    if (d.kind !== 'jsonl' && d.kind !== 'document' && d.kind !== 'table') continue
    const claimed = byAdapter.get(d.adapter)!
    claimed.files.push(f.path)
    const source = openEpisodeSource({ path: f.path, format: d.adapter.format, size: f.size, mtimeMs: f.mtimeMs })
    try {
      if (d.kind === 'jsonl') {
        const fd = openSync(f.path, 'r')
        try {
          readLines(fd, 0, MAX_RECORD_BYTES, (line) => {
            if (!line.text.trim()) return
            let record: Record<string, unknown>
            let rows: (number | undefined)[]
            try {
              record = parseJsonlRecord(d.adapter, line.text) as Record<string, unknown>
              // a line of several episodes (rowsOf) is read row by row, each found again by its row
              rows = d.adapter.rowsOf ? [...Array(d.adapter.rowsOf(record)).keys()] : [undefined]
            } catch (err) {
              if (err instanceof RecordError || err instanceof SyntaxError) return
              throw err
            }
            let sampled = false
            for (const row of rows) {
              let summary: EpisodeSummaryRecord
              try {
                summary = d.adapter.summarize(record, undefined, row)
              } catch (err) {
                if (err instanceof RecordError) continue
                throw err
              }
              if (!sampled) claimed.records.push(record)
              sampled = true
              const place = {
                byteOffset: line.offset,
                byteLength: line.length,
                locator: row === undefined ? null : String(row),
                promptHash: summary.promptHash
              }
              claimed.episodes.push({
                file: f.path,
                where: row === undefined ? `line ${line.lineNo}` : `line ${line.lineNo} row ${row}`,
                summary,
                turns: source.read(place).body.turns
              })
            }
          })
        } finally {
          closeSync(fd)
        }
      } else if (d.kind === 'table') {
        // a table as the indexer reads it: its run, then row group by row group
        d.adapter.readRun(d.table, f.path, ctx)
        for (let group = 0; group < d.table.rowGroups; group++) {
          d.table.readGroup(group).forEach((row, index) => {
            let summary: EpisodeSummaryRecord
            try {
              summary = d.adapter.summarize(row, { path: f.path, group, index, table: d.table, ctx })
            } catch (err) {
              if (err instanceof RecordError) return
              throw err
            }
            claimed.records.push(row)
            const locator = tableLocator(group, index)
            const body = source.read({ byteOffset: 0, byteLength: 0, locator }).body
            claimed.episodes.push({ file: f.path, where: locator, summary, turns: body.turns })
          })
        }
      } else {
        if (!(d.doc instanceof ZipArchive)) claimed.docs.push({ doc: d.doc, path: f.path })
        let runs
        try {
          runs = d.adapter.index(d.doc, f.path, ctx)
        } catch (err) {
          if (err instanceof RecordError) continue
          throw err
        }
        for (const run of runs) {
          for (const { summary, locator } of run.episodes) {
            const body = source.read({ byteOffset: 0, byteLength: f.size, locator }).body
            claimed.episodes.push({ file: f.path, where: locator, summary, turns: body.turns })
          }
        }
      }
    } finally {
      source.close()
    }
  }
  return byAdapter
}

const fixtures = readFixtures()
const PROPERTY_RUNS = 30
/** A path the adapter reads (archives only: no document to mutate), so its path-based checks still apply. */
const claimedPath = (adapter: FormatAdapter): string => fixtures.get(adapter)!.files[0]
const name = (a: FormatAdapter): string => `${a.format} (priority ${a.priority})`

/** Calls per tool name, as a plain object (counts are prototype-less). */
const plain = (counts: Record<string, number> | null): Record<string, number> | null => (counts ? { ...counts } : null)

describe('every registered adapter', () => {
  it('reads fixtures, of extensions it declares', () => {
    for (const [adapter, claimed] of fixtures) {
      expect(claimed.files.length, `${name(adapter)} reads none of the fixtures: add one`).toBeGreaterThan(0)
      for (const f of claimed.files)
        expect(adapter.extensions, `${label(f)} is read as ${adapter.format}`).toContain(extname(f).toLowerCase())
    }
  })

  describe.each(FORMAT_ADAPTERS.map((a) => [name(a), a] as const))('%s', (_n, adapter) => {
    const { episodes } = fixtures.get(adapter)!

    it('summary and parsed episode agree on turns and steps', () => {
      for (const e of episodes) {
        const at = `${label(e.file)} ${e.where}`
        expect(e.summary.turns, `${at}: turns`).toBe(e.turns.length)
        const tally = tallyActions(e.summary.actions)
        // steps as the index stores them: the producer's count when it gives one, else read from the actions
        const steps = e.summary.steps === undefined ? (tally.facts?.steps ?? null) : e.summary.steps
        if (steps !== null && e.summary.transcript !== false)
          expect(steps, `${at}: steps`).toBe(turnFacts(e.turns).steps)
      }
    })

    it('hands over the actions whenever the episode calls tools', () => {
      for (const e of episodes) {
        const calls = countTurnToolCalls(e.turns)
        if (Object.keys(calls).length === 0) continue
        const at = `${label(e.file)} ${e.where}`
        expect(e.summary.actions.kind, `${at}: actions`).not.toBe('not-recorded')
        expect(plain(tallyActions(e.summary.actions).toolCalls), `${at}: tool calls`).toEqual(plain(calls))
      }
    })

    it('never throws anything but a RecordError on random and mutated input (its fixtures mutated)', () => {
      const { records, docs } = fixtures.get(adapter)!
      // a light pass for every adapter; the per-format files in tests/main/properties/ run more cases
      if (isJsonlAdapter(adapter)) checkJsonlAdapterProperties(adapter, records, PROPERTY_RUNS)
      else if (isTableAdapter(adapter))
        checkTableAdapterProperties(adapter, records, claimedPath(adapter), PROPERTY_RUNS)
      else if (docs.length) checkDocumentAdapterProperties(adapter, docs, PROPERTY_RUNS)
      else checkDocumentAdapterProperties(adapter, [{ doc: {}, path: claimedPath(adapter) }], PROPERTY_RUNS)
    })
  })
})

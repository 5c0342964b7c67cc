/** Every kind of export behind one entry: the request's schema, each kind's plan, the names, and the file sink. */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TraceApi } from '@contract/api'
import { BadRequestError, NotComparableError } from '@contract/guards'
import type { RunSummary } from '@contract/model'
import { planCompareReportExport } from '../../../src-main/export/compare-report-export'
import { exportFileName, reportFileName } from '../../../src-main/export/file-names'
import { writeToFile } from '../../../src-main/export/file-sink'
import { planExport, runExport } from '../../../src-main/export/plan-export'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'

const DEMO = resolve(import.meta.dirname, '../../../resources/demo')
let engine: Engine
let runs: RunSummary[]
const out = mkdtempSync(join(tmpdir(), 'rs-plan-export-'))

beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([DEMO])
  // the demo's repo-repair eval runs (base, trained)
  runs = (await engine.api.listRuns()).filter((r) => r.format === 'chat-jsonl')
}, 60_000)
afterAll(() => engine?.close())

describe('planExport', () => {
  it('parses the request by the contract’s schema first: a refusal names the field', async () => {
    const refused = (request: unknown) => planExport(engine.api, request)
    await expect(refused(null)).rejects.toThrow(BadRequestError)
    await expect(refused({ kind: 'pdf' })).rejects.toThrow(/^export: kind: /)
    await expect(refused({ kind: 'labels', path: '/etc' })).rejects.toThrow(/^export: value: .*"path"/)
    await expect(refused({ kind: 'episodes', format: 'csv', runId: runs[0].id, passedOnly: 'yes' })).rejects.toThrow(
      /^export: passedOnly: /
    )
  })

  it('episodes: a plan named after the runs, and a write that passes the line options to the exporter', async () => {
    const job = await planExport(engine.api, { kind: 'episodes', format: 'sft', runId: runs[0].id, passedOnly: true })
    expect(job.plan).toEqual({
      fileName: exportFileName(runs[0].name, 'sft'),
      contentType: 'application/x-ndjson; charset=utf-8',
      title: 'Export sft',
      summary: null
    })
    let text = ''
    const summary = await job.write(async (c) => void (text += c))
    const passed = await engine.api.listEpisodes({ runId: runs[0].id, filter: 'passed == true', limit: 1 })
    expect(summary).toEqual({
      kind: 'episodes',
      format: 'sft',
      episodes: passed.total,
      skipped: runs[0].episodes - passed.total,
      skippedBy: { notPassed: runs[0].episodes - passed.total }
    })
    expect(text.trim().split('\n')).toHaveLength(passed.total)
  })

  it('episodes: the table’s search text and order select and order the file as the table does, in every path', async () => {
    const run = runs[0]
    const all = (await engine.api.listEpisodes({ runId: run.id, limit: 1000 })).items
    // a word of some previews but not all: what a user types in the table's search box
    const word = all[0].preview.split(/\s+/).find((w) => w.length > 4 && all.some((e) => !e.preview.includes(w)))!
    const shown = await engine.api.listEpisodes({ runId: run.id, text: word, sort: 'reward', desc: true, limit: 1000 })
    expect(shown.total).toBeGreaterThan(0)
    expect(shown.total).toBeLessThan(all.length)
    const request = { kind: 'episodes', format: 'csv', runId: run.id, text: word, sort: 'reward', desc: true } as const
    let text = ''
    const summary = await (await planExport(engine.api, request)).write(async (c) => void (text += c))
    expect(summary).toMatchObject({ episodes: shown.total })
    const lines = text.trim().split('\n').slice(1)
    const idAt = text.split('\n')[0].split(',').indexOf('id')
    expect(idAt).toBeGreaterThanOrEqual(0)
    expect(lines.map((l) => l.split(',')[idAt])).toEqual(shown.items.map((e) => e.id))
    // the table's Steps and Flags are columns too
    const header = text.split('\r\n')[0].split(',')
    const col = (name: string) => lines.map((l) => l.replace(/\r$/, '').split(',')[header.indexOf(name)])
    expect(col('steps')).toEqual(shown.items.map((e) => (e.steps === null ? '' : String(e.steps))))
    expect(col('anomalies')).toEqual(shown.items.map((e) => e.anomalies.join('; ')))
    // the count the export dialog shows before writing agrees
    expect((await engine.api.previewExport(request)).selected).toBe(shown.total)
    // picked rows are exactly those, whatever the text
    const picked = { ...request, episodeIds: [all[0].id] }
    let one = ''
    await (await planExport(engine.api, picked)).write(async (c) => void (one += c))
    expect(one.trim().split('\n')).toHaveLength(2)
  })

  it('labels: the plan already counts what the file holds, and the write holds exactly that', async () => {
    const [a, b] = (await engine.api.listEpisodes({ runId: runs[0].id, limit: 2 })).items
    await engine.api.addLabel(a.id, 'loop', null)
    await engine.api.setNote(b.id, 'look at turn 3', 2)
    const job = await planExport(engine.api, { kind: 'labels' })
    expect(job.plan).toEqual({
      fileName: 'rollscope-labels.json',
      contentType: 'application/json; charset=utf-8',
      title: 'Export labels',
      summary: { kind: 'labels', labels: 1, notes: 1 }
    })
    let text = ''
    expect(await job.write(async (c) => void (text += c))).toEqual(job.plan.summary)
    const { exportedAt: _a, ...written } = JSON.parse(text)
    const { exportedAt: _b, ...expected } = await engine.api.exportLabels()
    expect(written).toEqual(expected)
  })

  it('compare report: runs of different environments are refused at the plan unless the screen compared anyway', async () => {
    const run = (id: string, env: string): RunSummary => ({ ...runs[0], id, name: `${env} run`, env })
    const api = {
      getRun: async (id: string) => run(id, id === 'a' ? 'tau-bench-airline' : 'sokoban'),
      compareReportHtml: async () => '<!doctype html><title>a vs b</title>'
    } as unknown as TraceApi
    await expect(planCompareReportExport(api, { kind: 'compareReport', runA: 'a', runB: 'b' })).rejects.toThrow(
      NotComparableError
    )
    const job = await planCompareReportExport(api, {
      kind: 'compareReport',
      runA: 'a',
      runB: 'b',
      options: { allowDifferentEnvs: true }
    })
    expect(job.plan.fileName).toBe('compare-tau-bench-airline-run-vs-sokoban-run.html')
    let text = ''
    expect(await job.write(async (c) => void (text += c))).toEqual({ kind: 'compareReport' })
    expect(text).toBe('<!doctype html><title>a vs b</title>')
  })

  it('runExport into a file: the engine writes it and says what it wrote', async () => {
    const path = join(out, 'runs.csv')
    const summary = await runExport(engine.api, { kind: 'episodes', format: 'csv', runId: runs[0].id }, { file: path })
    expect(summary).toEqual({ kind: 'episodes', format: 'csv', episodes: runs[0].episodes, skipped: 0 })
    expect(readFileSync(path, 'utf8').trim().split('\r\n')).toHaveLength(runs[0].episodes + 1)
  })
})

describe('export file names', () => {
  it('are made of file-name- and header-safe characters only', () => {
    expect(exportFileName('repo-repair · qwen3-8b (base)', 'sft')).toBe('rollscope-repo-repair-qwen3-8b-base-sft.jsonl')
    expect(exportFileName('"; rm -rf /', 'csv')).toBe('rollscope-rm--rf.csv')
    expect(exportFileName('../..', 'md')).toBe('rollscope-run.md')
    // the extension names the format: not repeated (issue 15, item 7)
    expect(exportFileName('base', 'html')).toBe('rollscope-base.html')
    expect(exportFileName('base', 'jsonl')).toBe('rollscope-base.jsonl')
    expect(exportFileName('base', 'preference')).toBe('rollscope-base-preference.jsonl')
    expect(reportFileName('repo-repair · qwen3-8b (base)', 'a/b\\c:d')).toBe(
      'compare-repo-repair-qwen3-8b-base-vs-a-b-c-d.html'
    )
    expect(reportFileName('···', '')).toBe('compare-run-vs-run.html')
  })
})

describe('writeToFile', () => {
  it('a failure while writing removes the partial file and throws the failure', async () => {
    const path = join(out, 'partial.jsonl')
    await expect(
      writeToFile(path, async (write) => {
        await write('{"a":1}\n')
        throw new Error('transcript unreadable')
      })
    ).rejects.toThrow('transcript unreadable')
    expect(existsSync(path)).toBe(false)
  })

  it('a file that cannot be opened is the error, before anything is produced', async () => {
    let produced = false
    await expect(
      writeToFile(join(out, 'no-such-dir', 'x.csv'), async () => {
        produced = true
      })
    ).rejects.toThrow(/ENOENT/)
    expect(produced).toBe(false)
  })
})

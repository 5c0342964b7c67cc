/**
 * The md and html reports over the real engine and the demo workspace (two runs on the same 16 tasks): the compare
 * report sits between the summary and the episode table when the selection is the two runs, one line says why not
 * otherwise, the HTML escapes every trace string and allows only its own chart scripts, and the table streams.
 */
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EpisodeSummary, RunSummary } from '@contract/model'
import type { CompareReport } from '@contract/compare'
import { exportComparison } from '../../../src-main/export/export-compare'
import { exportEpisodes } from '../../../src-main/export/export-episodes'
import type { ExportOptions, ExportSource } from '../../../src-main/export/export-types'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'

// the demo's two eval runs (its training run is another folder, not part of these two-run exports)
const DEMO = resolve(__dirname, '../../../resources/demo/repo-repair')
let engine: Engine
let runs: RunSummary[]

beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([DEMO])
  runs = await engine.api.listRuns()
  expect(runs.length).toBe(2)
}, 60_000)
afterAll(() => engine?.close())

async function exportText(src: ExportSource, o: ExportOptions): Promise<{ text: string; episodes: number }> {
  let text = ''
  const r = await exportEpisodes(src, o, async (c) => void (text += c))
  return { text, episodes: r.episodes }
}

/** The rows of the HTML episode table. */
const htmlRows = (html: string): string[] =>
  html.slice(html.indexOf('<section id="episodes">')).match(/<tr><td>/g) ?? []
const scripts = (html: string): number => (html.match(/<script\b/g) ?? []).length

describe('md and html reports', () => {
  it('md with the two runs: summary, then the compare report one level down, then every episode', async () => {
    const { text, episodes } = await exportText(engine.api, { format: 'md', runIds: runs.map((r) => r.id) })
    expect(episodes).toBe(runs[0].episodes + runs[1].episodes)
    const at = (s: string): number => text.indexOf(s)
    expect(at('# Rollscope export')).toBe(0)
    expect(at(`## Comparison: ${runs[0].name} vs ${runs[1].name}`)).toBeGreaterThan(at('| Run | Episodes |'))
    expect(at('### Summary')).toBeGreaterThan(at('## Comparison:'))
    expect(at('### Flips')).toBeGreaterThan(at('### Summary'))
    expect(at('## Episodes')).toBeGreaterThan(at('### Caveats'))
    expect(text).not.toMatch(/^# .* vs /m)
    expect(text).not.toContain('No comparison')
    const table = text.slice(text.indexOf('## Episodes'))
    expect(table.split('\n').filter((l) => l.startsWith('| ') && l.includes('`')).length).toBe(episodes)
  })

  it('html with the two runs: the compare sections and their chart scripts, every episode row, a strict CSP', async () => {
    const { text, episodes } = await exportText(engine.api, { format: 'html', runIds: runs.map((r) => r.id) })
    expect(text.startsWith('<!doctype html>')).toBe(true)
    expect(text.trimEnd().endsWith('</html>')).toBe(true)
    expect(text).toContain(`<h2>Comparison: ${runs[0].name} <span class="muted">vs</span> ${runs[1].name}</h2>`)
    expect(text).toContain('<h3>Summary</h3>')
    expect(text).toContain('id="chart-histogram"')
    expect(text).toContain('<script type="application/json" id="report-data">')
    expect(scripts(text)).toBe(3)
    expect(text.indexOf('id="comparison"')).toBeLessThan(text.indexOf('id="episodes"'))
    expect(text.indexOf('id="runs"')).toBeLessThan(text.indexOf('id="comparison"'))
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(text)?.[1] ?? ''
    expect(csp).toMatch(/default-src 'none'/)
    expect(csp.match(/'sha256-[^']+'/g)?.length).toBe(2)
    expect(htmlRows(text).length).toBe(episodes)
    // no external address anywhere (uPlot's banner link is replaced; the SVG namespace is an identifier, not a request)
    expect(text.replace(/http:\/\/www\.w3\.org\/2000\/svg/g, '')).not.toMatch(/https?:\/\//)
  })

  it('one run: md and html say in one line why there is no comparison; the html then has no script at all', async () => {
    const md = await exportText(engine.api, { format: 'md', runIds: [runs[0].id] })
    expect(md.text).toContain(
      'No comparison: the selection holds one run; export two runs (--run A --run B) to include the compare report.'
    )
    expect(md.text).not.toContain('## Comparison')
    const html = await exportText(engine.api, { format: 'html', runIds: [runs[0].id] })
    expect(html.text).toContain('<p class="note" id="no-comparison">No comparison: the selection holds one run;')
    expect(scripts(html.text)).toBe(0)
    expect(html.text).toContain("script-src 'none'")
    expect(htmlRows(html.text).length).toBe(runs[0].episodes)
  })

  it('a filter narrows the table, and the comparison says it covers the runs in full', async () => {
    const html = await exportText(engine.api, { format: 'html', runIds: runs.map((r) => r.id), filter: 'reward < 0.5' })
    expect(html.episodes).toBeGreaterThan(0)
    expect(html.episodes).toBeLessThan(runs[0].episodes + runs[1].episodes)
    expect(html.text).toContain(
      'The comparison covers both runs in full; the episode table below holds only the episodes where (reward &lt; 0.5).'
    )
    expect(htmlRows(html.text).length).toBe(html.episodes)
  })

  it('html escapes every trace string: run names, task keys, previews, labels, and the chart data', async () => {
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>'
    const api = engine.api
    const src: ExportSource = {
      ...api,
      listRuns: async () => (await api.listRuns()).map((r) => ({ ...r, name: `${r.name} ${evil}` })),
      listEpisodes: async (q) => {
        const page = await api.listEpisodes(q)
        return {
          ...page,
          items: page.items.map((e): EpisodeSummary => ({
            ...e,
            preview: `${evil} ${e.preview}`,
            taskKey: `${e.taskKey}${evil}`
          }))
        }
      },
      labelsOfEpisodes: async (ids) => Object.fromEntries(ids.map((id) => [id, ['<b>bold</b>']])),
      compareRuns: async (a, b, o): Promise<CompareReport> => {
        const r = await api.compareRuns(a, b, o)
        return {
          ...r,
          runA: { ...r.runA, name: `</script><script>alert(3)</script>` },
          flips: { ...r.flips, broken: [...r.flips.broken, evil] }
        }
      }
    }
    const { text, episodes } = await exportText(src, { format: 'html', runIds: runs.map((r) => r.id) })
    expect(text).not.toContain('<img')
    expect(text).not.toContain('<b>')
    expect(text).not.toMatch(/<script>alert/)
    expect(scripts(text)).toBe(3)
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;')
    expect(text).toContain('<span class="chip">&lt;b&gt;bold&lt;/b&gt;</span>')
    // the chart data names the runs: JSON that cannot close its script element
    expect(text).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(3)')
    expect(htmlRows(text).length).toBe(episodes)
  })
})

describe('html: triage in the report (issue 15, item 7)', () => {
  it('quotes each labelled or noted turn under its episode with its labels and note, and the episode note, escaped', async () => {
    const [ep] = (await engine.api.listEpisodes({ runId: runs[0].id, limit: 1 })).items
    const turns = await engine.api.getEpisodeTurns(ep.id)
    const said = turns.find((t) => t.role === 'assistant' && t.text.trim())!
    const taxonomy = await engine.api.getTaxonomy()
    await engine.api.addLabel(ep.id, taxonomy[0].name, said.index)
    await engine.api.setNote(ep.id, 'reads the <wrong> file', said.index)
    await engine.api.setNote(ep.id, 'good until <turn 5>', null)
    const { text } = await exportText(engine.api, { format: 'html', runIds: [runs[0].id] })
    const row = text.slice(text.indexOf(`<code>${ep.id}</code>`))
    const triage = row.slice(
      row.indexOf('<tr class="triage">'),
      row.indexOf('</td></tr>', row.indexOf('<tr class="triage">'))
    )
    expect(triage).toContain('<strong>Note:</strong> good until &lt;turn 5&gt;')
    expect(triage).toContain(`turn ${said.index} · assistant</span> <span class="chip">${taxonomy[0].name}</span>`)
    expect(triage).toContain(
      `<blockquote>${said.text.trim().slice(0, 40).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`
    )
    expect(triage).toContain('<p class="note">Note: reads the &lt;wrong&gt; file</p>')
    // an episode without triage gets no second row
    expect(text.match(/<tr class="triage">/g)).toHaveLength(1)
  })
})

describe('which selections get a comparison', () => {
  const stubRun = (id: string): RunSummary => ({ id, name: `run ${id}` }) as RunSummary
  const never: ExportSource['compareRuns'] = async () => {
    throw new Error('compareRuns must not be called')
  }
  const src = (compareRuns = never): ExportSource => ({ ...engine.api, compareRuns })

  it('none for no run, three runs, named episodes; two runs without a shared task say so', async () => {
    const o: ExportOptions = { format: 'md', runIds: [] }
    expect(await exportComparison(src(), o, [])).toMatchObject({
      report: null,
      reason: expect.stringContaining('holds no run')
    })
    expect(await exportComparison(src(), o, ['a', 'b', 'c'].map(stubRun))).toMatchObject({
      report: null,
      reason:
        'No comparison: the selection holds 3 runs and the compare report pairs exactly two; export two of them (--run A --run B) to include it.'
    })
    expect(await exportComparison(src(), { ...o, episodeIds: ['x'] }, ['a', 'b'].map(stubRun))).toMatchObject({
      report: null,
      reason: expect.stringContaining('single episodes')
    })
    const disjoint = src(async () => ({ sharedTasks: 0 }) as CompareReport)
    expect(await exportComparison(disjoint, o, ['a', 'b'].map(stubRun))).toEqual({
      report: null,
      reason: 'No comparison: run a and run b share no task.'
    })
  })

  it('none for two runs of different environments (the engine would refuse to pair them), without asking the engine', async () => {
    const o: ExportOptions = { format: 'md', runIds: [] }
    const a = { ...stubRun('a'), env: 'tau-bench-airline' }
    const b = { ...stubRun('b'), env: 'sokoban' }
    expect(await exportComparison(src(), o, [a, b])).toEqual({
      report: null,
      reason:
        'No comparison: run a and run b are runs of different environments (tau-bench-airline, sokoban), whose tasks do not pair.'
    })
    // an owner prefix or a version is the same environment: those pair
    const same = src(async () => ({ sharedTasks: 3 }) as CompareReport)
    const c = { ...stubRun('c'), env: 'owner/sokoban@0.2' }
    expect(await exportComparison(same, o, [b, c])).toMatchObject({ report: { sharedTasks: 3 }, scopeNote: null })
  })
})

describe('the html table streams', () => {
  it('reads one page of summaries, writes its rows, then reads the next (650 episodes: 4 pages)', async () => {
    const total = 650
    const log: string[] = []
    const run = { ...runs[0], id: 'r', name: 'big' }
    const [sample] = (await engine.api.listEpisodes({ runId: runs[0].id, limit: 1 })).items
    const src: ExportSource = {
      ...engine.api,
      listRuns: async () => [run],
      listEpisodes: async (q) => {
        const offset = q.offset ?? 0
        const limit = Math.min(q.limit ?? 200, total - offset)
        log.push(`list ${offset}`)
        return {
          total,
          offset,
          items: Array.from({ length: limit }, (_, i) => ({ ...sample, runId: 'r', id: `e${offset + i}` }))
        }
      },
      labelsOfEpisodes: async () => ({}),
      // no triage: no transcript is read
      getEpisodeLabels: async (id) => ({
        ...(await engine.api.getEpisodeLabels(sample.id)),
        episodeId: id,
        labels: [],
        note: null,
        turns: []
      }),
      getEpisode: async () => {
        throw new Error('an episode without labelled turns is never read whole')
      }
    }
    let longest = 0
    const r = await exportEpisodes(src, { format: 'html', runIds: ['r'] }, async (c) => {
      log.push('write')
      longest = Math.max(longest, c.length)
    })
    expect(r.episodes).toBe(total)
    // the totals pass (4 pages), then head, then page by page: each page's rows written before the next is read
    expect(log).toEqual([
      'list 0',
      'list 200',
      'list 400',
      'list 600',
      'write',
      'list 0',
      'write',
      'list 200',
      'write',
      'list 400',
      'write',
      'list 600',
      'write',
      'write'
    ])
    expect(longest).toBeLessThan(200 * 1200)
  })
})

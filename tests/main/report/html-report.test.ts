/**
 * The HTML report over the fixed demo-shaped CompareReport: well-formed, self-contained (no external URL, uPlot
 * inlined, a CSP that admits exactly the two inline scripts), the same sections as the Markdown, and hostile trace
 * strings inert both in the markup and in the embedded chart JSON.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { parse } from 'parse5'
import { describe, expect, it } from 'vitest'
import { compareReportHtml } from '../../../src-main/report/html-report'
import { escapeHtml, scriptJson } from '../../../src-main/report/html-escape'
import { RUN_COLORS } from '@contract/display'
import { demoCompareReport } from './compare-fixture'

const HOSTILE = '</script><img src=x onerror=alert(1)>'

/** The parts of a parse5 node the tests read. */
interface El {
  nodeName: string
  tagName?: string
  value?: string
  attrs?: { name: string; value: string }[]
  childNodes?: El[]
  content?: El
}

/** Parses like a browser (parse5 is the WHATWG algorithm) and collects parse errors. */
function parseHtml(html: string, errors: string[] = []): El {
  return parse(html, { onParseError: (e) => errors.push(`${e.code} at ${e.startLine}:${e.startCol}`) }) as unknown as El
}

/** Every element of a parsed tree, depth first. */
function elements(node: El): El[] {
  const own = node.tagName ? [node] : []
  return [...own, ...(node.childNodes ?? []).flatMap(elements)]
}
const textOf = (node: El): string =>
  node.nodeName === '#text' ? (node.value ?? '') : (node.childNodes ?? []).map(textOf).join('')
const attr = (node: El, name: string): string | undefined => node.attrs?.find((a) => a.name === name)?.value

describe('compareReportHtml', () => {
  const html = compareReportHtml(demoCompareReport())

  it('parses as one HTML document without errors, with the sections of the Markdown report', () => {
    const errors: string[] = []
    const tree = parseHtml(html, errors)
    expect(errors).toEqual([])
    const all = elements(tree)
    const h2 = all.filter((e) => e.tagName === 'h2').map(textOf)
    expect(h2).toEqual([
      'Summary',
      'Reward distribution',
      'Flips',
      'pass@k and pass^k',
      'Per category',
      'Failures: broken tasks by difficulty',
      'Success within k steps (RR@k)',
      'Caveats'
    ])
    const chartIds = all.filter((e) => attr(e, 'class') === 'chart').map((e) => attr(e, 'id'))
    expect(chartIds).toEqual(['chart-histogram', 'chart-category-0', 'chart-category-1', 'chart-rr'])
    const text = textOf(tree)
    expect(text).toContain('Every number is computed on the 16 tasks both runs have')
    expect(text).toContain('McNemar exact p = 0.039 (8 fixed vs 1 broken).')
    // the flip table the app's way round (A fail first), and the broken task's per-task row (issue 15, items 4, 7)
    expect(text).toMatch(/A fail\s*▲ 8 fixed\s*× 6 still fail\s*A pass\s*= 1 still pass\s*▼ 1 broken/)
    expect(text).toMatch(/▼ rr-015-sched-cron\s*3\/4\s*1\/4\s*0\.700\s*0\.300\s*−0\.400\s*harness · parse_error/)
    expect(text).toContain('Best: easy (+0.238); worst: hard (−0.012).')
    expect(text).toContain('Sampling settings differ: temperature 0.7 (A) vs 1.0 (B).')
    expect(text).not.toMatch(/\bpp\b/)
    const rows = all
      .filter((e) => e.tagName === 'tr')
      .map((tr) => (tr.childNodes ?? []).filter((c) => c.tagName).map(textOf))
    expect(rows).toContainEqual(['Pass rate', '31.3%', '62.5%', '+31.3 pts', '+100%', '+14.1 to +48.4 pts'])
    expect(rows).toContainEqual([
      'medium',
      '6',
      '0.717',
      '0.916',
      '+0.200',
      '+0.050 to +0.340',
      '0/6 → 4/6',
      '0.717 (0/24)',
      '0.916 (12/24)'
    ])
    expect(rows).toContainEqual(['10', '12.5%', '34.4%', '+21.9 pts'])
  })

  it('opens with the verdict and the warnings that can change it, the rest under Caveats', () => {
    const tree = parseHtml(html)
    const all = elements(tree)
    const header = all.find((e) => e.tagName === 'header') as El
    const kids = (header.childNodes ?? []).filter((c) => c.tagName)
    expect(kids.map((k) => k.tagName)).toEqual(['h1', 'p', 'ul', 'div', 'p'])
    expect(attr(kids[1], 'class')).toBe('verdict verdict-better')
    expect(textOf(kids[1])).toBe(
      'B is better: +31.3 pts pass rate (95% CI +14.1 to +48.4 pts), McNemar p = 0.039, on 16 shared tasks.'
    )
    expect(textOf(kids[2])).toBe(
      'Check before concluding: Only 16 shared tasks: the 95% CI cannot exclude deltas smaller than 5 points.'
    )
    const caveats = textOf(all.find((e) => attr(e, 'id') === 'caveats') as El)
    expect(caveats).toContain('Sampling settings differ')
    expect(caveats).not.toContain('Only 16 shared tasks')
    // the σ note, once
    expect(textOf(tree).split('population standard deviation').length - 1).toBe(1)
  })

  it('adds the whole-run columns to the summary when the task sets differ, and takes the run colours from RUN_COLORS', () => {
    const report = demoCompareReport()
    Object.assign(report, { onlyA: 3, onlyATasks: ['x-1', 'x-2', 'x-3'] })
    report.metrics[0].whole = { a: 0.7, b: 0.9, delta: 0.2, relDelta: 0.2857 }
    const tree = parseHtml(compareReportHtml(report))
    const rows = elements(tree)
      .filter((e) => e.tagName === 'tr')
      .map((tr) => (tr.childNodes ?? []).filter((c) => c.tagName).map(textOf))
    expect(rows).toContainEqual([
      'Metric',
      'A',
      'B',
      'Δ',
      'Δ%',
      '95% CI',
      'A, whole run',
      'B, whole run',
      'Δ, whole run'
    ])
    expect(rows).toContainEqual([
      'Mean reward',
      '0.732',
      '0.877',
      '+0.146',
      '+19.9%',
      '+0.070 to +0.225',
      '0.700',
      '0.900',
      '+0.200'
    ])
    expect(html).toContain(`--run-a: ${RUN_COLORS.a}; --run-b: ${RUN_COLORS.b};`)
    expect(html).toContain(`--run-a: ${RUN_COLORS.aDark}; --run-b: ${RUN_COLORS.bDark};`)
    const data = JSON.parse(textOf(elements(parseHtml(html)).find((e) => attr(e, 'id') === 'report-data') as El))
    expect(data.colors).toEqual({ a: RUN_COLORS.a, b: RUN_COLORS.b, delta: RUN_COLORS.delta })
  })

  it('is self-contained: no external URL, uPlot inlined, scripts allowed by hash only', () => {
    expect(html).not.toMatch(/https?:\/\/|\/\/[a-z0-9.-]+\.[a-z]{2,}\//i)
    expect(html).not.toMatch(/<(link|img|iframe|object|embed)\b|\bsrc=|@import|url\(/i)
    const tree = parseHtml(html)
    const scripts = elements(tree).filter((e) => e.tagName === 'script')
    expect(scripts.map((s) => attr(s, 'type') ?? 'js')).toEqual(['application/json', 'js', 'js'])
    const uplot = readFileSync(createRequire(import.meta.url).resolve('uplot/dist/uPlot.iife.min.js'), 'utf8')
    // The inlined library is the package's file (its banner link aside).
    expect(textOf(scripts[1])).toBe(
      uplot.replace(/^\/\*![^*]*\*\//, '/*! uPlot v1.6.32 (MIT License, Leon Sorokin) */')
    )
    const csp = elements(tree).find((e) => attr(e, 'http-equiv') === 'Content-Security-Policy')
    const policy = String(csp && attr(csp, 'content'))
    const hash = (s: string): string => `'sha256-${createHash('sha256').update(s).digest('base64')}'`
    expect(policy).toBe(
      `default-src 'none'; script-src ${hash(textOf(scripts[1]))} ${hash(textOf(scripts[2]))}; style-src 'unsafe-inline'; ` +
        "img-src 'none'; base-uri 'none'; form-action 'none'"
    )
  })

  it('escapes a hostile task key, run name and category value in the markup and in the chart data', () => {
    const report = demoCompareReport()
    report.runA.name = HOSTILE
    report.flips.broken = [HOSTILE]
    report.flips.fixed = [`${HOSTILE}"'&`]
    report.flipCategories = { [HOSTILE]: { difficulty: HOSTILE } }
    report.perCategory[0].value = HOSTILE
    report.warnings.push({ code: 'different-tasks', severity: 'caveat', message: HOSTILE })
    report.warnings.push({ code: 'different-settings', severity: 'conclusion', message: HOSTILE })
    report.verdict.text = HOSTILE
    report.metrics[0].label = HOSTILE
    const page = compareReportHtml(report)
    const tree = parseHtml(page)
    const all = elements(tree)
    // Exactly the report's own elements: no <img>, no fourth script, no event handler anywhere.
    expect(all.filter((e) => e.tagName === 'img')).toHaveLength(0)
    expect(all.filter((e) => e.tagName === 'script')).toHaveLength(3)
    expect(all.some((e) => (e.attrs ?? []).some((a) => /^on/i.test(a.name)))).toBe(false)
    // The strings survive as text.
    expect(textOf(all.find((e) => e.tagName === 'h1') as El)).toBe(`${HOSTILE} vs repo-repair · qwen3-8b GRPO step 400`)
    const codes = all.filter((e) => e.tagName === 'code').map(textOf)
    expect(codes).toContain(HOSTILE)
    expect(codes).toContain(`${HOSTILE}"'&`)
    // The chart JSON parses back to the same strings, and `</script` never appears inside it.
    const data = all.find((e) => attr(e, 'id') === 'report-data') as El
    expect(textOf(data)).not.toMatch(/<\/script/i)
    const parsed = JSON.parse(textOf(data))
    expect(parsed.labels.a).toBe(`A: ${HOSTILE}`)
    expect(parsed.categories[0].values[0]).toBe(HOSTILE)
  })

  it('draws what the report has: no category or RR chart without data', () => {
    const report = demoCompareReport()
    report.perCategory = []
    report.solvedWithin = []
    report.flips.broken = []
    const page = compareReportHtml(report)
    expect(page).not.toContain('id="chart-category-0"')
    expect(page).not.toContain('id="chart-rr"')
    expect(page).toContain('No task broke')
    expect(page).toContain('id="chart-histogram"')
  })

  it('keeps every task of a long list, past the first 20 behind a disclosure', () => {
    const report = demoCompareReport()
    report.flips.fixed = Array.from({ length: 30 }, (_, i) => `t${i}`)
    const page = compareReportHtml(report)
    expect(page).toContain('<details><summary>+10 more</summary><code>t20</code>')
    expect(page).toContain('<code>t29</code>')
    // past 2,000 hidden keys the rest is counted, not listed
    report.flips.fixed = Array.from({ length: 2025 }, (_, i) => `t${i}`)
    const big = compareReportHtml(report)
    expect(big).toContain(
      '<code>t2019</code>, <span class="muted">and 5 more (rollscope compare --json lists every task)</span></details>'
    )
    expect(big).not.toContain('<code>t2020</code>')
  })

  it('escapeHtml and scriptJson', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;'
    )
    const tricky = { k: '</script><!-- & \u2028' }
    const json = scriptJson(tricky)
    expect(json).not.toMatch(/[<>&\u2028]/)
    expect(JSON.parse(json)).toEqual(tricky)
  })
})

/**
 * The comparison as one self-contained HTML file: the Markdown report's sections as tables, plus charts drawn by
 * an inlined uPlot (overlaid reward histograms, per-category Δ bars with CI whiskers, the RR@k curve). No external
 * resource: styles and scripts are inline, and a Content-Security-Policy allows exactly those two scripts (by hash)
 * and nothing else to load. Every string from a trace is HTML-escaped; the chart data is JSON that cannot close its
 * <script> element.
 */
import { createHash } from 'node:crypto'
import type { CompareMetric, CompareReport, CompareRunRef } from '@contract/compare'
import { escapeHtml as esc, scriptJson } from './html-escape'
import { CHART_SCRIPT, chartData } from './report-charts'
import { htmlPageHead } from './html-page'
import { REPORT_CSS } from './html-style'
import { ciExcludesZero, fraction, metricCi, metricLabel, metricDelta, metricValue, num, pct, pValue, relDelta, verdict } from './format-values'
import { capped, caveats, categoryGroups, flipGroupField, groupTasks, rrPoints, sharedNote } from './report-sections'
import { uplotAssets } from './uplot-assets'

/** A table cell: plain text (escaped here) or markup built by this module from escaped parts. */
type Cell = string | { html: string; className?: string }

const CATEGORY_UNIT = { key: 'category', isRate: false } as const
const RATE_UNIT = { key: 'rate', isRate: true } as const

function table(header: string[], rows: Cell[][], numeric: boolean[]): string {
  const cls = (i: number): string => (numeric[i] ? ' class="num"' : '')
  const head = header.map((h, i) => `<th${cls(i)}>${esc(h)}</th>`).join('')
  const body = rows
    .map((row) => {
      const cells = row.map((c, i) => {
        if (typeof c === 'string') return `<td${cls(i)}>${esc(c)}</td>`
        const classes = [numeric[i] ? 'num' : '', c.className ?? ''].filter(Boolean).join(' ')
        return `<td${classes ? ` class="${classes}"` : ''}>${c.html}</td>`
      })
      return `<tr>${cells.join('')}</tr>`
    })
    .join('\n')
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`
}

/** Keys behind a disclosure at most: a run of 100k tasks must not make a report of megabytes of keys. */
const DISCLOSED_TASKS = 2000

/** Task keys as code, the first few shown and the next ones (up to 2,000) behind a disclosure. */
function taskList(keys: string[]): string {
  if (keys.length === 0) return '<span class="muted">none</span>'
  const code = (k: string): string => `<code>${esc(k)}</code>`
  const { shown, more } = capped(keys)
  const hidden = keys.slice(shown.length, shown.length + DISCLOSED_TASKS)
  const beyond = keys.length - shown.length - hidden.length
  const tail = beyond > 0 ? `, <span class="muted">and ${beyond} more (rollscope compare --json lists every task)</span>` : ''
  const rest = more ? ` <details><summary>+${more} more</summary>${hidden.map(code).join(', ')}${tail}</details>` : ''
  return shown.map(code).join(', ') + rest
}

function runCard(label: 'A' | 'B', run: CompareRunRef): string {
  const facts = [run.model, run.env, run.format].filter((p): p is string => !!p)
  if (run.checkpointStep !== null) facts.push(`step ${run.checkpointStep}`)
  const rollouts = run.rolloutsPerTask !== null ? `, ${num(run.rolloutsPerTask, 1)} rollouts per task` : ''
  return (
    `<div class="run run-${label.toLowerCase()}"><span class="tag">${label}</span> <strong>${esc(run.name)}</strong>` +
    `<div class="muted">${esc(facts.join(' · '))}: ${run.episodes} episodes, ${run.tasks} tasks${rollouts}</div></div>`
  )
}

function header(r: CompareReport): string {
  const only = (label: string, n: number, keys: string[]): string =>
    n ? `<p>Only in ${label} (${n}): ${taskList(keys)}</p>` : ''
  return [
    `<header><h1>${esc(r.runA.name)} <span class="muted">vs</span> ${esc(r.runB.name)}</h1>`,
    `<div class="runs">${runCard('A', r.runA)}${runCard('B', r.runB)}</div>`,
    `<p class="note">${esc(sharedNote(r))}</p>`,
    only('A', r.onlyA, r.onlyATasks),
    only('B', r.onlyB, r.onlyBTasks),
    '</header>'
  ].join('\n')
}

function metricRow(m: CompareMetric): Cell[] {
  const v = verdict(m, m.delta, m.ci95)
  const delta = metricDelta(m, m.delta)
  const deltaCell: Cell = ciExcludesZero(m.ci95) ? { html: `<strong>${esc(delta)}</strong>`, className: v } : { html: esc(delta), className: v }
  return [metricLabel(m), metricValue(m, m.a), metricValue(m, m.b), deltaCell, relDelta(m.relDelta), m.kind === 'paired' ? metricCi(m, m.ci95) : 'n/a']
}

function summary(r: CompareReport): string {
  return [
    '<section id="summary"><h2>Summary</h2>',
    table(['Metric', 'A', 'B', 'Δ', 'Δ%', '95% CI'], r.metrics.map(metricRow), [false, true, true, true, true, false]),
    '<p class="muted">Δ is B − A (rates in percentage points); bold where the 95% CI excludes 0, green or red where ' +
      'the metric has a better direction. Rows without a CI are statistics of the whole run, not paired per task.</p>',
    '</section>'
  ].join('\n')
}

function histogram(r: CompareReport): string {
  if (r.histogram.edges.length < 2) return ''
  return [
    '<section id="rewards"><h2>Reward distribution</h2>',
    '<div class="chart" id="chart-histogram" role="img" aria-label="Overlaid reward histograms of run A and run B"></div>',
    '<p class="muted">Share of each run’s episodes (on the shared tasks) per reward bin.</p>',
    '</section>'
  ].join('\n')
}

function flips(r: CompareReport): string {
  const f = r.flips
  const grid = [
    '<table class="flips">',
    '<thead><tr><th></th><th class="num">B pass</th><th class="num">B fail</th></tr></thead>',
    `<tbody><tr><th>A pass</th><td class="num">${f.bothPass.length} still pass</td><td class="num worse">${f.broken.length} broken</td></tr>`,
    `<tr><th>A fail</th><td class="num better">${f.fixed.length} fixed</td><td class="num">${f.bothFail.length} still fail</td></tr></tbody>`,
    '</table>'
  ].join('\n')
  const p =
    f.mcnemarP === null
      ? 'McNemar: no discordant tasks (nothing flipped), no test.'
      : `McNemar exact p = ${pValue(f.mcnemarP)} (${f.fixed.length} fixed vs ${f.broken.length} broken).`
  return [
    '<section id="flips"><h2>Flips</h2>',
    '<p>A task passes when more than half of its rollouts pass.</p>',
    grid,
    `<p>${esc(p)}</p>`,
    f.undecided ? `<p class="muted">${f.undecided} shared tasks have no pass/fail verdict in one of the runs and are not counted.</p>` : '',
    `<p><strong>Fixed (${f.fixed.length}):</strong> ${taskList(f.fixed)}</p>`,
    `<p><strong>Broken (${f.broken.length}):</strong> ${taskList(f.broken)}</p>`,
    '</section>'
  ].join('\n')
}

function passAtK(r: CompareReport): string {
  if (r.passAtK.length === 0) return ''
  const d = (a: number | null, b: number | null): string => (a !== null && b !== null ? metricDelta(RATE_UNIT, b - a) : '–')
  const rows = r.passAtK.map((p) => [
    String(p.k),
    String(p.tasks),
    pct(p.a.passAtK),
    pct(p.b.passAtK),
    d(p.a.passAtK, p.b.passAtK),
    pct(p.a.passHatK),
    pct(p.b.passHatK),
    d(p.a.passHatK, p.b.passHatK)
  ])
  return [
    '<section id="pass-at-k"><h2>pass@k and pass^k</h2>',
    table(['k', 'Tasks', 'pass@k A', 'pass@k B', 'Δ', 'pass^k A', 'pass^k B', 'Δ'], rows, Array(8).fill(true)),
    '<p class="muted">pass@k: chance that at least one of k rollouts passes; pass^k: that all k pass (unbiased ' +
      'estimators, on tasks with at least k rollouts in both runs).</p>',
    '</section>'
  ].join('\n')
}

function categories(r: CompareReport): string {
  const groups = categoryGroups(r)
  if (groups.length === 0) return ''
  const parts = ['<section id="categories"><h2>Per category</h2>']
  groups.forEach((g, i) => {
    parts.push(`<h3>${esc(g.field)}</h3>`)
    if (g.best && g.worst) {
      parts.push(
        `<p>Best: <strong>${esc(g.best.value)}</strong> (${esc(metricDelta(CATEGORY_UNIT, g.best.delta))}); ` +
          `worst: <strong>${esc(g.worst.value)}</strong> (${esc(metricDelta(CATEGORY_UNIT, g.worst.delta))}).</p>`
      )
    }
    parts.push(`<div class="chart" id="chart-category-${i}" role="img" aria-label="Δ per ${esc(g.field)} with 95% CI"></div>`)
    const rows = g.rows.map((c): Cell[] => [
      c.value,
      String(c.tasks),
      num(c.a),
      num(c.b),
      metricDelta(CATEGORY_UNIT, c.delta),
      metricCi(CATEGORY_UNIT, c.ci95),
      `${fraction(c.passedA, c.decided)} → ${fraction(c.passedB, c.decided)}`
    ])
    parts.push(table([g.field, 'Tasks', 'A', 'B', 'Δ', '95% CI', 'Passed A → B'], rows, [false, true, true, true, true, false, false]))
  })
  parts.push('<p class="muted">A and B: mean per-task reward in the category (pass rate where the runs have no reward).</p>', '</section>')
  return parts.join('\n')
}

function failures(r: CompareReport): string {
  const field = flipGroupField(r)
  const title = field ? `Failures: broken tasks by ${esc(field)}` : 'Failures: broken tasks'
  const groups = groupTasks(r, r.flips.broken, field)
  const body =
    groups.length === 0
      ? '<p>No task broke: every task A passes, B passes too.</p>'
      : '<p>Tasks A passed and B failed.</p>\n<ul>' +
        groups
          .map((g) => `<li><strong>${g.value === null ? '(no value)' : esc(g.value)}</strong> (${g.tasks.length}): ${taskList(g.tasks)}</li>`)
          .join('\n') +
        '</ul>'
  return `<section id="failures"><h2>${title}</h2>\n${body}\n</section>`
}

function solvedWithin(r: CompareReport): string {
  if (r.solvedWithin.length === 0) return ''
  const rows = rrPoints(r).map((s) => [
    String(s.k),
    pct(s.a),
    pct(s.b),
    s.a !== null && s.b !== null ? metricDelta(RATE_UNIT, s.b - s.a) : '–'
  ])
  return [
    '<section id="rr"><h2>Success within k steps (RR@k)</h2>',
    '<div class="chart" id="chart-rr" role="img" aria-label="Share of episodes solved within k turns, run A and run B"></div>',
    rows.length ? table(['k', 'A', 'B', 'Δ'], rows, [true, true, true, true]) : '',
    '<p class="muted">Share of episodes solved within k turns.</p>',
    '</section>'
  ].join('\n')
}

function caveatSection(r: CompareReport): string {
  return `<section id="caveats"><h2>Caveats</h2>\n<ul>${caveats(r).map((c) => `<li>${esc(c)}</li>`).join('\n')}</ul>\n</section>`
}

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** The report's sections, header to caveats: the page below, and the compare part of an HTML export. */
export function compareBodyHtml(report: CompareReport): string {
  return [
    header(report),
    summary(report),
    histogram(report),
    flips(report),
    passAtK(report),
    categories(report),
    failures(report),
    solvedWithin(report),
    caveatSection(report)
  ].join('\n')
}

export interface ChartScripts {
  /** The chart data and the two scripts, to put at the end of <body> (after every .chart element). */
  html: string
  /** The CSP script-src sources that allow exactly these two scripts. */
  scriptSrc: string
  /** uPlot's stylesheet, for a <style> element. */
  css: string
  version: string
}

/** What draws the charts of compareBodyHtml: the data as inert JSON, uPlot and the chart script, inlined. */
export function compareChartScripts(report: CompareReport): ChartScripts {
  const uplot = uplotAssets()
  return {
    html: [
      `<script type="application/json" id="report-data">${scriptJson(chartData(report))}</script>`,
      `<script>${uplot.js}</script>`,
      `<script>${CHART_SCRIPT}</script>`
    ].join('\n'),
    scriptSrc: `${sha256(uplot.js)} ${sha256(CHART_SCRIPT)}`,
    css: uplot.css,
    version: uplot.version
  }
}

/** The whole page. */
export function compareReportHtml(report: CompareReport): string {
  const charts = compareChartScripts(report)
  return [
    htmlPageHead({ title: `${report.runA.name} vs ${report.runB.name} · Rollscope comparison`, scriptSrc: charts.scriptSrc, styles: [charts.css, REPORT_CSS] }),
    '<body>',
    '<main>',
    compareBodyHtml(report),
    `<footer class="muted">Rollscope comparison report · charts by uPlot ${esc(charts.version)}</footer>`,
    '</main>',
    charts.html,
    '</body>',
    '</html>',
    ''
  ].join('\n')
}

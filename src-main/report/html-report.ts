/**
 * The comparison as one self-contained HTML file: the Markdown report's sections as tables, plus charts drawn by
 * an inlined uPlot (overlaid reward histograms, per-category Δ bars with CI whiskers, the RR@k curve). No external
 * resource: styles and scripts are inline, and a Content-Security-Policy allows exactly those two scripts (by hash)
 * and nothing else to load. Every string from a trace is HTML-escaped; the chart data is JSON that cannot close its
 * <script> element.
 */
import { createHash } from 'node:crypto'
import type { CompareReport, CompareRunRef } from '@contract/compare'
import { fmtDelta, fmtP, sideName, STD_NOTE } from '@contract/display'
import {
  BROKEN_HEADER,
  BROKEN_NOTE,
  brokenTaskCells,
  categoryCells,
  metricCells,
  passAtKCells,
  solvedWithinCells
} from './compare-cells'
import { escapeHtml as esc, scriptJson } from './html-escape'
import { htmlTable as table, type Cell } from './html-table'
import { CHART_SCRIPT, chartData } from './report-charts'
import { htmlPageHead } from './html-page'
import { REPORT_CSS } from './html-style'
import {
  capped,
  caveats,
  categoryGroups,
  categoryUnit,
  flipGroupField,
  groupTasks,
  rolloutsPhrase,
  rrPoints,
  sharedNote,
  tasksDiffer
} from './report-sections'
import { upFrontWarnings, warningLead, afterLead } from './report-warnings'
import { uplotAssets } from './uplot-assets'

/** Keys behind a disclosure at most: a run of 100k tasks must not make a report of megabytes of keys. */
const DISCLOSED_TASKS = 2000

/**
 * Task keys as code, the first few shown and the next ones (up to 2,000) behind a disclosure; `total` is how many
 * there are when `keys` is the report's capped list.
 */
function taskList(keys: string[], total = keys.length): string {
  if (keys.length === 0) return '<span class="muted">none</span>'
  const code = (k: string): string => `<code>${esc(k)}</code>`
  const { shown, more } = capped(keys, undefined, total)
  const hidden = keys.slice(shown.length, shown.length + DISCLOSED_TASKS)
  const beyond = total - shown.length - hidden.length
  const tail =
    beyond > 0 ? `, <span class="muted">and ${beyond} more (rollscope compare --json lists every task)</span>` : ''
  const rest = more ? ` <details><summary>+${more} more</summary>${hidden.map(code).join(', ')}${tail}</details>` : ''
  return shown.map(code).join(', ') + rest
}

function runCard(label: 'A' | 'B', run: CompareRunRef): string {
  const facts = [run.model, run.env, run.format].filter((p): p is string => !!p)
  if (run.checkpointStep !== null) facts.push(`step ${run.checkpointStep}`)
  return (
    `<div class="run run-${label.toLowerCase()}"><span class="tag">${label}</span> <strong>${esc(run.name)}</strong>` +
    `<div class="muted">${esc(facts.join(' · '))}: ${run.episodes} episodes, ${run.tasks} tasks${esc(rolloutsPhrase(run))}</div></div>`
  )
}

/** The title, the verdict, the warnings that can change it, then the runs and what the numbers are over. */
function header(r: CompareReport): string {
  const only = (label: string, n: number, keys: string[]): string =>
    n ? `<p>Only in ${label} (${n}): ${taskList(keys, n)}</p>` : ''
  const first = upFrontWarnings(r.warnings)
  const warnings = first.length
    ? `<ul class="warnings">${first.map((w) => `<li class="warn-${w.severity}"><strong>${esc(warningLead(w))}:</strong> ${esc(afterLead(w))}</li>`).join('\n')}</ul>`
    : ''
  return [
    `<header><h1>${esc(sideName(r.runA))} <span class="muted">vs</span> ${esc(sideName(r.runB))}</h1>`,
    `<p class="verdict verdict-${r.verdict.direction}" id="verdict">${esc(r.verdict.text)}</p>`,
    warnings,
    `<div class="runs">${runCard('A', r.runA)}${runCard('B', r.runB)}</div>`,
    `<p class="note">${esc(sharedNote(r))}</p>`,
    only('A', r.onlyA, r.onlyATasks),
    only('B', r.onlyB, r.onlyBTasks),
    '</header>'
  ].join('\n')
}

function summary(r: CompareReport): string {
  const whole = tasksDiffer(r)
  const rows = r.metrics.map((m): Cell[] => {
    const c = metricCells(m)
    const delta: Cell = { html: c.clear ? `<strong>${esc(c.delta)}</strong>` : esc(c.delta), className: c.direction }
    const row: Cell[] = [c.label, c.a, c.b, delta, c.rel, c.ci]
    return whole ? [...row, c.wholeA, c.wholeB, c.wholeDelta] : row
  })
  const header = [
    'Metric',
    'A',
    'B',
    'Δ',
    'Δ%',
    '95% CI',
    ...(whole ? ['A, whole run', 'B, whole run', 'Δ, whole run'] : [])
  ]
  return [
    '<section id="summary"><h2>Summary</h2>',
    table(
      header,
      rows,
      header.map((_, i) => i !== 0 && i !== 5)
    ),
    '<p class="muted">Δ is B − A (shares in percentage points, pts); bold where the 95% CI excludes 0, green or red where ' +
      'the metric has a better direction. Rows without a CI are statistics of the episodes as a whole, not paired per ' +
      `task. Steps are agent actions. ${esc(STD_NOTE)}</p>`,
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
    // the app's way round: A fail above A pass, B pass left of B fail; the sign says it without the colour
    `<tbody><tr><th>A fail</th><td class="num fixed">▲ ${f.fixed.length} fixed</td><td class="num">× ${f.bothFail.length} still fail</td></tr>`,
    `<tr><th>A pass</th><td class="num">= ${f.bothPass.length} still pass</td><td class="num broken">▼ ${f.broken.length} broken</td></tr></tbody>`,
    '</table>'
  ].join('\n')
  const p =
    f.mcnemarP === null
      ? 'McNemar: no discordant tasks (nothing flipped), no test.'
      : `McNemar exact p = ${fmtP(f.mcnemarP)} (${f.fixed.length} fixed vs ${f.broken.length} broken).`
  return [
    '<section id="flips"><h2>Flips</h2>',
    '<p>A task passes when more than half of its rollouts pass.</p>',
    grid,
    `<p>${esc(p)}</p>`,
    f.undecided
      ? `<p class="muted">${f.undecided} shared tasks have no pass/fail verdict in one of the runs and are not counted.</p>`
      : '',
    `<p><strong>Fixed (${f.fixed.length}):</strong> ${taskList(f.fixed)}</p>`,
    `<p><strong>Broken (${f.broken.length}):</strong> ${taskList(f.broken)}</p>`,
    '</section>'
  ].join('\n')
}

function passAtK(r: CompareReport): string {
  if (r.passAtK.length === 0) return ''
  const rows = r.passAtK.map(passAtKCells)
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
  const unit = categoryUnit(r)
  const parts = ['<section id="categories"><h2>Per category</h2>']
  groups.forEach((g, i) => {
    parts.push(`<h3>${esc(g.field)}</h3>`)
    if (g.best && g.worst) {
      parts.push(
        `<p>Best: <strong>${esc(g.best.value)}</strong> (${esc(fmtDelta(unit, g.best.delta))}); ` +
          `worst: <strong>${esc(g.worst.value)}</strong> (${esc(fmtDelta(unit, g.worst.delta))}).</p>`
      )
    }
    parts.push(
      `<div class="chart" id="chart-category-${i}" role="img" aria-label="Δ per ${esc(g.field)} with 95% CI"></div>`
    )
    const rows = g.rows.map((row): Cell[] => {
      const c = categoryCells(row, unit)
      return [
        c.value,
        c.tasks,
        c.a,
        c.b,
        c.clear ? { html: `<strong>${esc(c.delta)}</strong>` } : c.delta,
        c.ci,
        c.passed,
        c.wholeA,
        c.wholeB
      ]
    })
    parts.push(
      table([g.field, 'Tasks', 'A', 'B', 'Δ', '95% CI', 'Passed A → B', 'A, whole run', 'B, whole run'], rows, [
        false,
        true,
        true,
        true,
        true,
        false,
        false,
        true,
        true
      ])
    )
  })
  const score = unit === 'reward' ? 'mean per-task reward' : 'pass rate'
  parts.push(
    `<p class="muted">A, B, Δ and the CI: ${score} on the shared tasks with the value; Passed: shared tasks passed / with a verdict. ` +
      `Whole run: each run’s ${unit === 'reward' ? 'mean reward' : 'pass rate'} over all its episodes with the value, and its episodes passed / with a verdict.</p>`,
    '</section>'
  )
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
          .map(
            (g) =>
              `<li><strong>${g.value === null ? '(no value)' : esc(g.value)}</strong> (${g.tasks.length}): ${taskList(g.tasks)}</li>`
          )
          .join('\n') +
        '</ul>'
  return `<section id="failures"><h2>${title}</h2>\n${body}\n${brokenRows(r)}</section>`
}

/** The broken tasks one row each, as the app's per-task table shows them (most regressed first). */
function brokenRows(r: CompareReport): string {
  const { rows, more } = brokenTaskCells(r)
  if (rows.length === 0) return ''
  return [
    table(
      BROKEN_HEADER,
      rows.map((x) => [
        { html: `▼ <code>${esc(x.task)}</code>` },
        ...x.cells.slice(0, 4),
        { html: esc(x.cells[4]), className: 'broken' },
        x.cells[5]
      ]),
      [false, true, true, true, true, true, false]
    ),
    more ? `<p class="muted">… and ${more} more broken tasks.</p>` : '',
    `<p class="muted">${esc(BROKEN_NOTE)}</p>`
  ].join('\n')
}

function solvedWithin(r: CompareReport): string {
  if (r.solvedWithin.length === 0) return ''
  const rows = rrPoints(r).map(solvedWithinCells)
  return [
    '<section id="rr"><h2>Success within k steps (RR@k)</h2>',
    '<div class="chart" id="chart-rr" role="img" aria-label="Share of episodes solved within k steps, run A and run B"></div>',
    rows.length ? table(['k', 'A', 'B', 'Δ'], rows, [true, true, true, true]) : '',
    '<p class="muted">Share of episodes solved within k steps (agent actions), among the shared tasks’ episodes with a verdict and a known step count.</p>',
    '</section>'
  ].join('\n')
}

function caveatSection(r: CompareReport): string {
  return `<section id="caveats"><h2>Caveats</h2>\n<ul>${caveats(r)
    .map((c) => `<li>${esc(c)}</li>`)
    .join('\n')}</ul>\n</section>`
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
    htmlPageHead({
      title: `${sideName(report.runA)} vs ${sideName(report.runB)} · Rollscope comparison`,
      scriptSrc: charts.scriptSrc,
      styles: [charts.css, REPORT_CSS]
    }),
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

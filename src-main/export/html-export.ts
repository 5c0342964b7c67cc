/**
 * `html`: the md report as one self-contained HTML file, styled like the compare report (its stylesheet, light and
 * dark): the per-run summary, the compare report with its charts when the selection is two comparable runs, then
 * the episode table. Written in three parts so the table can stream page by page between the head and the tail.
 * Every string from a trace is escaped; the CSP allows no request at all and, when there are charts, exactly the
 * two inlined chart scripts (by hash), else no script.
 */
import type { EpisodeSummary } from '@contract/model'
import { escapeHtml as esc } from '../report/html-escape'
import { compareBodyHtml, type ChartScripts } from '../report/html-report'
import { htmlPageHead } from '../report/html-page'
import { REPORT_CSS } from '../report/html-style'
import type { ExportComparison } from './export-compare'
import { meanReward, num, type RunTally } from './md-export'

/**
 * Additions for the episode table: it scrolls sideways rather than breaking ids, keys and headers mid-word (the
 * report's cells break anywhere, which suits its long task lists but not a ten-column table); labels read as chips.
 */
const EXPORT_CSS = `
main { max-width: 1200px; }
.scroll { overflow-x: auto; }
#episodes table { font-size: 13px; }
#episodes th, #episodes td { overflow-wrap: normal; }
#episodes th, #episodes code, #episodes td.num { white-space: nowrap; }
#episodes td.preview { min-width: 20em; max-width: 36em; }
.chip { display: inline-block; border: 1px solid var(--line); border-radius: 10px; padding: 0 6px; margin: 0 2px 2px 0; font-size: 12px; }
`

const PREVIEW_CHARS = 160

function clip(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim()
  return flat.length > PREVIEW_CHARS ? flat.slice(0, PREVIEW_CHARS - 1) + '…' : flat
}

/**
 * The compare report one heading level down (its title becomes the section "Comparison: A vs B"). Rewriting the
 * heading tags of this markup is safe: every trace string in it is escaped, so `<h1>` and friends are the builder's.
 */
function comparisonHtml(c: ExportComparison): string {
  if (c.report === null) return `<p class="note" id="no-comparison">${esc(c.reason)}</p>`
  const body = compareBodyHtml(c.report)
    .replace(/<(\/?)h([1-5])>/g, (_m, slash: string, n: string) => `<${slash}h${Number(n) + 1}>`)
    .replace('<h2>', '<h2>Comparison: ')
  const note = c.scopeNote ? `<p class="muted">${esc(c.scopeNote)}</p>\n` : ''
  return `<section id="comparison">\n${note}${body}\n</section>`
}

/** Everything before the first episode row: head, title, selection, per-run summary, comparison, table header. */
export function htmlHead(
  tallies: RunTally[],
  selection: string,
  comparison: ExportComparison,
  charts: ChartScripts | null
): string {
  const total = tallies.reduce((n, t) => n + t.episodes, 0)
  const rewarded = tallies.reduce((n, t) => n + t.rewarded, 0)
  const sum = tallies.reduce((n, t) => n + t.rewardSum, 0)
  const runRows = tallies.map(
    (t) =>
      `<tr><td>${esc(t.run.name)}</td><td class="num">${t.episodes}</td><td class="num">${num(meanReward(t))}</td>` +
      `<td class="num">${t.passKnown ? `${t.passed}/${t.passKnown}` : '–'}</td></tr>`
  )
  return [
    htmlPageHead({
      title: `${tallies.map((t) => t.run.name).join(', ') || 'Selection'} · Rollscope export`,
      scriptSrc: charts ? charts.scriptSrc : null,
      styles: [...(charts ? [charts.css] : []), REPORT_CSS + EXPORT_CSS]
    }),
    '<body>',
    '<main>',
    '<header><h1>Rollscope export</h1>',
    `<p>Selection: ${esc(selection)}</p>`,
    `<p>${total} episodes from ${tallies.filter((t) => t.episodes).length} runs; mean reward ${num(rewarded ? sum / rewarded : null)}.</p>`,
    '</header>',
    '<section id="runs"><h2>Runs</h2>',
    '<table>',
    '<thead><tr><th>Run</th><th class="num">Episodes</th><th class="num">Mean reward</th><th class="num">Passed</th></tr></thead>',
    `<tbody>\n${runRows.join('\n')}\n</tbody>`,
    '</table>',
    '</section>',
    comparisonHtml(comparison),
    '<section id="episodes"><h2>Episodes</h2>',
    '<div class="scroll"><table>',
    '<thead><tr><th>Run</th><th>Episode</th><th>Task</th><th class="num">Rollout</th><th class="num">Reward</th><th>Passed</th>' +
      '<th class="num">Turns</th><th>Status</th><th>Labels</th><th>Preview</th></tr></thead>',
    '<tbody>',
    ''
  ].join('\n')
}

/** One episode row (labels: the episode-level labels, read per page). */
export function htmlRow(e: EpisodeSummary, runName: string, labels: string[]): string {
  const passed =
    e.passed === null ? '<td>–</td>' : e.passed ? '<td class="better">yes</td>' : '<td class="worse">no</td>'
  const chips = labels.map((l) => `<span class="chip">${esc(l)}</span>`).join('')
  return (
    `<tr><td>${esc(runName)}</td><td><code>${esc(e.id)}</code></td><td><code>${esc(e.taskKey)}</code></td>` +
    `<td class="num">${e.rollout}</td><td class="num">${num(e.reward)}</td>${passed}<td class="num">${e.turns}</td>` +
    `<td>${esc(e.status)}</td><td>${chips}</td><td class="preview">${esc(clip(e.preview))}</td></tr>\n`
  )
}

/** After the last row: close the table, then the chart data and scripts (they draw into the comparison above). */
export function htmlTail(charts: ChartScripts | null): string {
  return [
    '</tbody>',
    '</table></div>',
    '</section>',
    `<footer class="muted">Rollscope export${charts ? ` · charts by uPlot ${esc(charts.version)}` : ''}</footer>`,
    '</main>',
    charts ? charts.html : '',
    '</body>',
    '</html>',
    ''
  ].join('\n')
}

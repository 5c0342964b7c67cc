/**
 * `html`: the md report as one self-contained HTML file, styled like the compare report (its stylesheet, light and
 * dark): the per-run summary, the compare report with its charts when the selection is two comparable runs, then
 * the episode table. Written in three parts so the table can stream page by page between the head and the tail.
 * Under an episode's row, its note and excerpts of its labelled or noted turns (with their labels and notes).
 * Every string from a trace is escaped; the CSP allows no request at all and, when there are charts, exactly the
 * two inlined chart scripts (by hash), else no script.
 */
import type { EpisodeLabels } from '@contract/labels'
import type { EpisodeSummary, Turn } from '@contract/model'
import { escapeHtml as esc } from '../report/html-escape'
import { compareBodyHtml, type ChartScripts } from '../report/html-report'
import { htmlPageHead } from '../report/html-page'
import { REPORT_CSS } from '../report/html-style'
import type { ExportComparison } from './export-compare'
import { meanReward, num, selectionCounts, type RunTally } from './md-export'

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
tr.triage > td { border-top: none; padding-top: 0; }
.triage .note { margin: 2px 0 6px; }
.triage ul { margin: 0; padding-left: 1.2em; }
.triage blockquote { margin: 2px 0 4px; padding: 2px 8px; border-left: 3px solid var(--line); white-space: pre-wrap; overflow-wrap: anywhere; font-family: ui-monospace, monospace; font-size: 12px; max-width: 60em; }
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
    `<p>${esc(selectionCounts(tallies))}</p>`,
    '</header>',
    '<section id="runs"><h2>Runs</h2>',
    '<table>',
    '<thead><tr><th>Run</th><th class="num">Episodes</th><th class="num">Mean reward</th><th class="num">Passed</th></tr></thead>',
    `<tbody>\n${runRows.join('\n')}\n</tbody>`,
    '</table>',
    '</section>',
    comparisonHtml(comparison),
    '<section id="episodes"><h2>Episodes</h2>',
    // a tab stop with a name: the table scrolls sideways from the keyboard too (the page runs no script to tell
    // whether it overflows)
    '<div class="scroll" tabindex="0" role="region" aria-label="Episodes"><table>',
    '<thead><tr><th>Run</th><th>Episode</th><th>Task</th><th class="num">Rollout</th><th class="num">Reward</th><th>Passed</th>' +
      '<th class="num">Turns</th><th>Status</th><th>Labels</th><th>Preview</th></tr></thead>',
    '<tbody>',
    ''
  ].join('\n')
}

/** Characters of a labelled turn quoted in the report. */
const EXCERPT_CHARS = 400

/** What a turn said, cut to an excerpt: its text, else its calls (name and arguments). */
export function excerpt(t: Turn): string {
  const calls = t.toolCalls.map(
    (c) => `${c.name}(${typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments)})`
  )
  const text = [t.text.trim(), ...calls].filter(Boolean).join('\n')
  return text.length > EXCERPT_CHARS ? text.slice(0, EXCERPT_CHARS - 1) + '…' : text
}

/** The turns a reader should see: those labelled or noted, in order. */
export function triagedTurns(triage: EpisodeLabels): EpisodeLabels['turns'] {
  return triage.turns.filter((t) => t.labels.length > 0 || (t.note ?? '').trim() !== '').sort((a, b) => a.turn - b.turn)
}

/**
 * The episode's triage under its row: its note, then each labelled or noted turn with its labels, an excerpt of
 * what it said and its note. Empty when the episode has none. `turns`: the transcript (read only for episodes with
 * such turns).
 */
export function htmlTriageRow(triage: EpisodeLabels, turns: Turn[] | null): string {
  const marked = triagedTurns(triage)
  const note = (triage.note ?? '').trim()
  if (!note && marked.length === 0) return ''
  const byIndex = new Map((turns ?? []).map((t) => [t.index, t]))
  const items = marked.map((m) => {
    const t = byIndex.get(m.turn)
    const chips = m.labels.map((l) => `<span class="chip">${esc(l)}</span>`).join('')
    const quote = t ? `<blockquote>${esc(excerpt(t))}</blockquote>` : ''
    const turnNote = (m.note ?? '').trim() ? `<p class="note">Note: ${esc(m.note!.trim())}</p>` : ''
    return `<li><span class="muted">turn ${m.turn}${t ? ` · ${esc(t.role)}` : ''}</span> ${chips}${quote}${turnNote}</li>`
  })
  return (
    `<tr class="triage"><td colspan="10">` +
    (note ? `<p class="note"><strong>Note:</strong> ${esc(note)}</p>` : '') +
    (items.length ? `<ul>${items.join('')}</ul>` : '') +
    `</td></tr>\n`
  )
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

/**
 * Three or more runs side by side as one self-contained HTML page (`rollscope compare A B C --html FILE`): the
 * Markdown report's sections as tables, styled like the compare report, with no script at all (the CSP allows none).
 * Every string from a trace is HTML-escaped.
 */
import type { MultiCompareReport } from '@contract/multi-compare'
import { STD_NOTE } from '@contract/display'
import { escapeHtml as esc } from './html-escape'
import { htmlPageHead } from './html-page'
import { REPORT_CSS } from './html-style'
import { htmlTable, type Cell } from './html-table'
import { changeLines, rolloutsCell, runHeading, runLines } from './multi-sections'
import { laterWarnings, upFrontWarnings, warningLead, afterLead } from './report-warnings'

function header(r: MultiCompareReport): string {
  const base = r.runs[r.baseline].name
  const verdicts = r.verdicts
    .map((v, i) =>
      v
        ? `<li class="verdict-${v.direction}"><strong>${esc(r.runs[i].name)}</strong> (B) against <strong>${esc(base)}</strong> (A): ${esc(v.text)}</li>`
        : ''
    )
    .filter(Boolean)
  const first = upFrontWarnings(r.warnings)
  return [
    `<header><h1>${r.runs.length} runs side by side</h1>`,
    `<p>Baseline: <strong>${esc(base)}</strong>.</p>`,
    `<ul class="verdict" id="verdict">${verdicts.join('\n')}</ul>`,
    first.length
      ? `<ul class="warnings">${first.map((w) => `<li class="warn-${w.severity}"><strong>${esc(warningLead(w))}:</strong> ${esc(afterLead(w))}</li>`).join('\n')}</ul>`
      : '',
    '</header>'
  ].join('\n')
}

function runsTable(r: MultiCompareReport): string {
  const head = ['', ...r.runs.map((_, i) => runHeading(r, i))]
  const rows = runLines(r).map((l): Cell[] => [l.label, ...l.cells])
  return [
    '<section id="runs"><h2>Runs</h2>',
    htmlTable(
      head,
      rows,
      head.map((_, i) => i > 0)
    ),
    '<p class="muted">Each column is over its whole run (every episode). Rewards: mean (σ); steps, messages, calls and ' +
      'times: mean (min – max); shares: % (episodes / episodes with a value); tokens: mean per episode. Steps are agent ' +
      `actions. ${esc(STD_NOTE)}</p>`,
    '</section>'
  ].join('\n')
}

function changes(r: MultiCompareReport): string {
  const lines = changeLines(r)
  if (lines.length === 0) return ''
  const rows = lines.map((l): Cell[] => [l.label, `${l.from} → ${l.to}`, l.absolute, l.relative, l.ci, l.tasks])
  return [
    '<section id="changes"><h2>Changes</h2>',
    htmlTable(['Metric', 'From → To', 'Absolute', 'Relative', '95% CI', 'Shared tasks'], rows, [
      false,
      false,
      true,
      true,
      false,
      true
    ]),
    '<p class="muted">Absolute and relative: between the whole-run figures. The 95% CI is of the paired per-task difference ' +
      'on the tasks the two runs share (none when they share fewer than two).</p>',
    '</section>'
  ].join('\n')
}

function perTask(r: MultiCompareReport): string {
  if (r.perTask.length === 0) return ''
  const rows = r.perTask.map((t): Cell[] => [
    { html: `<code>${esc(t.taskKey)}</code>` },
    ...t.rewards.map(rolloutsCell)
  ])
  const head = ['Task', ...r.runs.map((run) => run.name)]
  return [
    '<section id="per-task"><h2>Rewards per rollout</h2>',
    htmlTable(
      head,
      rows,
      head.map((_, i) => i > 0)
    ),
    `<p class="muted">Each task’s rollout rewards in rollout order; – where a run lacks the task. ${r.sharedTasks} tasks are in every run.` +
      `${r.perTaskCapped ? ` The first ${r.perTask.length} tasks are listed.` : ''}</p>`,
    '</section>'
  ].join('\n')
}

function caveats(r: MultiCompareReport): string {
  const rest = laterWarnings(r.warnings)
  return rest.length
    ? `<section id="caveats"><h2>Caveats</h2>\n<ul>${rest.map((w) => `<li>${esc(w.message)}</li>`).join('\n')}</ul>\n</section>`
    : ''
}

export function multiCompareHtml(report: MultiCompareReport): string {
  return [
    htmlPageHead({
      title: `${report.runs.map((r) => r.name).join(' · ')} · Rollscope comparison`,
      scriptSrc: null,
      styles: [REPORT_CSS]
    }),
    '<body>',
    '<main>',
    header(report),
    runsTable(report),
    changes(report),
    perTask(report),
    caveats(report),
    '<footer class="muted">Rollscope comparison report</footer>',
    '</main>',
    '</body>',
    '</html>',
    ''
  ].join('\n')
}

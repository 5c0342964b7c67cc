/**
 * Three or more runs side by side as a Markdown report (report 004): each run against the baseline in one plain line,
 * the warnings that can change that, the runs table (mean (σ), ranges, steps, tokens, times, tool use, each over its
 * whole run), the changes "From → To | Absolute | Relative" with paired CIs, each task's rollout rewards, the rest of
 * the caveats. Runtime-neutral.
 */
import type { MultiCompareReport } from '@contract/multi-compare'
import { STD_NOTE } from '@contract/display'
import { mdCode, mdText } from './md-escape'
import { mdTable } from './md-table'
import { changeLines, rolloutsCell, runHeading, runLines } from './multi-sections'
import { laterWarnings, upFrontWarnings, warningLead, afterLead } from './report-warnings'

function header(r: MultiCompareReport): string {
  const names = r.runs.map((run) => mdText(run.name)).join(', ')
  const base = r.runs[r.baseline]
  const lines = [`# ${r.runs.length} runs side by side: ${names}`, '', `Baseline: **${mdText(base.name)}**.`, '']
  r.verdicts.forEach((v, i) => {
    if (v)
      lines.push(
        `- **${mdText(r.runs[i].name)}** (B) against **${mdText(base.name)}** (A): ${mdText(v.text, Infinity)}`
      )
  })
  const first = upFrontWarnings(r.warnings)
  if (first.length) lines.push('', ...first.map((w) => `- ⚠ **${warningLead(w)}:** ${mdText(afterLead(w), Infinity)}`))
  return lines.join('\n')
}

function runsTable(r: MultiCompareReport): string {
  const head = ['', ...r.runs.map((_, i) => mdText(runHeading(r, i)))]
  const rows = runLines(r).map((l) => [mdText(l.label), ...l.cells.map((c) => mdText(c))])
  return [
    '## Runs',
    '',
    mdTable(
      head,
      head.map((_, i) => (i === 0 ? 'l' : 'r')),
      rows
    ),
    '',
    'Each column is over its whole run (every episode). Rewards: mean (σ); steps, messages, calls and times: mean ' +
      '(min – max); shares: % (episodes / episodes with a value); tokens: mean per episode. Steps are agent actions. ' +
      STD_NOTE
  ].join('\n')
}

function changes(r: MultiCompareReport): string | null {
  const lines = changeLines(r)
  if (lines.length === 0) return null
  const rows = lines.map((l) => [
    mdText(l.label),
    `${mdText(l.from)} → ${mdText(l.to)}`,
    l.absolute,
    l.relative,
    l.ci,
    l.tasks
  ])
  return [
    '## Changes',
    '',
    mdTable(
      ['Metric', 'From → To', 'Absolute', 'Relative', '95% CI', 'Shared tasks'],
      ['l', 'l', 'r', 'r', 'l', 'r'],
      rows
    ),
    '',
    'Absolute and relative: between the whole-run figures. The 95% CI is of the paired per-task difference on the tasks ' +
      'the two runs share (none when they share fewer than two).'
  ].join('\n')
}

function perTask(r: MultiCompareReport): string | null {
  if (r.perTask.length === 0) return null
  const head = ['Task', ...r.runs.map((run) => mdText(run.name))]
  const rows = r.perTask.map((t) => [mdCode(t.taskKey, true), ...t.rewards.map(rolloutsCell)])
  const capped = r.perTaskCapped
    ? ` The first ${r.perTask.length} tasks are listed (rollscope compare --json has the same list).`
    : ''
  return [
    '## Rewards per rollout',
    '',
    mdTable(
      head,
      head.map((_, i) => (i === 0 ? 'l' : 'r')),
      rows
    ),
    '',
    `Each task's rollout rewards in rollout order; – where a run lacks the task. ${r.sharedTasks} tasks are in every run.${capped}`
  ].join('\n')
}

function caveatSection(r: MultiCompareReport): string | null {
  const rest = laterWarnings(r.warnings)
  return rest.length ? ['## Caveats', '', ...rest.map((w) => `- ${mdText(w.message, Infinity)}`)].join('\n') : null
}

export function multiCompareMarkdown(report: MultiCompareReport): string {
  const sections = [header(report), runsTable(report), changes(report), perTask(report), caveatSection(report)]
  return sections.filter((s): s is string => s !== null).join('\n\n') + '\n'
}

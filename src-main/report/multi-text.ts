/**
 * Three or more runs side by side in a terminal (`rollscope compare A B C …`): each run's verdict against the
 * baseline, the warnings that can change it, the runs numbered #1, #2, … (run names often share a long prefix, so
 * cut to a column's width they would all read alike), the runs table, the changes with paired CIs, a few tasks'
 * rollout rewards, the rest of the caveats. Every string from a trace goes through the CLI's terminal-safe helpers.
 */
import type { MultiCompareReport } from '@contract/multi-compare'
import { STD_NOTE } from '@contract/display'
import { formatTable, oneLine, type Column } from './text-format'
import { changeLines, rolloutsCell, runLines, type MultiLine } from './multi-sections'
import { laterWarnings, upFrontWarnings, warningLead, afterLead } from './report-warnings'

/** Tasks whose rollout rewards a terminal lists (--json and --md have up to 200). */
const TERMINAL_TASKS = 10

/** "#2", the run's number in the legend. */
const tag = (i: number): string => `#${i + 1}`

export function formatMultiCompare(r: MultiCompareReport): string {
  const base = oneLine(r.runs[r.baseline].name)
  const out: string[] = []
  r.verdicts.forEach((v, i) => {
    if (v) out.push(`${oneLine(r.runs[i].name)} (B) against ${base} (A): ${oneLine(v.text)}`)
  })
  for (const w of upFrontWarnings(r.warnings)) out.push(`  ! ${warningLead(w)}: ${oneLine(afterLead(w))}`)
  out.push('', 'RUNS')
  r.runs.forEach((run, i) => {
    const facts = [run.id, run.model, run.env]
      .filter(Boolean)
      .map((f) => oneLine(String(f)))
      .join('; ')
    out.push(`  ${tag(i).padEnd(4)}${oneLine(run.name)}${i === r.baseline ? ' (baseline)' : ''}  (${facts})`)
  })
  out.push('')

  const runCols: Column<MultiLine>[] = [
    { header: 'METRIC', cell: (l) => l.label, maxWidth: 48 },
    ...r.runs.map((_, i): Column<MultiLine> => ({
      header: i === r.baseline ? `${tag(i)} BASELINE` : tag(i),
      cell: (l) => l.cells[i],
      align: 'right',
      maxWidth: 40
    }))
  ]
  out.push(formatTable(runLines(r, false), runCols))

  const changes = changeLines(r)
  if (changes.length) {
    out.push(
      formatTable(changes, [
        { header: 'CHANGE', cell: (c) => c.label, maxWidth: 40 },
        { header: 'FROM → TO', cell: (c) => `${tag(c.fromIndex)} → ${tag(c.toIndex)}` },
        { header: 'ABSOLUTE', cell: (c) => c.absolute, align: 'right' },
        { header: 'RELATIVE', cell: (c) => c.relative, align: 'right' },
        { header: '95% CI', cell: (c) => c.ci },
        { header: 'TASKS', cell: (c) => c.tasks, align: 'right' }
      ])
    )
  }

  if (r.perTask.length) {
    const shown = r.perTask.slice(0, TERMINAL_TASKS)
    out.push(
      'REWARDS PER ROLLOUT',
      formatTable(shown, [
        { header: 'TASK', cell: (t) => t.taskKey, maxWidth: 30 },
        ...r.runs.map((_, i) => ({
          header: tag(i),
          cell: (t: (typeof shown)[number]) => rolloutsCell(t.rewards[i]),
          maxWidth: 48
        }))
      ]) +
        (r.perTask.length > shown.length
          ? `… ${r.perTask.length - shown.length} more tasks (--md or --json lists them)\n`
          : '')
    )
  }

  const notes = [
    ...laterWarnings(r.warnings).map((w) => w.message),
    'Each column is over its whole run; CIs are of the paired per-task difference on the tasks two runs share. Steps are agent actions.',
    STD_NOTE
  ]
  out.push('CAVEATS', ...notes.map((n) => `  - ${oneLine(n)}`))
  return out.join('\n') + '\n'
}

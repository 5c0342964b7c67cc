/**
 * A training curve in a terminal (`rollscope curve RUN`): the step table, then the tasks learned and forgotten (the
 * first few; --md and --json list them all). Every string from a trace goes through the CLI's terminal-safe helpers.
 */
import type { CurvePoint, TrainingCurve } from '@contract/training'
import { fmtNumber, STD_NOTE } from '@contract/display'
import { formatTable, oneLine, truncate } from './text-format'
import {
  curveColumns,
  forgottenTasks,
  learnedTasks,
  LEARNED_FORGOTTEN_RULE,
  stepsSpan,
  tasksNotFollowed
} from './curve-sections'
import { laterWarnings, upFrontWarnings, warningLead, afterLead } from './report-warnings'

/** Tasks a terminal names per list. */
const TERMINAL_TASKS = 10

function names<T extends { taskKey: string }>(items: T[], say: (t: T) => string): string {
  const shown = items.slice(0, TERMINAL_TASKS).map((t) => `${truncate(oneLine(t.taskKey), 40)} (${say(t)})`)
  const more = items.length - shown.length
  return (shown.join(', ') || '-') + (more > 0 ? `, +${more} more` : '')
}

export function formatCurve(c: TrainingCurve): string {
  const out = [`${oneLine(c.runName)}: ${stepsSpan(c)}, each over the step's whole batch`]
  for (const w of upFrontWarnings(c.warnings)) out.push(`  ! ${warningLead(w)}: ${oneLine(afterLead(w))}`)
  out.push('')
  out.push(
    formatTable<CurvePoint>(
      c.points,
      // σ stays σ (its capital, Σ, reads as a sum)
      curveColumns(c).map((col) => ({
        header: col.header === 'σ' ? 'σ' : col.header.toUpperCase(),
        cell: col.cell,
        align: col.numeric ? 'right' : 'left'
      }))
    )
  )
  const learned = learnedTasks(c)
  const forgotten = forgottenTasks(c)
  const notFollowed = tasksNotFollowed(c)
  out.push(
    ...(notFollowed
      ? [`TASKS  ${notFollowed}`]
      : [
          `TASKS  ${fmtNumber(c.followedTasks)} sampled at two or more steps; learned ${learned.length}, forgotten ${forgotten.length}`,
          `  learned    ${names(learned, (t) => `step ${t.step}`)}`,
          `  forgotten  ${names(forgotten, (t) => `${t.passedAt} → ${t.failedAt}`)}`,
          `  (${LEARNED_FORGOTTEN_RULE})`
        ]),
    ''
  )
  const notes = [
    ...laterWarnings(c.warnings).map((w) => w.message),
    'No-signal groups: a task’s rollouts at a step with all rewards equal (no GRPO signal).',
    STD_NOTE
  ]
  out.push('NOTES', ...notes.map((n) => `  - ${oneLine(n)}`))
  return out.join('\n') + '\n'
}

/**
 * A training curve as Markdown (`rollscope curve RUN --md`): the step table over each step's whole batch (report
 * 004's reward by step, with σ, pass rate, steps, tokens and GRPO's groups without signal), then the tasks learned
 * and forgotten along the way. Runtime-neutral.
 */
import type { TrainingCurve } from '@contract/training'
import { fmtNumber, STD_NOTE } from '@contract/display'
import { capped } from './report-sections'
import { mdCode, mdText } from './md-escape'
import { mdTable } from './md-table'
import {
  curveColumns,
  forgottenTasks,
  learnedTasks,
  LEARNED_FORGOTTEN_RULE,
  stepsSpan,
  tasksNotFollowed
} from './curve-sections'
import { laterWarnings, upFrontWarnings, warningLead, afterLead } from './report-warnings'

function intro(c: TrainingCurve): string {
  const lines = [
    `# ${mdText(c.runName)}: training curve`,
    '',
    `${stepsSpan(c)}; each row is the whole batch the trainer wrote at that step (every rollout, whichever tasks it sampled).`
  ]
  const first = upFrontWarnings(c.warnings)
  if (first.length) lines.push('', ...first.map((w) => `- ⚠ **${warningLead(w)}:** ${mdText(afterLead(w), Infinity)}`))
  return lines.join('\n')
}

function stepTable(c: TrainingCurve): string {
  const cols = curveColumns(c)
  return [
    '## By step',
    '',
    mdTable(
      cols.map((col) => col.header),
      cols.map((col) => (col.numeric ? 'r' : 'l')),
      c.points.map((p) => cols.map((col) => col.cell(p)))
    ),
    '',
    'Steps are agent actions per episode; tokens are means per episode. No-signal groups: groups of two or more rollouts ' +
      'of a task at the step whose rewards are all equal (GRPO learns nothing from them), of all such groups. ' +
      STD_NOTE
  ].join('\n')
}

function tasks(c: TrainingCurve): string {
  const learned = learnedTasks(c)
  const forgotten = forgottenTasks(c)
  const list = <T extends { taskKey: string }>(items: T[], say: (t: T) => string): string => {
    const { shown, more } = capped(items)
    return shown.map((t) => `${mdCode(t.taskKey)} (${say(t)})`).join(', ') + (more ? `, +${more} more` : '')
  }
  const notFollowed = tasksNotFollowed(c)
  if (notFollowed) return ['## Tasks learned and forgotten', '', `Tasks ${notFollowed}.`].join('\n')
  const lines = [
    '## Tasks learned and forgotten',
    '',
    `${fmtNumber(c.followedTasks)} tasks were sampled at two or more steps. ${LEARNED_FORGOTTEN_RULE[0].toUpperCase()}${LEARNED_FORGOTTEN_RULE.slice(1)}.`,
    '',
    `- **Learned (${learned.length}):** ${learned.length ? list(learned, (t) => `step ${t.step}`) : 'none'}`,
    `- **Forgotten (${forgotten.length}):** ${forgotten.length ? list(forgotten, (t) => `passed at step ${t.passedAt}, failed at ${t.failedAt}`) : 'none'}`
  ]
  return lines.join('\n')
}

export function curveMarkdown(c: TrainingCurve): string {
  const rest = laterWarnings(c.warnings)
  const notes = rest.length ? ['## Notes', '', ...rest.map((w) => `- ${mdText(w.message, Infinity)}`)].join('\n') : null
  return [intro(c), stepTable(c), tasks(c), notes].filter((s): s is string => s !== null).join('\n\n') + '\n'
}

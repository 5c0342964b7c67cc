/**
 * What the terminal and Markdown renderings of a training curve (TrainingCurve) derive before writing it out: the
 * step table's columns (those the run has figures for) and the tasks learned and forgotten, with the steps at which
 * that happened. Task keys come from traces: the renderers escape them. Runtime-neutral.
 */
import type { SeriesTask } from '@contract/compare'
import type { CurvePoint, TrainingCurve } from '@contract/training'
import { fmtFraction, fmtNumber, fmtPercent, fmtRange, fmtValue, NONE } from '@contract/display'

export interface CurveColumn {
  header: string
  cell: (p: CurvePoint) => string
  /** Whether the point has something for this column (a column no point has is left out). */
  has: (p: CurvePoint) => boolean
  numeric: boolean
}

const always = (): boolean => true
const known = (x: number | null): boolean => x !== null

/** Every column a step table may have, in reading order (report 004's "step: reward, turns", then GRPO's own). */
const COLUMNS: CurveColumn[] = [
  { header: 'Step', cell: (p) => String(p.step), has: always, numeric: true },
  { header: 'Episodes', cell: (p) => fmtNumber(p.episodes), has: always, numeric: true },
  { header: 'Tasks', cell: (p) => fmtNumber(p.tasks), has: always, numeric: true },
  {
    header: 'Mean reward',
    cell: (p) => fmtValue('reward', p.meanReward),
    has: (p) => known(p.meanReward),
    numeric: true
  },
  { header: 'σ', cell: (p) => fmtValue('reward', p.rewardStd), has: (p) => known(p.rewardStd), numeric: true },
  {
    header: 'Min – max',
    cell: (p) => fmtRange('reward', p.rewardMin, p.rewardMax),
    has: (p) => known(p.rewardMin),
    numeric: true
  },
  { header: 'Pass rate', cell: (p) => fmtPercent(p.passRate), has: (p) => known(p.passRate), numeric: true },
  { header: 'Mean steps', cell: (p) => fmtValue('steps', p.meanSteps), has: (p) => known(p.meanSteps), numeric: true },
  { header: 'Tokens in', cell: (p) => fmtValue('tokens', p.tokensIn), has: (p) => known(p.tokensIn), numeric: true },
  { header: 'Tokens out', cell: (p) => fmtValue('tokens', p.tokensOut), has: (p) => known(p.tokensOut), numeric: true },
  {
    header: 'No-signal groups',
    cell: (p) =>
      p.noSignalShare === null
        ? NONE
        : `${fmtPercent(p.noSignalShare)} (${fmtFraction(Math.round(p.noSignalShare * p.groups), p.groups)})`,
    has: (p) => p.groups > 0,
    numeric: true
  },
  { header: 'Truncated', cell: (p) => fmtPercent(p.truncatedShare), has: (p) => !!p.truncatedShare, numeric: true },
  { header: 'Errors', cell: (p) => fmtPercent(p.errorShare), has: (p) => !!p.errorShare, numeric: true }
]

/** The columns this curve has figures for. */
export function curveColumns(c: TrainingCurve): CurveColumn[] {
  return COLUMNS.filter((col) => c.points.some(col.has))
}

export interface LearnedTask {
  taskKey: string
  /** The step at which it first passed after failing. */
  step: number
}

export interface ForgottenTask {
  taskKey: string
  /** The first step it passed at, and the first later step it failed at. */
  passedAt: number
  failedAt: number
}

/** Tasks that end passing after failing before, with the step from which they passed (SeriesTask.learnedAt), in step order. */
export function learnedTasks(c: TrainingCurve): LearnedTask[] {
  return c.tasks
    .filter((t) => t.learnedAt !== null)
    .map((t) => ({ taskKey: t.taskKey, step: c.points[t.learnedAt as number].step }))
    .sort((x, y) => x.step - y.step)
}

/**
 * Tasks that end failing after passing, with the step of their last pass and of the fail after it (where the failing
 * they end on began), in the order they were lost.
 */
export function forgottenTasks(c: TrainingCurve): ForgottenTask[] {
  const out: ForgottenTask[] = []
  for (const t of c.tasks.filter((x: SeriesTask) => x.forgotten)) {
    const lastPass = t.passed.lastIndexOf(true)
    const lost = lastPass < 0 ? -1 : t.passed.indexOf(false, lastPass + 1)
    if (lost > lastPass)
      out.push({ taskKey: t.taskKey, passedAt: c.points[lastPass].step, failedAt: c.points[lost].step })
  }
  return out.sort((x, y) => x.failedAt - y.failedAt || x.passedAt - y.passedAt)
}

/**
 * Why no task is followed, when that is because the run has no pass/fail verdict ("0 sampled at two or more steps"
 * read as if the run sampled each task once); null otherwise.
 */
export function tasksNotFollowed(c: TrainingCurve): string | null {
  return c.warnings.some((w) => w.code === 'no-verdict')
    ? 'not followed: the run has no pass/fail verdict (no success flag and no pass threshold); set a pass threshold on it'
    : null
}

/** What learned and forgotten mean, said where the lists are. */
export const LEARNED_FORGOTTEN_RULE =
  "learned: ends passing after failing at an earlier step; forgotten: ends failing after passing at an earlier step (a task's verdict at a step is the majority of its rollouts there)"

/** "11 steps (0 to 99)". */
export function stepsSpan(c: TrainingCurve): string {
  const n = c.points.length
  if (n === 0) return 'no steps'
  return n === 1 ? `1 step (${c.points[0].step})` : `${n} steps (${c.points[0].step} to ${c.points[n - 1].step})`
}

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

/**
 * Tasks that passed after failing and were not forgotten later, with the step. A task learned then forgotten is
 * counted once, among the forgotten, as the app's curve and series screens count it (it was counted in both).
 */
export function learnedTasks(c: TrainingCurve): LearnedTask[] {
  return c.tasks
    .filter((t) => t.learnedAt !== null && !t.forgotten)
    .map((t) => ({ taskKey: t.taskKey, step: c.points[t.learnedAt as number].step }))
}

/** Tasks that failed after passing, with both steps. */
export function forgottenTasks(c: TrainingCurve): ForgottenTask[] {
  const out: ForgottenTask[] = []
  for (const t of c.tasks.filter((x: SeriesTask) => x.forgotten)) {
    const first = t.passed.indexOf(true)
    const later = first < 0 ? -1 : t.passed.indexOf(false, first + 1)
    if (later > first) out.push({ taskKey: t.taskKey, passedAt: c.points[first].step, failedAt: c.points[later].step })
  }
  return out
}

/** "11 steps (0 to 99)". */
export function stepsSpan(c: TrainingCurve): string {
  const n = c.points.length
  if (n === 0) return 'no steps'
  return n === 1 ? `1 step (${c.points[0].step})` : `${n} steps (${c.points[0].step} to ${c.points[n - 1].step})`
}

/**
 * What the terminal and Markdown renderings of a run's breakdown (RunBreakdown) derive before writing it out: each
 * row's cells, the best and worst values (report 000's per-archetype tables), and where the failures are (report 000:
 * "all 12 failures were on aggregation_min_max at hard"). Field values come from traces: the renderers escape them.
 * Runtime-neutral.
 */
import { breakdownMetricNames, type BreakdownRow, type RunBreakdown } from '@contract/breakdown'
import { fmtFraction, fmtMeanStd, fmtNumber, fmtPercent, fmtValue, NONE } from '@contract/display'

/** How many values the best and worst tables list, and past how many rows they are worth having. */
export const TOP_VALUES = 7

/** "archetype × difficulty". */
export const fieldsTitle = (b: RunBreakdown): string => b.fields.join(' × ')

/** The figure the rows are ranked by (null: the row has none and sorts last). */
export function scoreOf(b: RunBreakdown, row: BreakdownRow): number | null {
  return b.score === 'meanReward' ? row.meanReward : row.passRate
}

export interface BreakdownCells {
  values: string[]
  episodes: string
  tasks: string
  /** "0.5 (σ 0.408)". */
  reward: string
  /** "2/3". */
  passed: string
  passRate: string
  failed: string
  perfect: string
  steps: string
}

export function breakdownCells(row: BreakdownRow): BreakdownCells {
  return {
    values: row.values,
    episodes: fmtNumber(row.episodes),
    tasks: fmtNumber(row.tasks),
    reward: fmtMeanStd('reward', row.meanReward, row.rewardStd),
    passed: fmtFraction(row.passed, row.decided),
    passRate: fmtPercent(row.passRate),
    failed: row.decided ? fmtNumber(row.failed) : NONE,
    perfect: fmtPercent(row.perfectRate),
    steps: row.meanSteps === null ? NONE : fmtNumber(row.meanSteps, 2)
  }
}

/** Which optional columns have anything to show in this breakdown, and the producer metrics it breaks down too. */
export function breakdownColumns(b: RunBreakdown): {
  reward: boolean
  verdict: boolean
  perfect: boolean
  steps: boolean
  metrics: string[]
} {
  const all = [...b.rows, b.total]
  return {
    reward: all.some((r) => r.meanReward !== null),
    verdict: all.some((r) => r.decided > 0),
    perfect: all.some((r) => r.perfectRate !== null),
    steps: all.some((r) => r.meanSteps !== null),
    metrics: breakdownMetricNames(b)
  }
}

/** A row's mean of a producer metric (report 002's six metrics per tier), "–" where none of its episodes has it. */
export function metricCell(row: BreakdownRow, name: string): string {
  const v = row.metrics?.[name]
  return v === undefined ? NONE : fmtNumber(v)
}

/**
 * The best and worst values (best first, worst first), when there are enough rows for separate tables to help;
 * rows without a score are in neither.
 */
export function bestAndWorst(b: RunBreakdown, n = TOP_VALUES): { best: BreakdownRow[]; worst: BreakdownRow[] } | null {
  const scored = b.rows.filter((r) => scoreOf(b, r) !== null)
  if (scored.length <= 2 * n) return null
  return { best: scored.slice(0, n), worst: scored.slice(-n).reverse() }
}

/** The highest and lowest scored row, when two or more rows have a score. */
export function extremes(b: RunBreakdown): { best: BreakdownRow; worst: BreakdownRow } | null {
  const scored = b.rows.filter((r) => scoreOf(b, r) !== null)
  return scored.length >= 2 ? { best: scored[0], worst: scored[scored.length - 1] } : null
}

/** A score as the breakdown ranks it: a mean reward, or a pass rate. */
export function scoreText(b: RunBreakdown, row: BreakdownRow): string {
  return b.score === 'meanReward' ? fmtValue('reward', row.meanReward) : fmtPercent(row.passRate)
}

export interface FailureLine {
  values: string[]
  /** "12 of 12 with a verdict". */
  failed: number
  decided: number
  /** Share of all the run's failures. */
  share: number
}

/** The rows with failures, most failures first: where a run fails, by value (or by value pair of a cross-tab). */
export function failureLines(b: RunBreakdown): FailureLine[] {
  const total = b.total.failed
  return b.rows
    .filter((r) => r.failed > 0)
    .map((r) => ({ values: r.values, failed: r.failed, decided: r.decided, share: total ? r.failed / total : 0 }))
    .sort((x, y) => y.failed - x.failed || x.values.join('\u0000').localeCompare(y.values.join('\u0000')))
}

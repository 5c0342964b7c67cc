/**
 * What the terminal summary, the Markdown and the HTML report derive from a CompareReport before writing it out, so
 * all three show the same sections with the same numbers: categories grouped by field with their best and worst
 * value, the flips grouped by category, capped lists, the caveats, whether the whole-run columns are needed.
 * Runtime-neutral.
 */
import type { CategoryRow, CompareReport, CompareRunRef, MetricUnit } from '@contract/compare'
import { ciExcludesZero, fmtNumber } from '@contract/display'
import { laterWarnings } from './report-warnings'

/** Task lists in a report stop after this many keys ("+N more"); the JSON has them all. */
export const LISTED_TASKS = 20
/** The RR@k points the issue asks for in the tables (the chart shows the whole curve). */
export const RR_POINTS = [5, 10, 15, 20]

export interface CategoryGroup {
  field: string
  /** Best delta first, as the engine sorts them. */
  rows: CategoryRow[]
  /** Highest and lowest delta, when at least two values have one. */
  best: CategoryRow | null
  worst: CategoryRow | null
}

/** perCategory split by field, in the order the fields first appear. */
export function categoryGroups(report: CompareReport): CategoryGroup[] {
  const byField = new Map<string, CategoryRow[]>()
  for (const row of report.perCategory) byField.set(row.field, [...(byField.get(row.field) ?? []), row])
  return [...byField].map(([field, rows]) => {
    const withDelta = rows.filter((r) => r.delta !== null)
    if (withDelta.length < 2) return { field, rows, best: null, worst: null }
    const sorted = [...withDelta].sort((x, y) => (y.delta as number) - (x.delta as number))
    return { field, rows, best: sorted[0], worst: sorted[sorted.length - 1] }
  })
}

/** The first `cap` items and how many were left out, of `total` (the report's own lists may be capped already). */
export function capped<T>(items: T[], cap = LISTED_TASKS, total = items.length): { shown: T[]; more: number } {
  const shown = items.slice(0, cap)
  return { shown, more: Math.max(0, total - shown.length) }
}

/** ", 2.5 rollouts per task" for a run line; empty when unknown. */
export function rolloutsPhrase(run: CompareRunRef): string {
  const n = run.rolloutsPerTask
  return n === null ? '' : `, ${fmtNumber(n, 1)} rollout${n === 1 ? '' : 's'} per task`
}

export interface TaskGroup {
  /** The category value, or null for tasks without one (or when the report carries no categories). */
  value: string | null
  tasks: string[]
}

/** The field the flips are grouped by: the first field of the breakdown, when the report has task categories. */
export function flipGroupField(report: CompareReport): string | null {
  if (!report.flipCategories || report.perCategory.length === 0) return null
  return report.perCategory[0].field
}

/** Task keys grouped by their value of `field` (largest group first; tasks without a value last). */
export function groupTasks(report: CompareReport, tasks: string[], field: string | null): TaskGroup[] {
  if (field === null) return tasks.length ? [{ value: null, tasks }] : []
  const groups = new Map<string | null, string[]>()
  for (const key of tasks) {
    const value = report.flipCategories?.[key]?.[field] ?? null
    groups.set(value, [...(groups.get(value) ?? []), key])
  }
  return [...groups]
    .map(([value, keys]) => ({ value, tasks: keys }))
    .sort((x, y) => (x.value === null ? 1 : 0) - (y.value === null ? 1 : 0) || y.tasks.length - x.tasks.length)
}

/** RR@k at the points the issue names, when the report has them. */
export function rrPoints(report: CompareReport): CompareReport['solvedWithin'] {
  return RR_POINTS.flatMap((k) => report.solvedWithin.filter((s) => s.k === k))
}

/** The "Caveats" text: the warnings not shown under the verdict, then what the CI means, then how it was computed. */
export function caveats(report: CompareReport): string[] {
  const lines = laterWarnings(report.warnings).map((w) => w.message)
  if (report.ciNote) lines.push(report.ciNote)
  const method =
    report.ci.method === 'paired-bootstrap'
      ? `CIs: paired bootstrap over shared tasks, ${report.ci.resamples} resamples, seed ${report.ci.seed} (rerun with the same seed for the same numbers).`
      : `CIs: normal approximation of the paired bootstrap (many tasks), seed ${report.ci.seed}.`
  lines.push(method)
  return lines
}

/** Whether the runs cover different tasks: the shared-task figures then are not the runs' own, and the reports show both. */
export const tasksDiffer = (report: CompareReport): boolean => report.onlyA > 0 || report.onlyB > 0

/** "Numbers are on the N shared tasks (only A: x, only B: y)", and where the whole-run figures are. */
export function sharedNote(report: CompareReport): string {
  const shared = `${report.sharedTasks.toLocaleString('en-US')} tasks both runs have`
  if (!tasksDiffer(report))
    return `Every number is computed on the ${shared}; per task first (mean over its rollouts), then over tasks.`
  return (
    `The paired numbers (A, B, Δ, CI) are computed on the ${shared} (${report.onlyA} only in A, ${report.onlyB} only in B); ` +
    `per task first (mean over its rollouts), then over tasks. The whole-run columns are each run's own figure over ` +
    `all its episodes (A: ${report.runA.tasks} tasks, B: ${report.runB.tasks}).`
  )
}

/**
 * The unit of the per-category scores: the engine scores categories by mean reward when the runs have rewards on the
 * shared tasks (the paired reward metric then has tasks), else by pass rate.
 */
export function categoryUnit(report: CompareReport): MetricUnit {
  return report.metrics.some((m) => m.key === 'reward' && m.n > 0) ? 'reward' : 'rate'
}

/** An improvement, a regression or neither: only when the metric has a better direction and the CI excludes 0. */
export function changeDirection(
  better: 'higher' | 'lower' | null,
  delta: number | null | undefined,
  ci: [number, number] | null | undefined
): 'better' | 'worse' | 'same' {
  if (typeof delta !== 'number' || !better || !ciExcludesZero(ci) || delta === 0) return 'same'
  return (better === 'higher') === delta > 0 ? 'better' : 'worse'
}

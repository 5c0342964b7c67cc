/**
 * What the Markdown and the HTML report derive from a CompareReport before writing it out, so both show the same
 * sections with the same numbers: categories grouped by field with their best and worst value, the flips grouped by
 * category, capped lists, the caveats. Runtime-neutral.
 */
import type { CategoryRow, CompareReport } from '@contract/compare'

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

/** The first `cap` items and how many were left out. */
export function capped<T>(items: T[], cap = LISTED_TASKS): { shown: T[]; more: number } {
  return { shown: items.slice(0, cap), more: Math.max(0, items.length - cap) }
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

/** The "Caveats" text: every warning, then what the CI means, then where the numbers come from. */
export function caveats(report: CompareReport): string[] {
  const lines = report.warnings.map((w) => w.message)
  if (report.ciNote) lines.push(report.ciNote)
  const method =
    report.ci.method === 'paired-bootstrap'
      ? `CIs: paired bootstrap over shared tasks, ${report.ci.resamples} resamples, seed ${report.ci.seed} (rerun with the same seed for the same numbers).`
      : `CIs: normal approximation of the paired bootstrap (many tasks), seed ${report.ci.seed}.`
  lines.push(method)
  return lines
}

/** "Numbers are on the N shared tasks (only A: x, only B: y)." */
export function sharedNote(report: CompareReport): string {
  const only = report.onlyA || report.onlyB ? ` (${report.onlyA} only in A, ${report.onlyB} only in B, left out)` : ''
  return `Every number is computed on the ${report.sharedTasks} tasks both runs have${only}; per task first (mean over its rollouts), then over tasks.`
}

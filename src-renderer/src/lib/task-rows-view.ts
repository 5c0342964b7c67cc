import type { FailureMode, TaskFlipCell, TaskFlipRow } from '@contract/compare'
export { failureText, passCount } from '@contract/task-row-text'

/**
 * The per-task flip table's view over the engine's rows (CompareReport.taskRows): which rows show and in what order.
 * Every figure is the engine's; this only filters and orders them.
 */

/** Which rows show: one cell of the flip table, the tasks that changed verdict (fixed and broken), or all. */
export type TaskRowFilter = TaskFlipCell | 'changed' | 'all'

export type TaskRowSortKey = 'regression' | 'task' | 'category' | 'a' | 'b' | 'rewardDelta' | 'failure'

export interface TaskRowSort {
  key: TaskRowSortKey
  /** Reverses the key's natural order (regression: most improved first). */
  desc: boolean
}

export const DEFAULT_TASK_SORT: TaskRowSort = { key: 'regression', desc: false }

export function filterTaskRows(rows: readonly TaskFlipRow[], filter: TaskRowFilter): TaskFlipRow[] {
  if (filter === 'all') return [...rows]
  if (filter === 'changed') return rows.filter((r) => r.cell === 'broken' || r.cell === 'fixed')
  return rows.filter((r) => r.cell === filter)
}

const FAILURE_ORDER: Record<FailureMode, number> = { harness: 0, mixed: 1, model: 2 }

type Value = number | string | null

function valueOf(r: TaskFlipRow, key: TaskRowSortKey, category: string | null): Value {
  switch (key) {
    case 'task':
      return r.taskKey
    case 'category':
      return category === null ? null : (r.categories[category] ?? null)
    case 'a':
      return r.a.decided ? r.a.passed / r.a.decided : null
    case 'b':
      return r.b.decided ? r.b.passed / r.b.decided : null
    case 'rewardDelta':
      return r.rewardDelta
    case 'failure':
      return r.failure === null ? null : FAILURE_ORDER[r.failure]
    case 'regression':
      return null
  }
}

/**
 * Rows in the asked order. `regression` keeps the engine's order (pass delta, then reward delta, ascending: most
 * regressed first) or reverses it (rows without a delta still last); any other key sorts by its value with rows lacking one last either way, ties in
 * the engine's order.
 */
export function sortTaskRows(rows: readonly TaskFlipRow[], sort: TaskRowSort, category: string | null): TaskFlipRow[] {
  if (sort.key === 'regression') {
    if (!sort.desc) return [...rows]
    // most improved first; rows without any delta stay last
    const none = (r: TaskFlipRow): boolean => r.passDelta === null && r.rewardDelta === null
    return [...rows.filter((r) => !none(r)).reverse(), ...rows.filter(none)]
  }
  const at = new Map(rows.map((r, i) => [r, i]))
  const dir = sort.desc ? -1 : 1
  return [...rows].sort((x, y) => {
    const a = valueOf(x, sort.key, category)
    const b = valueOf(y, sort.key, category)
    if (a === null || b === null) {
      if (a !== b) return a === null ? 1 : -1
    } else if (a !== b) return (a < b ? -1 : 1) * dir
    return at.get(x)! - at.get(y)!
  })
}

/** Next sort when a header is clicked: its natural order, then reversed, then back to the default. */
export function nextTaskSort(current: TaskRowSort, key: TaskRowSortKey): TaskRowSort {
  if (current.key !== key) return { key, desc: false }
  return current.desc ? DEFAULT_TASK_SORT : { key, desc: true }
}

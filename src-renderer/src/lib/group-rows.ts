import type { TaskFlipRow } from '@contract/compare'

/**
 * Which tasks the Groups tab lists: all; by their change (the engine's per-task cell: broken, fixed, either); or the
 * groups without GRPO signal (every rollout the same reward) in A, in B, in either or in both.
 */
export type GroupFilter = 'all' | 'broken' | 'fixed' | 'changed' | 'either' | 'a' | 'b' | 'both'

/** By task key, or by the engine's per-task reward delta (most regressed or most improved first). */
export type GroupSort = 'task' | 'deltaUp' | 'deltaDown'

function keep(filter: GroupFilter, flat: { a: boolean; b: boolean }, row: TaskFlipRow | undefined): boolean {
  switch (filter) {
    case 'broken':
    case 'fixed':
      return row?.cell === filter
    case 'changed':
      return row?.cell === 'broken' || row?.cell === 'fixed'
    case 'either':
      return flat.a || flat.b
    case 'a':
      return flat.a
    case 'b':
      return flat.b
    case 'both':
      return flat.a && flat.b
    case 'all':
      return true
  }
}

/**
 * The task keys to list, filtered and in order. Deltas are the engine's (CompareReport.taskRows); tasks without one
 * (in one run only, or without rewards) come last in either delta order, by key.
 */
export function groupKeys(
  keys: readonly string[],
  noSignal: (key: string) => { a: boolean; b: boolean },
  rows: ReadonlyMap<string, TaskFlipRow>,
  filter: GroupFilter,
  sort: GroupSort
): string[] {
  const kept = [...keys].sort().filter((k) => keep(filter, noSignal(k), rows.get(k)))
  if (sort === 'task') return kept
  const dir = sort === 'deltaUp' ? 1 : -1
  const delta = (k: string): number | null => rows.get(k)?.rewardDelta ?? null
  return kept.sort((x, y) => {
    const a = delta(x)
    const b = delta(y)
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
    return (a - b) * dir
  })
}

import type { SeriesTask } from '@contract/compare'

/**
 * Where a task's verdict turned: the point it first passed at, and the first point it failed at after that (it was
 * forgotten there: SeriesTask.forgotten, whether or not it was learned again later).
 */
export function taskTurns(t: SeriesTask): { firstSolved: number | null; forgottenAt: number | null } {
  const first = t.passed.indexOf(true)
  if (first < 0) return { firstSolved: null, forgottenAt: null }
  const lost = t.passed.findIndex((p, i) => i > first && p === false)
  return { firstSolved: first, forgottenAt: lost < 0 ? null : lost }
}

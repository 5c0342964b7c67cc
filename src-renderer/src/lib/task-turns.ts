import type { SeriesTask } from '@contract/compare'

/**
 * Where a task's verdict turned: the point it first passed at, and, for a task forgotten (SeriesTask.forgotten: it
 * ends failing after passing), the first fail after its last pass, where the failing it ended on began.
 */
export function taskTurns(t: SeriesTask): { firstSolved: number | null; forgottenAt: number | null } {
  const first = t.passed.indexOf(true)
  if (first < 0) return { firstSolved: null, forgottenAt: null }
  const lastPass = t.passed.lastIndexOf(true)
  const lost = t.passed.findIndex((p, i) => i > lastPass && p === false)
  return { firstSolved: first, forgottenAt: lost < 0 ? null : lost }
}

import type { SeriesTask } from '@contract/compare'

/**
 * How a task ended along a series of points (checkpoints, training steps), read over the points it has a verdict at:
 * learned when it ends passing after failing before (at the first point of that last passing stretch), forgotten
 * when it ends failing after passing before; and how often its verdict changed. Sampled at each step as an RL batch
 * samples it, a task flickers: one that ended solved was counted as forgotten for a fail along the way (the curve
 * listed as forgotten three tasks passing 4/4 at their last steps), and learned at its first pass, forgotten after.
 */
export function taskHistory(taskKey: string, passed: (boolean | null)[]): SeriesTask & { changes: number } {
  let changes = 0
  let last: boolean | null = null
  let passedEver = false
  let failedEver = false
  // the first point of the current stretch of one verdict
  let stretchStart = -1
  let failedBeforeStretch = false
  passed.forEach((p, i) => {
    if (p === null) return
    if (p !== last) {
      if (last !== null) changes++
      stretchStart = i
      failedBeforeStretch = failedEver
    }
    if (p) passedEver = true
    else failedEver = true
    last = p
  })
  const learnedAt = last === true && failedBeforeStretch ? stretchStart : null
  const forgotten = last === false && passedEver
  return { taskKey, passed, learnedAt, forgotten, changes }
}

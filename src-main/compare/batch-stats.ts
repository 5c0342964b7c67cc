/**
 * Statistics of a batch of episodes as a whole (a training step's rollouts, a checkpoint's run): every episode
 * counts once, whatever tasks other steps or runs have (a GRPO run samples different problems at every step, so
 * "tasks every step has" would average a sliver of each batch). One pass over the episodes' columns.
 */
import type { CurvePoint } from '@contract/training'
import { describe } from '../stats/describe'
import type { RunValues } from './task-values'

export type BatchStats = Omit<CurvePoint, 'step'>

/** Mean of the finite values of `col` at the given episodes. */
function meanAt(col: Float64Array, idx: ArrayLike<number>): number | null {
  let s = 0
  let n = 0
  for (let k = 0; k < idx.length; k++) {
    const x = col[idx[k]]
    if (x === x) {
      s += x
      n++
    }
  }
  return n ? s / n : null
}

function shareAt(flags: Uint8Array, idx: ArrayLike<number>): number | null {
  if (!idx.length) return null
  let s = 0
  for (let k = 0; k < idx.length; k++) s += flags[idx[k]]
  return s / idx.length
}

/** The batch statistics of the episodes `idx` of a run (all of them when null). */
export function batchStats(v: RunValues, idx: ArrayLike<number> | null = null): BatchStats {
  const at: ArrayLike<number> = idx ?? Int32Array.from({ length: v.episodes }, (_, i) => i)
  const rewards: number[] = []
  // groups: GRPO's groups in this batch, a task's rollouts, or the rollouts of one of its groups where the producer
  // numbers them (info `group`: a task drawn twice in a step is two groups); min and max reward per group
  const groupOf = v.info.get('group')
  const lo = new Map<number | string, number>()
  const hi = new Map<number | string, number>()
  const size = new Map<number | string, number>()
  const tasks = new Set<number>()
  for (let k = 0; k < at.length; k++) {
    const i = at[k]
    const t = v.task[i]
    tasks.add(t)
    const r = v.reward[i]
    if (r !== r) continue
    rewards.push(r)
    const g = groupOf?.[i]
    const key = g === undefined ? t : `${t}\u0000${String(g)}`
    size.set(key, (size.get(key) ?? 0) + 1)
    lo.set(key, Math.min(lo.get(key) ?? Infinity, r))
    hi.set(key, Math.max(hi.get(key) ?? -Infinity, r))
  }
  let groups = 0
  let flat = 0
  for (const [key, n] of size) {
    if (n < 2) continue
    groups++
    if (lo.get(key) === hi.get(key)) flat++
  }
  const d = describe(rewards)
  return {
    episodes: at.length,
    tasks: tasks.size,
    meanReward: d.mean,
    rewardStd: d.std,
    rewardMin: d.min,
    rewardMax: d.max,
    passRate: meanAt(v.passed, at),
    meanSteps: meanAt(v.steps, at),
    meanMessages: meanAt(v.turns, at),
    tokensIn: meanAt(v.tokensIn, at),
    tokensOut: meanAt(v.tokensOut, at),
    noSignalShare: groups ? flat / groups : null,
    groups,
    truncatedShare: shareAt(v.truncated, at),
    errorShare: shareAt(v.errored, at)
  }
}

/** The run's episodes by training step (episodes without a step left out), steps ascending. */
export function episodesByStep(v: RunValues): { step: number; idx: Int32Array }[] {
  const by = new Map<number, number[]>()
  for (let i = 0; i < v.episodes; i++) {
    const s = v.step[i]
    if (s !== s) continue
    let list = by.get(s)
    if (!list) by.set(s, (list = []))
    list.push(i)
  }
  return [...by.keys()].sort((a, b) => a - b).map((step) => ({ step, idx: Int32Array.from(by.get(step)!) }))
}

/**
 * The rollouts of a step the batch filters kept (info `batch` = `kept`, as the prime-rl adapter marks them), when the
 * step's episodes say either way; null when none does (a dump without the filters' record).
 */
export function keptStats(
  v: RunValues,
  idx: ArrayLike<number>
): { episodes: number; meanReward: number | null } | null {
  const batch = v.info.get('batch')
  if (!batch) return null
  let known = false
  let n = 0
  let s = 0
  let scored = 0
  for (let k = 0; k < idx.length; k++) {
    const i = idx[k]
    const b = batch[i]
    if (b === 'kept' || b === 'filtered out') known = true
    if (b !== 'kept') continue
    n++
    const r = v.reward[i]
    if (r === r) {
      s += r
      scored++
    }
  }
  return known ? { episodes: n, meanReward: scored ? s / scored : null } : null
}

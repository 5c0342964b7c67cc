import type { Turn } from '@contract/model'

/** Per-step signals of a transcript, for the reward strip. */
export interface RewardSeries {
  /** Positions of turns that carry a reward, with that reward and the running sum up to it. */
  points: { position: number; reward: number; cumulative: number }[]
  /** Per-step metric names (partial progress, reward components) found on any turn. */
  metricNames: string[]
  /** Positions of turns marked as failed (tool error) or cut (truncated). */
  flagged: { position: number; kind: 'error' | 'truncated' }[]
  /** Range of the per-step rewards, and of their running sum; both include 0 (each axis shows zero). */
  min: number
  max: number
  cumMin: number
  cumMax: number
}

/** Collects per-turn rewards, their running sum, step metrics and error / truncation marks. */
export function rewardSeries(turns: readonly Turn[]): RewardSeries {
  const points: RewardSeries['points'] = []
  const flagged: RewardSeries['flagged'] = []
  const names = new Set<string>()
  let sum = 0
  let min = 0
  let max = 0
  let cumMin = 0
  let cumMax = 0
  turns.forEach((t, position) => {
    if (t.reward !== null && Number.isFinite(t.reward)) {
      sum += t.reward
      points.push({ position, reward: t.reward, cumulative: sum })
      min = Math.min(min, t.reward)
      max = Math.max(max, t.reward)
      cumMin = Math.min(cumMin, sum)
      cumMax = Math.max(cumMax, sum)
    }
    for (const k of Object.keys(t.meta?.metrics ?? {})) names.add(k)
    if (t.meta?.error) flagged.push({ position, kind: 'error' })
    else if (t.meta?.truncated) flagged.push({ position, kind: 'truncated' })
  })
  return { points, metricNames: [...names].sort(), flagged, min, max, cumMin, cumMax }
}

/**
 * Whether the strip has anything to draw as it opens: a flagged turn or a per-step reward other than zero. Rewards
 * that are all zero draw a flat line at the bottom of an empty box, which only takes the turns' height. A step metric
 * is not drawn until one is picked (the picker starts at none), so it alone is nothing to draw either.
 */
export function hasSignal(s: RewardSeries): boolean {
  return s.flagged.length > 0 || s.points.some((p) => p.reward !== 0)
}

/**
 * What the strip shows: the chart when it has something to draw (its own signal, or the points of the step metric
 * picked); else only the step-metric picker when there are metrics to pick, so they stay reachable without an empty
 * chart; else nothing.
 */
export function stripContent(s: RewardSeries, pickedMetricPoints: number): 'chart' | 'picker' | 'nothing' {
  if (hasSignal(s) || pickedMetricPoints > 0) return 'chart'
  return s.metricNames.length > 0 ? 'picker' : 'nothing'
}

/** One step metric over the transcript: the positions that record it, with their values. */
export function metricSeries(turns: readonly Turn[], name: string): { position: number; value: number }[] {
  const out: { position: number; value: number }[] = []
  turns.forEach((t, position) => {
    const v = t.meta?.metrics?.[name]
    if (typeof v === 'number' && Number.isFinite(v)) out.push({ position, value: v })
  })
  return out
}

/** The position of the turn nearest to `position` among `candidates` (sorted ascending); `position` itself when empty. */
export function nearestPosition(candidates: readonly number[], position: number): number {
  let best = position
  let bestDist = Infinity
  for (const c of candidates) {
    const d = Math.abs(c - position)
    if (d < bestDist) {
      best = c
      bestDist = d
    }
  }
  return best
}

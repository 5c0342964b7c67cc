import type { RewardHistogram } from '@contract/compare'

export const HISTOGRAM_BINS = 20

/**
 * Reward histogram of both runs on common edges: `bins` equal bins over [min, max] of all rewards of both sides
 * (the last bin includes max). All rewards equal: one bin around the value. No rewards: no bins.
 */
export function rewardHistogram(a: ArrayLike<number>, b: ArrayLike<number>, bins = HISTOGRAM_BINS): RewardHistogram {
  let min = Infinity
  let max = -Infinity
  for (const xs of [a, b])
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]
      if (x !== x) continue
      if (x < min) min = x
      if (x > max) max = x
    }
  if (min > max) return { edges: [], a: [], b: [] }
  const nb = min === max ? 1 : bins
  const lo = min === max ? min - 0.5 : min
  const width = min === max ? 1 : (max - min) / nb
  const edges = Array.from({ length: nb + 1 }, (_, i) => (i === nb ? (min === max ? min + 0.5 : max) : lo + i * width))
  const count = (xs: ArrayLike<number>): number[] => {
    const c = new Array<number>(nb).fill(0)
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]
      if (x !== x) continue
      c[Math.min(nb - 1, Math.floor((x - lo) / width))]++
    }
    return c
  }
  return { edges, a: count(a), b: count(b) }
}

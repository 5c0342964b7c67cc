/**
 * 95% confidence intervals of mean paired differences: a seeded percentile bootstrap over tasks, or the normal
 * approximation it converges to (for task counts where resampling would be too slow).
 */

/** mulberry32: a tiny seeded PRNG (32-bit state, floats in [0, 1)); the same seed gives the same stream everywhere. */
export function mulberry32(seed: number): () => number {
  // State kept as an int32 (`| 0`), not `>>> 0`: a uint32 above 2^31 is a heap double to V8 and makes each draw ~4×
  // slower; the bitwise steps below give the same stream either way.
  let s = seed | 0
  return () => {
    s = (s + 0x6d2b79f5) | 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Quantile of sorted values with linear interpolation between order statistics (R's type 7). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length
  if (n === 0) return NaN
  const h = (n - 1) * q
  const lo = Math.floor(h)
  const hi = Math.min(n - 1, lo + 1)
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo])
}

/** Mean of the non-NaN values, and how many there are. */
export function meanOf(values: ArrayLike<number>): { mean: number; n: number } {
  let s = 0
  let n = 0
  for (let i = 0; i < values.length; i++) {
    const x = values[i]
    if (x === x) {
      s += x
      n++
    }
  }
  return { mean: n ? s / n : NaN, n }
}

export type Ci = [number, number] | null

/**
 * Percentile bootstrap CIs (2.5 / 97.5) of the mean of each column, all columns resampled together: each resample
 * draws `n` tasks with replacement and every column averages its non-NaN values over the drawn tasks, so the
 * columns (metrics of the same tasks) share one stream of draws. Columns have length n; NaN = no value for that task.
 * A column with fewer than 2 values gets null.
 */
export function bootstrapMeanCis(columns: Float64Array[], options: { seed: number; resamples: number }): Ci[] {
  const m = columns.length
  const n = m ? columns[0].length : 0
  const R = Math.max(1, Math.floor(options.resamples))
  const counts = columns.map((c) => meanOf(c).n)
  if (n === 0 || counts.every((c) => c < 2)) return columns.map(() => null)

  // Row-major copy (task by task) so one draw reads one contiguous row.
  const rows = new Float64Array(n * m)
  for (let k = 0; k < m; k++) for (let i = 0; i < n; i++) rows[i * m + k] = columns[k][i]
  const means = columns.map(() => new Float64Array(R))
  const sums = new Float64Array(m)
  const cnt = new Int32Array(m)
  // Complete columns (the usual case) need no per-draw NaN test or count: the drawn-task count is n.
  const complete = counts.every((c) => c === n)
  const rand = mulberry32(options.seed)
  for (let r = 0; r < R; r++) {
    sums.fill(0)
    cnt.fill(0)
    if (complete) {
      for (let i = 0; i < n; i++) {
        const row = ((rand() * n) | 0) * m
        for (let k = 0; k < m; k++) sums[k] += rows[row + k]
      }
      for (let k = 0; k < m; k++) means[k][r] = sums[k] / n
      continue
    }
    for (let i = 0; i < n; i++) {
      const row = ((rand() * n) | 0) * m
      for (let k = 0; k < m; k++) {
        const x = rows[row + k]
        if (x === x) {
          sums[k] += x
          cnt[k]++
        }
      }
    }
    for (let k = 0; k < m; k++) means[k][r] = cnt[k] ? sums[k] / cnt[k] : NaN
  }
  return columns.map((col, k) => {
    if (counts[k] < 2) return null
    const drawn = means[k].filter((x) => x === x).sort()
    return containing([quantileSorted(drawn, 0.025), quantileSorted(drawn, 0.975)], meanOf(col).mean)
  })
}

/** 97.5% quantile of the standard normal. */
export const Z975 = 1.959963984540054

/** Normal-approximation CI of the mean (mean ± z·s/√n, s the sample std); null below 2 values. */
export function normalMeanCi(values: ArrayLike<number>): Ci {
  const { mean, n } = meanOf(values)
  if (n < 2) return null
  let ss = 0
  for (let i = 0; i < values.length; i++) {
    const x = values[i]
    if (x === x) ss += (x - mean) * (x - mean)
  }
  const half = Z975 * Math.sqrt(ss / (n - 1) / n)
  return [mean - half, mean + half]
}

/**
 * A percentile interval of a mean contains the mean up to Monte-Carlo noise; with very skewed data and few tasks the
 * noise can leave the point just outside. Widen to the point then, so a report never shows an estimate outside its CI.
 */
function containing(ci: [number, number], point: number): [number, number] {
  return [Math.min(ci[0], point), Math.max(ci[1], point)]
}

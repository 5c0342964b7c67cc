import type { CiMethod } from '@contract/compare'
import { bootstrapMeanCis, normalMeanCi, type Ci } from './bootstrap'

/**
 * Above this many shared tasks the CIs use the normal approximation instead of resampling. The bootstrap costs
 * resamples × tasks × metrics: at 2,000 resamples and ~14 metrics, 5k tasks take ~0.3 s on one laptop core and 10k
 * ~0.55 s (plus one resampling per category field), while PRODUCT.md §4 wants a whole comparison of 100k tasks under
 * 1 s. At these sizes the bootstrap distribution of a mean is normal to within its own Monte-Carlo noise (CLT; the
 * tests check the two agree at 2k tasks), so nothing is lost.
 */
export const BOOTSTRAP_MAX_TASKS = 5_000

export const DEFAULT_SEED = 1
export const DEFAULT_RESAMPLES = 2000

export function ciMethod(sharedTasks: number, seed = DEFAULT_SEED, resamples = DEFAULT_RESAMPLES): CiMethod {
  return { method: sharedTasks > BOOTSTRAP_MAX_TASKS ? 'normal' : 'paired-bootstrap', seed, resamples }
}

/** CIs of the mean of each column (paired differences, NaN = task without a value) by the report's method. */
export function meanCis(columns: Float64Array[], method: CiMethod): Ci[] {
  if (method.method === 'normal') return columns.map((c) => normalMeanCi(c))
  return bootstrapMeanCis(columns, { seed: method.seed, resamples: method.resamples })
}

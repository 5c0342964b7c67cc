/**
 * Unbiased estimators over a task's n rollouts with c passes (Chen et al. 2021 for pass@k; pass^k as in τ-bench):
 *   pass@k = 1 - C(n-c, k) / C(n, k)   the chance that at least one of k rollouts drawn without replacement passes
 *   pass^k = C(c, k) / C(n, k)         the chance that all k pass
 * Both ratios are computed as products of k factors, which stays exact enough where the binomials overflow.
 */

/** C(m, k) / C(n, k) for m <= n: ∏_{i<k} (m - i) / (n - i); 0 when m < k. */
function binomRatio(m: number, n: number, k: number): number {
  if (m < k) return 0
  let r = 1
  for (let i = 0; i < k; i++) r *= (m - i) / (n - i)
  return r
}

/** pass@k of one task; requires n >= k >= 1. */
export function passAtK(n: number, c: number, k: number): number {
  return 1 - binomRatio(n - c, n, k)
}

/** pass^k of one task; requires n >= k >= 1. */
export function passHatK(n: number, c: number, k: number): number {
  return binomRatio(c, n, k)
}

/** A task's rollouts with a verdict and how many of them passed. */
export interface TaskPasses {
  n: number
  c: number
}

/**
 * Mean pass@k and pass^k over tasks, using only the tasks given (the caller picks tasks with n >= k);
 * nulls when there are none.
 */
export function meanPassAtK(tasks: TaskPasses[], k: number): { passAtK: number | null; passHatK: number | null } {
  if (tasks.length === 0) return { passAtK: null, passHatK: null }
  let at = 0
  let hat = 0
  for (const t of tasks) {
    at += passAtK(t.n, t.c, k)
    hat += passHatK(t.n, t.c, k)
  }
  return { passAtK: at / tasks.length, passHatK: hat / tasks.length }
}

/**
 * McNemar's exact test on the discordant pairs of a paired pass/fail table: under "no difference" a discordant
 * task is as likely fixed as broken, so min(fixed, broken) ~ Binomial(fixed + broken, 1/2).
 * Two-sided p = min(1, 2 · P(X <= min(fixed, broken))); null with no discordant pair.
 * The tail is summed in log space: 2^-n underflows past n ≈ 1074, and 100k-task runs can have more discordant tasks.
 */
export function mcnemarExactP(fixed: number, broken: number): number | null {
  const n = fixed + broken
  if (n === 0) return null
  const k = Math.min(fixed, broken)
  // log C(n, i) built incrementally; log-sum-exp over i = 0..k.
  const terms: number[] = []
  let logC = 0
  for (let i = 0; i <= k; i++) {
    terms.push(logC)
    logC += Math.log(n - i) - Math.log(i + 1)
  }
  const top = Math.max(...terms)
  let s = 0
  for (const t of terms) s += Math.exp(t - top)
  const logTail = top + Math.log(s) - n * Math.LN2
  return Math.min(1, 2 * Math.exp(logTail))
}

/**
 * The step limits of the run-relative anomalies (rules.ts: `short-success`, `long-episode`): a passed episode far
 * shorter than the run's passed median, or any episode far longer than the run's usual. Pure numbers, so the store
 * (db/run-anomalies-sql.ts) and the tests share one definition.
 */
import { LONG_FACTOR, LONG_IQR, MIN_EPISODES, MIN_PASSED, SHORT_FACTOR } from './rules'

/** The q-quantile of sorted values, linear between neighbours. */
export function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q
  const lo = Math.floor(pos)
  const hi = Math.ceil(pos)
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo)
}

/** Step limits: below `shortBelow` a passed episode is short, above `longAbove` any episode is long (null: not judged). */
export function runLimits(
  turns: readonly number[],
  passedTurns: readonly number[]
): { shortBelow: number | null; longAbove: number | null } {
  let shortBelow: number | null = null
  if (passedTurns.length >= MIN_PASSED)
    shortBelow =
      SHORT_FACTOR *
      quantile(
        [...passedTurns].sort((a, b) => a - b),
        0.5
      )
  let longAbove: number | null = null
  if (turns.length >= MIN_EPISODES) {
    const s = [...turns].sort((a, b) => a - b)
    const q1 = quantile(s, 0.25)
    const q3 = quantile(s, 0.75)
    longAbove = Math.max(LONG_FACTOR * quantile(s, 0.5), q3 + LONG_IQR * (q3 - q1))
  }
  return { shortBelow, longAbove }
}

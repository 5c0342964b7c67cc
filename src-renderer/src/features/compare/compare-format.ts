/**
 * How the compare screens colour a change. Values, deltas, CIs and units are written by the one set of display rules
 * shared with the CLI and the reports (@contract/display: fmtValue, fmtDelta, fmtCi, fmtRelative, "pts").
 */
import type { CompareMetric } from '@contract/compare'
import { ciExcludesZero, fmtFraction, isFiniteNumber, NONE } from '@contract/display'

/**
 * How a change reads: better or worse by the metric's direction, and "clear" when the whole 95% CI is on one side
 * of zero (a change the task sample alone is unlikely to produce). Without a known direction, only "clear" or not.
 */
export type ChangeTone = 'better' | 'better-clear' | 'worse' | 'worse-clear' | 'neutral' | 'neutral-clear'

export function changeTone(
  delta: number | null,
  ci: [number, number] | null,
  better: CompareMetric['better']
): ChangeTone {
  if (!isFiniteNumber(delta) || delta === 0) return 'neutral'
  const clear = ciExcludesZero(ci)
  if (better === null) return clear ? 'neutral-clear' : 'neutral'
  const improved = better === 'higher' ? delta > 0 : delta < 0
  return `${improved ? 'better' : 'worse'}${clear ? '-clear' : ''}`
}

/** A pass count over a category's decided tasks, "0/3 → 2/3". */
export function fmtPassCounts(passedA: number, passedB: number, decided: number): string {
  return decided > 0 ? `${fmtFraction(passedA, decided)} → ${fmtFraction(passedB, decided)}` : NONE
}

/** How the compare screen writes values, deltas and intervals, and colours a change. */
import type { CompareMetric } from '@contract/compare'
import { DASH, fmtInt, fmtNum } from '../../lib/format'

const isNum = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x)

/** A number with the precision its size deserves: 16044.27 → "16,044", 677.98 → "678", 9.188 → "9.188". */
export function fmtMagnitude(x: number): string {
  const abs = Math.abs(x)
  if (abs >= 100) return fmtInt(x)
  return fmtNum(x, abs >= 10 ? 2 : 3)
}

/** A metric's value: rates as percentages, else a number. */
export function fmtValue(x: number | null, isRate: boolean): string {
  if (!isNum(x)) return DASH
  return isRate ? `${trim((x * 100).toFixed(1))}%` : fmtMagnitude(x)
}

/** A signed change: rates in percentage points ("+18.8 pts"), else a signed number. */
export function fmtDelta(x: number | null, isRate: boolean): string {
  if (!isNum(x)) return DASH
  const sign = x > 0 ? '+' : x < 0 ? '−' : '±'
  const abs = Math.abs(x)
  return isRate ? `${sign}${trim((abs * 100).toFixed(1))} pts` : `${sign}${fmtMagnitude(abs)}`
}

/** A relative change as a signed percentage ("+36.7%"). */
export function fmtRel(x: number | null): string {
  if (!isNum(x)) return DASH
  const sign = x > 0 ? '+' : x < 0 ? '−' : '±'
  return `${sign}${trim((Math.abs(x) * 100).toFixed(1))}%`
}

/** The 95% CI of a delta, "[+3.0, +34] pts" for rates. */
export function fmtCi(ci: [number, number] | null, isRate: boolean): string {
  if (!ci) return DASH
  const end = (x: number): string => fmtDelta(x, isRate).replace(/ pts$/, '')
  return `[${end(ci[0])}, ${end(ci[1])}]${isRate ? ' pts' : ''}`
}

/**
 * How a change reads: better or worse by the metric's direction, and "clear" when the whole 95% CI is on one side
 * of zero (a change the task sample alone is unlikely to produce). Without a known direction, only "clear" or not.
 */
export type ChangeTone = 'better' | 'better-clear' | 'worse' | 'worse-clear' | 'neutral' | 'neutral-clear'

export function changeTone(delta: number | null, ci: [number, number] | null, better: CompareMetric['better']): ChangeTone {
  if (!isNum(delta) || delta === 0) return 'neutral'
  const clear = ci !== null && (ci[0] > 0 || ci[1] < 0)
  if (better === null) return clear ? 'neutral-clear' : 'neutral'
  const improved = better === 'higher' ? delta > 0 : delta < 0
  return `${improved ? 'better' : 'worse'}${clear ? '-clear' : ''}`
}

/** A pass count over a category's decided tasks, "0/3 → 2/3". */
export function fmtPassCounts(passedA: number, passedB: number, decided: number): string {
  return decided > 0 ? `${passedA}/${decided} → ${passedB}/${decided}` : DASH
}

function trim(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s
}

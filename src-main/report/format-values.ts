/**
 * How the comparison's numbers read, in one place so the terminal summary, the Markdown and the HTML report agree:
 * rates as percentages and their deltas in percentage points, durations in seconds, token counts as integers.
 * Runtime-neutral (no Node imports): the renderer may use it too.
 */
import type { CompareMetric } from '@contract/compare'

const NONE = '–'

/** What kind of unit a metric's values have. */
type Unit = 'rate' | 'ms' | 'count' | 'plain'

function unitOf(m: Pick<CompareMetric, 'key' | 'isRate'>): Unit {
  if (m.isRate) return 'rate'
  if (m.key === 'durationMs') return 'ms'
  if (m.key === 'tokensIn' || m.key === 'tokensOut') return 'count'
  return 'plain'
}

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n)

/** A real number with up to `decimals` decimals and no trailing zeros past the first (0.5, 12.25, 3). */
export function num(n: number | null | undefined, decimals = 3): string {
  if (!finite(n)) return NONE
  if (Number.isInteger(n)) return n.toLocaleString('en-US')
  if (Math.abs(n) >= 1e6) return n.toExponential(2)
  if (Math.abs(n) < 10 ** -decimals) return n.toExponential(1)
  return n.toFixed(decimals).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')
}

/** A share in [0, 1] as a percentage with one decimal. */
export function pct(n: number | null | undefined): string {
  return finite(n) ? `${(n * 100).toFixed(1)}%` : NONE
}

/** A leading + on positive numbers (a delta reads as a change). */
function signed(text: string, n: number): string {
  return n > 0 ? `+${text}` : text
}

/** A metric's label for the unit shown: durations are in seconds here, so a "(ms)" in the label goes. */
export function metricLabel(m: Pick<CompareMetric, 'key' | 'isRate' | 'label'>): string {
  return unitOf(m) === 'ms' ? m.label.replace(/\s*\(ms\)$/, '') : m.label
}

/** One value of a metric in its unit. */
export function metricValue(m: Pick<CompareMetric, 'key' | 'isRate'>, v: number | null | undefined): string {
  if (!finite(v)) return NONE
  switch (unitOf(m)) {
    case 'rate':
      return pct(v)
    case 'ms':
      return `${num(v / 1000, 1)} s`
    case 'count':
      return Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : num(v, 1)
    default:
      return num(v)
  }
}

/** A difference of two values of a metric: rates in percentage points, the rest in the metric's unit, signed. */
export function metricDelta(m: Pick<CompareMetric, 'key' | 'isRate'>, d: number | null | undefined): string {
  if (!finite(d)) return NONE
  if (unitOf(m) === 'rate') return `${signed((d * 100).toFixed(1), d)} pp`
  return signed(metricValue(m, d), d)
}

/** A relative change as a signed percentage. */
export function relDelta(r: number | null | undefined): string {
  return finite(r) ? signed(`${(r * 100).toFixed(1)}%`, r) : NONE
}

/** A CI of a delta, `[lo, hi]` in the delta's unit. */
export function metricCi(m: Pick<CompareMetric, 'key' | 'isRate'>, ci: [number, number] | null | undefined): string {
  if (!ci) return NONE
  if (unitOf(m) === 'rate') return `[${signed((ci[0] * 100).toFixed(1), ci[0])}, ${signed((ci[1] * 100).toFixed(1), ci[1])}] pp`
  return `[${metricDelta(m, ci[0])}, ${metricDelta(m, ci[1])}]`
}

/** A p-value: three decimals, or `< 0.001`. */
export function pValue(p: number | null | undefined): string {
  if (!finite(p)) return NONE
  return p < 0.001 ? '< 0.001' : p.toFixed(3)
}

/** "2/3" or "–" when no task had a verdict. */
export function fraction(passed: number, of: number): string {
  return of > 0 ? `${passed}/${of}` : NONE
}

/** Whether the delta's CI excludes 0, i.e. the change is distinguishable from noise at the 95% level. */
export function ciExcludesZero(ci: [number, number] | null | undefined): boolean {
  return !!ci && (ci[0] > 0 || ci[1] < 0)
}

/** An improvement, a regression or neither, given which direction is better (unknown direction: neither). */
export function verdict(
  m: Pick<CompareMetric, 'better'>,
  delta: number | null | undefined,
  ci: [number, number] | null | undefined
): 'better' | 'worse' | 'same' {
  if (!finite(delta) || !m.better || !ciExcludesZero(ci) || delta === 0) return 'same'
  const up = delta > 0
  return (m.better === 'higher') === up ? 'better' : 'worse'
}

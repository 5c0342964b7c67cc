/**
 * How Rollscope writes its numbers, defined once for the app, the CLI and the Markdown / HTML reports (PRODUCT.md
 * §2a: "Units, rounding and wording are defined once"). Runtime-neutral: no Node, DOM or React.
 *
 * - Shares (unit `rate`) are percentages with one decimal; their differences are percentage points, written "pts".
 * - Rewards have 3 decimals (0.785, σ 0.100, 1.000: columns line up, as the reports write them); other plain figures
 *   keep up to 3, trailing zeros dropped; large ones are grouped.
 * - Durations pick their unit by size: ms below a second, s below a minute, then min and h.
 * - Signs are real minus signs (−); a positive change gets a +.
 * - Run A (the base, the baseline) and run B (the trained run) have one colour each, A left / first, B right / second.
 */
import type { CompareMetric, CompareRunRef, MetricUnit } from './compare'

export const NONE = '–'
/** Percentage points: the unit of a difference of two rates. */
export const PTS = 'pts'

/** A compared side's name: the run's, with the training step when one step of it is compared. */
export const sideName = (run: Pick<CompareRunRef, 'name' | 'step'>): string =>
  run.step === null ? run.name : `${run.name} @ step ${run.step}`
const MINUS = '−'

/** The colours of run A and run B (and of a delta) in every chart and table, light theme; the dark theme lightens them. */
export const RUN_COLORS = {
  a: '#2563eb',
  b: '#ea580c',
  delta: '#0d9488',
  aDark: '#60a5fa',
  bDark: '#fb923c',
  deltaDark: '#2dd4bf'
} as const

/**
 * Fixed / broken (a task's verdict that flipped) in the app and the HTML report: blue against orange (the Okabe–Ito
 * pair), which colour-blind readers tell apart; a sign or a word always says it too. The app's style sheet
 * (styles/verdict-colours.module.css) holds the same values (checked by a test).
 */
export const VERDICT_COLORS = {
  better: '#0b61a4',
  worse: '#b84f00',
  betterDark: '#62b1ee',
  worseDark: '#f29a4a'
} as const

export const isFiniteNumber = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x)

/**
 * `x` with `digits` decimals, rounded half away from zero on its decimal value, after dropping the last bits a sum's
 * order leaves (12 significant digits kept): one mean summed two ways (SQL's avg over a step, a sum over its episodes)
 * came out 0.70050000000000001 and 0.70049999999999990, and showed as 0.701 on the curve and 0.700 in the step
 * compare. toFixed rounds the binary value, so 0.7005 alone could go either way.
 */
export function toFixedClean(x: number, digits: number): string {
  if (!Number.isFinite(x) || Math.abs(x) >= 1e15) return x.toFixed(digits)
  const scale = 10 ** digits
  const scaled = Number((Math.abs(x) * scale).toPrecision(12))
  const rounded = Math.round(scaled) / scale
  return `${x < 0 && rounded !== 0 ? '-' : ''}${rounded.toFixed(digits)}`
}

/** Drops trailing zeros after the decimal point ("0.500" → "0.5", "3.0" → "3"). */
function trimZeros(s: string): string {
  return s.includes('.') && !s.includes('e') ? s.replace(/\.?0+$/, '') : s
}

/** A real number with up to `decimals` decimals, thousands grouped, trailing zeros dropped (0.5, 12.25, 1,234). */
export function fmtNumber(x: number | null | undefined, decimals = 3): string {
  if (!isFiniteNumber(x)) return NONE
  const abs = Math.abs(x)
  if (abs >= 1e9) return withSign(x, (abs / 1e9).toFixed(2).replace(/\.?0+$/, '') + 'B')
  if (Number.isInteger(x) || abs >= 1000) return withSign(x, Math.round(abs).toLocaleString('en-US'))
  if (abs !== 0 && abs < 10 ** -decimals) return withSign(x, abs.toExponential(1))
  return withSign(x, trimZeros(toFixedClean(abs, abs >= 100 ? 1 : decimals)))
}

/** A leading minus for negative values (the text is of the absolute value). */
function withSign(x: number, absText: string): string {
  return x < 0 ? `${MINUS}${absText}` : absText
}

/** A share in [0, 1] as a percentage with one decimal ("36%", "38.8%"). */
export function fmtPercent(x: number | null | undefined): string {
  return isFiniteNumber(x) ? `${trimZeros(toFixedClean(x * 100, 1))}%` : NONE
}

/** A duration from milliseconds, in the unit its size calls for: "850 ms", "3.4 s", "34 s", "25 min", "1 min 20 s", "2 h 5 min". */
export function fmtDuration(ms: number | null | undefined): string {
  if (!isFiniteNumber(ms)) return NONE
  const abs = Math.abs(ms)
  const sign = ms < 0 ? MINUS : ''
  if (abs < 1000) return `${sign}${Math.round(abs)} ms`
  const s = abs / 1000
  if (s < 10) return `${sign}${trimZeros(s.toFixed(1))} s`
  if (s < 60) return `${sign}${Math.round(s)} s`
  const totalS = Math.round(s)
  if (totalS < 3600) {
    const m = Math.floor(totalS / 60)
    const rest = totalS % 60
    return `${sign}${m} min${rest ? ` ${rest} s` : ''}`
  }
  const totalMin = Math.round(totalS / 60)
  const h = Math.floor(totalMin / 60)
  const m = totalMin % 60
  return `${sign}${h} h${m ? ` ${m} min` : ''}`
}

/** One value of a figure in its unit. */
export function fmtValue(unit: MetricUnit, x: number | null | undefined): string {
  if (!isFiniteNumber(x)) return NONE
  switch (unit) {
    case 'rate':
      return fmtPercent(x)
    case 'ms':
      return fmtDuration(x)
    case 'tokens':
      return Math.abs(x) >= 100 ? fmtNumber(Math.round(x)) : fmtNumber(x, 1)
    case 'steps':
    case 'messages':
    case 'count':
      return fmtNumber(x, 2)
    case 'reward':
      return Math.abs(x) >= 1000 ? fmtNumber(x) : withSign(x, toFixedClean(Math.abs(x), 3))
    default:
      return fmtNumber(x, 3)
  }
}

/** A change of a figure (b − a), signed, in its unit: rates in points ("+16.8 pts"), durations by size ("+22 min"). */
export function fmtDelta(unit: MetricUnit, d: number | null | undefined): string {
  if (!isFiniteNumber(d)) return NONE
  const plus = d > 0 ? '+' : d === 0 ? '±' : ''
  if (unit === 'rate') return `${plus}${withSign(d, trimZeros(toFixedClean(Math.abs(d) * 100, 1)))} ${PTS}`
  return `${plus}${fmtValue(unit, d)}`
}

/** A relative change as a signed percentage ("+25.7%", "−41.2%"). */
export function fmtRelative(r: number | null | undefined): string {
  if (!isFiniteNumber(r)) return NONE
  const plus = r > 0 ? '+' : r === 0 ? '±' : ''
  return `${plus}${withSign(r, trimZeros(toFixedClean(Math.abs(r) * 100, 1)))}%`
}

/** A 95% CI of a change, "−24.5 to −9.8 pts" (its ends signed, the unit once). */
export function fmtCi(unit: MetricUnit, ci: [number, number] | null | undefined): string {
  if (!ci || !isFiniteNumber(ci[0]) || !isFiniteNumber(ci[1])) return NONE
  if (unit === 'rate') {
    const end = (x: number): string =>
      `${x > 0 ? '+' : ''}${withSign(x, trimZeros(toFixedClean(Math.abs(x) * 100, 1)))}`
    return `${end(ci[0])} to ${end(ci[1])} ${PTS}`
  }
  // an end at exactly 0 reads "0" here (as in the rate branch), not the "±0" a change of nothing reads
  const end = (x: number): string => (x === 0 ? '0' : fmtDelta(unit, x))
  return `${end(ci[0])} to ${end(ci[1])}`
}

/**
 * The CI of a change between two whole runs, with the paired change it is about (per task, on the shared tasks) when
 * that reads otherwise than the whole runs' change: "paired −0.277: −0.399 to −0.161" beside a whole-run −0.260.
 */
export function fmtPairedCi(
  unit: MetricUnit,
  change: { delta: number | null; paired: number | null; ci95: [number, number] | null }
): string {
  const ci = fmtCi(unit, change.ci95)
  if (change.paired === null || !change.ci95 || fmtDelta(unit, change.paired) === fmtDelta(unit, change.delta))
    return ci
  return `paired ${fmtDelta(unit, change.paired)}: ${ci}`
}

/**
 * Why a compare row has no confidence interval, in words: a whole-run statistic has none by construction; a paired
 * figure has none when a run does not record it (rewards outside [0, 1] have no perfect rate), when no task has it in
 * both runs, or with a single shared task. Never "too few tasks" when the truth is that a run lacks the figure.
 */
export function noCiReason(m: Pick<CompareMetric, 'kind' | 'a' | 'b' | 'n'>): string {
  if (m.kind === 'summary') return 'whole-run statistic'
  if (!isFiniteNumber(m.a) && !isFiniteNumber(m.b)) return 'neither run records it'
  if (!isFiniteNumber(m.a)) return 'run A does not record it'
  if (!isFiniteNumber(m.b)) return 'run B does not record it'
  if (m.n === 0) return 'no task has it in both runs'
  return m.n === 1 ? 'one shared task: no spread' : 'too few tasks'
}

/** A p-value: three decimals, or "< 0.001". */
export function fmtP(p: number | null | undefined): string {
  if (!isFiniteNumber(p)) return NONE
  return p < 0.001 ? '< 0.001' : p.toFixed(3)
}

/** "2/3", or "–" when nothing had a verdict. */
export function fmtFraction(passed: number, of: number): string {
  return of > 0 ? `${passed}/${of}` : NONE
}

/** "mean (σ s)", the way the reports write a mean with its population standard deviation: "0.785 (σ 0.100)". */
export function fmtMeanStd(unit: MetricUnit, mean: number | null | undefined, std: number | null | undefined): string {
  if (!isFiniteNumber(mean)) return NONE
  return isFiniteNumber(std) ? `${fmtValue(unit, mean)} (σ ${fmtValue(unit, std)})` : fmtValue(unit, mean)
}

/** "min – max" in the unit. */
export function fmtRange(unit: MetricUnit, min: number | null | undefined, max: number | null | undefined): string {
  if (!isFiniteNumber(min) || !isFiniteNumber(max)) return NONE
  return `${fmtValue(unit, min)} – ${fmtValue(unit, max)}`
}

/** Whether a CI lies wholly on one side of 0 (a change the task sample alone is unlikely to produce). */
export function ciExcludesZero(ci: [number, number] | null | undefined): boolean {
  return !!ci && (ci[0] > 0 || ci[1] < 0)
}

/** The sentence every screen says once about standard deviations. */
export const STD_NOTE =
  'σ is the population standard deviation (numpy’s default, as prime eval prints it); confidence intervals use the sample standard deviation.'

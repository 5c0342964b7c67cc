/**
 * Display helpers shared by the tables and headers. Every one returns '–' for a missing value. Figures users check
 * against their producer's output (shares, ranges, durations of episodes, compare figures) go through the display
 * rules the CLI and the reports share (@contract/display); these add the app's own table conventions.
 */
import { fmtPercent, fmtRange as fmtRangeIn, NONE, toFixedClean } from '@contract/display'

export const DASH = NONE

const isNum = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x)

/** A number with up to `digits` decimals, trailing zeros trimmed (0.5 → "0.5", 0.73333 → "0.733"). */
export function fmtNum(x: number | null | undefined, digits = 3): string {
  if (!isNum(x)) return DASH
  if (Number.isInteger(x)) return fmtInt(x)
  const abs = Math.abs(x)
  if (abs !== 0 && (abs >= 1e6 || abs < 10 ** -digits)) return x.toExponential(2)
  return trimZeros(x.toFixed(digits))
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s
}

/** A count with its noun, singular for one ("1 episode", "12,345 episodes"); `many` for irregular plurals. */
export function fmtCount(n: number | null | undefined, one: string, many = `${one}s`): string {
  return `${fmtInt(n)} ${n === 1 ? one : many}`
}

/** An integer with thin thousands separators (12345 → "12,345"). */
export function fmtInt(x: number | null | undefined): string {
  if (!isNum(x)) return DASH
  return Math.round(x).toLocaleString('en-US')
}

/** A reward with a fixed 3 decimals, so columns line up (1 → "1.000"). */
export function fmtReward(x: number | null | undefined): string {
  return isNum(x) ? toFixedClean(x, 3) : DASH
}

/**
 * Mean ± half-width of the 95% CI, e.g. "0.733 ± 0.12"; a CI cut at the rewards' bounds is not symmetric, so it
 * shows both sides: 0.933 in [0.790, 1.000] is "0.933 −0.14 +0.067", not a "± 0.10" that would reach 1.04.
 */
export function fmtMeanCi(mean: number | null, ci: [number, number] | null): string {
  if (!isNum(mean)) return DASH
  if (!ci || !isNum(ci[0]) || !isNum(ci[1])) return toFixedClean(mean, 3)
  const below = mean - ci[0]
  const above = ci[1] - mean
  if (Math.abs(above - below) <= 1e-9 * Math.max(1, Math.abs(mean), ci[1] - ci[0]))
    return `${toFixedClean(mean, 3)} ± ${fmtHalfWidth((ci[1] - ci[0]) / 2)}`
  return `${toFixedClean(mean, 3)} −${fmtHalfWidth(below)} +${fmtHalfWidth(above)}`
}

/** Two significant digits (0.10, not 0.1): enough to judge noise without pretending precision. */
function fmtHalfWidth(h: number): string {
  if (h === 0) return '0'
  return h.toPrecision(2).includes('e') ? trimZeros(h.toFixed(4)) : h.toPrecision(2)
}

/** The CI range for a tooltip, e.g. "95% CI 0.613 – 0.853". */
export function fmtCiRange(ci: [number, number] | null): string {
  if (!ci) return 'No confidence interval (fewer than 2 rewarded episodes)'
  return `95% CI ${toFixedClean(ci[0], 3)} – ${toFixedClean(ci[1], 3)}`
}

/** A share in [0, 1] as a percentage with one decimal (0.4567 → "45.7%"): the display rules' fmtPercent. */
export const fmtPct = fmtPercent

/** A count in compact form (1234 → "1.2k", 3400000 → "3.4M"). */
export function fmtCompact(x: number | null | undefined): string {
  if (!isNum(x)) return DASH
  const abs = Math.abs(x)
  if (abs < 1000) return fmtNum(x, 1)
  if (abs < 1e6) return `${trimZeros((x / 1e3).toFixed(1))}k`
  if (abs < 1e9) return `${trimZeros((x / 1e6).toFixed(1))}M`
  return `${trimZeros((x / 1e9).toFixed(1))}B`
}

/** Input / output tokens as "12.3k / 4.5k" (either side may be missing). */
export function fmtTokens(tokensIn: number | null, tokensOut: number | null): string {
  if (!isNum(tokensIn) && !isNum(tokensOut)) return DASH
  return `${fmtCompact(tokensIn)} / ${fmtCompact(tokensOut)}`
}

/** "min – max" of a reward range (the display rules' fmtRange). */
export function fmtRange(min: number | null, max: number | null): string {
  return fmtRangeIn('reward', min, max)
}

/** Bytes in decimal units (MB = 10^6, as the progress MB/s uses). */
export function fmtBytes(bytes: number | null | undefined): string {
  if (!isNum(bytes)) return DASH
  if (bytes < 1000) return `${bytes} B`
  if (bytes < 1e6) return `${trimZeros((bytes / 1e3).toFixed(1))} kB`
  if (bytes < 1e9) return `${trimZeros((bytes / 1e6).toFixed(1))} MB`
  return `${trimZeros((bytes / 1e9).toFixed(2))} GB`
}

/** Seconds as a short duration ("45s", "3m 05s", "2h 10m"): indexing times and ETAs (episode times: display's fmtDuration). */
export function fmtDuration(sec: number | null | undefined): string {
  if (!isNum(sec) || sec < 0) return DASH
  // Indexing a small folder takes a fraction of a second; "0s" read as if nothing happened.
  if (sec < 0.95) return sec < 0.05 ? '<0.1s' : `${sec.toFixed(1)}s`
  const s = Math.round(sec)
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
}

/** An ISO date as "YYYY-MM-DD HH:MM" in local time; unparseable strings are shown as they are. */
export function fmtDate(iso: string | null | undefined): string {
  if (!iso) return DASH
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const p = (n: number): string => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`
}

/** A scalar info value for a table cell. */
export function fmtScalar(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined || v === '') return DASH
  if (typeof v === 'number') return fmtNum(v)
  return String(v)
}

/** ✓ / ✗ / – for a pass flag. */
export function fmtPassed(passed: boolean | null): string {
  return passed === true ? '✓' : passed === false ? '✗' : DASH
}

/** The last `n` path segments, for narrow columns (full path goes in the tooltip). */
export function shortPath(path: string, n = 2): string {
  const parts = path.split(/[\\/]+/).filter(Boolean)
  if (parts.length <= n) return path
  return `…/${parts.slice(-n).join('/')}`
}

/** The file name part of a path. */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]+/).filter(Boolean)
  return parts[parts.length - 1] ?? path
}

/** Collapses whitespace runs so a multi-line text fits one table cell. */
export function oneLine(text: string | null | undefined, max = 300): string {
  if (!text) return ''
  const s = text.replace(/\s+/g, ' ').trim()
  return s.length > max ? `${s.slice(0, max - 1)}…` : s
}

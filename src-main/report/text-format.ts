/** Text for a terminal (the CLI and the text reports): aligned tables, numbers, and trace text made safe to print. */
import { readableText } from '@contract/terminal-text'
import { toFixedClean } from '@contract/display'

const NONE = '-'

/** A table column: header, cell text per row, alignment. */
export interface Column<T> {
  header: string
  cell: (row: T) => string
  align?: 'left' | 'right'
  /** Longer cells are cut with an ellipsis. */
  maxWidth?: number
}

/** Renders rows as a table with a header line, columns separated by two spaces, trailing spaces trimmed. */
export function formatTable<T>(rows: T[], columns: Column<T>[]): string {
  const cells = rows.map((row) => columns.map((c) => truncate(oneLine(c.cell(row)), c.maxWidth)))
  const widths = columns.map((c, i) => Math.max(displayWidth(c.header), ...cells.map((r) => displayWidth(r[i]))))
  const line = (values: string[]): string =>
    values
      .map((v, i) => {
        const pad = ' '.repeat(Math.max(0, widths[i] - displayWidth(v)))
        return columns[i].align === 'right' ? pad + v : v + pad
      })
      .join('  ')
      .trimEnd()
  return [line(columns.map((c) => c.header)), ...cells.map(line)].join('\n') + '\n'
}

/** Integer with thousands separators. */
export function formatInt(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NONE
  return Math.round(n).toLocaleString('en-US')
}

/** A reward or other real number: up to 3 decimals, no trailing noise. */
export function formatNumber(n: number | null | undefined, decimals = 3): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NONE
  if (Number.isInteger(n)) return n.toLocaleString('en-US')
  if (Math.abs(n) >= 1e6 || (Math.abs(n) < 1e-3 && n !== 0)) return n.toExponential(2)
  return toFixedClean(n, decimals)
}

/** A reward: always 3 decimals so a column of them lines up on the point. */
export function formatReward(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NONE
  return Math.abs(n) >= 1e6 ? n.toExponential(2) : toFixedClean(n, 3)
}

/** A share in [0, 1] as a percentage. */
export function formatPercent(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NONE
  return `${(n * 100).toFixed(1)}%`
}

/** A confidence interval as `[lo, hi]`. */
export function formatInterval(ci: [number, number] | null | undefined): string {
  return ci ? `[${formatReward(ci[0])}, ${formatReward(ci[1])}]` : NONE
}

/** A byte count in B / kB / MB / GB (powers of 1000, as MB/s elsewhere). */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`
  const units = ['kB', 'MB', 'GB', 'TB']
  let v = n / 1000
  let u = 0
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000
    u++
  }
  return `${v.toFixed(v < 10 ? 2 : 1)} ${units[u]}`
}

/** A duration in seconds, short. */
export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return NONE
  if (s < 10) return `${s.toFixed(1)} s`
  if (s < 120) return `${Math.round(s)} s`
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`
}

/** A boolean as yes / no, null as the placeholder. */
export function formatBool(b: boolean | null | undefined): string {
  return b === null || b === undefined ? NONE : b ? 'yes' : 'no'
}

/** Placeholder for a missing string. */
export function orNone(s: string | null | undefined): string {
  return s === null || s === undefined || s === '' ? NONE : s
}

/**
 * Trace text is untrusted: an ESC or other control character in model output could drive the terminal
 * (move the cursor, rewrite earlier lines, set the title). Terminal colour and cursor sequences are dropped as in
 * every view, bidi overrides written out (<U+202E RLO>, contract/terminal-text.ts), then every other C0/C1 control except
 * tab and newline is shown as `\xNN`.
 */
export function safeText(s: string): string {
  // eslint-disable-next-line no-control-regex
  return readableText(s).replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) =>
    c === '\r' ? '' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`
  )
}

/** One line of safe text: newlines and tabs become spaces, runs of whitespace collapse. */
export function oneLine(s: string): string {
  return safeText(s).replace(/\s+/g, ' ').trim()
}

/**
 * Cuts `s` to `max` terminal cells with an ellipsis, between characters as a reader sees them (grapheme clusters):
 * cutting UTF-16 code units split an emoji into a lone surrogate, printed as U+FFFD.
 */
export function truncate(s: string, max?: number): string {
  if (max === undefined || displayWidth(s) <= max) return s
  const room = max <= 1 ? max : max - 1
  let out = ''
  let used = 0
  for (const { segment } of graphemes.segment(s)) {
    const w = cellWidth(segment)
    if (used + w > room) break
    out += segment
    used += w
  }
  return max <= 1 ? out : out + '…'
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })
/** Characters a terminal draws two cells wide: CJK scripts, fullwidth forms, emoji. */
const WIDE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u
/** A cluster of only combining marks and zero-width characters takes no cell. */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\u200b-\u200f\ufeff]*$/u

/** The cells one grapheme cluster takes in a terminal. */
function cellWidth(segment: string): number {
  if (ZERO_WIDTH.test(segment)) return 0
  return WIDE.test(segment) ? 2 : 1
}

/** The cells `s` takes in a terminal (a CJK name is twice its length; a combining accent adds nothing). */
export function displayWidth(s: string): number {
  // plain ASCII, the usual cell, is its length
  if (/^[\x20-\x7e]*$/.test(s)) return s.length
  let w = 0
  for (const { segment } of graphemes.segment(s)) w += cellWidth(segment)
  return w
}

/** Indents every line of `s`. */
export function indent(s: string, prefix = '  '): string {
  return s
    .split('\n')
    .map((l) => (l ? prefix + l : l))
    .join('\n')
}

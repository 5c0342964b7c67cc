/** Text for a terminal (the CLI and the text reports): aligned tables, numbers, and trace text made safe to print. */
import { readableText } from '@contract/terminal-text'

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
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i].length)))
  const line = (values: string[]): string =>
    values
      .map((v, i) => (columns[i].align === 'right' ? v.padStart(widths[i]) : v.padEnd(widths[i])))
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
  return n.toFixed(decimals)
}

/** A reward: always 3 decimals so a column of them lines up on the point. */
export function formatReward(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NONE
  return Math.abs(n) >= 1e6 ? n.toExponential(2) : n.toFixed(3)
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

/** Cuts `s` to `max` characters with an ellipsis. */
export function truncate(s: string, max?: number): string {
  if (max === undefined || s.length <= max) return s
  return max <= 1 ? s.slice(0, max) : s.slice(0, max - 1) + '…'
}

/** Indents every line of `s`. */
export function indent(s: string, prefix = '  '): string {
  return s
    .split('\n')
    .map((l) => (l ? prefix + l : l))
    .join('\n')
}

/**
 * `csv`: the episodes table (list fields, labels, every metric and info field of the runs), RFC 4180 quoted, safe to
 * open in a spreadsheet (OWASP "CSV Injection"): a text cell starting with `=`, `+`, `-`, `@`, tab or CR would be
 * read as a formula (`=HYPERLINK(…)`, `=cmd|' /C calc'!A0` in a task id or label), so it gets a leading `'`, the
 * spreadsheets' "this is text" mark, and is quoted. Numbers stay numbers: a JSON number (reward, a metric) is
 * written as it is, and so is a text that is wholly a decimal number (`-0.5`, `+3`, `1e-3` in an info field): a
 * spreadsheet reads it as that number, which runs nothing. Terminal colours are dropped and bidi overrides written
 * out (`<U+202E RLO>`) as in every view (contract/terminal-text.ts).
 */
import type { EpisodeSummary, RunSummary } from '@contract/model'
import { readableText } from '@contract/terminal-text'

const FIXED = [
  'id',
  'runId',
  'runName',
  'ordinal',
  'taskKey',
  'taskKeyKind',
  'sourceId',
  'rollout',
  'step',
  'reward',
  'passed',
  // agent actions (what steps, reward per step and RR@k count), then messages: the table shows both
  'steps',
  'turns',
  'status',
  'termination',
  // the table's Flags: the deterministic detectors' codes
  'anomalies',
  'error',
  'transcript',
  'tokensIn',
  'tokensOut',
  'durationMs',
  'generationMs',
  'preview',
  'answer',
  'labels',
  // the labels on its turns (each once), as the table's Labels cell shows them after ↳
  'turnLabels'
] as const

/** Columns for these runs: the fixed ones, then `metric:<name>` and `info:<field>` over all of them (first seen first). */
export function csvColumns(runs: RunSummary[]): string[] {
  const metrics = new Set<string>()
  const info = new Set<string>()
  for (const r of runs) {
    r.metrics.forEach((m) => metrics.add(m.name))
    r.infoFields.forEach((f) => info.add(f))
  }
  return [...FIXED, ...[...metrics].map((m) => `metric:${m}`), ...[...info].map((f) => `info:${f}`)]
}

/** What a spreadsheet would start a formula with (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/
/** A decimal number as a spreadsheet reads one: sign, digits, point, exponent, and nothing else. */
const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/** A text cell that cannot start a formula: `'` before a formula start, unless the whole text is a number. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text
}

/**
 * One field: quoted when it holds a comma, quote, CR or LF (or a leading/trailing space) or was neutralized (OWASP
 * wraps those in quotes too), quotes doubled.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  const raw = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)
  const readable = readableText(raw)
  const text = neutralizeFormula(readable)
  return text !== readable || /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One line (CRLF-terminated, as RFC 4180 says). */
export function csvLine(fields: unknown[]): string {
  return fields.map(csvField).join(',') + '\r\n'
}

/** The row of one episode under `columns`. */
export function csvRow(
  columns: string[],
  e: EpisodeSummary,
  runName: string,
  labels: readonly string[],
  turnLabels: readonly string[] = []
): string {
  return csvLine(
    columns.map((c) => {
      if (c.startsWith('metric:')) return e.metrics[c.slice(7)]
      if (c.startsWith('info:')) return e.info[c.slice(5)]
      if (c === 'runName') return runName
      if (c === 'labels') return labels.join('; ')
      if (c === 'turnLabels') return [...new Set(turnLabels)].join('; ')
      if (c === 'anomalies') return (e.anomalies ?? []).join('; ')
      return (e as unknown as Record<string, unknown>)[c]
    })
  )
}

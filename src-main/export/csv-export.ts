/** `csv`: the episodes table (list fields, labels, every metric and info field of the runs), RFC 4180 quoted. */
import type { EpisodeSummary, RunSummary } from '@contract/model'

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
  'turns',
  'status',
  'error',
  'tokensIn',
  'tokensOut',
  'durationMs',
  'preview',
  'answer',
  'labels'
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

/** One field: quoted when it holds a comma, quote, CR or LF (or leading/trailing space), quotes doubled. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One line (CRLF-terminated, as RFC 4180 says). */
export function csvLine(fields: unknown[]): string {
  return fields.map(csvField).join(',') + '\r\n'
}

/** The row of one episode under `columns`. */
export function csvRow(columns: string[], e: EpisodeSummary, runName: string, labels: string[]): string {
  return csvLine(
    columns.map((c) => {
      if (c.startsWith('metric:')) return e.metrics[c.slice(7)]
      if (c.startsWith('info:')) return e.info[c.slice(5)]
      if (c === 'runName') return runName
      if (c === 'labels') return labels.join('; ')
      return (e as unknown as Record<string, unknown>)[c]
    })
  )
}

/**
 * A run's breakdown in a terminal (`rollscope breakdown RUN --by FIELD`): the ranked table with the whole run under
 * it, best and worst marked, and where the failures are. Every string from a trace goes through the CLI's
 * terminal-safe helpers.
 */
import type { BreakdownRow, RunBreakdown } from '@contract/breakdown'
import { fmtNumber, fmtPercent, STD_NOTE } from '@contract/display'
import { formatTable, oneLine, truncate, type Column } from './text-format'
import {
  breakdownCells,
  breakdownColumns,
  extremes,
  failureLines,
  fieldsTitle,
  metricCell,
  scoreText
} from './breakdown-sections'

/** Failure lines a terminal lists (the Markdown has them all). */
const TERMINAL_FAILURES = 15
/** Producer metric columns a terminal shows (a run may carry dozens; the Markdown and the JSON have them all). */
const TERMINAL_METRICS = 6

export function formatBreakdown(b: RunBreakdown): string {
  const cols = breakdownColumns(b)
  const ends = extremes(b)
  const mark = (r: BreakdownRow): string =>
    r === ends?.best ? 'best' : r === ends?.worst ? 'worst' : r === b.total ? 'whole run' : ''
  const columns: Column<BreakdownRow>[] = [
    ...b.fields.map((f, k): Column<BreakdownRow> => ({
      header: truncate(oneLine(f), 30).toUpperCase(),
      cell: (r) => (r === b.total ? (k === 0 ? 'ALL' : '') : r.values[k]),
      maxWidth: 40
    })),
    { header: 'EPISODES', cell: (r) => breakdownCells(r).episodes, align: 'right' },
    { header: 'TASKS', cell: (r) => breakdownCells(r).tasks, align: 'right' }
  ]
  if (cols.reward) columns.push({ header: 'MEAN REWARD (σ)', cell: (r) => breakdownCells(r).reward, align: 'right' })
  if (cols.verdict) {
    columns.push(
      { header: 'PASSED', cell: (r) => breakdownCells(r).passed, align: 'right' },
      { header: 'PASS RATE', cell: (r) => breakdownCells(r).passRate, align: 'right' },
      { header: 'FAILED', cell: (r) => breakdownCells(r).failed, align: 'right' }
    )
  }
  if (cols.perfect) columns.push({ header: 'PERFECT', cell: (r) => breakdownCells(r).perfect, align: 'right' })
  if (cols.steps) columns.push({ header: 'MEAN STEPS', cell: (r) => breakdownCells(r).steps, align: 'right' })
  for (const name of cols.metrics.slice(0, TERMINAL_METRICS)) {
    columns.push({ header: truncate(oneLine(name), 24), cell: (r) => metricCell(r, name), align: 'right' })
  }
  columns.push({ header: '', cell: mark })

  const ranked = b.score === 'meanReward' ? 'mean reward' : 'pass rate'
  const out = [
    `${oneLine(b.runName)}: scores by ${oneLine(fieldsTitle(b))} over all ${fmtNumber(b.total.episodes)} episodes, by ${ranked}, best first`,
    ''
  ]
  out.push(formatTable([...b.rows, b.total], columns))
  if (ends) {
    const v = (r: BreakdownRow): string => r.values.map(oneLine).join(' × ')
    out.push(
      `Best: ${v(ends.best)} (${scoreText(b, ends.best)}); worst: ${v(ends.worst)} (${scoreText(b, ends.worst)}).`
    )
  }
  const fails = failureLines(b)
  if (fails.length) {
    out.push(
      '',
      `FAILURES BY ${oneLine(fieldsTitle(b)).toUpperCase()}: ${fmtNumber(b.total.failed)} of ${fmtNumber(b.total.decided)} episodes with a verdict`
    )
    for (const f of fails.slice(0, TERMINAL_FAILURES)) {
      out.push(
        `  ${f.values.map(oneLine).join(' × ')}: ${fmtNumber(f.failed)} failed of ${fmtNumber(f.decided)} (${fmtPercent(f.share)} of the failures)`
      )
    }
    if (fails.length > TERMINAL_FAILURES)
      out.push(`  … ${fails.length - TERMINAL_FAILURES} more (--md or --json lists them)`)
  }
  if (cols.metrics.length > TERMINAL_METRICS)
    out.push('', `${cols.metrics.length - TERMINAL_METRICS} more metrics per row: --md or --json lists them.`)
  if (b.missing) out.push('', `${fmtNumber(b.missing)} episodes lack a value: they are the (none) rows.`)
  const others = b.candidates.filter((c) => !b.fields.includes(c))
  if (others.length) out.push('', `Other fields: ${others.map(oneLine).join(', ')}`)
  out.push('', STD_NOTE)
  return out.join('\n') + '\n'
}

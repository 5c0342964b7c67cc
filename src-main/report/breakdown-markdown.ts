/**
 * A run's breakdown as Markdown (`rollscope breakdown RUN --by FIELD --md`): ranked values with their counts
 * ("expert: 2/3"), the best and worst values (report 000), the whole run for reference, and where the failures are
 * (report 000's failures by archetype × difficulty). Runtime-neutral.
 */
import type { BreakdownRow, RunBreakdown } from '@contract/breakdown'
import { fmtNumber, fmtPercent, STD_NOTE } from '@contract/display'
import { mdText } from './md-escape'
import { mdTable, type MdAlign } from './md-table'
import {
  bestAndWorst,
  breakdownCells,
  breakdownColumns,
  extremes,
  failureLines,
  fieldsTitle,
  metricCell,
  scoreText
} from './breakdown-sections'

function table(b: RunBreakdown, rows: BreakdownRow[], withTotal: boolean): string {
  const cols = breakdownColumns(b)
  const head: string[] = [...b.fields.map((f) => mdText(f)), 'Episodes', 'Tasks']
  const align: MdAlign[] = [...b.fields.map((): MdAlign => 'l'), 'r', 'r']
  const pick = (on: boolean, name: string): void => {
    if (on) (head.push(name), align.push('r'))
  }
  pick(cols.reward, 'Mean reward (σ)')
  pick(cols.verdict, 'Passed')
  pick(cols.verdict, 'Pass rate')
  pick(cols.verdict, 'Failed')
  pick(cols.perfect, 'Perfect')
  pick(cols.steps, 'Mean steps')
  for (const name of cols.metrics) pick(true, mdText(name))
  const line = (row: BreakdownRow, values: string[]): string[] => {
    const c = breakdownCells(row)
    const cells = [...values, c.episodes, c.tasks]
    if (cols.reward) cells.push(c.reward)
    if (cols.verdict) cells.push(c.passed, c.passRate, c.failed)
    if (cols.perfect) cells.push(c.perfect)
    if (cols.steps) cells.push(c.steps)
    for (const name of cols.metrics) cells.push(metricCell(row, name))
    return cells
  }
  const body = rows.map((r) =>
    line(
      r,
      r.values.map((v) => mdText(v))
    )
  )
  if (withTotal) body.push(line(b.total, ['**Whole run**', ...b.fields.slice(1).map(() => '')]))
  return mdTable(head, align, body)
}

const valuesText = (values: string[]): string => values.map((v) => `**${mdText(v)}**`).join(' × ')

function intro(b: RunBreakdown): string {
  const ranked = b.score === 'meanReward' ? 'mean reward' : 'pass rate (the run has no rewards)'
  const lines = [
    `# ${mdText(b.runName)}: scores by ${mdText(fieldsTitle(b))}`,
    '',
    `Over all ${fmtNumber(b.total.episodes)} episodes of the run (${fmtNumber(b.total.tasks)} tasks), one row per ` +
      `${b.fields.length > 1 ? 'combination of values' : 'value'}, ranked by ${ranked}, best first. Passed: episodes ` +
      `passed / episodes with a verdict.${breakdownColumns(b).metrics.length ? " The producer's metrics are means over the row's episodes that have them." : ''} ${STD_NOTE}`
  ]
  if (b.missing)
    lines.push(
      '',
      `${fmtNumber(b.missing)} episodes lack a value of ${b.fields.length > 1 ? 'a field' : 'the field'}: they are the (none) rows.`
    )
  const ends = extremes(b)
  if (ends)
    lines.push(
      '',
      `Best: ${valuesText(ends.best.values)} (${scoreText(b, ends.best)}); worst: ${valuesText(ends.worst.values)} (${scoreText(b, ends.worst)}).`
    )
  return lines.join('\n')
}

function failures(b: RunBreakdown): string | null {
  if (b.total.decided === 0) return null
  const title = `## Failures by ${mdText(fieldsTitle(b))}`
  const lines = failureLines(b)
  if (lines.length === 0) return `${title}\n\nNo episode failed (${fmtNumber(b.total.decided)} with a verdict).`
  return [
    title,
    '',
    `${fmtNumber(b.total.failed)} of the run's ${fmtNumber(b.total.decided)} episodes with a verdict failed:`,
    '',
    ...lines.map(
      (l) =>
        `- ${valuesText(l.values)}: ${fmtNumber(l.failed)} failed of ${fmtNumber(l.decided)} (${fmtPercent(l.share)} of the failures)`
    )
  ].join('\n')
}

export function breakdownMarkdown(b: RunBreakdown): string {
  const top = bestAndWorst(b)
  const sections: (string | null)[] = [intro(b)]
  if (top) {
    sections.push(
      `## Best ${top.best.length}\n\n${table(b, top.best, false)}`,
      `## Worst ${top.worst.length}\n\n${table(b, top.worst, false)}`
    )
  }
  sections.push(`## ${top ? 'Every value' : `By ${mdText(fieldsTitle(b))}`}\n\n${table(b, b.rows, true)}`, failures(b))
  const others = b.candidates.filter((c) => !b.fields.includes(c))
  if (others.length) sections.push(`Other fields to break down by: ${others.map((c) => mdText(c)).join(', ')}.`)
  return sections.filter((s): s is string => s !== null).join('\n\n') + '\n'
}

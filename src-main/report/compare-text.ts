/**
 * The comparison as a terminal summary (`rollscope compare A B` without --json / --md): the verdict first, then what
 * could change it, then the same sections as the reports as aligned tables. Every string from a trace goes through
 * the CLI's terminal-safe helpers.
 */
import type { CompareReport, CompareRunRef } from '@contract/compare'
import { fmtP, fmtPercent, sideName, STD_NOTE } from '@contract/display'
import { formatTable, oneLine, truncate, type Column } from './text-format'
import { categoryCells, metricCells, type MetricCells } from './compare-cells'
import {
  capped,
  caveats,
  categoryGroups,
  categoryUnit,
  rolloutsPhrase,
  rrPoints,
  sharedNote,
  tasksDiffer
} from './report-sections'
import { upFrontWarnings, warningLead, afterLead } from './report-warnings'

/** Task keys listed per flip cell in a terminal (the JSON and the reports have more). */
const TERMINAL_TASKS = 10

function runLine(label: string, run: CompareRunRef): string {
  const what = [run.model, run.env, run.format].filter(Boolean).join(', ')
  const step = run.checkpointStep !== null ? `, step ${run.checkpointStep}` : ''
  return `${label}  ${oneLine(sideName(run))}  (${run.id}; ${oneLine(what)}${step}): ${run.episodes} episodes, ${run.tasks} tasks${rolloutsPhrase(run)}`
}

function taskLine(label: string, keys: string[]): string {
  const { shown, more } = capped(keys, TERMINAL_TASKS)
  const list = shown.map((k) => truncate(oneLine(k), 40)).join(', ')
  return `  ${label.padEnd(7)} ${list || '-'}${more ? `, +${more} more` : ''}`
}

function summaryColumns(whole: boolean): Column<MetricCells>[] {
  const cols: Column<MetricCells>[] = [
    { header: 'METRIC', cell: (c) => c.label, maxWidth: 44 },
    { header: 'A', cell: (c) => c.a, align: 'right' },
    { header: 'B', cell: (c) => c.b, align: 'right' },
    { header: 'Δ', cell: (c) => c.delta, align: 'right' },
    { header: 'Δ%', cell: (c) => c.rel, align: 'right' },
    { header: '95% CI', cell: (c) => c.ci }
  ]
  if (!whole) return cols
  return [
    ...cols,
    { header: 'A WHOLE RUN', cell: (c) => c.wholeA, align: 'right' },
    { header: 'B WHOLE RUN', cell: (c) => c.wholeB, align: 'right' },
    { header: 'Δ WHOLE RUN', cell: (c) => c.wholeDelta, align: 'right' }
  ]
}

export function formatCompare(r: CompareReport): string {
  const out: string[] = [oneLine(r.verdict.text)]
  for (const w of upFrontWarnings(r.warnings)) out.push(`  ! ${warningLead(w)}: ${oneLine(afterLead(w))}`)
  out.push('', runLine('A', r.runA), runLine('B', r.runB), oneLine(sharedNote(r)), '')

  out.push(formatTable(r.metrics.map(metricCells), summaryColumns(tasksDiffer(r))))

  const f = r.flips
  out.push(
    `FLIPS  fixed ${f.fixed.length}  broken ${f.broken.length}  still pass ${f.bothPass.length}  still fail ${f.bothFail.length}` +
      `  McNemar p ${fmtP(f.mcnemarP)}${f.undecided ? `  (${f.undecided} without a verdict)` : ''}`,
    taskLine('fixed', f.fixed),
    taskLine('broken', f.broken),
    ''
  )

  if (r.passAtK.length) {
    out.push(
      formatTable(r.passAtK, [
        { header: 'K', cell: (p) => String(p.k), align: 'right' },
        { header: 'TASKS', cell: (p) => String(p.tasks), align: 'right' },
        { header: 'PASS@K A', cell: (p) => fmtPercent(p.a.passAtK), align: 'right' },
        { header: 'PASS@K B', cell: (p) => fmtPercent(p.b.passAtK), align: 'right' },
        { header: 'PASS^K A', cell: (p) => fmtPercent(p.a.passHatK), align: 'right' },
        { header: 'PASS^K B', cell: (p) => fmtPercent(p.b.passHatK), align: 'right' }
      ])
    )
  }

  const unit = categoryUnit(r)
  for (const g of categoryGroups(r)) {
    const mark = (value: string): string => (value === g.best?.value ? 'best' : value === g.worst?.value ? 'worst' : '')
    out.push(
      formatTable(
        g.rows.map((row) => ({ ...categoryCells(row, unit), mark: mark(row.value) })),
        [
          { header: truncate(oneLine(g.field), 30).toUpperCase(), cell: (c) => c.value, maxWidth: 30 },
          { header: 'TASKS', cell: (c) => c.tasks, align: 'right' },
          { header: 'A', cell: (c) => c.a, align: 'right' },
          { header: 'B', cell: (c) => c.b, align: 'right' },
          { header: 'Δ', cell: (c) => c.delta, align: 'right' },
          { header: '95% CI', cell: (c) => c.ci },
          { header: 'PASSED A → B', cell: (c) => c.passed },
          { header: 'A WHOLE RUN', cell: (c) => c.wholeA, align: 'right' },
          { header: 'B WHOLE RUN', cell: (c) => c.wholeB, align: 'right' },
          { header: '', cell: (c) => c.mark }
        ]
      )
    )
  }

  const rr = rrPoints(r)
  if (rr.length)
    out.push(`RR@K (steps)   ${rr.map((s) => `@${s.k}: ${fmtPercent(s.a)} → ${fmtPercent(s.b)}`).join('   ')}`, '')

  const notes = caveats(r)
  out.push('CAVEATS', ...notes.map((c) => `  - ${oneLine(c)}`), `  - ${STD_NOTE}`)
  return out.join('\n') + '\n'
}

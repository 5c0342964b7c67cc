/**
 * The comparison as a terminal summary (`rollscope compare A B` without --json / --md): the same sections as the
 * reports, as aligned tables. Every string from a trace goes through the CLI's terminal-safe helpers.
 */
import type { CompareReport, CompareRunRef } from '@contract/compare'
import { formatTable, oneLine, truncate } from '../cli/format'
import { fraction, metricCi, metricLabel, metricDelta, metricValue, num, pct, pValue, relDelta } from './format-values'
import { capped, categoryGroups, rrPoints } from './report-sections'

/** Task keys listed per flip cell in a terminal (the JSON and the reports have more). */
const TERMINAL_TASKS = 10
const CATEGORY_UNIT = { key: 'category', isRate: false } as const

function runLine(label: string, run: CompareRunRef): string {
  const what = [run.model, run.env, run.format].filter(Boolean).join(', ')
  const step = run.checkpointStep !== null ? `, step ${run.checkpointStep}` : ''
  return `${label}  ${oneLine(run.name)}  (${run.id}; ${oneLine(what)}${step}): ${run.episodes} episodes, ${run.tasks} tasks`
}

function taskLine(label: string, keys: string[]): string {
  const { shown, more } = capped(keys, TERMINAL_TASKS)
  const list = shown.map((k) => truncate(oneLine(k), 40)).join(', ')
  return `  ${label.padEnd(7)} ${list || '-'}${more ? `, +${more} more` : ''}`
}

export function formatCompare(r: CompareReport): string {
  const out: string[] = [runLine('A', r.runA), runLine('B', r.runB)]
  const only = r.onlyA || r.onlyB ? ` (only in A: ${r.onlyA}, only in B: ${r.onlyB})` : ''
  out.push(`${r.sharedTasks} shared tasks${only}; every number below is on the shared tasks.`, '')

  out.push(
    formatTable(r.metrics, [
      { header: 'METRIC', cell: (m) => metricLabel(m), maxWidth: 36 },
      { header: 'A', cell: (m) => metricValue(m, m.a), align: 'right' },
      { header: 'B', cell: (m) => metricValue(m, m.b), align: 'right' },
      { header: 'Δ', cell: (m) => metricDelta(m, m.delta), align: 'right' },
      { header: 'Δ%', cell: (m) => relDelta(m.relDelta), align: 'right' },
      { header: '95% CI', cell: (m) => (m.kind === 'paired' ? metricCi(m, m.ci95) : 'n/a') }
    ])
  )

  const f = r.flips
  out.push(
    `FLIPS  fixed ${f.fixed.length}  broken ${f.broken.length}  still pass ${f.bothPass.length}  still fail ${f.bothFail.length}` +
      `  McNemar p ${pValue(f.mcnemarP)}${f.undecided ? `  (${f.undecided} without a verdict)` : ''}`,
    taskLine('fixed', f.fixed),
    taskLine('broken', f.broken),
    ''
  )

  if (r.passAtK.length) {
    out.push(
      formatTable(r.passAtK, [
        { header: 'K', cell: (p) => String(p.k), align: 'right' },
        { header: 'TASKS', cell: (p) => String(p.tasks), align: 'right' },
        { header: 'PASS@K A', cell: (p) => pct(p.a.passAtK), align: 'right' },
        { header: 'PASS@K B', cell: (p) => pct(p.b.passAtK), align: 'right' },
        { header: 'PASS^K A', cell: (p) => pct(p.a.passHatK), align: 'right' },
        { header: 'PASS^K B', cell: (p) => pct(p.b.passHatK), align: 'right' }
      ])
    )
  }

  for (const g of categoryGroups(r)) {
    const mark = (value: string): string => (value === g.best?.value ? 'best' : value === g.worst?.value ? 'worst' : '')
    out.push(
      formatTable(g.rows, [
        { header: truncate(oneLine(g.field), 30).toUpperCase(), cell: (c) => c.value, maxWidth: 30 },
        { header: 'TASKS', cell: (c) => String(c.tasks), align: 'right' },
        { header: 'A', cell: (c) => num(c.a), align: 'right' },
        { header: 'B', cell: (c) => num(c.b), align: 'right' },
        { header: 'Δ', cell: (c) => metricDelta(CATEGORY_UNIT, c.delta), align: 'right' },
        { header: '95% CI', cell: (c) => metricCi(CATEGORY_UNIT, c.ci95) },
        { header: 'PASSED A → B', cell: (c) => `${fraction(c.passedA, c.decided)} → ${fraction(c.passedB, c.decided)}` },
        { header: '', cell: (c) => mark(c.value) }
      ])
    )
  }

  const rr = rrPoints(r)
  if (rr.length) out.push(`RR@K   ${rr.map((s) => `@${s.k}: ${pct(s.a)} → ${pct(s.b)}`).join('   ')}`, '')

  if (r.warnings.length) out.push('WARNINGS', ...r.warnings.map((w) => `  ! ${oneLine(w.message)}`), '')
  out.push(oneLine(r.ciNote))
  return out.join('\n') + '\n'
}

/**
 * A run's scores by one or more category fields over all its episodes (issue 12 §5): report 000's per-archetype best
 * and worst, its failures by archetype × difficulty, report 002's successes per tier as "2/3". Aggregated in SQLite,
 * with the same pass rule and denominators as the run summary (run-summary.ts).
 */
import type { BreakdownRow, RunBreakdown } from '@contract/breakdown'
import type { RunSummary } from '@contract/model'
import { BadRequestError } from '@contract/guards'
import type { Db } from '../db/open-db'
import { passedSql } from '../db/passed-sql'
import { effectiveThreshold } from '../db/run-summary'

/** What a row's value is when an episode lacks the field. */
export const NONE_VALUE = '(none)'

/** Fields that are episode columns rather than info fields. */
const COLUMN_FIELDS: Record<string, string> = { status: 'e.status', termination: 'e.termination' }

/** The SQL of one field's value as text (JSON true / false as "true" / "false"), its parameters, its canonical name. */
function fieldSql(runFields: string[], asked: string): { name: string; sql: string; params: string[] } {
  const name = asked.startsWith('info.') ? asked.slice(5) : asked
  if (COLUMN_FIELDS[name] && !asked.startsWith('info.')) return { name, sql: COLUMN_FIELDS[name], params: [] }
  if (!runFields.includes(name)) {
    const known = [...runFields, ...Object.keys(COLUMN_FIELDS)].join(', ')
    throw new BadRequestError(`the run has no field "${asked}"; it has: ${known || 'none'}`)
  }
  const path = `$."${name.replace(/["\\]/g, (c) => '\\' + c)}"`
  return {
    name,
    sql: `CASE json_type(e.info_json, ?) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(json_extract(e.info_json, ?) AS TEXT) END`,
    params: [path, path]
  }
}

interface Agg {
  n: number
  tasks: number
  mean: number | null
  sq: number | null
  passed: number | null
  decided: number
  perfect: number | null
  steps: number | null
}

function toRow(values: string[], a: Agg, unitRange: boolean, metrics: Record<string, number> = {}): BreakdownRow {
  const passed = a.passed ?? 0
  return {
    values,
    episodes: a.n,
    tasks: a.tasks,
    meanReward: a.mean,
    rewardStd: a.mean === null || a.sq === null ? null : Math.sqrt(Math.max(0, a.sq - a.mean * a.mean)),
    passed,
    decided: a.decided,
    passRate: a.decided ? passed / a.decided : null,
    failed: a.decided - passed,
    perfectRate: unitRange ? a.perfect : null,
    meanSteps: a.steps,
    metrics
  }
}

const AGG = (
  passed: string
): string => `count(*) n, count(DISTINCT e.task_key) tasks, avg(e.reward) mean, avg(e.reward * e.reward) sq,
  sum(${passed}) passed, count(${passed}) decided,
  avg(CASE WHEN e.reward IS NULL THEN NULL WHEN e.reward >= 1 - 1e-9 THEN 1.0 ELSE 0.0 END) perfect, avg(e.steps) steps`

export function breakdownRun(db: Db, run: RunSummary, asked: string[]): RunBreakdown {
  if (asked.length === 0) throw new BadRequestError('name at least one field to break down by')
  const fields = asked.map((f) => fieldSql(run.infoFields, f))
  const names = fields.map((f) => f.name)
  if (new Set(names).size !== names.length) throw new BadRequestError(`a field is named twice: ${asked.join(', ')}`)
  const passed = passedSql(effectiveThreshold(db, run.id))
  const unitRange = run.rewardMin !== null && run.rewardMax !== null && run.rewardMin >= 0 && run.rewardMax <= 1
  const params = fields.flatMap((f) => f.params)
  const cols = fields.map((f, k) => `${f.sql} f${k}`).join(', ')
  const groupBy = fields.map((_, k) => `f${k}`).join(', ')
  const rows = db
    .prepare(`SELECT ${cols}, ${AGG(passed)} FROM episodes e WHERE e.run_id = ? GROUP BY ${groupBy}`)
    .all(...params, run.id) as (Agg & Record<string, string | null>)[]
  const total = db.prepare(`SELECT ${AGG(passed)} FROM episodes e WHERE e.run_id = ?`).get(run.id) as Agg
  // metric means per row: one more grouped pass over the metrics JSON
  const metricRows = db
    .prepare(
      `SELECT ${cols}, j.key name, avg(j.value) mean FROM episodes e, json_each(e.metrics_json) j
       WHERE e.run_id = ? AND j.type IN ('integer', 'real') GROUP BY ${groupBy}, j.key`
    )
    .all(...params, run.id) as (Record<string, string | null> & { name: string; mean: number })[]
  const rowKey = (r: Record<string, string | null>): string =>
    fields.map((_, k) => r[`f${k}`] ?? NONE_VALUE).join('\u0000')
  const metricsOf = new Map<string, Record<string, number>>()
  for (const m of metricRows) {
    const k = rowKey(m)
    const o = metricsOf.get(k) ?? {}
    o[m.name] = m.mean
    metricsOf.set(k, o)
  }
  const totalMetrics = Object.fromEntries(run.metrics.filter((m) => m.mean !== null).map((m) => [m.name, m.mean!]))

  const score: RunBreakdown['score'] = run.meanReward !== null ? 'meanReward' : 'passRate'
  let missing = 0
  const out = rows.map((r) => {
    const values = fields.map((_, k) => r[`f${k}`] ?? NONE_VALUE)
    if (values.includes(NONE_VALUE)) missing += r.n
    return toRow(values, r, unitRange, metricsOf.get(rowKey(r)) ?? {})
  })
  const key = (r: BreakdownRow): number => (score === 'meanReward' ? r.meanReward : r.passRate) ?? -Infinity
  out.sort((x, y) => key(y) - key(x) || x.values.join('\u0000').localeCompare(y.values.join('\u0000')))

  const candidates = [
    ...run.infoFields,
    ...Object.keys(COLUMN_FIELDS).filter((c) => c !== 'termination' || run.terminations.length > 0)
  ]
  return {
    runId: run.id,
    runName: run.name,
    fields: names,
    candidates,
    score,
    rows: out,
    total: toRow([], total, unitRange, totalMetrics),
    missing
  }
}

import type { MetricSummary } from '@contract/model'
import { describe } from '../stats/describe'
import type { Db } from './open-db'
import { passedSql } from './passed-sql'
import { refreshRunAnomalies } from '../anomalies/run-anomalies'

/** The computed part of a RunSummary, stored as runs.summary_json and refreshed after indexing. */
export interface ComputedRunSummary {
  episodes: number
  tasks: number
  rolloutsPerTask: number | null
  meanReward: number | null
  rewardCi95: [number, number] | null
  rewardStd: number | null
  rewardMin: number | null
  rewardMax: number | null
  passRate: number | null
  perfectRate: number | null
  meanTurns: number | null
  tokensIn: number | null
  tokensOut: number | null
  metrics: MetricSummary[]
  infoFields: string[]
}

/** Effective pass threshold of a run: the user's override, else the default. */
export function effectiveThreshold(db: Db, runId: string): number | null {
  const row = db.prepare('SELECT pass_threshold_user u, pass_threshold_default d FROM runs WHERE id = ?').get(runId) as
    | { u: number | null; d: number | null }
    | undefined
  return row ? (row.u ?? row.d) : null
}

/** Default pass threshold: the producer's, else 0.5 when every reward lies in [0, 1], else none. */
export function defaultThreshold(producer: number | null, min: number | null, max: number | null): number | null {
  if (producer !== null && Number.isFinite(producer)) return producer
  if (min !== null && max !== null && min >= 0 && max <= 1) return 0.5
  return null
}

/** Recomputes and stores a run's summary (aggregates run in SQLite; only rewards come back to JS). */
export function refreshRunSummary(db: Db, runId: string): ComputedRunSummary {
  const rewards = (
    db.prepare('SELECT reward FROM episodes WHERE run_id = ? AND reward IS NOT NULL').raw().all(runId) as [number][]
  ).map((r) => r[0])
  const reward = describe(rewards)
  const threshold = effectiveThreshold(db, runId)
  const inUnitRange = reward.min !== null && reward.max !== null && reward.min >= 0 && reward.max <= 1

  const agg = db
    .prepare(
      `SELECT count(*) n, count(DISTINCT task_key) tasks, avg(turns) turns,
              avg(tokens_in) tin, avg(tokens_out) tout,
              avg(${passedSql(threshold)}) pass,
              avg(CASE WHEN reward IS NULL THEN NULL WHEN reward >= 1 - 1e-9 THEN 1.0 ELSE 0.0 END) perfect
       FROM episodes e WHERE run_id = ?`
    )
    .get(runId) as {
    n: number
    tasks: number
    turns: number | null
    tin: number | null
    tout: number | null
    pass: number | null
    perfect: number | null
  }

  const metrics = (
    db
      .prepare(
        `SELECT j.key name, count(j.value) count, avg(j.value) mean, min(j.value) min, max(j.value) max,
                avg(j.value * j.value) sq
         FROM episodes e, json_each(e.metrics_json) j
         WHERE e.run_id = ? AND j.type IN ('integer', 'real')
         GROUP BY j.key ORDER BY j.key`
      )
      .all(runId) as { name: string; count: number; mean: number; min: number; max: number; sq: number }[]
  ).map((m): MetricSummary => {
    // Sample std from the first two moments; clamp tiny negative rounding to 0.
    const variance = m.count > 1 ? Math.max(0, ((m.sq - m.mean * m.mean) * m.count) / (m.count - 1)) : null
    return { name: m.name, count: m.count, mean: m.mean, std: variance === null ? null : Math.sqrt(variance), min: m.min, max: m.max }
  })

  const infoFields = (
    db
      .prepare(`SELECT DISTINCT j.key FROM episodes e, json_each(e.info_json) j WHERE e.run_id = ? ORDER BY j.key`)
      .raw()
      .all(runId) as [string][]
  ).map((r) => r[0])

  const summary: ComputedRunSummary = {
    episodes: agg.n,
    tasks: agg.tasks,
    rolloutsPerTask: agg.tasks ? agg.n / agg.tasks : null,
    meanReward: reward.mean,
    // A t interval can overshoot a bounded reward; clip it to [0, 1] when every reward lies there.
    rewardCi95: reward.ci95 && inUnitRange ? [Math.max(0, reward.ci95[0]), Math.min(1, reward.ci95[1])] : reward.ci95,
    rewardStd: reward.std,
    rewardMin: reward.min,
    rewardMax: reward.max,
    passRate: agg.pass,
    perfectRate: inUnitRange ? agg.perfect : null,
    meanTurns: agg.turns,
    tokensIn: agg.tin,
    tokensOut: agg.tout,
    metrics,
    infoFields
  }
  refreshRunAnomalies(db, runId, threshold)
  db.prepare('UPDATE runs SET summary_json = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(summary), Date.now(), runId)
  return summary
}

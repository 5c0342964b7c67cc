import type { MetricSummary, ProducerHeadline, RewardPerStep, Stat, UnscoredSummary } from '@contract/model'
import { describe } from '../stats/describe'
import type { Db } from './open-db'
import { statement } from './statements'
import { passedSql } from './passed-sql'
import { refreshRunAnomalies } from './run-anomalies-sql'
import { checkHeadlines, parseStoredScoring, unscoredSummary } from './run-scoring'

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
  scored: number
  unscored: UnscoredSummary | null
  noTranscript: number
  trainingSteps: number
  headlines: ProducerHeadline[]
  meanTurns: number | null
  steps: Stat
  stepsPassed: number | null
  rewardPerStep: RewardPerStep
  tokensIn: number | null
  tokensOut: number | null
  generationMs: Stat
  durationMs: Stat
  wallTimeMs: number | null
  terminations: { reason: string; count: number }[]
  metrics: MetricSummary[]
  infoFields: string[]
}

export const EMPTY_STAT: Stat = { count: 0, mean: null, std: null, min: null, max: null }

/** Effective pass threshold of a run: the user's override, else the default. */
export function effectiveThreshold(db: Db, runId: string): number | null {
  const row = statement(db, 'SELECT pass_threshold_user u, pass_threshold_default d FROM runs WHERE id = ?').get(
    runId
  ) as { u: number | null; d: number | null } | undefined
  return row ? (row.u ?? row.d) : null
}

/** Default pass threshold: the producer's, else 0.5 when every reward lies in [0, 1], else none. */
export function defaultThreshold(producer: number | null, min: number | null, max: number | null): number | null {
  if (producer !== null && Number.isFinite(producer)) return producer
  if (min !== null && max !== null && min >= 0 && max <= 1) return 0.5
  return null
}

/** SQL selecting count, mean, mean of squares, min and max of a column as `<p>n, <p>m, <p>sq, <p>lo, <p>hi`. */
const statColumns = (col: string, p: string): string =>
  `count(${col}) ${p}n, avg(${col}) ${p}m, avg(${col} * ${col}) ${p}sq, min(${col}) ${p}lo, max(${col}) ${p}hi`

/** A Stat from the columns statColumns selected (population σ from the first two moments, clamped at 0). */
function statOf(row: Record<string, number | null>, p: string): Stat {
  const n = row[`${p}n`] ?? 0
  if (!n) return EMPTY_STAT
  const m = row[`${p}m`]!
  return {
    count: n,
    mean: m,
    std: Math.sqrt(Math.max(0, row[`${p}sq`]! - m * m)),
    min: row[`${p}lo`],
    max: row[`${p}hi`]
  }
}

/**
 * Recomputes and stores a run's summary (aggregates run in SQLite; only rewards come back to JS). Every figure has
 * one denominator story: the mean reward, perfect rate and σ are over the episodes with a reward; the pass rate over
 * the episodes with a verdict, which are the same episodes unless a format's own success flag decides some without
 * a reward. Episodes the producer did not score either count as failures (reward 0, written so by the adapter, as
 * the producer counts them) or are left out, and `unscored` says which and how many.
 */
export function refreshRunSummary(db: Db, runId: string): ComputedRunSummary {
  const rewards = (
    db.prepare('SELECT reward FROM episodes WHERE run_id = ? AND reward IS NOT NULL').raw().all(runId) as [number][]
  ).map((r) => r[0])
  const reward = describe(rewards)
  const threshold = effectiveThreshold(db, runId)
  const passed = passedSql(threshold)
  const inUnitRange = reward.min !== null && reward.max !== null && reward.min >= 0 && reward.max <= 1
  const stored = parseStoredScoring(
    (db.prepare('SELECT scoring_json FROM runs WHERE id = ?').pluck().get(runId) as string | undefined) ?? null
  )

  const agg = db
    .prepare(
      `SELECT count(*) n, count(DISTINCT task_key) tasks, avg(CASE WHEN transcript THEN turns END) turns,
              avg(tokens_in) tin, avg(tokens_out) tout,
              avg(${passed}) pass,
              avg(CASE WHEN reward IS NULL THEN NULL WHEN reward >= 1 - 1e-9 THEN 1.0 ELSE 0.0 END) perfect,
              count(reward) scored, sum(transcript = 0) noTranscript, count(DISTINCT step) trainingSteps,
              avg(CASE WHEN ${passed} = 1 THEN steps END) stepsPassed,
              sum(CASE WHEN steps > 0 THEN reward END) / sum(CASE WHEN steps > 0 AND reward IS NOT NULL THEN steps END) pooled,
              avg(CASE WHEN steps > 0 THEN reward * 1.0 / steps END) perEpisode,
              ${statColumns('steps', 's_')}, ${statColumns('generation_ms', 'g_')}, ${statColumns('duration_ms', 'd_')}
       FROM episodes e WHERE run_id = ?`
    )
    .get(runId) as Record<string, number | null> & { n: number; tasks: number; scored: number; trainingSteps: number }

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
    // Population σ (as everywhere: stats/describe.ts) from the first two moments; clamp tiny negative rounding to 0.
    const variance = Math.max(0, m.sq - m.mean * m.mean)
    return { name: m.name, count: m.count, mean: m.mean, std: Math.sqrt(variance), min: m.min, max: m.max }
  })

  // per-step shares: also pooled over every step of the run (weights: each episode's steps)
  const rates = new Set(stored.stepRates ?? [])
  if (rates.size) {
    const pooled = db.prepare(
      `SELECT sum(j.value * e.steps) / sum(e.steps) FROM episodes e, json_each(e.metrics_json) j
       WHERE e.run_id = ? AND j.key = ? AND j.type IN ('integer', 'real') AND e.steps > 0`
    )
    for (const m of metrics) if (rates.has(m.name)) m.pooled = pooled.pluck().get(runId, m.name) as number | null
  }

  const infoFields = (
    db
      .prepare(`SELECT DISTINCT j.key FROM episodes e, json_each(e.info_json) j WHERE e.run_id = ? ORDER BY j.key`)
      .raw()
      .all(runId) as [string][]
  ).map((r) => r[0])

  const reasons = unscoredReasons(db, runId)
  const terminations = db
    .prepare(
      `SELECT termination reason, count(*) count FROM episodes WHERE run_id = ? AND termination IS NOT NULL
       GROUP BY 1 ORDER BY 2 DESC, 1`
    )
    .all(runId) as { reason: string; count: number }[]

  const meanReward = reward.mean
  const passRate = agg.pass
  const summary: ComputedRunSummary = {
    episodes: agg.n,
    tasks: agg.tasks,
    rolloutsPerTask: agg.tasks ? agg.n / agg.tasks : null,
    meanReward,
    // A t interval can overshoot a bounded reward; clip it to [0, 1] when every reward lies there.
    rewardCi95: reward.ci95 && inUnitRange ? [Math.max(0, reward.ci95[0]), Math.min(1, reward.ci95[1])] : reward.ci95,
    rewardStd: reward.std,
    rewardMin: reward.min,
    rewardMax: reward.max,
    passRate,
    perfectRate: inUnitRange ? agg.perfect : null,
    scored: agg.scored,
    unscored: unscoredSummary(agg.n, reasons, stored.scoring),
    noTranscript: agg.noTranscript ?? 0,
    trainingSteps: agg.trainingSteps ?? 0,
    headlines: checkHeadlines(stored.headlines, { meanReward, passRate }, agg.n),
    meanTurns: agg.turns,
    steps: statOf(agg, 's_'),
    stepsPassed: agg.stepsPassed,
    rewardPerStep: { pooled: agg.pooled, perEpisode: agg.perEpisode },
    tokensIn: agg.tin,
    tokensOut: agg.tout,
    generationMs: statOf(agg, 'g_'),
    durationMs: statOf(agg, 'd_'),
    wallTimeMs: typeof stored.wallTimeMs === 'number' && Number.isFinite(stored.wallTimeMs) ? stored.wallTimeMs : null,
    terminations,
    metrics,
    infoFields
  }
  refreshRunAnomalies(db, runId, threshold)
  db.prepare('UPDATE runs SET summary_json = ?, updated_at = ? WHERE id = ?').run(
    JSON.stringify(summary),
    Date.now(),
    runId
  )
  return summary
}

/**
 * Why a run's (or one training step's) episodes have no result, by reason. An episode without a reward is unscored
 * too, whatever the adapter said (reason 'no reward'); one with a reward the adapter gave for want of a result (0)
 * counts as a failure, one without is left out.
 */
export function unscoredReasons(
  db: Db,
  runId: string,
  step?: number
): { reason: string; count: number; countedAs: 'failure' | 'excluded' }[] {
  return (
    db
      .prepare(
        `SELECT coalesce(unscored, 'no reward') reason, count(*) count, reward IS NULL excluded FROM episodes
         WHERE run_id = ? ${step === undefined ? '' : 'AND step = ?'} AND (unscored IS NOT NULL OR reward IS NULL)
         GROUP BY 1, 3 ORDER BY 2 DESC, 1`
      )
      .all(...(step === undefined ? [runId] : [runId, step])) as { reason: string; count: number; excluded: number }[]
  ).map((r) => ({
    reason: r.reason,
    count: r.count,
    countedAs: r.excluded ? ('excluded' as const) : ('failure' as const)
  }))
}

import type { RunSummary, TraceFormat } from '@contract/model'
import { EMPTY_STAT, type ComputedRunSummary } from './run-summary'
import type { Db } from './open-db'
import { statement } from './statements'

interface RunRow {
  id: string
  name: string
  format: string
  source_path: string
  model: string | null
  env: string | null
  created_at: string | null
  checkpoint_step: number | null
  header_json: string
  warnings_json: string
  pass_threshold_user: number | null
  pass_threshold_default: number | null
  summary_json: string
}

const EMPTY: ComputedRunSummary = {
  episodes: 0,
  tasks: 0,
  rolloutsPerTask: null,
  meanReward: null,
  rewardCi95: null,
  rewardStd: null,
  rewardMin: null,
  rewardMax: null,
  passRate: null,
  perfectRate: null,
  scored: 0,
  unscored: null,
  noTranscript: 0,
  trainingSteps: 0,
  headlines: [],
  meanTurns: null,
  steps: EMPTY_STAT,
  stepsPassed: null,
  rewardPerStep: { pooled: null, perEpisode: null },
  tokensIn: null,
  tokensOut: null,
  generationMs: EMPTY_STAT,
  durationMs: EMPTY_STAT,
  wallTimeMs: null,
  terminations: [],
  metrics: [],
  infoFields: []
}

function toRunSummary(r: RunRow): RunSummary {
  const s = { ...EMPTY, ...(JSON.parse(r.summary_json) as Partial<ComputedRunSummary>) }
  return {
    id: r.id,
    name: r.name,
    format: r.format as TraceFormat,
    source: r.source_path,
    model: r.model,
    env: r.env,
    createdAt: r.created_at,
    checkpointStep: r.checkpoint_step,
    ...s,
    passThreshold: r.pass_threshold_user ?? r.pass_threshold_default,
    passThresholdIsUser: r.pass_threshold_user !== null,
    header: JSON.parse(r.header_json) as Record<string, unknown>,
    warnings: JSON.parse(r.warnings_json) as string[]
  }
}

/** Every run, grouped by environment then name. */
export function listRuns(db: Db): RunSummary[] {
  return (db.prepare('SELECT * FROM runs ORDER BY ifnull(env, name), name, source_path').all() as RunRow[]).map(
    toRunSummary
  )
}

/** One run by id, or undefined. */
export function getRun(db: Db, runId: string): RunSummary | undefined {
  const row = statement(db, 'SELECT * FROM runs WHERE id = ?').get(runId) as RunRow | undefined
  return row && toRunSummary(row)
}

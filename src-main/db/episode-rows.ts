import type { AnomalyCode, EpisodeQuery, EpisodeStatus, EpisodeSummary, Page, TaskKeyKind } from '@contract/model'
import { episodeWhere } from './episode-query-sql'
import { pageOfEpisodes } from './episode-pages'
import type { Db } from './open-db'
import { statement } from './statements'
import { runSet } from './run-set'

export interface EpisodeRow {
  rowid: number
  id: string
  run_id: string
  ordinal: number
  task_key: string
  task_key_kind: string
  source_ref: string | null
  rollout: number
  step: number | null
  reward: number | null
  passed: number | null
  success: number | null
  status: string
  error: string | null
  turns: number
  preview: string
  answer: string | null
  metrics_json: string
  info_json: string
  tokens_in: number | null
  tokens_out: number | null
  duration_ms: number | null
  byte_offset: number
  byte_length: number
  /** Runs of a long JSONL record's list items a head read jumps over (formats/readers/head-skips.ts), or null. */
  head_skips: string | null
  prompt_hash: string
  locator: string | null
  anomalies_json: string | null
  steps: number | null
  termination: string | null
  generation_ms: number | null
  unscored: string | null
  transcript: number
}

/** Maps an episodes row (with its computed `passed`) to the contract shape. */
export function toEpisodeSummary(r: EpisodeRow): EpisodeSummary {
  return {
    id: r.id,
    runId: r.run_id,
    ordinal: r.ordinal,
    taskKey: r.task_key,
    taskKeyKind: r.task_key_kind as TaskKeyKind,
    sourceId: r.source_ref,
    rollout: r.rollout,
    step: r.step,
    reward: r.reward,
    passed: r.passed === null ? null : r.passed === 1,
    turns: r.turns,
    steps: r.steps,
    status: r.status as EpisodeStatus,
    termination: r.termination,
    unscored: r.unscored,
    transcript: r.transcript !== 0,
    error: r.error,
    preview: r.preview,
    answer: r.answer,
    metrics: JSON.parse(r.metrics_json) as Record<string, number>,
    info: JSON.parse(r.info_json) as EpisodeSummary['info'],
    tokensIn: r.tokens_in,
    tokensOut: r.tokens_out,
    durationMs: r.duration_ms,
    generationMs: r.generation_ms,
    anomalies: r.anomalies_json ? (JSON.parse(r.anomalies_json) as AnomalyCode[]) : []
  }
}

/**
 * One page of the episodes of a run (or of several runs), filtered and sorted in SQLite: the page's row ids first,
 * along an index where one serves (episode-pages.ts), then only those rows read whole.
 */
export function listEpisodes(db: Db, q: EpisodeQuery, metricNames: ReadonlySet<string>): Page<EpisodeSummary> {
  const runs = runSet(db, q)
  const where = episodeWhere(q, runs.ids, runs.passed, metricNames)
  const offset = q.offset ?? 0
  const page = pageOfEpisodes(db, {
    runIds: runs.ids,
    where,
    sort: q.sort ?? 'ordinal',
    desc: q.desc ?? false,
    // picked ids and one task's rollouts are a few rows: one ordered pass
    indexable: q.ids === undefined && q.taskKey === undefined,
    offset,
    limit: q.limit ?? 200
  })
  return { items: rowsById(db, page.rowids, runs.passed).map(toEpisodeSummary), total: page.total, offset }
}

/** The rows of `rowids` (with `passed` by their run's rule), in that order. */
function rowsById(db: Db, rowids: number[], passed: string): EpisodeRow[] {
  if (rowids.length === 0) return []
  const rows = statement(
    db,
    `SELECT e.*, ${passed} passed FROM episodes e WHERE e.rowid IN (${rowids.map(() => '?').join(',')})`
  ).all(...rowids) as EpisodeRow[]
  const byId = new Map(rows.map((r) => [r.rowid, r]))
  return rowids.flatMap((id) => byId.get(id) ?? [])
}

/** One episode row (with `passed`) by id, or undefined. */
export function getEpisodeRow(
  db: Db,
  episodeId: string
):
  (EpisodeRow & { source_path: string; run_name: string; format: string; size: number; mtime_ms: number }) | undefined {
  const row = db
    .prepare(
      `SELECT e.*, s.path source_path, r.name run_name, r.format, s.size, s.mtime_ms,
              r.pass_threshold_user u, r.pass_threshold_default d
       FROM episodes e JOIN runs r ON r.id = e.run_id JOIN sources s ON s.id = e.source_id WHERE e.id = ?`
    )
    .get(episodeId) as
    | (EpisodeRow & {
        source_path: string
        run_name: string
        format: string
        size: number
        mtime_ms: number
        u: number | null
        d: number | null
      })
    | undefined
  if (!row) return undefined
  const t = row.u ?? row.d
  const passed = row.success ?? (t === null || row.reward === null ? null : row.reward >= t ? 1 : 0)
  return { ...row, passed }
}

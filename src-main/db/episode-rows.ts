import type { EpisodeQuery, EpisodeStatus, EpisodeSummary, Page, TaskKeyKind } from '@contract/model'
import { BadRequestError, NotFoundError } from '@contract/guards'
import { compileFilter, FilterError, type FilterFields } from './filter-expr'
import type { Db } from './open-db'
import { passedSql } from './passed-sql'
import { effectiveThreshold } from './run-summary'

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
  prompt_hash: string
  locator: string | null
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
    status: r.status as EpisodeStatus,
    error: r.error,
    preview: r.preview,
    answer: r.answer,
    metrics: JSON.parse(r.metrics_json) as Record<string, number>,
    info: JSON.parse(r.info_json) as EpisodeSummary['info'],
    tokensIn: r.tokens_in,
    tokensOut: r.tokens_out,
    durationMs: r.duration_ms
  }
}

const SORT_COLUMNS: Record<string, string> = {
  ordinal: 'e.ordinal',
  reward: 'e.reward',
  turns: 'e.turns',
  taskKey: 'e.task_key',
  rollout: 'e.rollout',
  step: 'e.step',
  status: 'e.status'
}

/** The fields a filter expression may name, as SQL over `e` (episodes) with the run's threshold bound. */
function filterFields(threshold: number | null, metricNames: ReadonlySet<string>): FilterFields {
  return {
    columns: {
      reward: { sql: 'e.reward', type: 'number' },
      turns: { sql: 'e.turns', type: 'number' },
      rollout: { sql: 'e.rollout', type: 'number' },
      step: { sql: 'e.step', type: 'number' },
      ordinal: { sql: 'e.ordinal', type: 'number' },
      task: { sql: 'e.task_key', type: 'string' },
      taskKey: { sql: 'e.task_key', type: 'string' },
      id: { sql: 'e.source_ref', type: 'string' },
      status: { sql: 'e.status', type: 'string' },
      error: { sql: 'e.error', type: 'string' },
      answer: { sql: 'e.answer', type: 'string' },
      preview: { sql: 'e.preview', type: 'string' },
      passed: { sql: passedSql(threshold), type: 'boolean' },
      success: { sql: 'e.success', type: 'boolean' },
      tokensIn: { sql: 'e.tokens_in', type: 'number' },
      tokensOut: { sql: 'e.tokens_out', type: 'number' },
      durationMs: { sql: 'e.duration_ms', type: 'number' }
    },
    metric: (p) => `json_extract(e.metrics_json, ${p})`,
    info: (p) => `json_extract(e.info_json, ${p})`,
    metricNames
  }
}

/** One page of a run's episodes, filtered and sorted in SQLite. */
export function listEpisodes(db: Db, q: EpisodeQuery, metricNames: ReadonlySet<string>): Page<EpisodeSummary> {
  if (!db.prepare('SELECT 1 FROM runs WHERE id = ?').get(q.runId)) throw new NotFoundError(`no run with id ${q.runId}`)
  const threshold = effectiveThreshold(db, q.runId)
  const where: string[] = ['e.run_id = ?']
  const params: unknown[] = [q.runId]
  if (q.text?.trim()) {
    const needle = q.text.trim().toLowerCase()
    where.push(
      '(instr(lower(e.task_key), ?) > 0 OR instr(lower(e.preview), ?) > 0 OR instr(lower(ifnull(e.answer, \'\')), ?) > 0)'
    )
    params.push(needle, needle, needle)
  }
  if (q.filter?.trim()) {
    try {
      const compiled = compileFilter(q.filter, filterFields(threshold, metricNames))
      where.push(`(${compiled.sql})`)
      params.push(...compiled.params)
    } catch (err) {
      if (err instanceof FilterError) throw new BadRequestError(err.message)
      throw err
    }
  }
  const sort = q.sort ?? 'ordinal'
  const dir = q.desc ? 'DESC' : 'ASC'
  let order: string
  const orderParams: unknown[] = []
  if (sort.startsWith('metric:')) {
    const path = `$."${sort.slice(7).replace(/["\\]/g, (c) => '\\' + c)}"`
    order = `json_extract(e.metrics_json, ?) IS NULL, json_extract(e.metrics_json, ?) ${dir}`
    orderParams.push(path, path)
  } else {
    const col = SORT_COLUMNS[sort]
    if (!col) throw new BadRequestError(`cannot sort by ${sort}`)
    // Missing values last whichever the direction.
    order = `${col} IS NULL, ${col} ${dir}`
  }
  const whereSql = where.join(' AND ')
  const total = (db.prepare(`SELECT count(*) n FROM episodes e WHERE ${whereSql}`).get(...params) as { n: number }).n
  const offset = q.offset ?? 0
  const limit = q.limit ?? 200
  const rows = db
    .prepare(
      `SELECT e.*, ${passedSql(threshold)} passed FROM episodes e WHERE ${whereSql}
       ORDER BY ${order}, e.ordinal LIMIT ? OFFSET ?`
    )
    .all(...params, ...orderParams, limit, offset) as EpisodeRow[]
  return { items: rows.map(toEpisodeSummary), total, offset }
}

/** One episode row (with `passed`) by id, or undefined. */
export function getEpisodeRow(db: Db, episodeId: string): (EpisodeRow & { source_path: string; run_name: string; format: string; size: number; mtime_ms: number }) | undefined {
  const row = db
    .prepare(
      `SELECT e.*, s.path source_path, r.name run_name, r.format, s.size, s.mtime_ms,
              r.pass_threshold_user u, r.pass_threshold_default d
       FROM episodes e JOIN runs r ON r.id = e.run_id JOIN sources s ON s.id = e.source_id WHERE e.id = ?`
    )
    .get(episodeId) as (EpisodeRow & { source_path: string; run_name: string; format: string; size: number; mtime_ms: number; u: number | null; d: number | null }) | undefined
  if (!row) return undefined
  const t = row.u ?? row.d
  const passed = row.success ?? (t === null ? null : row.reward === null ? 0 : row.reward >= t ? 1 : 0)
  return { ...row, passed }
}

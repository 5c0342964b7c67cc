import type { AnomalyCode, EpisodeQuery, EpisodeStatus, EpisodeSummary, Page, TaskKeyKind } from '@contract/model'
import { episodeWhere, indexedColumn, sortValue } from './episode-query-sql'
import { filteredOrder, indexedPage, mergedPage, orderedRowids, RowSet } from './episode-pages'
import { queryCacheOf } from './query-cache'
import type { Db } from './open-db'
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
  const sort = q.sort ?? 'ordinal'
  const value = sortValue(sort)
  const column = indexedColumn(sort)
  const desc = q.desc ?? false
  const offset = q.offset ?? 0
  const limit = q.limit ?? 200
  const cache = queryCacheOf(db)
  const countOf = (runId: string): number =>
    cache.remember(`count\n${runId}`, () => ({
      value: (db.prepare('SELECT count(*) FROM episodes e WHERE e.run_id = ?').raw().get(runId) as [number])[0],
      bytes: 64
    }))
  let rowids: number[] | null = null
  let total = 0
  if (where.plain && column) {
    const counts = runs.ids.map(countOf)
    total = counts.reduce((a, b) => a + b, 0)
    rowids =
      runs.ids.length === 1
        ? indexedPage(db, runs.ids[0], column, desc, offset, limit).map((e) => e[0])
        : mergedPage(db, runs.ids, counts, column, desc, offset, limit)
  }
  if (rowids === null && column && q.ids === undefined && q.taskKey === undefined) {
    // a filter (or free text): its matches found once, then ordered along the sort key's index
    const setKey = `set\n${where.from}\n${where.sql}\n${JSON.stringify(where.params)}`
    const set = cache.remember(setKey, () => {
      const ids = db
        .prepare(`SELECT e.rowid FROM ${where.from} WHERE ${where.sql}`)
        .pluck()
        .all(...where.params)
      const value = new RowSet(ids as number[])
      return { value, bytes: value.bytes + setKey.length }
    })
    const list = cache.remember(`order\n${sort}\n${desc}\n${runs.ids.join(',')}\n${setKey}`, () => {
      const value = filteredOrder(db, runs.ids, column, desc, set)
      return { value, bytes: value.byteLength + setKey.length }
    })
    total = list.length
    rowids = Array.from(list.subarray(offset, offset + limit))
  }
  if (rowids === null) {
    const dir = desc ? 'DESC' : 'ASC'
    // Across runs, ties (and file order itself) follow the order the runs were asked in.
    const runOrder = runs.ids.length > 1 ? `instr(?, ',' || e.run_id || ','), ` : ''
    const runOrderParams = runs.ids.length > 1 ? [`,${runs.ids.join(',')},`] : []
    const first = sort === 'ordinal' ? runOrder : ''
    const firstParams = first ? runOrderParams : []
    // file order is the last key already when it is the sort key (a second one would cost a sort of its ties)
    const last = sort === 'ordinal' ? '' : `, ${runOrder}e.ordinal`
    const sql = `SELECT e.rowid FROM ${where.from} WHERE ${where.sql}
       ORDER BY ${first}${value.sql} ${dir} NULLS LAST${last}`
    const params = [...where.params, ...firstParams, ...value.params, ...(last ? runOrderParams : [])]
    const list = cache.remember(`list\n${sql}\n${JSON.stringify(params)}`, () => {
      const ids = orderedRowids(db, sql, params)
      return { value: ids, bytes: ids.byteLength + sql.length }
    })
    total = list.length
    rowids = Array.from(list.subarray(offset, offset + limit))
  }
  return { items: rowsById(db, rowids, runs.passed).map(toEpisodeSummary), total, offset }
}

/** The rows of `rowids` (with `passed` by their run's rule), in that order. */
function rowsById(db: Db, rowids: number[], passed: string): EpisodeRow[] {
  if (rowids.length === 0) return []
  const rows = db
    .prepare(`SELECT e.*, ${passed} passed FROM episodes e WHERE e.rowid IN (${rowids.map(() => '?').join(',')})`)
    .all(...rowids) as EpisodeRow[]
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

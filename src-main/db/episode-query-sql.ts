/**
 * The parts of an EpisodeQuery that the flat list (episode-rows.ts) and the task groups (task-groups.ts) share:
 * which episodes match (run, free text, filter expression, task) and the SQL value a sort key orders by.
 * User text only reaches SQLite as bound parameters.
 */
import type { EpisodeQuery, EpisodeSortKey } from '@contract/model'
import { BadRequestError } from '@contract/guards'
import { compileFilter, FilterError, type FilterFields } from './filter-expr'
import { labelFilterColumns, labelFilterSets } from './label-filter-sql'
import { anomalyFilterSet } from './anomaly-filter-sql'
import { containsSql } from './text-contains-sql'

/** The FROM and WHERE clauses over `episodes e`, and the WHERE's parameters in order. */
export interface EpisodeWhere {
  from: string
  sql: string
  params: unknown[]
  /** Nothing but the runs: no ids, task, text or filter (a page can be read along a sort key's index). */
  plain: boolean
}

/** A sort key as one SQL value over `e`, with the parameters it binds. */
export interface SortValue {
  sql: string
  params: unknown[]
  /** What the value is, for choosing a group aggregate: a number, text, or a JSON value of either kind. */
  kind: 'number' | 'text' | 'json'
}

/** The column sort keys; each has an index (run_id, column, ordinal) (migration 0018). */
const SORT_COLUMNS: Record<string, { sql: string; kind: SortValue['kind']; nullable: boolean }> = {
  ordinal: { sql: 'e.ordinal', kind: 'number', nullable: false },
  reward: { sql: 'e.reward', kind: 'number', nullable: true },
  turns: { sql: 'e.turns', kind: 'number', nullable: false },
  steps: { sql: 'e.steps', kind: 'number', nullable: true },
  generationMs: { sql: 'e.generation_ms', kind: 'number', nullable: true },
  taskKey: { sql: 'e.task_key', kind: 'text', nullable: false },
  rollout: { sql: 'e.rollout', kind: 'number', nullable: false },
  step: { sql: 'e.step', kind: 'number', nullable: true },
  status: { sql: 'e.status', kind: 'text', nullable: false },
  tokensIn: { sql: 'e.tokens_in', kind: 'number', nullable: true },
  tokensOut: { sql: 'e.tokens_out', kind: 'number', nullable: true },
  durationMs: { sql: 'e.duration_ms', kind: 'number', nullable: true }
}

/** The indexed column a sort key orders by, or null (a metric or info key: a JSON value, not indexed). */
export function indexedColumn(sort: EpisodeSortKey): { sql: string; nullable: boolean } | null {
  const col = Object.hasOwn(SORT_COLUMNS, sort) ? SORT_COLUMNS[sort] : undefined
  return col ? { sql: col.sql, nullable: col.nullable } : null
}

/** The fields a filter expression may name, as SQL over `e` (episodes); `passed` is the runs' pass rule (run-set.ts). */
export function filterFields(passed: string, metricNames: ReadonlySet<string>): FilterFields {
  return {
    columns: {
      reward: { sql: 'e.reward', type: 'number' },
      turns: { sql: 'e.turns', type: 'number' },
      messages: { sql: 'e.turns', type: 'number' },
      steps: { sql: 'e.steps', type: 'number' },
      termination: { sql: 'e.termination', type: 'string' },
      unscored: { sql: 'e.unscored', type: 'string' },
      transcript: { sql: 'e.transcript', type: 'boolean' },
      generationMs: { sql: 'e.generation_ms', type: 'number' },
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
      passed: { sql: passed, type: 'boolean' },
      success: { sql: 'e.success', type: 'boolean' },
      tokensIn: { sql: 'e.tokens_in', type: 'number' },
      tokensOut: { sql: 'e.tokens_out', type: 'number' },
      durationMs: { sql: 'e.duration_ms', type: 'number' },
      ...labelFilterColumns()
    },
    sets: { ...labelFilterSets(), anomaly: anomalyFilterSet },
    metric: (p) => `json_extract(e.metrics_json, ${p})`,
    info: (p) => `json_extract(e.info_json, ${p})`,
    metricNames
  }
}

/**
 * The episodes of the runs `runIds` (one, or several for a view over runs) matching the text, filter and task of
 * `q`; `passed` is their pass rule (run-set.ts). Throws BadRequestError for a bad filter.
 */
export function episodeWhere(
  q: EpisodeQuery,
  runIds: readonly string[],
  passed: string,
  metricNames: ReadonlySet<string>
): EpisodeWhere {
  const where: string[] = [runIds.length === 1 ? 'e.run_id = ?' : `e.run_id IN (${runIds.map(() => '?').join(', ')})`]
  const params: unknown[] = [...runIds]
  if (q.ids !== undefined) {
    where.push(q.ids.length ? `e.id IN (${q.ids.map(() => '?').join(', ')})` : '0')
    params.push(...q.ids)
  }
  if (q.taskKey !== undefined) {
    where.push('e.task_key = ?')
    params.push(q.taskKey)
  }
  if (q.text?.trim()) {
    const found = ['e.task_key', 'e.preview', "ifnull(e.answer, '')"].map((c) => containsSql(c, q.text!.trim()))
    where.push(`(${found.map((f) => f.sql).join(' OR ')})`)
    params.push(...found.map((f) => f.param))
  }
  if (q.filter?.trim()) {
    try {
      const compiled = compileFilter(q.filter, filterFields(passed, metricNames))
      where.push(`(${compiled.sql})`)
      params.push(...compiled.params)
    } catch (err) {
      if (err instanceof FilterError) throw new BadRequestError(err.message)
      throw err
    }
  }
  // One task's rollouts are a handful of rows under (run_id, task_key): without the hint a range condition in the
  // filter (reward > 0.5) makes SQLite walk that column's index over the whole run instead (100 ms at 100k episodes).
  const from = q.taskKey !== undefined ? 'episodes e INDEXED BY episodes_run_task' : 'episodes e'
  return { from, sql: where.join(' AND '), params, plain: where.length === 1 }
}

/** JSON path of one top-level key, quoted so dots and brackets in the name stay literal. */
const jsonKeyPath = (key: string): string => `$."${key.replace(/["\\]/g, (c) => '\\' + c)}"`

/** The value a sort key orders episodes by. */
export function sortValue(sort: EpisodeSortKey): SortValue {
  if (sort.startsWith('metric:')) {
    return { sql: 'json_extract(e.metrics_json, ?)', params: [jsonKeyPath(sort.slice(7))], kind: 'number' }
  }
  if (sort.startsWith('info:')) {
    // Info values may be text or numbers; SQLite orders numbers before text, which keeps either kind sensible.
    return { sql: 'json_extract(e.info_json, ?)', params: [jsonKeyPath(sort.slice(5))], kind: 'json' }
  }
  const col = Object.hasOwn(SORT_COLUMNS, sort) ? SORT_COLUMNS[sort] : undefined
  if (!col) throw new BadRequestError(`cannot sort by ${sort}`)
  return { sql: col.sql, params: [], kind: col.kind }
}

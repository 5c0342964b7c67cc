/**
 * The episodes table grouped by task: one row per task key with its matching rollouts aggregated in SQLite, paged
 * like the flat list, so a run of 100k episodes never leaves the database as rows.
 */
import type { EpisodeQuery, EpisodeSortKey, Page, TaskGroupSummary, TaskKeyKind } from '@contract/model'
import { BadRequestError } from '@contract/guards'
import { episodeWhere, sortValue } from './episode-query-sql'
import type { Db } from './open-db'
import { queryCacheOf } from './query-cache'
import { runSet } from './run-set'

interface GroupRow {
  task_key: string
  kind: string
  n: number
  mean_reward: number | null
  min_reward: number | null
  max_reward: number | null
  passed: number
  pass_known: number
  mean_turns: number | null
  errors: number
  truncated: number
  first_ordinal: number
}

/**
 * What a group is ordered by for a sort key, so that sorting the grouped table means what it means for episodes:
 * file order → the task's first rollout; task → its key; status → how many rollouts did not end ok; a number
 * (reward, turns, metric…) → its mean over the rollouts; an info field (usually the same for every rollout of a
 * task, e.g. difficulty) → its smallest value.
 */
function groupSortValue(sort: EpisodeSortKey): { sql: string; params: unknown[] } {
  if (sort === 'ordinal' || sort === 'rollout') return { sql: 'min(e.ordinal)', params: [] }
  if (sort === 'taskKey') return { sql: 'e.task_key', params: [] }
  if (sort === 'status') return { sql: "total(e.status <> 'ok')", params: [] }
  const v = sortValue(sort)
  return { sql: v.kind === 'number' ? `avg(${v.sql})` : `min(${v.sql})`, params: v.params }
}

/**
 * One page of a run's task groups over the episodes matching `q` (its offset and limit count groups). Every group of
 * the query is aggregated and ordered in one pass and kept by the connection (QueryCache) while the database is
 * unchanged: the next pages, and the total, cost no second pass over the run's rows. Only the page's groups then
 * look up their preview.
 */
export function listTaskGroups(db: Db, q: EpisodeQuery, metricNames: ReadonlySet<string>): Page<TaskGroupSummary> {
  // Groups are one run's tasks: a view over several runs lists flat.
  if (q.runIds?.some((id) => id !== q.runId))
    throw new BadRequestError('task groups cover one run; list several runs flat')
  const { ids, passed } = runSet(db, q)
  const where = episodeWhere(q, ids, passed, metricNames)
  const order = groupSortValue(q.sort ?? 'ordinal')
  const dir = q.desc ? 'DESC' : 'ASC'
  const offset = q.offset ?? 0
  const limit = q.limit ?? 200
  // Missing sort values go last whichever the direction; a tie keeps file order.
  const sql = `SELECT e.task_key task_key, min(e.task_key_kind) kind, count(*) n,
         avg(e.reward) mean_reward, min(e.reward) min_reward, max(e.reward) max_reward,
         total(${passed}) passed, count(${passed}) pass_known, avg(e.turns) mean_turns,
         total(e.status = 'error') errors, total(e.status = 'truncated') truncated,
         min(e.ordinal) first_ordinal, ${order.sql} sort_value
       FROM ${where.from} WHERE ${where.sql}
       GROUP BY e.task_key
       ORDER BY sort_value ${dir} NULLS LAST, first_ordinal`
  const params = [...order.params, ...where.params]
  const all = queryCacheOf(db).remember(`groups\n${sql}\n${JSON.stringify(params)}`, () => {
    const rows = db.prepare(sql).all(...params) as GroupRow[]
    // an object of a dozen numbers and its key: ~150 bytes
    return { value: rows, bytes: rows.reduce((n, r) => n + 150 + 2 * r.task_key.length, 0) }
  })
  const page = all.slice(offset, offset + limit)
  // the preview of each group's first rollout (in file order), through the (run_id, ordinal) index
  const preview = db.prepare('SELECT preview FROM episodes WHERE run_id = ? AND ordinal = ?').pluck()
  const items = page.map((g) => toTaskGroup(g, (preview.get(q.runId, g.first_ordinal) as string | undefined) ?? ''))
  return { items, total: all.length, offset }
}

function toTaskGroup(r: GroupRow, preview: string): TaskGroupSummary {
  return {
    taskKey: r.task_key,
    taskKeyKind: r.kind as TaskKeyKind,
    rollouts: r.n,
    meanReward: r.mean_reward,
    minReward: r.min_reward,
    maxReward: r.max_reward,
    passed: r.passed,
    passKnown: r.pass_known,
    meanTurns: r.mean_turns,
    errors: r.errors,
    truncated: r.truncated,
    preview
  }
}

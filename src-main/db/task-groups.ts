/**
 * The episodes table grouped by task: one row per task key with its matching rollouts aggregated in SQLite, paged
 * like the flat list, so a run of 100k episodes never leaves the database as rows.
 */
import type { EpisodeQuery, EpisodeSortKey, TaskGroupPage, TaskGroupSummary, TaskKeyKind } from '@contract/model'
import { BadRequestError } from '@contract/guards'
import { episodeWhere, sortValue } from './episode-query-sql'
import type { Db } from './open-db'
import { compareValues } from './episode-pages'
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
  /** Rollouts that did not end ok (the status sort). */
  not_ok: number
  first_ordinal: number
}

/**
 * The sort keys whose group value is one of the aggregates every group query computes anyway: a query's groups are
 * then summed once and sorted again in JS for each of these keys (the values are the same numbers SQL would sort).
 */
const FROM_AGGREGATES: Partial<Record<EpisodeSortKey, (g: GroupRow) => number | string | null>> = {
  ordinal: (g) => g.first_ordinal,
  rollout: (g) => g.first_ordinal,
  taskKey: (g) => g.task_key,
  status: (g) => g.not_ok,
  reward: (g) => g.mean_reward,
  turns: (g) => g.mean_turns
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
 * the query is aggregated in one pass and kept by the connection (QueryCache) while the database is unchanged: the
 * next pages, the total and (for file order, task, status, reward and turns) another sort cost no second pass over the
 * run's rows. Only the page's groups then look up their preview.
 */
export function listTaskGroups(db: Db, q: EpisodeQuery, metricNames: ReadonlySet<string>): TaskGroupPage {
  // Groups are one run's tasks: a view over several runs lists flat.
  if (q.runIds?.some((id) => id !== q.runId))
    throw new BadRequestError('task groups cover one run; list several runs flat')
  const { ids, passed } = runSet(db, q)
  const where = episodeWhere(q, ids, passed, metricNames)
  const order = groupSortValue(q.sort ?? 'ordinal')
  const dir = q.desc ? 'DESC' : 'ASC'
  const offset = q.offset ?? 0
  const limit = q.limit ?? 200
  // The (run, task) index holds every column aggregated here: a run's groups are summed from it alone, in its order.
  const from = q.taskKey !== undefined ? where.from : 'episodes e INDEXED BY episodes_run_task'
  const aggregates = `e.task_key task_key, min(e.task_key_kind) kind, count(*) n,
         avg(e.reward) mean_reward, min(e.reward) min_reward, max(e.reward) max_reward,
         total(${passed}) passed, count(${passed}) pass_known, avg(e.turns) mean_turns,
         total(e.status = 'error') errors, total(e.status = 'truncated') truncated, total(e.status <> 'ok') not_ok,
         min(e.ordinal) first_ordinal`
  const cache = queryCacheOf(db)
  const sort = q.sort ?? 'ordinal'
  const keyOf = FROM_AGGREGATES[sort]
  const bytesOf = (rows: GroupRow[]) => rows.reduce((n, r) => n + 160 + 2 * r.task_key.length, 0)
  let all: GroupRow[]
  if (keyOf) {
    // summed once per filter, sorted again per key
    const baseSql = `SELECT ${aggregates} FROM ${from} WHERE ${where.sql} GROUP BY e.task_key`
    const baseKey = `groups\n${baseSql}\n${JSON.stringify(where.params)}`
    // The sorted list is looked for first: the sums are needed only to sort them anew. It holds the same rows, so it
    // counts them whole: kept after the sums were dropped (the cache weighs cost against size), it keeps them alive.
    all = cache.remember(`${baseKey}\n${sort}\n${dir}`, () => {
      const base = cache.remember(baseKey, () => {
        const rows = db.prepare(baseSql).all(...where.params) as GroupRow[]
        return { value: rows, bytes: bytesOf(rows) }
      })
      return { value: sortGroups(base, keyOf, q.desc ?? false), bytes: bytesOf(base) }
    })
  } else {
    // Missing sort values go last whichever the direction; a tie keeps file order.
    const sql = `SELECT ${aggregates}, ${order.sql} sort_value FROM ${from} WHERE ${where.sql}
       GROUP BY e.task_key ORDER BY sort_value ${dir} NULLS LAST, first_ordinal`
    const params = [...order.params, ...where.params]
    all = cache.remember(`groups\n${sql}\n${JSON.stringify(params)}`, () => {
      const rows = db.prepare(sql).all(...params) as GroupRow[]
      return { value: rows, bytes: bytesOf(rows) }
    })
  }
  const page = all.slice(offset, offset + limit)
  // the preview of each group's first rollout (in file order), through the (run_id, ordinal) index
  const preview = db.prepare('SELECT preview FROM episodes WHERE run_id = ? AND ordinal = ?').pluck()
  const items = page.map((g) => toTaskGroup(g, (preview.get(q.runId, g.first_ordinal) as string | undefined) ?? ''))
  return { items, total: all.length, offset, rollouts: all.reduce((n, g) => n + g.n, 0) }
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

/** Groups by `key` (missing last whichever the direction), ties in file order: what the SQL ORDER BY gives. */
function sortGroups(rows: GroupRow[], key: (g: GroupRow) => number | string | null, desc: boolean): GroupRow[] {
  const sign = desc ? -1 : 1
  return [...rows].sort((x, y) => {
    const a = key(x)
    const b = key(y)
    if (a !== b) {
      if (a === null) return 1
      if (b === null) return -1
      return sign * compareValues(a, b)
    }
    return x.first_ordinal - y.first_ordinal
  })
}

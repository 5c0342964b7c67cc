/**
 * The rollouts of several tasks of one run in one statement (groupRollouts): each task's rows found through the
 * (run_id, task_key) index, numbered within the task by the order asked, and cut at `perTask`, so a page of 100 task
 * groups drawn as cells costs one call instead of one per task (and per run).
 */
import type { GroupRolloutsQuery, RolloutCell, TaskRollouts } from '@contract/model'
import { episodeWhere } from './episode-query-sql'
import type { Db } from './open-db'
import { runSet } from './run-set'

export const DEFAULT_PER_TASK = 64

interface CellRow {
  task_key: string
  id: string
  rollout: number
  reward: number | null
  passed: number | null
  n: number
}

export function groupRollouts(db: Db, q: GroupRolloutsQuery, metricNames: ReadonlySet<string>): TaskRollouts[] {
  const keys = [...new Set(q.taskKeys)]
  if (keys.length === 0) return []
  const { ids, passed } = runSet(db, q)
  const where = episodeWhere({ runId: q.runId, filter: q.filter }, ids, passed, metricNames)
  const dir = q.desc ? 'DESC' : 'ASC'
  // file order breaks ties, as in the episodes table
  const order =
    q.sort === 'reward' ? `e.reward IS NULL, e.reward ${dir}, e.ordinal` : `e.rollout ${dir}, e.ordinal ${dir}`
  const rows = db
    .prepare(
      `SELECT task_key, id, rollout, reward, passed, n FROM (
         SELECT e.task_key, e.id, e.rollout, e.reward, ${passed} passed,
                row_number() OVER (PARTITION BY e.task_key ORDER BY ${order}) rn,
                count(*) OVER (PARTITION BY e.task_key) n
         FROM episodes e INDEXED BY episodes_run_task
         WHERE ${where.sql} AND e.task_key IN (${keys.map(() => '?').join(', ')})
       ) WHERE rn <= ? ORDER BY task_key, rn`
    )
    .all(...where.params, ...keys, q.perTask ?? DEFAULT_PER_TASK) as CellRow[]
  const byTask = new Map<string, TaskRollouts>(keys.map((k) => [k, { taskKey: k, total: 0, rollouts: [] }]))
  for (const r of rows) {
    const t = byTask.get(r.task_key)
    if (!t) continue
    t.total = r.n
    const cell: RolloutCell = {
      id: r.id,
      rollout: r.rollout,
      reward: r.reward,
      passed: r.passed === null ? null : r.passed === 1
    }
    t.rollouts.push(cell)
  }
  // in the order asked
  return keys.map((k) => byTask.get(k) as TaskRollouts)
}

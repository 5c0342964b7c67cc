import type { EpisodeRef, RelatedEpisodes } from '@contract/model'
import { envsMayPair } from '@contract/environment-key'
import type { Db } from './open-db'

/** Most rollouts of one task listed with an episode; more are reachable through the table's filter. */
const MAX_ROLLOUTS = 200

// pass/fail per row with each run's own threshold (see passed-sql.ts for the rule)
const PASSED = `COALESCE(e.success, CASE WHEN COALESCE(r.pass_threshold_user, r.pass_threshold_default) IS NULL THEN NULL
  WHEN e.reward IS NULL THEN NULL WHEN e.reward >= COALESCE(r.pass_threshold_user, r.pass_threshold_default) THEN 1 ELSE 0 END)`

interface RefRow {
  id: string
  run_id: string
  run_name: string
  ordinal: number
  rollout: number
  reward: number | null
  passed: number | null
  checkpoint_step: number | null
  env: string | null
}

/**
 * The episodes an open episode links to: the other rollouts of its task in its run, and the same
 * task in every run of the same environment that has it (one episode per run: the same rollout index when that run
 * has it, else its first rollout; task "0" of tau-bench airline is not task "0" of sokoban), in the runs list's
 * order so `[` / `]` step through them.
 */
export function relatedEpisodes(db: Db, ep: { runId: string; taskKey: string; rollout: number }): RelatedEpisodes {
  // The task's few rows through the (run, task) index: otherwise the planner may walk the (run, rollout) index over
  // the whole run to avoid sorting them (660 ms at 50,000 episodes a run)
  const sameTask = (
    db
      .prepare(
        `SELECT e.id, e.run_id, r.name run_name, e.ordinal, e.rollout, e.reward, ${PASSED} passed, r.checkpoint_step
         FROM episodes e INDEXED BY episodes_run_task JOIN runs r ON r.id = e.run_id
         WHERE e.run_id = ? AND e.task_key = ? ORDER BY e.rollout, e.ordinal LIMIT ?`
      )
      .all(ep.runId, ep.taskKey, MAX_ROLLOUTS) as RefRow[]
  ).map(toRef)
  const perRun = db
    .prepare(
      `SELECT e.id, e.run_id, r.name run_name, e.ordinal, e.rollout, e.reward, ${PASSED} passed, r.checkpoint_step, r.env
       FROM episodes e JOIN runs r ON r.id = e.run_id
       WHERE e.task_key = ?
       ORDER BY ifnull(r.env, r.name), r.name, r.source_path, e.run_id, (e.rollout <> ?), e.rollout, e.ordinal`
    )
    .all(ep.taskKey, ep.rollout) as RefRow[]
  const env =
    (db.prepare('SELECT env FROM runs WHERE id = ?').pluck().get(ep.runId) as string | null | undefined) ?? null
  const sameTaskInRuns: EpisodeRef[] = []
  let last: string | null = null
  for (const row of perRun) {
    if (row.run_id === last || !envsMayPair(env, row.env)) continue
    last = row.run_id
    sameTaskInRuns.push(toRef(row))
  }
  return { sameTask, sameTaskInRuns }
}

function toRef(r: RefRow): EpisodeRef {
  return {
    id: r.id,
    runId: r.run_id,
    runName: r.run_name,
    ordinal: r.ordinal,
    rollout: r.rollout,
    reward: r.reward,
    passed: r.passed === null ? null : r.passed === 1,
    checkpointStep: r.checkpoint_step
  }
}

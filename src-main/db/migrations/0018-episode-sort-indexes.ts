import type { Migration } from './types'

/**
 * One index per sort key of the episodes table, each ending in the file order that breaks ties: (run, key, ordinal).
 * A 200-row page of one run is then read in index order, whatever the key and direction (db/episode-pages.ts), instead
 * of sorting every row of the run: at a million episodes (20 runs of 50,000) a sorted page took 71 ms at p50 and
 * 154 ms at p95 through serve (issue 16), most of it reading and sorting whole rows. The task index orders a task's
 * rollouts in file order too and holds what the task groups aggregate (reward, success, turns, status, kind), so a
 * run's groups are summed from the index alone (a 50,000-episode run: 120-350 -> 40-90 ms on a loaded machine);
 * (run, step) gains an (run, step, ordinal) sibling for sorting (the curve keeps (run, step, source)). About 30 MB
 * per index at a million episodes (the task index 53); creating them on a database of that size takes about a
 * minute, once.
 *
 * (run, ordinal) is made again last, on purpose: among indexes of equal estimated cost (any (run, …) index for a query
 * on one run's rows that none covers: a JSON filter, a run summary) SQLite takes the newest, and reading a run along
 * its file order reads the table in storage order. Along (run, duration) the same filter read the rows in random
 * order: 350-900 ms instead of 70-170 ms for 50,000 episodes (tests/main/db/episode-pages.test.ts holds the plan).
 */
export const migration0018: Migration = {
  version: 18,
  name: 'episode-sort-indexes',
  up(db) {
    db.exec(`
      DROP INDEX IF EXISTS episodes_run_reward;
      DROP INDEX IF EXISTS episodes_run_turns;
      DROP INDEX IF EXISTS episodes_run_task;
      CREATE INDEX episodes_run_reward ON episodes(run_id, reward, ordinal);
      CREATE INDEX episodes_run_turns ON episodes(run_id, turns, ordinal);
      CREATE INDEX episodes_run_task ON episodes(run_id, task_key, ordinal, reward, success, turns, status, task_key_kind);
      CREATE INDEX episodes_run_steps ON episodes(run_id, steps, ordinal);
      CREATE INDEX episodes_run_generation ON episodes(run_id, generation_ms, ordinal);
      CREATE INDEX episodes_run_status ON episodes(run_id, status, ordinal);
      CREATE INDEX episodes_run_rollout ON episodes(run_id, rollout, ordinal);
      CREATE INDEX episodes_run_step_order ON episodes(run_id, step, ordinal);
      CREATE INDEX episodes_run_tokens_in ON episodes(run_id, tokens_in, ordinal);
      CREATE INDEX episodes_run_tokens_out ON episodes(run_id, tokens_out, ordinal);
      CREATE INDEX episodes_run_duration ON episodes(run_id, duration_ms, ordinal);
      DROP INDEX IF EXISTS episodes_run_ordinal;
      CREATE INDEX episodes_run_ordinal ON episodes(run_id, ordinal);
    `)
  }
}

import type { Db } from './open-db'

/**
 * Decides each episode's task key for one run (FORMATS.md §7) and numbers rollouts within a task.
 *
 * The producer's id is used only if it identifies the task: every episode with the same id must have
 * the same prompt and answer. Sep-2025 verifiers files break this (`id = row // rollouts` while rows
 * cycle through examples), so there the key falls back to content: the answer when all prompts are
 * identical (games such as Wordle), else the prompt hash (plus the answer if one prompt has several).
 * Returns warnings to show on the run.
 */
export function assignTaskKeys(db: Db, runId: string): string[] {
  const warnings: string[] = []
  const ids = db
    .prepare(
      `SELECT source_ref id, count(DISTINCT prompt_hash || char(0) || ifnull(answer, '')) variants, count(*) n
       FROM episodes WHERE run_id = ? GROUP BY source_ref`
    )
    .all(runId) as { id: string | null; variants: number; n: number }[]
  const missingIds = ids.some((r) => r.id === null)
  const worst = ids.filter((r) => r.id !== null).sort((a, b) => b.variants - a.variants)[0]
  const reliable = !missingIds && ids.length > 0 && worst.variants === 1

  // Each statement writes only the rows whose key or number changes: a run is settled again and again while a
  // trainer's steps are listed (indexer/run-settler.ts), and rewriting all 256,000 rows of a 500-step run each time
  // (its table pages and the task index) was most of that settling's cost.
  const setKey = (key: string, kind: string, where: string): string =>
    `UPDATE episodes SET task_key = ${key}, task_key_kind = '${kind}'
     WHERE run_id = @run AND ${where} AND (task_key IS NOT ${key} OR task_key_kind IS NOT '${kind}')`
  if (reliable) {
    db.prepare(setKey('source_ref', 'explicit', 'TRUE')).run({ run: runId })
  } else {
    if (!missingIds && worst) {
      warnings.push(
        `The id field does not identify tasks (id ${worst.id} covers ${worst.variants} different prompts or answers); ` +
          'tasks are keyed by content instead.'
      )
    }
    const { prompts, answers } = db
      .prepare(
        `SELECT count(DISTINCT prompt_hash) prompts, count(DISTINCT answer) answers FROM episodes WHERE run_id = ?`
      )
      .get(runId) as { prompts: number; answers: number }
    if (prompts === 1 && answers > 1) {
      // Same prompt for every task (a game): the answer is what tells tasks apart.
      db.prepare(setKey(`'answer:' || answer`, 'answer', 'answer IS NOT NULL')).run({ run: runId })
      db.prepare(setKey(`'p:' || substr(prompt_hash, 1, 12)`, 'prompt_hash', 'answer IS NULL')).run({ run: runId })
    } else {
      // Prompt hash; where one prompt has several answers, the answer disambiguates.
      const key = `'p:' || substr(prompt_hash, 1, 12) ||
         CASE WHEN prompt_hash IN (SELECT prompt_hash FROM multi) THEN ':' || ifnull(answer, '') ELSE '' END`
      db.prepare(
        `WITH multi AS (
           SELECT prompt_hash FROM episodes WHERE run_id = @run
           GROUP BY prompt_hash HAVING count(DISTINCT ifnull(answer, '')) > 1)
         ${setKey(key, 'prompt_hash', 'TRUE')}`
      ).run({ run: runId })
    }
  }

  // Rollout indices the format wrote are kept (for steps, the same task recurs at every step);
  // otherwise rollouts are numbered by occurrence within the task (and step).
  db.prepare(
    `WITH k AS (
       SELECT rowid r, row_number() OVER (PARTITION BY task_key, step ORDER BY ordinal) - 1 AS n
       FROM episodes WHERE run_id = ? AND NOT rollout_given)
     UPDATE episodes SET rollout = k.n FROM k WHERE episodes.rowid = k.r AND episodes.rollout IS NOT k.n`
  ).run(runId)
  return warnings
}

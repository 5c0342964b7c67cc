/**
 * The run-relative anomalies (rules.ts: `short-success`, `long-episode`), recomputed when the run summary is
 * refreshed, since they depend on the whole run (and on the pass threshold the user may change). Counted in steps
 * (agent actions, PRODUCT.md §2a), not transcript messages; an episode whose steps are unknown is not judged. Only the
 * step counts come back to JS (for the medians); the rewrite is one UPDATE that touches just the rows whose
 * run-relative codes may change, so a refresh of a large run with no outliers writes nothing.
 */
import { runLimits } from '../anomalies/run-limits'
import type { Db } from './open-db'
import { passedSql } from './passed-sql'

/** Recomputes `short-success` / `long-episode` in `episodes.anomalies_json` for one run. */
export function refreshRunAnomalies(db: Db, runId: string, threshold: number | null): void {
  const passed = passedSql(threshold)
  const rows = db
    .prepare(`SELECT steps, ${passed} FROM episodes e WHERE run_id = ? AND steps IS NOT NULL`)
    .raw()
    .all(runId) as [number, number | null][]
  const steps: number[] = []
  const passedSteps: number[] = []
  for (const [t, p] of rows) {
    steps.push(t)
    if (p === 1) passedSteps.push(t)
  }
  const { shortBelow, longAbove } = runLimits(steps, passedSteps)
  // Limits as bound numbers; a NULL limit (or unknown steps) makes its test NULL (false).
  const isShort = `(${passed} = 1 AND e.steps < @shortBelow)`
  const isLong = `(e.steps > @longAbove)`
  const hadRunCode = `(e.anomalies_json LIKE '%"short-success"%' OR e.anomalies_json LIKE '%"long-episode"%')`
  db.prepare(
    `UPDATE episodes AS e SET anomalies_json = (
       SELECT nullif(json_group_array(code), '[]') FROM (
         SELECT value code FROM json_each(coalesce(e.anomalies_json, '[]')) WHERE value NOT IN ('short-success', 'long-episode')
         UNION ALL SELECT 'short-success' WHERE ${isShort}
         UNION ALL SELECT 'long-episode' WHERE ${isLong}))
     WHERE e.run_id = @runId AND (${hadRunCode} OR ${isShort} OR ${isLong})`
  ).run({ shortBelow, longAbove, runId })
}

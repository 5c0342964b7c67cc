import type { TraceFormat } from '@contract/model'
import { readableText } from '@contract/terminal-text'
import { runReadWarnings } from './run-read-warnings'
import { parseStoredScoring } from './run-scoring'
import type { RunHeader } from '../formats/types'
import { assignTaskKeys } from './assign-task-keys'
import type { Db } from './open-db'
import { defaultThreshold, refreshRunSummary } from './run-summary'

/**
 * Runs and the files their episodes come from. A run is identified by its key (its main file, or
 * the folder of a multi-file run); episodes belong to a source file, so re-indexing one file
 * replaces exactly its episodes, and a run whose files are all gone disappears.
 */

/** Creates or updates a run's header (the user's pass threshold is kept). */
export function upsertRun(
  db: Db,
  run: { id: string; runKey: string; sourceId: number; sourcePath: string; format: TraceFormat; header: RunHeader }
): void {
  const h = run.header
  db.prepare(
    `INSERT INTO runs (id, run_key, source_id, name, format, source_path, model, env, created_at, checkpoint_step,
                       header_json, scoring_json, pass_threshold_producer, updated_at)
     VALUES (@id, @runKey, @sourceId, @name, @format, @sourcePath, @model, @env, @createdAt, @step, @header, @scoring, @threshold, @now)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, format = excluded.format,
       model = coalesce(excluded.model, runs.model), env = coalesce(excluded.env, runs.env),
       created_at = coalesce(excluded.created_at, runs.created_at),
       checkpoint_step = coalesce(excluded.checkpoint_step, runs.checkpoint_step),
       header_json = excluded.header_json, scoring_json = excluded.scoring_json, pass_threshold_producer = excluded.pass_threshold_producer,
       updated_at = excluded.updated_at`
  ).run({
    id: run.id,
    runKey: run.runKey,
    sourceId: run.sourceId,
    // names shown everywhere (views, reports, exports) come from folder names and trace headers: made readable
    // once here (terminal escapes dropped, bidi overrides written out), never obeyed by a view
    name: readableText(h.name),
    format: run.format,
    sourcePath: run.sourcePath,
    model: h.model === null ? null : readableText(h.model),
    env: h.env === null ? null : readableText(h.env),
    createdAt: h.createdAt,
    step: h.checkpointStep,
    header: JSON.stringify(h.header),
    scoring: JSON.stringify({
      scoring: h.scoring,
      headlines: h.headlines,
      wallTimeMs: h.wallTimeMs ?? null,
      stepRates: h.stepRates,
      warnings: h.warnings?.length ? h.warnings.map((w) => readableText(w)) : undefined
    }),
    threshold: h.passThreshold,
    now: Date.now()
  })
}

/** Deletes the episodes read from one file; returns the runs they belonged to (to settle afterwards). */
export function dropSourceEpisodes(db: Db, sourceId: number): string[] {
  const runs = (
    db.prepare('SELECT DISTINCT run_id FROM episodes WHERE source_id = ?').raw().all(sourceId) as [string][]
  ).map((r) => r[0])
  db.prepare('DELETE FROM episodes WHERE source_id = ?').run(sourceId)
  return runs
}

/**
 * Brings runs up to date after their episodes changed: a run with no episode left is deleted;
 * the others get task keys, rollout numbers, their default pass threshold and summary recomputed.
 * Returns the ids of the runs that still exist.
 */
export function settleRuns(db: Db, runIds: Iterable<string>): string[] {
  const kept: string[] = []
  for (const runId of new Set(runIds)) {
    const count = (db.prepare('SELECT count(*) n FROM episodes WHERE run_id = ?').get(runId) as { n: number }).n
    if (count === 0) {
      db.prepare('DELETE FROM runs WHERE id = ?').run(runId)
      continue
    }
    const warnings = assignTaskKeys(db, runId)
    const r = db
      .prepare(
        `SELECT min(e.reward) lo, max(e.reward) hi, r.pass_threshold_producer p, r.scoring_json s
         FROM runs r LEFT JOIN episodes e ON e.run_id = r.id WHERE r.id = ?`
      )
      .get(runId) as { lo: number | null; hi: number | null; p: number | null; s: string | null }
    const producer = parseStoredScoring(r.s).warnings ?? []
    db.prepare('UPDATE runs SET pass_threshold_default = ?, warnings_json = ? WHERE id = ?').run(
      defaultThreshold(r.p, r.lo, r.hi),
      JSON.stringify([...producer, ...warnings, ...runReadWarnings(db, runId)]),
      runId
    )
    refreshRunSummary(db, runId)
    kept.push(runId)
  }
  return kept
}

/** Deletes runs left without episodes (after sources were deleted wholesale). */
export function dropEmptyRuns(db: Db): string[] {
  const gone = (
    db
      .prepare('SELECT id FROM runs r WHERE NOT EXISTS (SELECT 1 FROM episodes e WHERE e.run_id = r.id)')
      .raw()
      .all() as [string][]
  ).map((r) => r[0])
  db.prepare('DELETE FROM runs WHERE NOT EXISTS (SELECT 1 FROM episodes e WHERE e.run_id = runs.id)').run()
  return gone
}

import { createHash } from 'node:crypto'
import { relative } from 'node:path'
import type { Db } from '../db/open-db'
import { settleRuns, upsertRun } from '../db/run-membership'
import { RecordError, type DocumentAdapter } from './adapters/types'
import { runIdFor } from './run-id'
import { toolCallsJson } from './adapters/tool-call-counts'
import { anomaliesJson } from '../anomalies/episode-anomalies'

export interface DocumentOutcome {
  runIds: string[]
  episodes: number
  warnings: string[]
  error: string | null
  /** The adapter recognized the file but it holds no runs of its own (a report, a continuation): a sidecar. */
  sidecar: boolean
}

/**
 * Indexes one whole-file JSON document (already parsed by detection) into its run(s). An adapter
 * that returns no run at all marks the file as a sidecar (read together with another file). Inside the
 * caller's per-file transaction, after the file's previous episodes were dropped. Episode ids are
 * derived from the file and the adapter's locator, so they stay the same across re-indexing even
 * when several files feed one run.
 */
export function indexDocument(db: Db, sourceId: number, path: string, size: number, adapter: DocumentAdapter, doc: unknown): DocumentOutcome {
  let runs
  try {
    runs = adapter.index(doc, path)
  } catch (err) {
    if (err instanceof RecordError) return { runIds: [], episodes: 0, warnings: [], error: err.message, sidecar: false }
    throw err
  }
  const insert = db.prepare(
    `INSERT INTO episodes (id, run_id, ordinal, task_key, task_key_kind, source_ref, prompt_hash, reward, success,
        status, error, turns, preview, answer, metrics_json, info_json, tokens_in, tokens_out, duration_ms,
        byte_offset, byte_length, step, rollout, rollout_given, source_id, locator, tool_calls_json, anomalies_json)
     VALUES (?, ?, ?, ?, 'explicit', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?)`
  )
  const nextOrdinal = db.prepare('SELECT coalesce(max(ordinal) + 1, 0) n FROM episodes WHERE run_id = ?')
  const runIds: string[] = []
  let episodes = 0
  for (const run of runs) {
    const runKey = run.runKey || path
    const runId = runIdFor(runKey)
    upsertRun(db, { id: runId, runKey, sourceId, sourcePath: run.runKey ? run.runKey : path, format: adapter.format, header: run.header })
    let ordinal = (nextOrdinal.get(runId) as { n: number }).n
    for (const { summary: s, locator } of run.episodes) {
      const id = `${runId}-${shortHash(`${run.runKey ? relative(run.runKey, path) : ''}#${locator}`)}`
      insert.run(
        id,
        runId,
        ordinal++,
        s.sourceId ?? `#${locator}`,
        s.sourceId,
        s.promptHash,
        finite(s.reward),
        s.success === null ? null : s.success ? 1 : 0,
        s.status,
        s.error,
        s.turns,
        s.preview,
        s.answer,
        JSON.stringify(s.metrics),
        JSON.stringify(s.info),
        finite(s.tokensIn),
        finite(s.tokensOut),
        finite(s.durationMs),
        size,
        finite(s.step ?? null),
        finite(s.rollout ?? null) ?? 0,
        Number.isInteger(s.rollout) ? 1 : 0,
        sourceId,
        locator,
        toolCallsJson(s.toolCalls),
        anomaliesJson(s)
      )
      episodes++
    }
    runIds.push(runId)
  }
  settleRuns(db, runIds)
  if (runs.length === 0) return { runIds, episodes: 0, warnings: [], error: null, sidecar: true }
  return { runIds, episodes, warnings: [], error: episodes === 0 ? 'the document holds no episodes' : null, sidecar: false }
}

const shortHash = (s: string): string => createHash('sha1').update(s).digest('hex').slice(0, 12)
const finite = (v: number | null): number | null => (v !== null && Number.isFinite(v) ? v : null)

import { createHash } from 'node:crypto'
import { relative } from 'node:path'
import type { Db } from '../db/open-db'
import { settleRuns, upsertRun } from '../db/run-membership'
import { RecordError, type DocumentAdapter, type DocumentRun } from '../formats/types'
import type { FormatContext } from '../formats/context'
import { runIdFor } from './run-id'
import { episodeInserter } from '../db/insert-episode'

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
export function indexDocument(
  db: Db,
  sourceId: number,
  path: string,
  size: number,
  adapter: DocumentAdapter,
  doc: unknown,
  ctx: FormatContext,
  /** Settles a run fed by many files (run-settler.ts paces it); absent: settled here, after every file. */
  settleShared?: (runId: string) => void
): DocumentOutcome {
  let runs: DocumentRun[]
  try {
    runs = adapter.index(doc, path, ctx)
  } catch (err) {
    if (err instanceof RecordError) return { runIds: [], episodes: 0, warnings: [], error: err.message, sidecar: false }
    throw err
  }
  const insert = episodeInserter(db)
  const nextOrdinal = db.prepare('SELECT coalesce(max(ordinal) + 1, 0) n FROM episodes WHERE run_id = ?')
  const runIds: string[] = []
  const own: string[] = []
  let episodes = 0
  for (const run of runs) {
    const runKey = run.runKey || path
    const runId = runIdFor(runKey)
    upsertRun(db, {
      id: runId,
      runKey,
      sourceId,
      sourcePath: run.runKey ? run.runKey : path,
      format: adapter.format,
      header: run.header
    })
    let ordinal = (nextOrdinal.get(runId) as { n: number }).n
    for (const { summary: s, locator } of run.episodes) {
      const id = `${runId}-${shortHash(`${run.runKey ? relative(run.runKey, path) : ''}#${locator}`)}`
      insert({ id, runId, ordinal: ordinal++, sourceId, byteOffset: 0, byteLength: size, locator }, s)
      episodes++
    }
    runIds.push(runId)
    if (settleShared && run.runKey && run.runKey !== path) settleShared(runId)
    else own.push(runId)
  }
  settleRuns(db, own)
  if (runs.length === 0)
    return { runIds, episodes: 0, warnings: adapter.companionWarnings?.(path) ?? [], error: null, sidecar: true }
  return {
    runIds,
    episodes,
    warnings: runs.flatMap((r) => r.warnings ?? []),
    error: episodes === 0 ? 'the document holds no episodes' : null,
    sidecar: false
  }
}

const shortHash = (s: string): string => createHash('sha1').update(s).digest('hex').slice(0, 12)

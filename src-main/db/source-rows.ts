import type { SourceState, SourceStatus, TraceFormat } from '@contract/model'
import type { Db } from './open-db'
// the version that recorded a content error: another version may read the file (an adapter fixed), so it tries again
import { version as ROLLSCOPE_VERSION } from '../../package.json'

interface SourceRow {
  id: number
  path: string
  size: number
  mtime_ms: number
  format: string
  state: string
  error: string | null
  warnings_json: string
  episodes: number
  indexed_at: number | null
  run_id: string | null
  walk_problem: number
}

const SELECT = `SELECT s.*, (SELECT e.run_id FROM episodes e WHERE e.source_id = s.id LIMIT 1) run_id FROM sources s`

/** Maps a sources row to the contract shape. */
export function toSourceStatus(r: SourceRow): SourceStatus {
  return {
    path: r.path,
    size: r.size,
    mtimeMs: r.mtime_ms,
    format: r.format as TraceFormat,
    state: r.state as SourceState,
    error: r.error,
    warnings: JSON.parse(r.warnings_json) as string[],
    episodes: r.episodes,
    runId: r.run_id,
    indexedAt: r.indexed_at,
    ...(r.walk_problem ? { walkProblem: true as const } : {})
  }
}

/** Every source, ordered by path. */
export function listSources(db: Db): SourceStatus[] {
  return (db.prepare(`${SELECT} ORDER BY s.path`).all() as SourceRow[]).map(toSourceStatus)
}

/** One source by path, or undefined. */
export function getSource(db: Db, path: string): SourceStatus | undefined {
  const row = db.prepare(`${SELECT} WHERE s.path = ?`).get(path) as SourceRow | undefined
  return row && toSourceStatus(row)
}

/** Inserts or updates a source row, returning its id. */
export function upsertSource(
  db: Db,
  s: {
    path: string
    root: string
    size: number
    mtimeMs: number
    format: TraceFormat
    state: SourceState
    error: string | null
    warnings: string[]
    episodes: number
    indexedBytes: number
    /** Resume signature for appends (JSONL sources only). */
    tailSig?: string | null
    /** The lines of indexedBytes (JSONL sources only): where an append's line numbers go on from. */
    indexedLines?: number | null
    /**
     * An error of the file's content (it fails the same way until it changes), not of the file system: the file is
     * not read again while unchanged (`isSettledError`).
     */
    contentError?: boolean
  }
): number {
  const row = db
    .prepare(
      `INSERT INTO sources (path, root, size, mtime_ms, format, state, error, warnings_json, episodes, indexed_bytes, indexed_at, tail_sig, content_error_version, indexed_lines)
       VALUES (@path, @root, @size, @mtimeMs, @format, @state, @error, @warnings, @episodes, @indexedBytes, @now, @tailSig, @contentErrorVersion, @indexedLines)
       ON CONFLICT(path) DO UPDATE SET root = excluded.root, size = excluded.size, mtime_ms = excluded.mtime_ms,
         format = excluded.format, state = excluded.state, error = excluded.error,
         warnings_json = excluded.warnings_json, episodes = excluded.episodes,
         indexed_bytes = excluded.indexed_bytes, indexed_at = excluded.indexed_at, tail_sig = excluded.tail_sig,
         content_error_version = excluded.content_error_version, indexed_lines = excluded.indexed_lines
       RETURNING id`
    )
    .get({
      path: s.path,
      root: s.root,
      size: s.size,
      mtimeMs: s.mtimeMs,
      format: s.format,
      state: s.state,
      error: s.error,
      warnings: JSON.stringify(s.warnings),
      episodes: s.episodes,
      indexedBytes: s.indexedBytes,
      now: Date.now(),
      tailSig: s.tailSig ?? null,
      contentErrorVersion: s.state === 'error' && s.contentError ? ROLLSCOPE_VERSION : null,
      indexedLines: s.indexedLines ?? null
    }) as { id: number }
  return row.id
}

/**
 * A source in error that reading again would only fail the same way: its content was found unusable by this version
 * of Rollscope (and the file is unchanged, which the caller checks). An error of the file system is never settled.
 */
export function isSettledError(row: { state: string; content_error_version: string | null }): boolean {
  return row.state === 'error' && row.content_error_version === ROLLSCOPE_VERSION
}

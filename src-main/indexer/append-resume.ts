import { closeSync, openSync } from 'node:fs'
import { createHash } from 'node:crypto'
import type { Db } from '../db/open-db'
import { readRange } from '../formats/readers/line-reader'
import type { FoundFile } from './walk'

const SIG_BYTES = 256

/**
 * Signature of a JSONL file up to `end` (its resume point): the first and the last 256 bytes
 * before it, and `end` itself. If a grown file still has it, what was indexed is unchanged.
 */
export function tailSignature(path: string, end: number): string {
  const fd = openSync(path, 'r')
  try {
    const head = readRange(fd, 0, Math.min(SIG_BYTES, end))
    const tail = readRange(fd, Math.max(0, end - SIG_BYTES), Math.min(SIG_BYTES, end))
    return createHash('sha1').update(head).update(tail).update(String(end)).digest('hex')
  } finally {
    closeSync(fd)
  }
}

export interface ResumePoint {
  sourceId: number
  /** Byte offset to read from (just after the last complete record). */
  offset: number
  /** The number of the line at `offset`. */
  nextLine: number
  /** Ordinal of the next episode in the run. */
  nextOrdinal: number
  /** Episodes already indexed from this file. */
  episodes: number
  warnings: string[]
}

/**
 * Where to resume a JSONL source that only grew (a running eval appending lines), or null when it
 * must be read again from the start (new, shrunk, rewritten, other format, or last indexed in error).
 */
export function appendResumePoint(db: Db, file: FoundFile, format: string): ResumePoint | null {
  const row = db
    .prepare(
      'SELECT id, format, state, size, indexed_bytes, indexed_lines, tail_sig, episodes, warnings_json FROM sources WHERE path = ?'
    )
    .get(file.path) as
    | {
        id: number
        format: string
        state: string
        size: number
        indexed_bytes: number
        indexed_lines: number | null
        tail_sig: string | null
        episodes: number
        warnings_json: string
      }
    | undefined
  // without its line count (indexed before it was kept) the appended lines could not be numbered: read it whole once
  if (!row || row.format !== format || row.state !== 'indexed' || !row.tail_sig || row.indexed_lines === null)
    return null
  if (file.size < row.size || file.size <= row.indexed_bytes) return null
  if (tailSignature(file.path, row.indexed_bytes) !== row.tail_sig) return null
  const next = db
    .prepare(
      'SELECT coalesce(max(ordinal) + 1, 0) n FROM episodes WHERE run_id = (SELECT run_id FROM episodes WHERE source_id = ? LIMIT 1)'
    )
    .get(row.id) as { n: number }
  // Only the still-relevant warning survives: a partial last line is being re-read now.
  const warnings = (JSON.parse(row.warnings_json) as string[]).filter((w) => !w.startsWith('partial last line'))
  return {
    sourceId: row.id,
    offset: row.indexed_bytes,
    nextLine: row.indexed_lines + 1,
    nextOrdinal: next.n,
    episodes: row.episodes,
    warnings
  }
}

import { closeSync, fstatSync, openSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { relative } from 'node:path'
import type { Db } from '../db/open-db'
import type { FormatContext } from '../formats/context'
import { settleRuns, upsertRun } from '../db/run-membership'
import type { EpisodeSummaryRecord, JsonlAdapter, RunHeader } from '../formats/types'
import { RecordError } from '../formats/types'
import { readLines, readRange } from '../formats/readers/line-reader'
import { findHeadSkips } from '../formats/readers/head-skips'
import { parseJsonlRecord } from '../formats/jsonl-record'
import { episodeInserter } from '../db/insert-episode'
import { episodeIdFor, runIdFor } from './run-id'
import { formatContext } from '../formats/context'
import type { ParseNotes } from '../formats/readers/tolerant-json'
import { nonFiniteWarning } from '../formats/readers/non-finite'
import { shrankWhileRead } from './read-notes'
import { cutsOf, describeCuts } from '../formats/readers/json-cuts'

export interface JsonlFileOutcome {
  runId: string
  episodes: number
  warnings: string[]
  /** Bytes of complete records consumed (resume point for appends). */
  indexedBytes: number
  /** Lines those bytes hold: an append's warnings number its lines from the file's top. */
  indexedLines: number
  /** Set when not a single record could be used. */
  error: string | null
  cancelled: boolean
}

const MAX_WARNINGS = 20

/**
 * Indexes one JSONL source into a run and its episode summaries. Runs inside the caller's
 * transaction (one per file), after the file's previous episodes were dropped: a crash or cancel
 * leaves the previous state of the file intact.
 * Bad lines are skipped with a warning naming the line; the rest of the file goes on.
 * A file that is one part of a run of many files (the adapter's runKeyOf: a trainer's per-step dumps) adds its
 * episodes after the run's others; their ids are made of the file and the record's byte offset, so they stay the
 * same whatever order the files are read in.
 */
export function indexJsonlFile(
  db: Db,
  sourceId: number,
  path: string,
  adapter: JsonlAdapter,
  header: RunHeader,
  maxLineBytes: number,
  hooks: {
    isCancelled: () => boolean
    onBytes: (n: number, episodes: number) => void
    /** Settles a run fed by many files (run-settler.ts paces it); absent: settled here, after every file. */
    settleShared?: (runId: string) => void
  },
  /** Where to start: the whole file, or (live tail) just after the records already indexed. */
  from: { offset: number; ordinal: number; line: number } = { offset: 0, ordinal: 0, line: 1 },
  ctx: FormatContext = formatContext()
): JsonlFileOutcome {
  const runKey = adapter.runKeyOf?.(path) ?? path
  const shared = runKey !== path
  const runId = runIdFor(runKey)
  const fileTag = shared ? createHash('sha1').update(relative(runKey, path)).digest('hex').slice(0, 12) : ''
  const warnings: string[] = []
  let skippedLines = 0
  const warn = (msg: string): void => {
    skippedLines++
    if (warnings.length < MAX_WARNINGS) warnings.push(msg)
  }

  upsertRun(db, { id: runId, runKey, sourceId, sourcePath: runKey, format: adapter.format, header })

  const insert = episodeInserter(db)
  const startOrdinal =
    shared && from.offset === 0
      ? (
          db.prepare('SELECT coalesce(max(ordinal) + 1, 0) n FROM episodes WHERE run_id = ?').get(runId) as {
            n: number
          }
        ).n
      : from.ordinal
  let ordinal = startOrdinal
  const file = { path, ctx }
  let modelFromRows: string | null = null
  let cancelled = false

  const summarizeOne = (
    record: Record<string, unknown>,
    where: string,
    row: number | undefined
  ): EpisodeSummaryRecord | null => {
    try {
      return adapter.summarize(record, file, row)
    } catch (err) {
      if (!(err instanceof RecordError)) throw err
      warn(`${where}: ${err.message}; skipped`)
      return null
    }
  }

  // NaN / Infinity read as null: counted, and the lines named, for the file's and its run's warning
  const notes: ParseNotes = { nonFinite: 0 }
  const nonFiniteLines: number[] = []
  const take = (text: string, bytes: Buffer, offset: number, length: number, lineNo: number): void => {
    let record: unknown
    try {
      const before = notes.nonFinite
      record = parseJsonlRecord(adapter, text, notes)
      if (notes.nonFinite > before) nonFiniteLines.push(lineNo)
    } catch (err) {
      warn(`line ${lineNo}: invalid JSON (${(err as Error).message}); skipped`)
      return
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      warn(`line ${lineNo}: not a JSON object; skipped`)
      return
    }
    const r = record as Record<string, unknown>
    // a record too large or too deep to read whole is indexed from what was read of it, and the file says so
    const cuts = cutsOf(r)
    if (cuts.length) warn(`line ${lineNo}: ${describeCuts(cuts)}`)
    // a line of several episodes (rowsOf) stores each with its row as the locator; a plain record has none
    let rows: number | null = null
    if (adapter.rowsOf) {
      try {
        rows = adapter.rowsOf(r)
      } catch (err) {
        if (!(err instanceof RecordError)) throw err
        warn(`line ${lineNo}: ${err.message}; skipped`)
        return
      }
    }
    // where a long record's middle lies, for a deep link's head read (a record of several episodes is read whole)
    const headSkips = rows === null ? findHeadSkips(bytes) : null
    for (let row = 0; row < (rows ?? 1); row++) {
      const s = summarizeOne(
        r,
        rows === null ? `line ${lineNo}` : `line ${lineNo} row ${row}`,
        rows === null ? undefined : row
      )
      if (!s) continue
      if (modelFromRows === null && typeof r.model === 'string') modelFromRows = r.model
      const suffix = rows === null ? '' : `-${row}`
      insert(
        {
          id: shared ? `${runId}-${fileTag}-${offset}${suffix}` : episodeIdFor(runId, ordinal),
          runId,
          ordinal,
          sourceId,
          byteOffset: offset,
          byteLength: length,
          locator: rows === null ? null : String(row),
          headSkips
        },
        s
      )
      ordinal++
    }
  }

  const fd = openSync(path, 'r')
  let indexedBytes: number
  let indexedLines: number
  try {
    const result = readLines(
      fd,
      from.offset,
      maxLineBytes,
      (line) => {
        if (hooks.isCancelled()) {
          cancelled = true
          return false
        }
        if (!line.validUtf8) warn(`line ${line.lineNo}: invalid UTF-8 bytes were replaced with U+FFFD`)
        if (line.text.trim()) take(line.text, line.bytes, line.offset, line.length, line.lineNo)
        hooks.onBytes(line.length + 1, ordinal - startOrdinal)
      },
      from.line
    )
    indexedBytes = result.endOfCompleteLines
    indexedLines = result.lastLineNo
    for (const o of result.oversized) {
      warn(`line ${o.lineNo}: ${formatMb(o.length)} record is over the ${formatMb(maxLineBytes)} limit; skipped`)
    }
    if (result.tail && !cancelled) {
      const tailBytes = readRange(fd, result.tail.offset, result.tail.length)
      const tail = tailBytes.toString('utf8')
      if (tail.trim()) {
        let complete = false
        try {
          parseJsonlRecord(adapter, tail)
          complete = true
        } catch {
          // an unfinished write: leave it for the next pass
        }
        if (complete) {
          take(tail, tailBytes, result.tail.offset, result.tail.length, result.lastLineNo + 1)
          // the line is not ended yet: a later append goes on with it, so it is not counted as a whole line
          indexedBytes = result.tail.offset + result.tail.length
        } else {
          warn(
            `partial last line (${result.tail.length} bytes without a newline) skipped: ` +
              'the file may still be being written'
          )
        }
      }
      hooks.onBytes(result.tail.length, ordinal - startOrdinal)
    }
    // A file cut short while it was read (truncated, or rewritten shorter) leaves episodes pointing past its end:
    // thrown, so this file's transaction keeps none of them, and its status says what happened.
    const now = fstatSync(fd).size
    if (!cancelled && now < indexedBytes) throw new Error(shrankWhileRead(indexedBytes, now))
  } finally {
    closeSync(fd)
  }
  if (notes.nonFinite) warnings.unshift(nonFiniteWarning(notes.nonFinite, nonFiniteLines))

  if (skippedLines > warnings.length) warnings.push(`… ${skippedLines - warnings.length} more problems not listed`)
  const added = ordinal - startOrdinal
  if (ordinal === startOrdinal && from.offset === 0) {
    return {
      runId,
      episodes: 0,
      warnings,
      indexedBytes,
      indexedLines,
      cancelled,
      error: skippedLines ? `no usable records: ${warnings[0]}` : 'no records in the file'
    }
  }

  if (adapter.listInTaskOrder) orderByTask(db, runId)
  // the run's warning (settled below) reads its files' warnings: this file's row gets them now, not only after
  if (notes.nonFinite)
    db.prepare('UPDATE sources SET warnings_json = ? WHERE id = ?').run(JSON.stringify(warnings), sourceId)
  if (header.model === null && modelFromRows !== null) {
    db.prepare('UPDATE runs SET model = ? WHERE id = ?').run(modelFromRows, runId)
  }
  if (shared && hooks.settleShared) hooks.settleShared(runId)
  else settleRuns(db, [runId])
  return { runId, episodes: added, warnings, indexedBytes, indexedLines, cancelled, error: null }
}

/**
 * Renumbers a run's ordinals by task id (numeric ids numerically, then other ids, then none), rollout
 * index, file order, for formats written in completion order. Episode ids and byte offsets stay.
 */
function orderByTask(db: Db, runId: string): void {
  const numeric = `(source_ref GLOB '[0-9]*' AND source_ref NOT GLOB '*[^0-9]*' AND length(source_ref) < 19)`
  db.prepare(
    `WITH k AS (
       SELECT rowid r, row_number() OVER (
         ORDER BY source_ref IS NULL, NOT ${numeric}, CASE WHEN ${numeric} THEN CAST(source_ref AS INTEGER) END,
                  source_ref, NOT rollout_given, rollout, ordinal) - 1 AS n
       FROM episodes WHERE run_id = ?)
     UPDATE episodes SET ordinal = k.n FROM k WHERE episodes.rowid = k.r`
  ).run(runId)
}

const formatMb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`

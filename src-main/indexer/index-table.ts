import { createHash } from 'node:crypto'
import { relative } from 'node:path'
import type { Db } from '../db/open-db'
import type { FormatContext } from '../formats/context'
import { settleRuns, upsertRun } from '../db/run-membership'
import { RecordError, tableLocator, type TableAdapter } from '../formats/types'
import { ParquetError, type RowTable } from '../formats/readers/parquet-file'
import { episodeInserter } from '../db/insert-episode'
import { runIdFor } from './run-id'

export interface TableOutcome {
  runId: string | null
  episodes: number
  warnings: string[]
  /** Set when the file cannot be used (no run, a damaged row group, no usable row). */
  error: string | null
  cancelled: boolean
}

const MAX_WARNINGS = 20

/**
 * Indexes one Parquet table into its run, one row group at a time: a group's rows are decoded, summarized and
 * inserted, then dropped before the next group is read, so memory is bounded by one row group whatever the file's
 * size. Inside the caller's per-file transaction, after the file's previous episodes were dropped. Episode ids are
 * made of the file (when several files make the run) and the row's place, so they stay the same across re-indexing.
 * A row the adapter cannot use is skipped with a warning; a row group that cannot be decoded fails the file (its
 * episodes so far are rolled back with the transaction's other writes by the caller), naming the group.
 */
export function indexTable(
  db: Db,
  sourceId: number,
  path: string,
  adapter: TableAdapter,
  table: RowTable,
  ctx: FormatContext,
  hooks: { isCancelled: () => boolean; onGroup: (fraction: number, episodes: number) => void }
): TableOutcome {
  let run
  try {
    run = adapter.readRun(table, path, ctx)
  } catch (err) {
    if (err instanceof RecordError || err instanceof ParquetError)
      return { runId: null, episodes: 0, warnings: [], error: err.message, cancelled: false }
    throw err
  }
  const runKey = run.runKey || path
  const shared = runKey !== path
  const runId = runIdFor(runKey)
  const fileTag = shared ? createHash('sha1').update(relative(runKey, path)).digest('hex').slice(0, 12) : ''
  upsertRun(db, { id: runId, runKey, sourceId, sourcePath: runKey, format: adapter.format, header: run.header })
  const insert = episodeInserter(db)
  let ordinal = (
    db.prepare('SELECT coalesce(max(ordinal) + 1, 0) n FROM episodes WHERE run_id = ?').get(runId) as { n: number }
  ).n
  const warnings = [...run.warnings]
  let skipped = 0
  let episodes = 0
  for (let group = 0; group < table.rowGroups; group++) {
    if (hooks.isCancelled()) return { runId, episodes, warnings, error: null, cancelled: true }
    let rows: Record<string, unknown>[]
    try {
      rows = table.readGroup(group)
    } catch (err) {
      if (err instanceof ParquetError) return { runId, episodes: 0, warnings, error: err.message, cancelled: false }
      throw err
    }
    rows.forEach((row, index) => {
      const locator = tableLocator(group, index)
      let summary
      try {
        summary = adapter.summarize(row, { path, group, index, table, ctx })
      } catch (err) {
        if (!(err instanceof RecordError)) throw err
        if (skipped++ < MAX_WARNINGS) warnings.push(`row ${index} of row group ${group}: ${err.message}; skipped`)
        return
      }
      const id = `${runId}-${shared ? `${fileTag}-` : ''}${locator.replace(':', '-')}`
      insert({ id, runId, ordinal: ordinal++, sourceId, byteOffset: 0, byteLength: 0, locator }, summary)
      episodes++
    })
    hooks.onGroup((group + 1) / table.rowGroups, episodes)
  }
  if (skipped > MAX_WARNINGS) warnings.push(`… ${skipped - MAX_WARNINGS} more rows skipped`)
  settleRuns(db, [runId])
  if (episodes === 0)
    return {
      runId,
      episodes,
      warnings,
      error: skipped ? `no usable rows: ${warnings[run.warnings.length]}` : 'the table has no rows',
      cancelled: false
    }
  return { runId, episodes, warnings, error: null, cancelled: false }
}

import type { SearchPassReport } from '@contract/model'
import type { Db } from '../db/open-db'
import { roleToken, toolToken } from './fts-columns'
import type { SearchRow } from './search-rows'
import { transcriptBatches, type SourcePlan, type TranscriptBatch } from './transcript-batches'

/** FTS rowid = episode rowid × 2^24 + the row's sequence in its episode (see migration 0007). */
export const EPISODE_SHIFT = 16_777_216

/**
 * Source files whose transcripts are not (all) in the full-text index: never searched, listed again since
 * (re-indexed or appended: their `indexed_at` moved), or left half-done by a cancelled pass.
 */
export function pendingSearchSources(db: Db): number[] {
  return (
    db
      .prepare(
        `SELECT s.id FROM sources s LEFT JOIN search_sources m ON m.source_id = s.id
         WHERE s.episodes > 0 AND (m.indexed_at IS NULL OR m.indexed_at != s.indexed_at) ORDER BY s.id`
      )
      .raw()
      .all() as [number][]
  ).map((r) => r[0])
}

/**
 * The background pass of the indexer: after the files of a job are listed (runs browsable), reads the
 * transcripts of every pending source and writes their rows to the full-text index in batches, on the writer
 * connection. Resumable: a cancelled pass keeps what it wrote and the next job goes on from there.
 *
 * Reading on a second thread while this one writes was measured (200 MB low-vocabulary corpus): the pass went from
 * 5.3 to 4.8 s and the peak RSS from 224 to 294 MB; the FTS5 writes are most of the pass and SQLite has one writer.
 * Not kept.
 */
export function buildSearchIndex(
  db: Db,
  hooks: { isCancelled: () => boolean; onSource?: (left: number) => void }
): SearchPassReport {
  const started = performance.now()
  const out: SearchPassReport = { seconds: 0, sources: 0, episodes: 0, rows: 0, chars: 0, cancelled: false }
  const writer = batchWriter(db)
  const indexedAt = db.prepare('SELECT indexed_at FROM sources WHERE id = ?').pluck()
  const done = db.prepare('UPDATE search_sources SET indexed_at = ? WHERE source_id = ?')
  const plan = planOf(db)
  const order = new Map(plan.map((p, i) => [p.sourceId, i]))
  let current = -1
  for (const batch of transcriptBatches(db, plan)) {
    if (hooks.isCancelled()) {
      out.cancelled = true
      break
    }
    if (batch.sourceId !== current) {
      current = batch.sourceId
      hooks.onSource?.(plan.length - (order.get(current) ?? 0))
    }
    writer.write(batch.sourceId, batch.items, batch.lastRowid)
    out.episodes += batch.items.length
    for (const item of batch.items) out.rows += item.rows.length
    out.chars += batch.chars
    if (batch.sourceDone) {
      done.run(indexedAt.get(batch.sourceId) ?? null, batch.sourceId)
      out.sources++
    }
  }
  out.seconds = (performance.now() - started) / 1000
  return out
}

/** The pending sources, each from after the last episode a previous (cancelled) pass wrote. */
function planOf(db: Db): SourcePlan[] {
  const marker = db.prepare('SELECT last_rowid FROM search_sources WHERE source_id = ?').pluck()
  return pendingSearchSources(db).map((sourceId) => ({
    sourceId,
    afterRowid: (marker.get(sourceId) as number | undefined) ?? 0
  }))
}

/** Writes a batch of episodes' rows and the source's progress marker in one transaction. */
function batchWriter(db: Db) {
  const insert = db.prepare('INSERT INTO search_fts (rowid, text, role, tool) VALUES (?, ?, ?, ?)')
  const mark = db.prepare(
    `INSERT INTO search_sources (source_id, last_rowid, indexed_at) VALUES (?, ?, NULL)
     ON CONFLICT(source_id) DO UPDATE SET last_rowid = excluded.last_rowid, indexed_at = NULL`
  )
  const write = db.transaction((sourceId: number, batch: { rowid: number; rows: SearchRow[] }[], lastRowid: number) => {
    for (const { rowid, rows } of batch) {
      // No delete first: an episode past the marker has no rows (they commit together with the marker, and an
      // episode's rows go with it). A delete here would also make FTS5 flush its pending terms per episode.
      const base = rowid * EPISODE_SHIFT
      const n = Math.min(rows.length, EPISODE_SHIFT - 1)
      for (let seq = 0; seq < n; seq++) {
        const r = rows[seq]
        insert.run(base + seq, r.text, roleToken(r.role), toolToken(r.tool))
      }
    }
    mark.run(sourceId, lastRowid)
  })
  return {
    write: (sourceId: number, batch: { rowid: number; rows: SearchRow[] }[], lastRowid: number) =>
      write(sourceId, batch, lastRowid)
  }
}

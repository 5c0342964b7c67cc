import type { SearchPassReport } from '@contract/model'
import type { Db } from '../db/open-db'
import { searchRowsOfTurn, type SearchRow } from './search-rows'
import { sourceTranscripts } from './source-transcripts'

/** FTS rowid = episode rowid × 2^24 + the row's sequence in its episode (see migration 0007). */
export const EPISODE_SHIFT = 16_777_216

/**
 * A batch is written when it holds this much text or this many episodes: bounded memory, short write locks.
 * FTS5 keeps a transaction's terms (and, with migration 0010, their prefixes) in memory until it commits: on the
 * 300 MB bench corpus, 4 M chars per batch peaked the indexing process at 410-560 MB (about 510 MB before the
 * prefix indexes too; target < 500 MB), 1 M chars at 318 MB, for a pass about 5% slower.
 */
const BATCH_CHARS = 1_000_000
const BATCH_EPISODES = 500

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
 */
export function buildSearchIndex(
  db: Db,
  hooks: { isCancelled: () => boolean; onSource?: (left: number) => void }
): SearchPassReport {
  const started = performance.now()
  const out: SearchPassReport = { seconds: 0, sources: 0, episodes: 0, rows: 0, chars: 0, cancelled: false }
  const todo = pendingSearchSources(db)
  const writer = batchWriter(db)
  for (let i = 0; i < todo.length; i++) {
    if (hooks.isCancelled()) {
      out.cancelled = true
      break
    }
    hooks.onSource?.(todo.length - i)
    const sourceId = todo[i]
    const source = db.prepare('SELECT indexed_at FROM sources WHERE id = ?').get(sourceId) as
      { indexed_at: number | null } | undefined
    if (!source) continue
    const marker = db.prepare('SELECT last_rowid FROM search_sources WHERE source_id = ?').get(sourceId) as
      { last_rowid: number } | undefined
    let batch: { rowid: number; rows: SearchRow[] }[] = []
    let chars = 0
    let lastRowid = marker?.last_rowid ?? 0
    const flush = (): void => {
      writer.write(sourceId, batch, lastRowid)
      batch = []
      chars = 0
    }
    for (const { rowid, body } of sourceTranscripts(db, sourceId, lastRowid)) {
      const rows = body.turns.flatMap(searchRowsOfTurn)
      batch.push({ rowid, rows })
      lastRowid = rowid
      out.episodes++
      out.rows += rows.length
      const size = rows.reduce((n, r) => n + r.text.length, 0)
      chars += size
      out.chars += size
      if (chars >= BATCH_CHARS || batch.length >= BATCH_EPISODES) flush()
      if (hooks.isCancelled()) {
        out.cancelled = true
        break
      }
    }
    flush()
    if (out.cancelled) break
    db.prepare('UPDATE search_sources SET indexed_at = ? WHERE source_id = ?').run(source.indexed_at, sourceId)
    out.sources++
  }
  out.seconds = (performance.now() - started) / 1000
  return out
}

/** Writes a batch of episodes' rows and the source's progress marker in one transaction. */
function batchWriter(db: Db) {
  const insert = db.prepare('INSERT INTO search_fts (rowid, text, turn, role, tool) VALUES (?, ?, ?, ?, ?)')
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
        insert.run(base + seq, r.text, r.turn, r.role, r.tool)
      }
    }
    mark.run(sourceId, lastRowid)
  })
  return {
    write: (sourceId: number, batch: { rowid: number; rows: SearchRow[] }[], lastRowid: number) =>
      write(sourceId, batch, lastRowid)
  }
}

import type { SearchPassReport } from '@contract/model'
import type { Db } from '../db/open-db'
import { EPISODE_SHIFT } from './fts-columns'
import type { RowBatch } from './row-batch'
import { transcriptBatches, type SourcePlan } from './transcript-batches'

export { EPISODE_SHIFT }

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
 * Where the pass's rows come from: the planned sources' transcripts as RowBatches, in plan order, each source ending
 * with a `sourceDone` batch. `inlineRowBatches` reads them on the writer's thread; the indexer may read them on a
 * thread of its own (indexer/transcript-reader.ts) while this one writes. The pass stops taking batches when it is
 * cancelled (the iterator is returned early).
 */
export type RowBatchSource = (db: Db, plan: readonly SourcePlan[], report: SearchPassReport) => Iterable<RowBatch>

export function inlineRowBatches(db: Db, plan: readonly SourcePlan[]): Iterable<RowBatch> {
  return transcriptBatches(db, plan)
}

/**
 * Characters of text written per transaction. FTS5 keeps a transaction's terms in memory (up to FTS_HASH_BYTES, then
 * it writes them out as a segment) and writes them as a segment when it commits; fewer, larger segments cost less to
 * write and to merge. Measured on the 200 MB low-vocabulary corpus (busy machine, writer thread's CPU seconds, 2 runs
 * each): 1 M chars and the default 1 MB hash 5.1 / 5.1 s; 4 M chars 4.6 / 4.6 s; 4 M chars and a 4 MB hash
 * 4.4 / 4.4 s; 8 M chars and 16 MB 4.2 s, for a database of 71 MB instead of 64 (fewer merges). The batches stay
 * BATCH_CHARS: the rows waiting between the threads stay small.
 */
export const TRANSACTION_CHARS = 4_000_000
export const FTS_HASH_BYTES = 4 * 1024 * 1024

/**
 * How many segments of one level FTS5 lets gather before it merges them (its default is 4). A merge rewrites its
 * segments, so a bulk pass at 4 rewrites each row's entries more often. Measured on the 200 MB low-vocabulary corpus
 * (`rollscope index`, 2 runs each, same machine, minutes apart): 4: pass 8.19 / 8.50 s, writer CPU 6.66 / 6.94 s,
 * 65 MB; 8: 7.25 / 7.17 s, 6.16 / 6.02 s, 63 MB (9 segments after the pass both ways); 16: 7.23 / 7.36 s, 65 MB.
 * New top-50 queries on the 1 GB search corpus (the bench's search phase) were not slower at 8 (worst p95 180 ms
 * quiet against 214–286 ms at 4 on a busier machine): a query reads a few more segments, each a b-tree lookup.
 */
export const FTS_AUTOMERGE = 8

/**
 * The background pass of the indexer: after the files of a job are listed (runs browsable), reads the
 * transcripts of every pending source and writes their rows to the full-text index, several batches per transaction,
 * on the writer connection. Resumable: each batch's progress marker commits with its rows, so a cancelled pass keeps
 * what it wrote and the next job goes on from there.
 */
export function buildSearchIndex(
  db: Db,
  hooks: { isCancelled: () => boolean; onSource?: (left: number) => void; rowBatches?: RowBatchSource }
): SearchPassReport {
  const started = performance.now()
  const cpu = process.threadCpuUsage()
  const out: SearchPassReport = {
    seconds: 0,
    sources: 0,
    episodes: 0,
    rows: 0,
    chars: 0,
    cancelled: false,
    cpuSeconds: 0,
    readerCpuSeconds: null
  }
  const plan = planOf(db)
  if (plan.length > 0) {
    setWriteSettings(db)
    const writer = batchWriter(db)
    const indexedAt = db.prepare('SELECT indexed_at FROM sources WHERE id = ?').pluck()
    const done = db.prepare('UPDATE search_sources SET indexed_at = ? WHERE source_id = ?')
    const order = new Map(plan.map((p, i) => [p.sourceId, i]))
    const batches = (hooks.rowBatches ?? inlineRowBatches)(db, plan, out)[Symbol.iterator]()
    let current = -1
    /**
     * Writes batches until TRANSACTION_CHARS are written or the batches end; false once they ended. A transaction
     * never ends inside an episode (nor does a cancel stop it there): what is committed is whole episodes, which is
     * what the progress marker, an episode's rowid, can resume from.
     */
    const group = db.transaction((): boolean => {
      let chars = 0
      let open = false
      while (open || chars < TRANSACTION_CHARS) {
        if (!open && hooks.isCancelled()) {
          out.cancelled = true
          return false
        }
        const next = batches.next()
        if (next.done) return false
        const batch = next.value
        if (batch.sourceId !== current) {
          current = batch.sourceId
          hooks.onSource?.(plan.length - (order.get(current) ?? 0))
        }
        writer.write(batch)
        open = batch.openEpisode !== null
        chars += batch.chars
        out.episodes += batch.episodes
        out.rows += batch.rowids.length
        out.chars += batch.chars
        if (batch.sourceDone) {
          done.run(indexedAt.get(batch.sourceId) ?? null, batch.sourceId)
          out.sources++
        }
      }
      return true
    })
    try {
      while (group.immediate()) {
        // one transaction after another
      }
    } finally {
      batches.return?.() // a cancelled pass stops its reader
    }
  }
  out.seconds = (performance.now() - started) / 1000
  const used = process.threadCpuUsage(cpu)
  out.cpuSeconds = (used.user + used.system) / 1e6
  return out
}

/**
 * FTS5's in-memory terms before it writes a segment, and its merge width (settings of the table, kept in
 * search_fts_config: set once, and again only if changed).
 */
function setWriteSettings(db: Db): void {
  const now = db.prepare(`SELECT v FROM search_fts_config WHERE k = ?`).pluck()
  const set = (key: string, value: number): void => {
    if (now.get(key) !== value) db.exec(`INSERT INTO search_fts (search_fts, rank) VALUES ('${key}', ${value})`)
  }
  set('hashsize', FTS_HASH_BYTES)
  set('automerge', FTS_AUTOMERGE)
}

/** The pending sources, each from after the last episode a previous (cancelled) pass wrote. */
function planOf(db: Db): SourcePlan[] {
  const marker = db.prepare('SELECT last_rowid FROM search_sources WHERE source_id = ?').pluck()
  return pendingSearchSources(db).map((sourceId) => ({
    sourceId,
    afterRowid: (marker.get(sourceId) as number | undefined) ?? 0
  }))
}

/** Writes a batch of episodes' rows and the source's progress marker (inside the caller's transaction). */
function batchWriter(db: Db) {
  const insert = db.prepare('INSERT INTO search_fts (rowid, text, role, tool) VALUES (?, ?, ?, ?)')
  const mark = db.prepare(
    `INSERT INTO search_sources (source_id, last_rowid, indexed_at) VALUES (?, ?, NULL)
     ON CONFLICT(source_id) DO UPDATE SET last_rowid = excluded.last_rowid, indexed_at = NULL`
  )
  const place = db.prepare('INSERT OR REPLACE INTO search_row_places (episode_rowid, places) VALUES (?, ?)')
  const write = (b: RowBatch): void => {
    // No delete first: an episode past the marker has no rows (they commit together with the marker, and an
    // episode's rows go with it). A delete here would also make FTS5 flush its pending terms per episode.
    const text = Buffer.from(b.text.buffer, b.text.byteOffset, b.text.byteLength)
    const { rowids, ends, roles, tools, tokens } = b
    let start = 0
    for (let i = 0; i < rowids.length; i++) {
      const end = ends[i]
      insert.run(rowids[i], text.subarray(start, end), tokens[roles[i]], tools[i] < 0 ? null : tokens[tools[i]])
      start = end
    }
    // replaces the places of an episode written again (its rows are renumbered from the same function)
    for (const [rowid, places] of b.places) place.run(rowid, places)
    mark.run(b.sourceId, b.lastRowid)
  }
  return { write }
}

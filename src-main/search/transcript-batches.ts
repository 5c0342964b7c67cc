import type { Db } from '../db/open-db'
import { formatContext } from '../formats/context'
import { RowBatchBuilder, type OpenEpisode, type RowBatch } from './row-batch'
import type { BatchBuffers } from './batch-buffers'
import { episodeSearchRows, type RowSource, type SearchRow } from './search-rows'
import { sourceTranscripts } from './source-transcripts'
import { findRowPlaces } from './row-places'

/**
 * A batch is written when it holds this much text or this many episodes: bounded memory, short write locks.
 * FTS5 keeps a transaction's terms in memory until it commits: on the 300 MB bench corpus, 4 M chars per batch
 * peaked the indexing process at 410-560 MB (with the prefix indexes of migration 0010), 1 M chars at 318 MB, for a
 * pass about 5% slower.
 */
export const BATCH_CHARS = 1_000_000
export const BATCH_EPISODES = 500

/**
 * A source file the full-text pass reads: from after the last episode it already wrote (0: from the start), and,
 * when the pass goes on inline after its reader thread failed inside an episode, that episode's rows already written.
 */
export interface SourcePlan {
  sourceId: number
  afterRowid: number
  open?: OpenEpisode
}

/**
 * The full-text pass's input: every planned source's episodes read back (sourceTranscripts) and split into rows
 * (episodeSearchRows), in RowBatches. Every source ends with a batch that has `sourceDone` (empty when its episodes
 * filled the batches before). Pure reading: it runs on the indexer thread, or on a reader thread of its own
 * (indexer/transcript-reader-worker.ts) while the indexer writes. `onEpisode` is called as each episode is read;
 * `buffers` holds the memory the writer gave back, for the next batches.
 */
export function* transcriptBatches(
  db: Db,
  plan: readonly SourcePlan[],
  onEpisode?: () => void,
  buffers?: BatchBuffers
): Generator<RowBatch> {
  const builder = new RowBatchBuilder(buffers)
  // the pass is one job: companion files and folders its files' adapters look at are read once for all of them
  const ctx = formatContext()
  for (const { sourceId, afterRowid, open } of plan) {
    let lastRowid = afterRowid
    let lastBytes: Buffer | undefined
    for (const { rowid, body, bytes } of sourceTranscripts(db, sourceId, afterRowid, ctx)) {
      onEpisode?.()
      const verbatim: (RowSource | null)[] = []
      const rows = episodeSearchRows(body, verbatim)
      let from = open?.rowid === rowid ? open.rows : 0
      // A JSONL record's or a JSON document's rows' places (row-places.ts), with the batch of its first row (a
      // transaction never ends inside an episode: both commit together). A document's episodes after its first share
      // its bytes: each would look for its rows from the file's start (a row not found scans the rest: quadratic in
      // a document of many episodes), so only the first is placed, and the others read back from the document.
      const shared = bytes !== undefined && bytes === lastBytes
      lastBytes = bytes
      if (from === 0 && bytes && !shared) builder.addPlaces(rowid, findRowPlaces(bytes, rows, verbatim))
      if (textOf(rows, from) > BATCH_CHARS) {
        // An episode of more than a batch (a record of tens of MB) is cut into batches of BATCH_CHARS, after the
        // batch so far: its rows are written as they are made, not held whole with a copy. Only such an episode is
        // cut: a transaction ends only between episodes, and cutting every batch at BATCH_CHARS made the whole pass
        // one transaction (the low-vocabulary corpus's WAL at 0.71× the source, the writer 30% slower).
        if (builder.chars > 0 || builder.episodes > 0) yield builder.take(sourceId, lastRowid, false)
        while ((from = builder.add(rowid, rows, from, BATCH_CHARS)) < rows.length)
          yield builder.take(sourceId, lastRowid, false, { rowid, rows: from })
      } else builder.add(rowid, rows, from)
      lastRowid = rowid
      if (builder.chars >= BATCH_CHARS || builder.episodes >= BATCH_EPISODES)
        yield builder.take(sourceId, lastRowid, false)
    }
    yield builder.take(sourceId, lastRowid, true)
  }
}

/** Characters of the rows from row `from` on. */
function textOf(rows: readonly SearchRow[], from: number): number {
  let n = 0
  for (let i = from; i < rows.length; i++) n += rows[i].text.length
  return n
}

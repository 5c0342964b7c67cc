import type { Db } from '../db/open-db'
import { searchRowsOfTurn, type SearchRow } from './search-rows'
import { sourceTranscripts } from './source-transcripts'

/**
 * A batch is written when it holds this much text or this many episodes: bounded memory, short write locks.
 * FTS5 keeps a transaction's terms in memory until it commits: on the 300 MB bench corpus, 4 M chars per batch
 * peaked the indexing process at 410-560 MB (with the prefix indexes of migration 0010), 1 M chars at 318 MB, for a
 * pass about 5% slower.
 */
export const BATCH_CHARS = 1_000_000
export const BATCH_EPISODES = 500

/** A source file the full-text pass reads: from after the last episode it already wrote (0: from the start). */
export interface SourcePlan {
  sourceId: number
  afterRowid: number
}

/** Rows of some of a source's episodes, in rowid order, for one write; `sourceDone` on the source's last batch. */
export interface TranscriptBatch {
  sourceId: number
  items: { rowid: number; rows: SearchRow[] }[]
  lastRowid: number
  chars: number
  sourceDone: boolean
}

/**
 * The full-text pass's input: every planned source's episodes read back (sourceTranscripts) and split into rows
 * (searchRowsOfTurn), in batches. Every source ends with a batch that has `sourceDone` (empty when its episodes
 * filled the batches before). Pure reading: it runs on the indexer thread, or on a reader thread of its own
 * (indexer/row-reader-worker.ts) while the indexer writes.
 */
export function* transcriptBatches(db: Db, plan: readonly SourcePlan[]): Generator<TranscriptBatch> {
  for (const { sourceId, afterRowid } of plan) {
    let items: TranscriptBatch['items'] = []
    let chars = 0
    let lastRowid = afterRowid
    for (const { rowid, body } of sourceTranscripts(db, sourceId, afterRowid)) {
      const rows = body.turns.flatMap(searchRowsOfTurn)
      items.push({ rowid, rows })
      lastRowid = rowid
      for (const r of rows) chars += r.text.length
      if (chars >= BATCH_CHARS || items.length >= BATCH_EPISODES) {
        yield { sourceId, items, lastRowid, chars, sourceDone: false }
        items = []
        chars = 0
      }
    }
    yield { sourceId, items, lastRowid, chars, sourceDone: true }
  }
}

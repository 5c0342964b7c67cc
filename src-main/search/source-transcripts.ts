import type { Db } from '../db/open-db'
import type { EpisodeBody } from '../formats/types'
import { formatContext, type FormatContext } from '../formats/context'
import { collectAfterBigReads, TooBigForThisThreadError } from '../formats/readers/big-reads'
import {
  openEpisodeSource,
  SourceChangedError,
  SourceGoneError,
  type OpenedEpisode
} from '../formats/open-episode-source'

/** Episodes fetched per query while a file's transcripts are read. */
const PAGE = 256

export interface EpisodeTranscript {
  rowid: number
  body: EpisodeBody
  /** The record's bytes, for a JSONL record or a JSON document of one file (OpenedEpisode.bytes). */
  bytes?: Buffer
}

/**
 * The transcripts of one source file's episodes after `afterRowid`, in rowid order, one at a time (a JSONL file
 * is read record by record from its byte ranges; a whole-file document is parsed once, as opening it would).
 * An episode whose record no longer parses is skipped, and a file that is gone or changed as a whole since it was
 * listed is not read further: the next index pass lists that file again and searches it then.
 */
export function* sourceTranscripts(
  db: Db,
  sourceId: number,
  afterRowid: number,
  ctx: FormatContext = formatContext()
): Generator<EpisodeTranscript> {
  const src = db.prepare('SELECT path, format, size, mtime_ms FROM sources WHERE id = ?').get(sourceId) as
    { path: string; format: string; size: number; mtime_ms: number } | undefined
  if (!src) return
  const page = db.prepare(
    'SELECT rowid, byte_offset, byte_length, locator FROM episodes WHERE source_id = ? AND rowid > ? ORDER BY rowid LIMIT ?'
  )
  const source = openEpisodeSource({ path: src.path, format: src.format, size: src.size, mtimeMs: src.mtime_ms }, ctx)
  try {
    let after = afterRowid
    for (;;) {
      const rows = page.all(sourceId, after, PAGE) as {
        rowid: number
        byte_offset: number
        byte_length: number
        locator: string | null
      }[]
      if (rows.length === 0) return
      for (const r of rows) {
        after = r.rowid
        // the last record's garbage, when it was one of tens of MB, before this one is read (big-reads.ts)
        collectAfterBigReads()
        let read: OpenedEpisode
        try {
          read = source.read(
            { byteOffset: r.byte_offset, byteLength: r.byte_length, locator: r.locator },
            { withBytes: true }
          )
        } catch (err) {
          // a bounded reader thread leaves a record too big for it to its host (indexer/transcript-reader.ts)
          if (err instanceof TooBigForThisThreadError) throw err
          if (err instanceof SourceGoneError) return
          // a changed document is stale as a whole; a changed JSONL record only itself
          if (err instanceof SourceChangedError && r.locator !== null) return
          continue
        }
        // (a record of tens of MB comes without its bytes: its hits are read back from the record, row-places.ts)
        yield { rowid: r.rowid, body: read.body, bytes: read.bytes }
      }
    }
  } finally {
    source.close()
  }
}

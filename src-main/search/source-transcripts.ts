import { closeSync, openSync, readFileSync } from 'node:fs'
import type { Db } from '../db/open-db'
import { adapterForFormat, documentAdapterForFormat } from '../indexer/adapter-for-format'
import type { EpisodeBody } from '../indexer/adapters/types'
import { readJsonlRecords } from '../indexer/jsonl-records'
import { readRange } from '../indexer/line-reader'
import { parseJsonLine } from '../indexer/tolerant-json'
import { ZipArchive } from '../indexer/zip/zip-reader'

/** Episodes fetched per query while a file's transcripts are read. */
const PAGE = 256

export interface EpisodeTranscript {
  rowid: number
  body: EpisodeBody
}

/**
 * The transcripts of one source file's episodes after `afterRowid`, in rowid order, one at a time (a JSONL file
 * is read record by record from its byte ranges; a whole-file document is parsed once, as opening it would).
 * An episode whose record no longer parses (the file changed since it was listed) is skipped: the next index
 * pass lists that file again and searches it then.
 */
export function* sourceTranscripts(db: Db, sourceId: number, afterRowid: number): Generator<EpisodeTranscript> {
  const src = db.prepare('SELECT path, format FROM sources WHERE id = ?').get(sourceId) as { path: string; format: string } | undefined
  if (!src) return
  const page = db.prepare(
    'SELECT rowid, byte_offset, byte_length, locator FROM episodes WHERE source_id = ? AND rowid > ? ORDER BY rowid LIMIT ?'
  )
  const jsonl = adapterForFormat(src.format)
  const document = jsonl ? undefined : documentAdapterForFormat(src.format)
  if (!jsonl && !document) return
  let fd: number | null = null
  let doc: unknown
  let docLoaded = false
  try {
    let after = afterRowid
    for (;;) {
      const rows = page.all(sourceId, after, PAGE) as { rowid: number; byte_offset: number; byte_length: number; locator: string | null }[]
      if (rows.length === 0) return
      for (const r of rows) {
        after = r.rowid
        let body: EpisodeBody
        try {
          if (jsonl && r.locator === null) {
            fd ??= openSync(src.path, 'r')
            const record = parseJsonLine(readRange(fd, r.byte_offset, r.byte_length).toString('utf8')) as Record<string, unknown>
            body = jsonl.parseEpisode(record)
          } else if (document && r.locator !== null) {
            if (!docLoaded) {
              doc = loadDocument(src.path, !!document.matchesFirstRecord)
              docLoaded = true
            }
            body = document.parseEpisode(doc, r.locator, src.path)
          } else continue
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return // the file is gone: nothing more to read
          continue
        }
        yield { rowid: r.rowid, body }
      }
    }
  } finally {
    if (fd !== null) closeSync(fd)
  }
}

/** A whole-file source as its adapter parses it (the same three shapes as opening an episode reads). */
function loadDocument(path: string, perStepJsonl: boolean): unknown {
  const fd = openSync(path, 'r')
  let zip = false
  try {
    const head = readRange(fd, 0, 2)
    zip = head[0] === 0x50 && head[1] === 0x4b
  } finally {
    closeSync(fd)
  }
  if (zip) return ZipArchive.open(path)
  const text = readFileSync(path, 'utf8')
  if (perStepJsonl) {
    try {
      return parseJsonLine(text)
    } catch {
      return readJsonlRecords(path).records
    }
  }
  return parseJsonLine(text)
}

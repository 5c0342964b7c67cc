/**
 * Reading indexed episodes back from their file: the one way the viewer, the search pass and any other consumer get
 * an episode's full body. Indexing keeps only summaries and where each episode is (the byte range of a JSONL record,
 * or a locator inside a whole-file document); this reads that place again through the adapter of the format that
 * indexed it, after checking that the file is still the one that was indexed.
 *
 * Staleness rules (a changed file is never read as if it were what was indexed):
 * - the file is gone: SourceGoneError;
 * - a JSONL file may only have grown (appends keep earlier records valid): a file shorter than the record's end, a
 *   record that no longer parses, or (when the caller gives the indexed prompt hash) a record whose prompt hash
 *   differs: SourceChangedError (a line of several episodes, ms-swift's, keeps each one's row as its locator);
 * - a whole-file document (JSON, per-step JSONL, zip archive) or a Parquet table must have the size and mtime it had
 *   when indexed, else SourceChangedError.
 * Both are NotFoundErrors (the episode as indexed is not there any more); an adapter's own error (a locator the
 * document no longer has) goes through as it is.
 */
import { closeSync, openSync, readFileSync, statSync } from 'node:fs'
import { NotFoundError } from '@contract/guards'
import type { ReadCut } from '@contract/model'
import type { DocumentAdapter, EpisodeBody } from './types'
import { cutsOf, registerCuts } from './readers/json-cuts'
import { jsonTextOf } from './readers/json-ascii-text'
import { JsonTrimmer, type TrimResult } from './readers/json-trim'
import { HEAD_ITEMS, pushHeadBytes, type HeadSkip } from './readers/head-skips'
import { documentAdapterFor, jsonlAdapterFor, tableAdapterFor } from './registry'
import { readJsonlRecords } from './readers/jsonl-records'
import { readRange } from './readers/line-reader'
import { BOUNDED_THREAD_READ_BYTES, noteRead } from './readers/big-reads'
import { parseJsonLine, parseTolerant } from './readers/tolerant-json'
import { parseJsonlRecord } from './jsonl-record'
import { ZipArchive } from './readers/zip-reader'
import { ParquetError, ParquetFile } from './readers/parquet-file'
import { parseTableLocator, RecordError } from './types'
import { formatContext, type FormatContext } from './context'

/** An indexed source file as the index recorded it. */
export interface IndexedSource {
  path: string
  /** The format that indexed it (the adapter that reads it back). */
  format: string
  /** Size and mtime when it was indexed. */
  size: number
  mtimeMs: number
}

/** Where one episode is in its source. */
export interface EpisodePlace {
  byteOffset: number
  byteLength: number
  /** Null for a JSONL record (read by its byte range); the adapter's locator inside a whole-file document. */
  locator: string | null
  /** The prompt hash indexed for a JSONL record: when given, a record that no longer has it is stale. */
  promptHash?: string
}

export interface OpenedEpisode {
  body: EpisodeBody
  /** The part of the source that is this episode (the record, or what the adapter says), for the raw view. */
  raw: unknown
  /** What was not read of it (a record too large or too deep to read whole: json-trim.ts); empty when read whole. */
  cuts: ReadCut[]
  /**
   * The record's bytes as read, when asked for (`withBytes`: the full-text pass finds its rows' places in them,
   * search/row-places.ts) and the place is a JSONL record, or a JSON document (its whole file: a document episode's
   * place starts at 0), of at most BOUNDED_THREAD_READ_BYTES; else undefined (the bytes are garbage as soon as they
   * are decoded: a 60 MB record's would stay beside its text and parsed value; a zip archive's are compressed).
   */
  bytes?: Buffer
}

export interface EpisodeSource {
  /** The episode at `place`. Throws SourceGoneError, SourceChangedError, or the adapter's own error. */
  read(place: EpisodePlace, options?: { withBytes?: boolean }): OpenedEpisode
  /** Releases the open file, if any. */
  close(): void
}

export class SourceGoneError extends NotFoundError {
  constructor(path: string) {
    super(`the source file ${path} no longer exists; re-index the workspace`)
  }
}

export class SourceChangedError extends NotFoundError {
  constructor(path: string) {
    super(`${path} changed since it was indexed; re-index to open this episode`)
  }
}

/**
 * Opens an indexed source for reading episodes back (lazily: nothing is read before the first `read`). A document
 * is parsed once however many of its episodes are read; a JSONL file is opened once and read record by record; a
 * Parquet table's footer is read once and its row groups one at a time (the last one read is kept, as episodes are
 * mostly read in file order). The
 * source has its own format context (companion files an adapter reads are read once for all its episodes), or the
 * caller's, shared by the files it opens (the folders a trajectory's results are looked for in, listed once for a
 * search's page of hits).
 */
export function openEpisodeSource(source: IndexedSource, ctx: FormatContext = formatContext()): EpisodeSource {
  const { path, format } = source
  let fd: number | null = null
  let currentSize: number | null = null
  let doc: { value: unknown; bytes?: Buffer } | null = null
  let table: ParquetFile | null = null
  let group: { at: number; rows: Record<string, unknown>[] } | null = null

  const gone = <T>(fn: () => T): T => {
    try {
      return fn()
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new SourceGoneError(path)
      throw err
    }
  }

  /** A record's text, and its bytes when they are to be kept (OpenedEpisode.bytes). */
  const readRecordText = (place: EpisodePlace, withBytes: boolean): { text: string; bytes?: Buffer } => {
    const bytes = gone(() => {
      currentSize ??= statSync(path).size
      if (currentSize < place.byteOffset + place.byteLength) throw new SourceChangedError(path)
      fd ??= openSync(path, 'r')
      return readRange(fd, place.byteOffset, place.byteLength)
    })
    // decoded the fast way (readers/json-ascii-text.ts): a search hit, a preview and an episode are all read here
    const text = jsonTextOf(bytes)
    return withBytes && bytes.length <= BOUNDED_THREAD_READ_BYTES ? { text, bytes } : { text }
  }

  const readRecord = (place: EpisodePlace, row: number | undefined, withBytes: boolean): OpenedEpisode => {
    const adapter = jsonlAdapterFor(format)
    if (!adapter) throw new Error(`no adapter can open ${format} episodes`)
    const { text, bytes } = readRecordText(place, withBytes)
    let record: Record<string, unknown>
    try {
      record = parseJsonlRecord(adapter, text) as Record<string, unknown>
      if (
        place.promptHash !== undefined &&
        adapter.summarize(record, { path, ctx }, row).promptHash !== place.promptHash
      )
        throw new SourceChangedError(path)
    } catch (err) {
      if (err instanceof NotFoundError) throw err
      // a record that no longer parses, or no longer reads as the format's: the file changed. Anything else is a
      // real failure and says what it is (a RangeError here once read as "changed since it was indexed": issue 17)
      if (err instanceof SyntaxError || err instanceof RecordError) throw new SourceChangedError(path)
      throw err
    }
    const body = adapter.parseEpisode(record, { path, ctx }, row)
    // a row's raw view is its row (the adapter's), not the whole line of its step
    return { body, raw: row === undefined ? record : (body.raw ?? record), cuts: body.cuts ?? cutsOf(record), bytes }
  }

  /** A JSONL format whose lines hold several episodes keeps each one's row in its locator. */
  const rowOf = (place: EpisodePlace): number | undefined | 'document' => {
    if (place.locator === null) return undefined
    return jsonlAdapterFor(format)?.rowsOf ? Number(place.locator) : 'document'
  }

  const readFromDocument = (place: EpisodePlace, locator: string, withBytes: boolean): OpenedEpisode => {
    const adapter = documentAdapterFor(format)
    if (!adapter) throw new Error(`no adapter can open ${format} episodes`)
    // the bytes kept when the first read asks for them (the full-text pass reads a document's episodes in turn)
    doc ??= gone(() => {
      unchanged()
      return loadDocument(path, adapter, withBytes)
    })
    const body = adapter.parseEpisode(doc.value, locator, path, ctx)
    return {
      body,
      raw: body.raw ?? (doc.value instanceof ZipArchive ? null : doc.value),
      cuts: body.cuts ?? cutsOf(doc.value),
      bytes: withBytes ? doc.bytes : undefined
    }
  }

  const unchanged = (): void => {
    const st = statSync(path)
    if (st.size !== source.size || st.mtimeMs !== source.mtimeMs) throw new SourceChangedError(path)
  }

  const readRow = (locator: string): OpenedEpisode => {
    const adapter = tableAdapterFor(format)
    if (!adapter) throw new Error(`no adapter can open ${format} episodes`)
    const at = parseTableLocator(locator)
    if (!at) throw new RecordError(`${locator} is not a row of a table`)
    const { file, rows } = gone(() => {
      unchanged()
      try {
        table ??= ParquetFile.open(path)
        if (group?.at !== at.group) group = { at: at.group, rows: table.readGroup(at.group) }
      } catch (err) {
        // the size and mtime are the indexed ones, yet the bytes no longer read as they did
        if (err instanceof ParquetError) throw new SourceChangedError(path)
        throw err
      }
      return { file: table, rows: group.rows }
    })
    const row = rows[at.index]
    if (!row) throw new SourceChangedError(path)
    const body = adapter.parseEpisode(row, { path, ...at, table: file, ctx })
    return { body, raw: body.raw ?? row, cuts: body.cuts ?? [] }
  }

  const readPlace = (place: EpisodePlace, options: { withBytes?: boolean } = {}): OpenedEpisode => {
    if (tableAdapterFor(format) && place.locator !== null) return readRow(place.locator)
    const row = rowOf(place)
    return row === 'document'
      ? readFromDocument(place, place.locator as string, options.withBytes ?? false)
      : readRecord(place, row, options.withBytes ?? false)
  }

  return {
    read: readPlace,
    close: () => {
      if (fd !== null) closeSync(fd)
      fd = null
    }
  }
}

/**
 * The start of one episode, read fast: a JSONL record is streamed through JsonTrimmer keeping the first
 * `headItems` items of every list and none of the tail, so a 10 MB record of 2,000 messages is read once and only
 * its first messages are parsed and made turns (a deep link's first paint: services/episode-head.ts). The runs of
 * left-out items indexing found in it (`skips`, readers/head-skips.ts) are jumped over, not scanned; runs that do not
 * fit the file's bytes are ignored and the record is scanned whole. The turns are the full read's first ones (the
 * same adapter on the same items, in order), none past the cut. Null for any other source (a whole-file document, a
 * table, a record with several episodes): read those whole. The prompt hash is not checked: the full read that
 * follows does it.
 */
export function readIndexedEpisodeHead(
  source: IndexedSource,
  place: EpisodePlace,
  headItems: number,
  skips: readonly HeadSkip[] = []
): OpenedEpisode | null {
  const adapter = jsonlAdapterFor(source.format)
  if (!adapter || place.locator !== null) return null
  // null when the runs do not fit the file's bytes (the trimmer is then spent)
  const trimmed = (runs: readonly HeadSkip[]): JsonTrimmer | null => {
    const trimmer = new JsonTrimmer({ headItems, tailItems: 0 })
    return pushHeadBytes(source.path, place.byteOffset, place.byteLength, trimmer, runs) ? trimmer : null
  }
  let kept: TrimResult
  try {
    if (statSync(source.path).size < place.byteOffset + place.byteLength) throw new SourceChangedError(source.path)
    // the runs were found by a trimmer keeping HEAD_ITEMS: another one leaves out other items
    const jumped = skips.length > 0 && headItems === HEAD_ITEMS ? trimmed(skips) : null
    // without runs every byte is pushed: nothing can fail to fit
    kept = (jumped ?? (trimmed([]) as JsonTrimmer)).end()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new SourceGoneError(source.path)
    throw err
  }
  let record: Record<string, unknown>
  try {
    record = parseTolerant(kept.text) as Record<string, unknown>
  } catch (err) {
    if (err instanceof SyntaxError) throw new SourceChangedError(source.path)
    throw err
  }
  registerCuts(record, kept.cuts)
  const body = adapter.parseEpisode(record, { path: source.path, ctx: formatContext() }, undefined)
  return { body, raw: record, cuts: body.cuts ?? cutsOf(record) }
}

/** Reads one episode: opens its source, reads it, closes it. */
export function readIndexedEpisode(source: IndexedSource, place: EpisodePlace): OpenedEpisode {
  const opened = openEpisodeSource(source)
  try {
    return opened.read(place)
  } finally {
    opened.close()
  }
}

/**
 * A whole-file source as its adapter parses it: a zip archive by its central directory (members are read when an
 * episode needs them), a per-step JSONL file as its records (unless the file is one JSON value), else one JSON value;
 * and the file's bytes when asked for and at most BOUNDED_THREAD_READ_BYTES (OpenedEpisode.bytes).
 */
function loadDocument(path: string, adapter: DocumentAdapter, withBytes: boolean): { value: unknown; bytes?: Buffer } {
  if (isZip(path)) return { value: ZipArchive.open(path) }
  noteRead(statSync(path).size)
  const raw = readFileSync(path)
  const text = raw.toString('utf8')
  // the bytes the text was decoded from: a place found in them is where the parsed value's string is
  const bytes = withBytes && raw.length <= BOUNDED_THREAD_READ_BYTES ? raw : undefined
  if (adapter.fileKinds.includes('jsonl-grouped')) {
    try {
      return { value: parseJsonLine(text), bytes }
    } catch {
      return { value: readJsonlRecords(path).records }
    }
  }
  return { value: parseJsonLine(text), bytes }
}

/** True when the file starts with the zip signature. */
function isZip(path: string): boolean {
  const fd = openSync(path, 'r')
  try {
    const head = readRange(fd, 0, 2)
    return head[0] === 0x50 && head[1] === 0x4b
  } finally {
    closeSync(fd)
  }
}

import { closeSync, openSync, readFileSync, statSync } from 'node:fs'
import type { EpisodeDetail } from '@contract/model'
import { NotFoundError } from '@contract/guards'
import { adapterForFormat, documentAdapterForFormat } from '../indexer/adapter-for-format'
import type { EpisodeBody } from '../indexer/adapters/types'
import { readRange } from '../indexer/line-reader'
import { parseJsonLine } from '../indexer/tolerant-json'
import { readJsonlRecords } from '../indexer/jsonl-records'
import type { Db } from '../db/open-db'
import { getEpisodeRow, toEpisodeSummary } from '../db/episode-rows'
import { ZipArchive } from '../indexer/zip/zip-reader'
import { relatedEpisodes } from '../db/related-episodes'

const MAX_RAW_CHARS = 2_000_000

/**
 * Loads one episode with its full transcript: reads the record's byte range back from the source
 * file and lets the format's adapter parse it. Listing never does this; opening does, on demand.
 */
export function readEpisode(db: Db, episodeId: string): EpisodeDetail {
  const row = getEpisodeRow(db, episodeId)
  if (!row) throw new NotFoundError(`no episode with id ${episodeId}`)
  const detail = readTranscript(row)
  detail.related = relatedEpisodes(db, detail)
  return detail
}

function readTranscript(row: Row): EpisodeDetail {
  if (row.locator !== null) return readDocumentEpisode(row)
  const adapter = adapterForFormat(row.format)
  if (!adapter) throw new Error(`no adapter can open ${row.format} episodes`)

  let text: string
  try {
    const st = statSync(row.source_path)
    // Appends keep earlier records valid; anything else means the bytes may have moved.
    if (st.size < row.byte_offset + row.byte_length) throw staleError(row.source_path)
    const fd = openSync(row.source_path, 'r')
    try {
      text = readRange(fd, row.byte_offset, row.byte_length).toString('utf8')
    } finally {
      closeSync(fd)
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new NotFoundError(`the source file ${row.source_path} no longer exists; re-index the workspace`)
    }
    throw err
  }
  let record: Record<string, unknown>
  try {
    record = parseJsonLine(text) as Record<string, unknown>
    if (adapter.summarize(record).promptHash !== row.prompt_hash) throw staleError(row.source_path)
  } catch (err) {
    if (err instanceof NotFoundError) throw err
    throw staleError(row.source_path)
  }
  return detail(row, adapter.parseEpisode(record), record)
}

/** An episode of a whole-file JSON document: the file is parsed again and the adapter finds the episode by its locator. */
function readDocumentEpisode(row: Row): EpisodeDetail {
  const adapter = documentAdapterForFormat(row.format)
  if (!adapter) throw new Error(`no adapter can open ${row.format} episodes`)
  let text: string
  try {
    const st = statSync(row.source_path)
    if (st.size !== row.size || st.mtimeMs !== row.mtime_ms) throw staleError(row.source_path)
    if (isZip(row.source_path)) {
      // an archive (Inspect .eval): only the central directory and this episode's member are read
      const body = adapter.parseEpisode(ZipArchive.open(row.source_path), row.locator as string, row.source_path)
      return detail(row, body, body.raw ?? null)
    }
    text = readFileSync(row.source_path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new NotFoundError(`the source file ${row.source_path} no longer exists; re-index the workspace`)
    }
    throw err
  }
  const doc = adapter.matchesFirstRecord && !isSingleJson(text) ? readJsonlRecords(row.source_path).records : parseJsonLine(text)
  const body = adapter.parseEpisode(doc, row.locator as string, row.source_path)
  return detail(row, body, body.raw ?? doc)
}

function detail(row: Row, body: EpisodeBody, rawValue: unknown): EpisodeDetail {
  let raw = JSON.stringify(rawValue, null, 2)
  if (raw.length > MAX_RAW_CHARS) raw = raw.slice(0, MAX_RAW_CHARS) + `\n… truncated (${raw.length.toLocaleString()} characters in all)`
  const { turns: turnCount, ...summary } = toEpisodeSummary(row)
  return {
    ...summary,
    turnCount,
    runName: row.run_name,
    sourcePath: row.source_path,
    infoFull: body.infoFull,
    turns: body.turns,
    tools: body.tools,
    raw,
    related: { sameTask: [], sameTaskInRuns: [] }
  }
}

type Row = NonNullable<ReturnType<typeof getEpisodeRow>>

/** Whether the text is one JSON value (a document) rather than JSONL. */
function isSingleJson(text: string): boolean {
  try {
    parseJsonLine(text)
    return true
  } catch {
    return false
  }
}

const staleError = (path: string): NotFoundError =>
  new NotFoundError(`${path} changed since it was indexed; re-index to open this episode`)

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

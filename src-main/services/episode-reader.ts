import type { EpisodeDetail } from '@contract/model'
import { NotFoundError } from '@contract/guards'
import type { EpisodeBody } from '../formats/types'
import { readIndexedEpisode, type OpenedEpisode } from '../formats/open-episode-source'
import type { Db } from '../db/open-db'
import { getEpisodeRow, toEpisodeSummary } from '../db/episode-rows'
import { relatedEpisodes } from '../db/related-episodes'
import { anomalyTurns } from '../anomalies/anomaly-turns'

const MAX_RAW_CHARS = 2_000_000

/**
 * Loads one episode with its full transcript, read back from its source file (formats/open-episode-source.ts).
 * Listing never does this; opening does, on demand.
 */
export function readEpisode(db: Db, episodeId: string): EpisodeDetail {
  const { detail, rawValue } = readEpisodeParts(db, episodeId)
  return { ...detail, raw: rawText(rawValue) }
}

/**
 * The episode without its raw record (pretty-printing a 10 MB record costs more than parsing it),
 * and the raw value to print when someone asks for it.
 */
export function readEpisodeParts(db: Db, episodeId: string): { detail: Omit<EpisodeDetail, 'raw'>; rawValue: unknown } {
  const row = getEpisodeRow(db, episodeId)
  if (!row) throw new NotFoundError(`no episode with id ${episodeId}`)
  const { body, raw: rawValue, cuts } = readTranscript(row)
  const detail = assemble(row, body)
  if (cuts.length) detail.cuts = cuts
  detail.related = relatedEpisodes(db, detail)
  // only for the codes the index flagged, so the viewer never points at something the table did not say
  const at = anomalyTurns(detail.turns)
  detail.anomalyTurns = Object.fromEntries(detail.anomalies.flatMap((c) => (at[c] === undefined ? [] : [[c, at[c]]])))
  return { detail, rawValue }
}

/** The raw source record, pretty-printed, cut past MAX_RAW_CHARS. */
export function rawText(rawValue: unknown): string {
  const raw = JSON.stringify(rawValue, null, 2)
  return raw.length > MAX_RAW_CHARS
    ? raw.slice(0, MAX_RAW_CHARS) + `\n… truncated (${raw.length.toLocaleString()} characters in all)`
    : raw
}

/** The episode's body read back from its file, with the staleness rules of openEpisodeSource. */
function readTranscript(row: Row): OpenedEpisode {
  return readIndexedEpisode(
    { path: row.source_path, format: row.format, size: row.size, mtimeMs: row.mtime_ms },
    { byteOffset: row.byte_offset, byteLength: row.byte_length, locator: row.locator, promptHash: row.prompt_hash }
  )
}

function assemble(row: Row, body: EpisodeBody): Omit<EpisodeDetail, 'raw'> {
  const { turns: turnCount, ...summary } = toEpisodeSummary(row)
  return {
    ...summary,
    turnCount,
    runName: row.run_name,
    sourcePath: body.sourcePath ?? row.source_path,
    infoFull: body.infoFull,
    turns: body.turns,
    tools: body.tools,
    related: { sameTask: [], sameTaskInRuns: [] }
  }
}

type Row = NonNullable<ReturnType<typeof getEpisodeRow>>

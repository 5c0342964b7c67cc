import type { EpisodeHead, EpisodePreview, Turn } from '@contract/model'
import { NotFoundError } from '@contract/guards'
import type { Db } from '../db/open-db'
import { getEpisodeRow } from '../db/episode-rows'
import { readIndexedEpisodeHead } from '../formats/open-episode-source'
import { HEAD_ITEMS, parseHeadSkips } from '../formats/readers/head-skips'
import { previewTurn } from './episode-preview'

/**
 * `count` turns of a preview from the turn whose index is `fromTurn` (or the first one past it) on: what a deep link
 * to that turn paints first. A turn beyond the last gives the last `count` turns, as the transcript scrolled to its
 * end shows them.
 */
export function episodeHead(preview: EpisodePreview, fromTurn: number, count: number): EpisodeHead {
  return headOf(preview, preview.turns, preview.turns.length, fromTurn, count, null)
}

/**
 * The head read from the start of its record only (formats/open-episode-source.ts readIndexedEpisodeHead): a few
 * milliseconds instead of reading a 10 MB episode whole. Null when that read cannot give these turns for sure (a
 * source that is not one JSONL record, a turn past the first ones, turns not numbered 0, 1, 2… or after a gap):
 * the caller reads the episode whole.
 */
export function readEpisodeHead(db: Db, episodeId: string, fromTurn: number, count: number): EpisodeHead | null {
  const end = fromTurn + count
  if (end > HEAD_ITEMS) return null
  const row = getEpisodeRow(db, episodeId)
  if (!row) throw new NotFoundError(`no episode with id ${episodeId}`)
  const opened = readIndexedEpisodeHead(
    { path: row.source_path, format: row.format, size: row.size, mtimeMs: row.mtime_ms },
    { byteOffset: row.byte_offset, byteLength: row.byte_length, locator: row.locator },
    HEAD_ITEMS,
    parseHeadSkips(row.head_skips, row.byte_length)
  )
  if (!opened) return null
  const read = opened.body.turns
  const sure = Math.min(read.length, row.turns)
  // a turn's index is its position and nothing was left out before it: these are the whole read's first turns
  for (let i = 0; i < Math.min(sure, end); i++) if (read[i].index !== i || read[i].notReadBefore) return null
  // the episode has more turns than these, all of them read here: they are its first ones (or it ends sooner)
  if (sure < Math.min(end, row.turns)) return null
  const turns = read.slice(0, sure).map(previewTurn)
  const head = { id: row.id, runId: row.run_id, runName: row.run_name, turns }
  return headOf(head, turns, row.turns, fromTurn, count, row.byte_length)
}

function headOf(
  ep: Pick<EpisodePreview, 'id' | 'runId' | 'runName'>,
  turns: readonly Turn[],
  turnCount: number,
  fromTurn: number,
  count: number,
  recordBytes: number | null
): EpisodeHead {
  let start = turns.findIndex((t) => t.index >= fromTurn)
  if (start < 0) start = Math.max(0, turns.length - count)
  return {
    id: ep.id,
    runId: ep.runId,
    runName: ep.runName,
    turnCount,
    turns: turns.slice(start, start + count),
    userPromptBefore: turns.slice(0, start).some((t) => t.isPrompt && t.role === 'user'),
    recordBytes
  }
}

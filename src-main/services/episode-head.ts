import type { EpisodeHead, EpisodePreview } from '@contract/model'

/**
 * `count` turns of a preview from the turn whose index is `fromTurn` (or the first one past it) on: what a deep link
 * to that turn paints first. A turn beyond the last gives the last `count` turns, as the transcript scrolled to its
 * end shows them.
 */
export function episodeHead(preview: EpisodePreview, fromTurn: number, count: number): EpisodeHead {
  const turns = preview.turns
  let start = turns.findIndex((t) => t.index >= fromTurn)
  if (start < 0) start = Math.max(0, turns.length - count)
  return {
    id: preview.id,
    runId: preview.runId,
    runName: preview.runName,
    turnCount: turns.length,
    turns: turns.slice(start, start + count),
    userPromptBefore: turns.slice(0, start).some((t) => t.isPrompt && t.role === 'user')
  }
}

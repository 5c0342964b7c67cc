import { countLines, isLongText, previewText } from '@contract/long-text'
import type { EpisodeDetail, EpisodePreview, Turn } from '@contract/model'

/** Episodes whose texts add up to less than this are sent whole: cutting would save nothing noticeable. */
export const WHOLE_EPISODE_CHARS = 400_000

/**
 * The viewer's first answer for an episode: everything but `raw`, with each long text or
 * reasoning replaced by the preview the transcript shows collapsed (and its full size), when the
 * transcript is big enough for that to matter.
 */
export function toPreview(detail: Omit<EpisodeDetail, 'raw'>): EpisodePreview {
  let total = 0
  for (const t of detail.turns) total += t.text.length + (t.reasoning?.length ?? 0)
  if (total < WHOLE_EPISODE_CHARS) return { ...detail, complete: true }
  const turns = detail.turns.map(previewTurn)
  return { ...detail, turns, complete: turns.every((t, i) => t === detail.turns[i]) }
}

/** A turn with its long text and reasoning cut to their previews (and their full sizes); the turn itself when short. */
export function previewTurn(t: Turn): Turn {
  const text = isLongText(t.text)
  const reasoning = t.reasoning !== null && isLongText(t.reasoning)
  if (!text && !reasoning) return t
  const out: Turn = { ...t, elided: {} }
  if (text) {
    out.text = previewText(t.text)
    out.elided = { ...out.elided, text: { chars: t.text.length, lines: countLines(t.text) } }
  }
  if (reasoning && t.reasoning !== null) {
    out.reasoning = previewText(t.reasoning)
    out.elided = { ...out.elided, reasoning: { chars: t.reasoning.length, lines: countLines(t.reasoning) } }
  }
  return out
}

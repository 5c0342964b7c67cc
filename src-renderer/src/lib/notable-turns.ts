import type { AnomalyTurns, EpisodeStatus, Turn } from '@contract/model'

/**
 * Positions of the turns worth jumping to when hunting what went wrong (`f` / `F` in the viewer): turns the producer
 * marked failed or cut (a tool error, a truncation: the reward strip's ticks), the turns the anomaly detectors point
 * at (first failure, loop, empty answer: the header's badges), and the last turn of an episode cut short or failed
 * as a whole when no turn says so itself (the producer records most truncations on the episode: its status badge
 * said "truncated" while `f` said there was no truncation). Sorted, each once.
 */
export function notableTurnPositions(
  turns: readonly Turn[],
  anomalyTurns: AnomalyTurns | undefined,
  status?: EpisodeStatus
): number[] {
  const out = new Set<number>()
  turns.forEach((t, position) => {
    if (t.meta?.error || t.meta?.truncated) out.add(position)
  })
  if (out.size === 0 && turns.length > 0 && status !== undefined && status !== 'ok') out.add(turns.length - 1)
  const wanted = new Set(Object.values(anomalyTurns ?? {}))
  if (wanted.size > 0) turns.forEach((t, position) => wanted.has(t.index) && out.add(position))
  return [...out].sort((a, b) => a - b)
}

/** The next (+1) or previous (-1) notable position from `from`, without wrapping; null when there is none that way. */
export function nextNotable(positions: readonly number[], from: number, delta: 1 | -1): number | null {
  if (delta > 0) return positions.find((p) => p > from) ?? null
  return positions.findLast((p) => p < from) ?? null
}

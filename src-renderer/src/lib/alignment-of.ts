import type { Turn } from '@contract/model'
import { alignTurns, type Alignment } from './align-turns'

/** Alignments by their two turn lists: the view and its keys (j / k / d count the rows) share one computation. */
const cache = new WeakMap<readonly Turn[], WeakMap<readonly Turn[], Alignment>>()

/** The alignment of two episodes' turns, computed once per pair of lists (the same object each time); null until both are in. */
export function alignmentOf(
  turnsA: readonly Turn[] | undefined,
  turnsB: readonly Turn[] | undefined
): Alignment | null {
  if (!turnsA || !turnsB) return null
  let byB = cache.get(turnsA)
  if (!byB) cache.set(turnsA, (byB = new WeakMap()))
  let alignment = byB.get(turnsB)
  if (!alignment) byB.set(turnsB, (alignment = alignTurns(turnsA, turnsB)))
  return alignment
}

import type { SolvedWithin } from '@contract/compare'

/** The curve has at most this many points; the RR@k figures users quote are always among them. */
export const MAX_POINTS = 200
const ALWAYS = [5, 10, 15, 20]

/** One run's episodes of the shared tasks: turns, and 1 / 0 / NaN for passed / failed / no verdict. */
export interface TurnsAndVerdicts {
  turns: ArrayLike<number>
  passed: ArrayLike<number>
}

/**
 * The k values of the curve: every k from 1 to the longest episode (at least 20), thinned evenly to MAX_POINTS
 * when episodes are longer, with 5, 10, 15, 20 and the longest always kept.
 */
export function curveKs(maxTurns: number): number[] {
  const top = Math.max(20, Math.ceil(maxTurns))
  if (top <= MAX_POINTS) return Array.from({ length: top }, (_, i) => i + 1)
  const ks = new Set<number>(ALWAYS)
  ks.add(top)
  const room = MAX_POINTS - ks.size
  for (let i = 0; i < room; i++) ks.add(1 + Math.round((i * (top - 1)) / (room - 1)))
  return [...ks].sort((a, b) => a - b).slice(0, MAX_POINTS)
}

/**
 * Share of a run's episodes (with a verdict) that passed within k turns, for each k. Null when no episode has a
 * verdict. Counting passes per turn count once makes the curve O(episodes + max turns).
 */
export function solvedShare(run: TurnsAndVerdicts, ks: number[]): (number | null)[] {
  let decided = 0
  const passesAt = new Map<number, number>()
  for (let i = 0; i < run.turns.length; i++) {
    const p = run.passed[i]
    if (p !== p) continue
    decided++
    if (p === 1) passesAt.set(run.turns[i], (passesAt.get(run.turns[i]) ?? 0) + 1)
  }
  if (decided === 0) return ks.map(() => null)
  const turnsSorted = [...passesAt.keys()].sort((a, b) => a - b)
  const out: (number | null)[] = []
  let t = 0
  let cum = 0
  for (const k of ks) {
    while (t < turnsSorted.length && turnsSorted[t] <= k) cum += passesAt.get(turnsSorted[t++])!
    out.push(cum / decided)
  }
  return out
}

/** The RR@k curve of both runs on common k values. */
export function solvedWithin(a: TurnsAndVerdicts, b: TurnsAndVerdicts): SolvedWithin[] {
  let max = 0
  for (const r of [a, b]) for (let i = 0; i < r.turns.length; i++) if (r.passed[i] === 1) max = Math.max(max, r.turns[i])
  const ks = curveKs(max)
  const sa = solvedShare(a, ks)
  const sb = solvedShare(b, ks)
  return ks.map((k, i) => ({ k, a: sa[i], b: sb[i] }))
}

import type { SolvedWithin } from '@contract/compare'

/** The curve has at most this many points; the RR@k figures users quote are always among them. */
export const MAX_POINTS = 200
const ALWAYS = [5, 10, 15, 20]

/** One run's episodes of the shared tasks: steps (NaN: unknown), and 1 / 0 / NaN for passed / failed / no verdict. */
export interface StepsAndVerdicts {
  steps: ArrayLike<number>
  passed: ArrayLike<number>
}

/**
 * The k values of the curve: every k from 1 to the longest episode (at least 20), thinned evenly to MAX_POINTS
 * when episodes are longer, with 5, 10, 15, 20 and the longest always kept.
 */
export function curveKs(maxSteps: number): number[] {
  const top = Math.max(20, Math.ceil(maxSteps))
  if (top <= MAX_POINTS) return Array.from({ length: top }, (_, i) => i + 1)
  const ks = new Set<number>(ALWAYS)
  ks.add(top)
  const room = MAX_POINTS - ks.size
  for (let i = 0; i < room; i++) ks.add(1 + Math.round((i * (top - 1)) / (room - 1)))
  return [...ks].sort((a, b) => a - b).slice(0, MAX_POINTS)
}

/**
 * Share of a run's episodes (with a verdict and a known step count) that passed within k steps, for each k: RR@k
 * as report 003 counts it ("recovered within k steps"), in agent actions, never transcript messages. Null when no
 * episode qualifies. Counting passes per step count once makes the curve O(episodes + max steps).
 */
export function solvedShare(run: StepsAndVerdicts, ks: number[]): (number | null)[] {
  let decided = 0
  const passesAt = new Map<number, number>()
  for (let i = 0; i < run.steps.length; i++) {
    const p = run.passed[i]
    const s = run.steps[i]
    if (p !== p || s !== s) continue
    decided++
    if (p === 1) passesAt.set(s, (passesAt.get(s) ?? 0) + 1)
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
export function solvedWithin(a: StepsAndVerdicts, b: StepsAndVerdicts): SolvedWithin[] {
  let max = 0
  for (const r of [a, b])
    for (let i = 0; i < r.steps.length; i++)
      if (r.passed[i] === 1 && r.steps[i] === r.steps[i]) max = Math.max(max, r.steps[i])
  const ks = curveKs(max)
  const sa = solvedShare(a, ks)
  const sb = solvedShare(b, ks)
  return ks.map((k, i) => ({ k, a: sa[i], b: sb[i] }))
}

import type { RunValues } from './task-values'

/** How two runs' tasks pair up by task key (FORMATS.md §7). */
export interface Pairing {
  /** Shared tasks as task indices in A and in B, in A's order. */
  a: Int32Array
  b: Int32Array
  /** 1 for the tasks of each run that the other run also has (by that run's task index). */
  sharedA: Uint8Array
  sharedB: Uint8Array
  onlyA: string[]
  onlyB: string[]
}

export function pairTasks(A: RunValues, B: RunValues): Pairing {
  const ia: number[] = []
  const ib: number[] = []
  const sharedA = new Uint8Array(A.taskKeys.length)
  const sharedB = new Uint8Array(B.taskKeys.length)
  const onlyA: string[] = []
  A.taskKeys.forEach((key, t) => {
    const u = B.taskIndex.get(key)
    if (u === undefined) {
      onlyA.push(key)
      return
    }
    ia.push(t)
    ib.push(u)
    sharedA[t] = 1
    sharedB[u] = 1
  })
  const onlyB = B.taskKeys.filter((_, u) => !sharedB[u])
  return { a: Int32Array.from(ia), b: Int32Array.from(ib), sharedA, sharedB, onlyA, onlyB }
}

/**
 * Paired values of one per-task quantity over the shared tasks where both runs have a value:
 * `a[j]`, `b[j]` and the task's position in the pairing.
 */
export interface PairedValues {
  a: Float64Array
  b: Float64Array
  /** Index into Pairing.a / Pairing.b of each pair. */
  pair: Int32Array
}

export function pairValues(p: Pairing, perTaskA: Float64Array, perTaskB: Float64Array): PairedValues {
  // Preallocated and trimmed: this runs once per metric over up to 100k shared tasks.
  const a = new Float64Array(p.a.length)
  const b = new Float64Array(p.a.length)
  const pair = new Int32Array(p.a.length)
  let n = 0
  for (let j = 0; j < p.a.length; j++) {
    const x = perTaskA[p.a[j]]
    const y = perTaskB[p.b[j]]
    if (x !== x || y !== y) continue // NaN on either side
    a[n] = x
    b[n] = y
    pair[n++] = j
  }
  return { a: a.subarray(0, n), b: b.subarray(0, n), pair: pair.subarray(0, n) }
}

/** Differences b - a of paired values. */
export function differences(v: PairedValues): Float64Array {
  const d = new Float64Array(v.a.length)
  for (let j = 0; j < d.length; j++) d[j] = v.b[j] - v.a[j]
  return d
}

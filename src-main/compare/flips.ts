import type { FlipTable, PassAtK } from '@contract/compare'
import { mcnemarExactP } from './mcnemar'
import { meanPassAtK, type TaskPasses } from './pass-at-k'
import type { Pairing } from './pairing'
import { taskPasses, type RunValues } from './task-values'

type Counts = { n: Int32Array; c: Int32Array }

/** Fixed / broken / still passing / still failing over the shared tasks, with McNemar's exact p. */
export function flipTable(A: RunValues, p: Pairing, ca: Counts, cb: Counts): FlipTable {
  const t: FlipTable = { fixed: [], broken: [], bothPass: [], bothFail: [], mcnemarP: null, undecided: 0 }
  for (let j = 0; j < p.a.length; j++) {
    const pa = taskPasses(ca, p.a[j])
    const pb = taskPasses(cb, p.b[j])
    const key = A.taskKeys[p.a[j]]
    if (pa === null || pb === null) t.undecided++
    else if (pa && pb) t.bothPass.push(key)
    else if (pa) t.broken.push(key)
    else if (pb) t.fixed.push(key)
    else t.bothFail.push(key)
  }
  t.mcnemarP = mcnemarExactP(t.fixed.length, t.broken.length)
  return t
}

/** Rows for k = 1 .. the smaller of the two runs' largest rollout counts (at most `maxK`). */
export function passAtKRows(p: Pairing, ca: Counts, cb: Counts, maxK = 64): PassAtK[] {
  let maxA = 0
  let maxB = 0
  for (let j = 0; j < p.a.length; j++) {
    maxA = Math.max(maxA, ca.n[p.a[j]])
    maxB = Math.max(maxB, cb.n[p.b[j]])
  }
  const rows: PassAtK[] = []
  for (let k = 1; k <= Math.min(maxA, maxB, maxK); k++) {
    const ta: TaskPasses[] = []
    const tb: TaskPasses[] = []
    for (let j = 0; j < p.a.length; j++) {
      const na = ca.n[p.a[j]]
      const nb = cb.n[p.b[j]]
      if (na < k || nb < k) continue
      ta.push({ n: na, c: ca.c[p.a[j]] })
      tb.push({ n: nb, c: cb.c[p.b[j]] })
    }
    rows.push({ k, a: meanPassAtK(ta, k), b: meanPassAtK(tb, k), tasks: ta.length })
  }
  return rows
}

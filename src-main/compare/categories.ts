import type { CategoryRow, CategoryWhole, CiMethod } from '@contract/compare'
import { meanOf } from './bootstrap'
import { meanCis } from './ci'
import type { Pairing } from './pairing'
import type { InfoValue, RunValues } from './task-values'

/** At most this many distinct values make an info field a category. */
export const MAX_CATEGORY_VALUES = 30

/** Per shared task (pairing index): its value of one info field, or undefined. */
export type TaskCategory = (string | undefined)[]

interface FieldScan {
  values: TaskCategory
  /** Whether the field looks like a property of the task (see categoryFields). */
  isCategory: boolean
}

/** Index of each task of a run in the pairing (-1 when not shared). */
export function pairIndex(taskCount: number, idx: Int32Array): Int32Array {
  const out = new Int32Array(taskCount).fill(-1)
  for (let j = 0; j < idx.length; j++) out[idx[j]] = j
  return out
}

/**
 * One field's value per shared task, from both runs' episodes. The field is a category when it describes the task
 * rather than the outcome: scalar strings, booleans or integers (no fractional measurements), the same value in every
 * episode of a task in both runs (so `score` or `exit_status`, which change between runs, are not categories), between
 * 2 and MAX_CATEGORY_VALUES distinct values, and at least 2 tasks per value on average (an id or a count per task,
 * like `tests_total`, groups nothing).
 */
function scanField(
  field: string,
  A: RunValues,
  B: RunValues,
  pa: Int32Array,
  pb: Int32Array,
  shared: number
): FieldScan {
  const values: TaskCategory = new Array(shared)
  let consistent = true
  let scalarKind = true
  const distinct = new Set<string>()
  const visit = (v: RunValues, pidx: Int32Array): void => {
    const col = v.info.get(field)
    if (!col) return
    for (let i = 0; i < v.episodes; i++) {
      const j = pidx[v.task[i]]
      const x: InfoValue | undefined = col[i]
      if (j < 0 || x === undefined) continue
      if (typeof x === 'number' && !Number.isInteger(x)) scalarKind = false
      const s = String(x)
      const prev = values[j]
      if (prev === undefined) {
        values[j] = s
        if (distinct.size <= MAX_CATEGORY_VALUES) distinct.add(s)
      } else if (prev !== s) consistent = false
    }
  }
  visit(A, pa)
  visit(B, pb)
  let tasksWithValue = 0
  for (let j = 0; j < shared; j++) if (values[j] !== undefined) tasksWithValue++
  const isCategory =
    consistent &&
    scalarKind &&
    distinct.size >= 2 &&
    distinct.size <= MAX_CATEGORY_VALUES &&
    distinct.size * 2 <= tasksWithValue
  return { values, isCategory }
}

/** Per-task score both sides (per-task mean reward, or pass rate when the runs have no rewards), by pairing index. */
export interface TaskScores {
  a: Float64Array
  b: Float64Array
  /** Whether the scores are mean rewards (else pass rates): the whole-run figures use the same. */
  byReward: boolean
}

/** One run's figures per value of a field, over all its episodes (shared tasks or not). */
function wholeByValue(v: RunValues, field: string, byReward: boolean): Map<string, CategoryWhole> {
  const col = v.info.get(field)
  const sums = new Map<string, { whole: CategoryWhole; sum: number; n: number }>()
  if (!col) return new Map()
  for (let i = 0; i < v.episodes; i++) {
    const x = col[i]
    if (x === undefined) continue
    const key = String(x)
    let g = sums.get(key)
    if (!g) sums.set(key, (g = { whole: { episodes: 0, score: null, passed: 0, decided: 0 }, sum: 0, n: 0 }))
    g.whole.episodes++
    const score = byReward ? v.reward[i] : v.passed[i]
    if (score === score) {
      g.sum += score
      g.n++
    }
    const p = v.passed[i]
    if (p === p) {
      g.whole.decided++
      if (p === 1) g.whole.passed++
    }
  }
  const out = new Map<string, CategoryWhole>()
  for (const [k, g] of sums) out.set(k, { ...g.whole, score: g.n ? g.sum / g.n : null })
  return out
}

const NO_EPISODES: CategoryWhole = { episodes: 0, score: null, passed: 0, decided: 0 }

/**
 * The info fields usable as categories with each shared task's value (by pairing index), and the breakdown rows (for
 * every category field, or only `only`).
 */
export function categoryBreakdown(
  A: RunValues,
  B: RunValues,
  p: Pairing,
  scores: TaskScores,
  verdicts: { a: (boolean | null)[]; b: (boolean | null)[] },
  method: CiMethod,
  only?: string
): { fields: string[]; rows: CategoryRow[]; values: Map<string, TaskCategory> } {
  const shared = p.a.length
  const pa = pairIndex(A.taskKeys.length, p.a)
  const pb = pairIndex(B.taskKeys.length, p.b)
  const common = [...A.info.keys()].filter((k) => B.info.has(k)).sort()
  const fields: string[] = []
  const rows: CategoryRow[] = []
  const values = new Map<string, TaskCategory>()
  for (const field of common) {
    const scan = scanField(field, A, B, pa, pb, shared)
    if (scan.isCategory) {
      fields.push(field)
      values.set(field, scan.values)
    }
    // An explicitly asked field is broken down even when it does not look like a category.
    if (only !== undefined ? field !== only : !scan.isCategory) continue
    rows.push(
      ...fieldRows(
        field,
        scan.values,
        scores,
        verdicts,
        method,
        wholeByValue(A, field, scores.byReward),
        wholeByValue(B, field, scores.byReward)
      )
    )
  }
  return { fields, rows, values }
}

function fieldRows(
  field: string,
  values: TaskCategory,
  scores: TaskScores,
  verdicts: { a: (boolean | null)[]; b: (boolean | null)[] },
  method: CiMethod,
  wholeA: Map<string, CategoryWhole>,
  wholeB: Map<string, CategoryWhole>
): CategoryRow[] {
  const groups = new Map<string, number[]>()
  values.forEach((v, j) => {
    if (v === undefined) return
    const g = groups.get(v)
    if (g) g.push(j)
    else groups.set(v, [j])
  })
  const diffs: Float64Array[] = []
  const rows: CategoryRow[] = []
  for (const [value, tasks] of groups) {
    const a: number[] = []
    const b: number[] = []
    const diff = new Float64Array(tasks.length).fill(NaN)
    let passedA = 0
    let passedB = 0
    let decided = 0
    tasks.forEach((j, k) => {
      const x = scores.a[j]
      const y = scores.b[j]
      if (x === x && y === y) {
        a.push(x)
        b.push(y)
        diff[k] = y - x
      }
      const va = verdicts.a[j]
      const vb = verdicts.b[j]
      if (va !== null && vb !== null) {
        decided++
        if (va) passedA++
        if (vb) passedB++
      }
    })
    const ma = a.length ? meanOf(a).mean : null
    const mb = b.length ? meanOf(b).mean : null
    diffs.push(diff)
    rows.push({
      field,
      value,
      tasks: tasks.length,
      a: ma,
      b: mb,
      delta: a.length ? meanOf(diff).mean : null,
      ci95: null,
      passedA,
      passedB,
      decided,
      wholeA: wholeA.get(value) ?? NO_EPISODES,
      wholeB: wholeB.get(value) ?? NO_EPISODES
    })
  }
  // One CI per value, each resampling only its own tasks (with the report's seed).
  rows.forEach((r, k) => (r.ci95 = meanCis([diffs[k]], method)[0]))
  // Values only outside the shared tasks still get a row: each run's whole-run figures, no paired delta.
  for (const value of new Set([...wholeA.keys(), ...wholeB.keys()])) {
    if (groups.has(value)) continue
    rows.push({
      field,
      value,
      tasks: 0,
      a: null,
      b: null,
      delta: null,
      ci95: null,
      passedA: 0,
      passedB: 0,
      decided: 0,
      wholeA: wholeA.get(value) ?? NO_EPISODES,
      wholeB: wholeB.get(value) ?? NO_EPISODES
    })
  }
  return rows.sort((x, y) => (y.delta ?? -Infinity) - (x.delta ?? -Infinity) || x.value.localeCompare(y.value))
}

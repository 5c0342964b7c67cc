import type { FailureMode, TaskFlipCell, TaskFlipRow, TaskSide } from '@contract/compare'
import type { TaskCategory } from './categories'
import type { Pairing } from './pairing'
import { taskMeans, taskPasses, type RunValues } from './task-values'

/** Rows of the per-task flip table a report carries at most (every fixed and broken task is kept beyond it). */
export const TASK_ROWS_CAP = 5000

type Counts = { n: Int32Array; c: Int32Array }

/** Per task of one run: how many failed rollouts the harness failed, how many the model, and the top reason. */
interface Failures {
  harness: Int32Array
  model: Int32Array
  reason: (string | null)[]
}

/**
 * An episode the harness failed: no result recorded by the producer (parse_error, test_timeout, a trial that raised:
 * RunValues.unscored) or an episode that ended in an error status. Any other episode that did not pass was scored
 * and fell short: the model's failure.
 */
function taskFailures(v: RunValues): Failures {
  const tasks = v.taskKeys.length
  const out: Failures = { harness: new Int32Array(tasks), model: new Int32Array(tasks), reason: new Array(tasks) }
  const reasons: Map<string, number>[] = Array.from({ length: tasks }, () => new Map())
  for (let i = 0; i < v.episodes; i++) {
    if (v.passed[i] === 1) continue
    const t = v.task[i]
    const harness = v.unscored[i] === 1 || v.errored[i] === 1
    if (harness) out.harness[t]++
    else if (v.passed[i] === 0) out.model[t]++
    else continue
    const why =
      v.unscoredReason[i] >= 0
        ? v.unscoredReasons[v.unscoredReason[i]]
        : v.termination[i] >= 0
          ? v.terminations[v.termination[i]]
          : null
    if (why !== null) reasons[t].set(why, (reasons[t].get(why) ?? 0) + 1)
  }
  for (let t = 0; t < tasks; t++) {
    let best: string | null = null
    let most = 0
    for (const [why, n] of reasons[t])
      if (n > most || (n === most && best !== null && why < best)) [best, most] = [why, n]
    out.reason[t] = best
  }
  return out
}

function side(v: RunValues, t: number, counts: Counts, means: Float64Array, f: Failures): TaskSide {
  const m = means[t]
  return {
    rollouts: v.rollouts[t],
    decided: counts.n[t],
    passed: counts.c[t],
    meanReward: m === m ? m : null,
    harnessFailures: f.harness[t],
    modelFailures: f.model[t],
    failureReason: f.reason[t]
  }
}

function failureMode(s: TaskSide): FailureMode | null {
  if (s.harnessFailures > 0) return s.modelFailures > 0 ? 'mixed' : 'harness'
  return s.modelFailures > 0 ? 'model' : null
}

function cellOf(pa: boolean | null, pb: boolean | null): TaskFlipCell {
  if (pa === null || pb === null) return 'undecided'
  if (pa && pb) return 'bothPass'
  if (pa) return 'broken'
  return pb ? 'fixed' : 'bothFail'
}

const rate = (s: TaskSide): number | null => (s.decided ? s.passed / s.decided : null)
const diff = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : b - a)

/**
 * Most regressed first: the pass delta ascending, then the reward delta, rows without a delta after those with one,
 * then the task key (so equal rows keep one order everywhere).
 */
export function byRegression(x: TaskFlipRow, y: TaskFlipRow): number {
  for (const k of ['passDelta', 'rewardDelta'] as const) {
    const a = x[k]
    const b = y[k]
    if (a === b) continue
    if (a === null) return 1
    if (b === null) return -1
    return a - b
  }
  return x.taskKey < y.taskKey ? -1 : x.taskKey > y.taskKey ? 1 : 0
}

/**
 * The per-task flip table: one row per shared task with both runs' pass counts ("4/5 → 0/5", the same counts the
 * flip cells decide on), per-task mean rewards (the same means the paired metrics use), their deltas, the task's
 * categories and why the failing side failed. Sorted by regression; past `cap` rows the fixed and broken tasks are
 * kept and the rest are cut (their number is returned).
 */
export function taskFlipRows(
  A: RunValues,
  B: RunValues,
  p: Pairing,
  counts: { a: Counts; b: Counts },
  categories: Map<string, TaskCategory>,
  cap = TASK_ROWS_CAP
): { rows: TaskFlipRow[]; leftOut: number } {
  const meansA = taskMeans(A, A.reward)
  const meansB = taskMeans(B, B.reward)
  const fa = taskFailures(A)
  const fb = taskFailures(B)
  const rows: TaskFlipRow[] = []
  for (let j = 0; j < p.a.length; j++) {
    const ta = p.a[j]
    const tb = p.b[j]
    const a = side(A, ta, counts.a, meansA, fa)
    const b = side(B, tb, counts.b, meansB, fb)
    const cell = cellOf(taskPasses(counts.a, ta), taskPasses(counts.b, tb))
    const cats: Record<string, string> = {}
    for (const [field, perTask] of categories) if (perTask[j] !== undefined) cats[field] = perTask[j]!
    rows.push({
      taskKey: A.taskKeys[ta],
      cell,
      a,
      b,
      passDelta: diff(rate(a), rate(b)),
      rewardDelta: diff(a.meanReward, b.meanReward),
      categories: cats,
      failure: cell === 'bothPass' ? null : failureMode(cell === 'fixed' ? a : b)
    })
  }
  rows.sort(byRegression)
  if (rows.length <= cap) return { rows, leftOut: 0 }
  const flipped = rows.filter((r) => r.cell === 'fixed' || r.cell === 'broken')
  const room = Math.max(0, cap - flipped.length)
  const others = rows.filter((r) => r.cell !== 'fixed' && r.cell !== 'broken')
  const kept = new Set([...flipped, ...others.slice(0, room)])
  return { rows: rows.filter((r) => kept.has(r)), leftOut: rows.length - kept.size }
}

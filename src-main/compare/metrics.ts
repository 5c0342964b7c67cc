import type { CiMethod, CompareMetric } from '@contract/compare'
import { describe } from '../stats/describe'
import { meanOf } from './bootstrap'
import { meanCis } from './ci'
import { pairValues, type Pairing } from './pairing'
import { deriveColumn, taskMeans, type RunValues } from './task-values'

type Better = CompareMetric['better']

/** A per-task-mean metric: how to get its per-episode column from a run (null: the run cannot have it). */
export interface PairedSpec {
  key: string
  label: string
  better: Better
  isRate: boolean
  column: (v: RunValues) => Float64Array | null
}

/** Whether every reward of the run lies in [0, 1] (the perfect rate only means something then). */
export function rewardsInUnitRange(v: RunValues): boolean {
  let any = false
  for (let i = 0; i < v.episodes; i++) {
    const r = v.reward[i]
    if (r !== r) continue
    if (r < 0 || r > 1) return false
    any = true
  }
  return any
}

const PERFECT = 1 - 1e-9

export function baseSpecs(): PairedSpec[] {
  return [
    { key: 'reward', label: 'Mean reward', better: 'higher', isRate: false, column: (v) => v.reward },
    { key: 'passRate', label: 'Pass rate', better: 'higher', isRate: true, column: (v) => v.passed },
    {
      key: 'perfectRate',
      label: 'Perfect rate (reward = 1)',
      better: 'higher',
      isRate: true,
      column: (v) => (rewardsInUnitRange(v) ? deriveColumn(v, (i) => (v.reward[i] !== v.reward[i] ? NaN : v.reward[i] >= PERFECT ? 1 : 0)) : null)
    },
    { key: 'completionRate', label: 'Completion rate (status ok)', better: 'higher', isRate: true, column: (v) => v.ok },
    { key: 'turns', label: 'Mean turns', better: null, isRate: false, column: (v) => v.turns },
    {
      key: 'rewardPerStep',
      label: 'Reward per step',
      better: 'higher',
      isRate: false,
      column: (v) => deriveColumn(v, (i) => (v.turns[i] > 0 ? v.reward[i] / v.turns[i] : NaN))
    },
    { key: 'tokensIn', label: 'Tokens in', better: null, isRate: false, column: (v) => v.tokensIn },
    { key: 'tokensOut', label: 'Tokens out', better: null, isRate: false, column: (v) => v.tokensOut },
    { key: 'durationMs', label: 'Duration (ms)', better: null, isRate: false, column: (v) => v.durationMs }
  ]
}

/** Direction of a producer metric guessed from its name; null when the name says nothing. */
export function metricDirection(name: string): Better {
  if (/(error|fail|cost|latency|penalty|violation|timeout|duration|time_?ms|seconds)/i.test(name)) return 'lower'
  if (/(reward|accuracy|score|correct|pass|success|resolved|match|solved)/i.test(name)) return 'higher'
  return null
}

function isBinary(col: Float64Array): boolean {
  for (let i = 0; i < col.length; i++) {
    const x = col[i]
    if (x === x && x !== 0 && x !== 1) return false
  }
  return true
}

function sameValues(a: Float64Array, b: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !(a[i] !== a[i] && b[i] !== b[i])) return false
  return true
}

/** Every per-episode metric all the given runs carry, as specs (by name). */
export function metricSpecs(...runs: RunValues[]): PairedSpec[] {
  const names = [...runs[0].metrics.keys()]
    .filter((k) => runs.every((r) => r.metrics.has(k)))
    // Producers often repeat the reward among their metrics (`reward`, or the only reward function): shown once.
    .filter((k) => !runs.every((r) => sameValues(r.metrics.get(k)!, r.reward)))
    .sort()
  return names.map((name) => ({
    key: `metric:${name}`,
    label: name,
    better: metricDirection(name),
    isRate: runs.every((r) => isBinary(r.metrics.get(name)!)),
    column: (v: RunValues) => v.metrics.get(name) ?? null
  }))
}

/** Most tools shown as metrics (two rows each): agents with dozens of tools would drown the table. */
export const MAX_TOOL_METRICS = 12

/** Total calls of a tool over a run's episodes of the shared tasks (`shared`: per task, 1 = shared). */
function totalCalls(v: RunValues, tool: string, shared: Uint8Array): number {
  const col = v.toolCalls.get(tool)
  let s = 0
  if (col) for (let i = 0; i < col.length; i++) if (col[i] === col[i] && shared[v.task[i]]) s += col[i]
  return s
}

/**
 * Tool-use metrics for every tool either run calls on the shared tasks (the 12 with the most calls over both runs,
 * then by name; a tool called only on unshared tasks would compare 0 with 0): the
 * share of episodes that never call it (`toolFree:<tool>`) and its calls per episode (`toolCalls:<tool>`). Only when
 * both runs carry tool-call counts (runs indexed before the counts existed have none: then there is nothing to
 * compare and no row is added). A run that never calls a tool counts 0 calls in each episode with known counts.
 */
export function toolSpecs(A: RunValues, B: RunValues, p: Pairing): PairedSpec[] {
  if (A.toolCounted === 0 || B.toolCounted === 0) return []
  const totals = new Map<string, number>()
  for (const [v, shared] of [
    [A, p.sharedA],
    [B, p.sharedB]
  ] as const) {
    for (const tool of v.toolCalls.keys()) totals.set(tool, (totals.get(tool) ?? 0) + totalCalls(v, tool, shared))
  }
  const tools = [...totals]
    .filter(([, n]) => n > 0)
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))
    .slice(0, MAX_TOOL_METRICS)
    .map(([tool]) => tool)
  /** Calls per episode of the tool: the run's column, or 0 for every episode with known counts when it never calls it. */
  const calls = (v: RunValues, tool: string): Float64Array => v.toolCalls.get(tool) ?? deriveColumn(v, (i) => (v.toolKnown[i] ? 0 : NaN))
  return tools.flatMap((tool): PairedSpec[] => [
    {
      key: `toolFree:${tool}`,
      label: `Never calls ${tool}`,
      better: null,
      isRate: true,
      column: (v) => {
        const c = calls(v, tool)
        return deriveColumn(v, (i) => (c[i] !== c[i] ? NaN : c[i] === 0 ? 1 : 0))
      }
    },
    { key: `toolCalls:${tool}`, label: `Calls of ${tool} per episode`, better: null, isRate: false, column: (v) => calls(v, tool) }
  ])
}

const nanTasks = (v: RunValues): Float64Array => new Float64Array(v.taskKeys.length).fill(NaN)

/** Mean over the shared tasks of one side's per-task values (used when nothing pairs). */
function sharedMean(perTask: Float64Array, idx: Int32Array): number | null {
  let s = 0
  let n = 0
  for (let j = 0; j < idx.length; j++) {
    const x = perTask[idx[j]]
    if (x === x) {
      s += x
      n++
    }
  }
  return n ? s / n : null
}

export const relDelta = (a: number | null, b: number | null): number | null =>
  a === null || b === null || a === 0 ? null : (b - a) / Math.abs(a)

/**
 * The paired metrics: per task the mean over its rollouts, then over the shared tasks where both runs have a value
 * (`n`); a, b and delta over those same tasks, so delta = b - a = the mean paired difference. When no task pairs
 * (one run lacks the metric), a and b are each side's mean over the shared tasks and delta stays null.
 * Metrics neither run has are left out. CIs of all metrics share one resampling of the shared tasks.
 */
export function pairedMetrics(A: RunValues, B: RunValues, p: Pairing, method: CiMethod): CompareMetric[] {
  const out: CompareMetric[] = []
  const diffColumns: Float64Array[] = []
  for (const spec of [...baseSpecs(), ...metricSpecs(A, B), ...toolSpecs(A, B, p)]) {
    const ca = spec.column(A)
    const cb = spec.column(B)
    const ta = ca ? taskMeans(A, ca) : nanTasks(A)
    const tb = cb ? taskMeans(B, cb) : nanTasks(B)
    const pv = pairValues(p, ta, tb)
    const n = pv.a.length
    const a = n ? meanOf(pv.a).mean : sharedMean(ta, p.a)
    const b = n ? meanOf(pv.b).mean : sharedMean(tb, p.b)
    if (a === null && b === null) continue
    const diff = new Float64Array(p.a.length).fill(NaN)
    for (let j = 0; j < n; j++) diff[pv.pair[j]] = pv.b[j] - pv.a[j]
    diffColumns.push(diff)
    out.push({
      key: spec.key,
      label: spec.label,
      kind: 'paired',
      a,
      b,
      delta: n ? meanOf(diff).mean : null,
      relDelta: n ? relDelta(a, b) : null,
      ci95: null,
      n,
      better: spec.better,
      isRate: spec.isRate
    })
  }
  const cis = meanCis(diffColumns, method)
  out.forEach((m, k) => (m.ci95 = cis[k]))
  return out
}

/** Values of a column over the episodes of the shared tasks (NaN skipped), optionally only where `keep` holds. */
function sharedEpisodeValues(v: RunValues, shared: Uint8Array, col: Float64Array, keep?: (i: number) => boolean): Float64Array {
  const out = new Float64Array(v.episodes)
  let n = 0
  for (let i = 0; i < v.episodes; i++) {
    if (!shared[v.task[i]]) continue
    const x = col[i]
    if (x === x && (!keep || keep(i))) out[n++] = x
  }
  return out.subarray(0, n)
}

/** Whole-run statistics over the shared tasks' episodes (no pairing, no CI): reward std / min / max, turns of passes. */
export function summaryMetrics(A: RunValues, B: RunValues, p: Pairing): CompareMetric[] {
  const ra = describe(sharedEpisodeValues(A, p.sharedA, A.reward))
  const rb = describe(sharedEpisodeValues(B, p.sharedB, B.reward))
  const sa = meanOf(sharedEpisodeValues(A, p.sharedA, A.turns, (i) => A.passed[i] === 1))
  const sb = meanOf(sharedEpisodeValues(B, p.sharedB, B.turns, (i) => B.passed[i] === 1))
  const rows: [string, string, Better, number | null, number | null][] = [
    ['rewardStd', 'Reward std', null, ra.std, rb.std],
    ['rewardMin', 'Min reward', 'higher', ra.min, rb.min],
    ['rewardMax', 'Max reward', 'higher', ra.max, rb.max],
    ['turnsSuccess', 'Mean turns of passed episodes', null, sa.n ? sa.mean : null, sb.n ? sb.mean : null]
  ]
  return rows
    .filter(([, , , a, b]) => a !== null || b !== null)
    .map(([key, label, better, a, b]) => ({
      key,
      label,
      kind: 'summary' as const,
      a,
      b,
      delta: a !== null && b !== null ? b - a : null,
      relDelta: relDelta(a, b),
      ci95: null,
      n: p.a.length,
      better,
      isRate: false
    }))
}

/** Paired and summary metrics in reading order: reward figures first, then rates, turns, cost, producer metrics. */
export function compareMetrics(A: RunValues, B: RunValues, p: Pairing, method: CiMethod): CompareMetric[] {
  const paired = pairedMetrics(A, B, p, method)
  const summary = summaryMetrics(A, B, p)
  const order = ['reward', 'rewardStd', 'rewardMin', 'rewardMax', 'passRate', 'perfectRate', 'completionRate', 'turns', 'turnsSuccess']
  const all = [...paired, ...summary]
  const rank = (k: string): number => {
    const i = order.indexOf(k)
    return i >= 0 ? i : order.length + (k.startsWith('metric:') ? 1 : k.startsWith('toolFree:') || k.startsWith('toolCalls:') ? 2 : 0)
  }
  // Stable sort keeps the spec order within a rank (rewardPerStep, tokens, duration; then metrics by name; then tools
  // from the most called, each as "never calls" then "calls per episode").
  return all.map((m, i) => ({ m, i })).sort((x, y) => rank(x.m.key) - rank(y.m.key) || x.i - y.i).map((x) => x.m)
}

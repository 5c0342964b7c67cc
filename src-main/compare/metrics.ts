import type { CiMethod, CompareMetric, MetricUnit } from '@contract/compare'
import type { RunSummary } from '@contract/model'
import { describe } from '../stats/describe'
import { meanOf } from './bootstrap'
import { meanCis } from './ci'
import { pairValues, type Pairing } from './pairing'
import { deriveColumn, taskMeans, type RunValues } from './task-values'

type Better = CompareMetric['better']

/** A per-episode figure: how to get its column from a run (null: the run cannot have it), and its unit. */
export interface PairedSpec {
  key: string
  label: string
  better: Better
  unit: MetricUnit
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

/**
 * The figures every run has a column for. Steps are agent actions (PRODUCT.md §2a), never transcript messages,
 * which are their own row. Reward per step here is per episode (the mean of each episode's reward / steps); the
 * pooled figure (Σ reward / Σ steps, report 002's avg_reward_per_step) is a summary row.
 */
export function baseSpecs(): PairedSpec[] {
  return [
    { key: 'reward', label: 'Mean reward', better: 'higher', unit: 'reward', column: (v) => v.reward },
    { key: 'passRate', label: 'Pass rate', better: 'higher', unit: 'rate', column: (v) => v.passed },
    {
      key: 'perfectRate',
      label: 'Perfect rate (reward = 1)',
      better: 'higher',
      unit: 'rate',
      column: (v) =>
        rewardsInUnitRange(v)
          ? deriveColumn(v, (i) => (v.reward[i] !== v.reward[i] ? NaN : v.reward[i] >= PERFECT ? 1 : 0))
          : null
    },
    {
      key: 'completionRate',
      label: 'Completion rate (status ok)',
      better: 'higher',
      unit: 'rate',
      column: (v) => v.ok
    },
    { key: 'steps', label: 'Mean steps', better: null, unit: 'steps', column: (v) => v.steps },
    { key: 'messages', label: 'Mean messages', better: null, unit: 'messages', column: (v) => v.turns },
    {
      key: 'rewardPerStep',
      label: 'Reward per step (per episode)',
      better: 'higher',
      unit: 'reward',
      column: (v) => deriveColumn(v, (i) => (v.steps[i] > 0 ? v.reward[i] / v.steps[i] : NaN))
    },
    { key: 'tokensIn', label: 'Tokens in', better: null, unit: 'tokens', column: (v) => v.tokensIn },
    { key: 'tokensOut', label: 'Tokens out', better: null, unit: 'tokens', column: (v) => v.tokensOut },
    { key: 'generationMs', label: 'Generation time', better: null, unit: 'ms', column: (v) => v.generationMs },
    { key: 'durationMs', label: 'Total time', better: null, unit: 'ms', column: (v) => v.durationMs }
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

/** Metrics every run carries that are one of its columns (the reward, or the steps: verifiers `num_turns`). */
function aliasesOf(runs: RunValues[], column: (r: RunValues) => Float64Array): string[] {
  return [...runs[0].metrics.keys()]
    .filter((k) => runs.every((r) => r.metrics.has(k) && sameValues(r.metrics.get(k)!, column(r))))
    .sort()
}

/** Metrics that are the reward itself (`reward`, or the only reward function, e.g. exact_match). */
export const rewardAliases = (...runs: RunValues[]): string[] => aliasesOf(runs, (r) => r.reward)

/** Metrics that are the producer's step count (verifiers `num_turns`), which the steps column already is: named so and equal. */
export const stepAliases = (...runs: RunValues[]): string[] =>
  aliasesOf(runs, (r) => r.steps).filter((k) => /^(num_|n_)?(turns|steps)$/i.test(k))

/** Every per-episode metric all the given runs carry, as specs (by name). */
export function metricSpecs(...runs: RunValues[]): PairedSpec[] {
  // Producers often repeat the reward or the steps among their metrics: shown once, as that row (which names them).
  const aliases = new Set([...rewardAliases(...runs), ...stepAliases(...runs)])
  const names = [...runs[0].metrics.keys()]
    .filter((k) => runs.every((r) => r.metrics.has(k)))
    .filter((k) => !aliases.has(k))
    .sort()
  return names.map((name) => ({
    key: `metric:${name}`,
    label: name,
    better: metricDirection(name),
    unit: runs.every((r) => isBinary(r.metrics.get(name)!)) ? ('rate' as const) : ('plain' as const),
    column: (v: RunValues) => v.metrics.get(name) ?? null
  }))
}

/**
 * How episodes ended (termination reasons any of the runs records), each as the share of episodes ending so: a
 * reason only one run has is still a row (the other run's share is 0 where it records reasons at all).
 */
export function terminationSpecs(...runs: RunValues[]): PairedSpec[] {
  const reasons = new Set<string>()
  for (const r of runs) for (const t of r.terminations) reasons.add(t)
  return [...reasons].sort().map((reason) => ({
    key: `termination:${reason}`,
    label: `Ends: ${reason}`,
    better: null,
    unit: 'rate' as const,
    column: (v: RunValues) => {
      if (v.terminations.length === 0) return null
      const k = v.terminations.indexOf(reason)
      return deriveColumn(v, (i) => (v.termination[i] < 0 ? NaN : v.termination[i] === k ? 1 : 0))
    }
  }))
}

/** Most tools shown as metrics (two rows each): agents with dozens of tools would drown the table. */
export const MAX_TOOL_METRICS = 12

/** Total calls of a tool over a run's episodes of the given tasks (`keep`: per task, 1 = counted). */
function totalCalls(v: RunValues, tool: string, keep: Uint8Array | null): number {
  const col = v.toolCalls.get(tool)
  let s = 0
  if (col) for (let i = 0; i < col.length; i++) if (col[i] === col[i] && (!keep || keep[v.task[i]])) s += col[i]
  return s
}

/** Calls per episode of a set of tools: the sum of their columns, 0 where counts are known but none was called. */
function callsOf(v: RunValues, tools: string[]): Float64Array {
  return deriveColumn(v, (i) => {
    if (!v.toolKnown[i]) return NaN
    let s = 0
    for (const t of tools) {
      const c = v.toolCalls.get(t)
      if (c && c[i] === c[i]) s += c[i]
    }
    return s
  })
}

/**
 * Tool-use figures for every tool the runs call (on the shared tasks when `p` is given; the 12 with the most calls,
 * then by name), plus each asked set of tools compared as one ("never calls llm_batch or llm_query"): the share of
 * episodes that never call it (`toolFree:<tool>`, report 004's zero-delegation rate) and its calls per episode
 * (`toolCalls:<tool>`). Only when every run carries tool-call counts (runs indexed before the counts existed have
 * none). A run that never calls a tool counts 0 calls in each episode with known counts.
 */
export function toolSpecs(runs: RunValues[], keep: (Uint8Array | null)[], toolSets: string[][] = []): PairedSpec[] {
  if (runs.some((v) => v.toolCounted === 0)) return []
  const totals = new Map<string, number>()
  runs.forEach((v, r) => {
    for (const tool of v.toolCalls.keys()) totals.set(tool, (totals.get(tool) ?? 0) + totalCalls(v, tool, keep[r]))
  })
  const singles = [...totals]
    .filter(([, n]) => n > 0)
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))
    .slice(0, MAX_TOOL_METRICS)
    .map(([tool]) => [tool])
  const sets = toolSets.filter((s) => s.length > 1)
  return [...sets, ...singles].flatMap((tools): PairedSpec[] => {
    const name = tools.join('|')
    const said = tools.join(' or ')
    return [
      {
        key: `toolFree:${name}`,
        label: `Never calls ${said}`,
        better: null,
        unit: 'rate',
        column: (v) => {
          const c = callsOf(v, tools)
          return deriveColumn(v, (i) => (c[i] !== c[i] ? NaN : c[i] === 0 ? 1 : 0))
        }
      },
      {
        key: `toolCalls:${name}`,
        label: `Calls of ${said} per episode`,
        better: null,
        unit: 'count',
        column: (v) => callsOf(v, tools)
      }
    ]
  })
}

const nanTasks = (v: RunValues): Float64Array => new Float64Array(v.taskKeys.length).fill(NaN)

/** The column when some episode has a value in it, else null. */
function hasValue(col: Float64Array | null): Float64Array | null {
  if (col) for (let i = 0; i < col.length; i++) if (col[i] === col[i]) return col
  return null
}

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

/** Mean of a per-episode column over every episode of the run (NaN skipped): the whole-run figure. */
export function wholeMean(col: Float64Array | null): number | null {
  if (!col) return null
  const m = meanOf(col)
  return m.n ? m.mean : null
}

/**
 * b − a, and 0 when the two are the same figure up to floating-point rounding: the σ of the same 23 rewards, summed
 * in another order, differed by 5e-17 and showed as "−0.000, −0%", a decrease that is not there.
 */
export const change = (a: number | null, b: number | null): number | null =>
  a === null || b === null ? null : Math.abs(b - a) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b), 1e-300) ? 0 : b - a

export const relDelta = (a: number | null, b: number | null): number | null =>
  a === null || b === null || a === 0 ? null : change(a, b)! / Math.abs(a)

const isRate = (unit: MetricUnit): boolean => unit === 'rate'

/**
 * The paired metrics: per task the mean over its rollouts, then over the shared tasks where both runs have a value
 * (`n`); a, b and delta over those same tasks, so delta = b - a = the mean paired difference. When no task pairs
 * (one run lacks the metric), a and b are each side's mean over the shared tasks and delta stays null. `whole` has
 * each run's figure over all its episodes. Metrics neither run has are left out. CIs of all metrics share one
 * resampling of the shared tasks.
 */
export function pairedMetrics(
  A: RunValues,
  B: RunValues,
  p: Pairing,
  method: CiMethod,
  toolSets: string[][] = []
): CompareMetric[] {
  const specs = [
    ...namedBaseSpecs(A, B),
    ...metricSpecs(A, B),
    ...terminationSpecs(A, B),
    ...toolSpecs([A, B], [p.sharedA, p.sharedB], toolSets)
  ]
  return pairedOfSpecs(specs, A, B, p, method)
}

/** baseSpecs, the reward and steps rows naming the producer metrics they are ("Mean reward (= exact_match)"). */
export function namedBaseSpecs(...runs: RunValues[]): PairedSpec[] {
  const named: Record<string, string[]> = {
    reward: rewardAliases(...runs).filter((k) => k !== 'reward'),
    steps: stepAliases(...runs)
  }
  return baseSpecs().map((s) =>
    named[s.key]?.length ? { ...s, label: `${s.label} (= ${named[s.key].join(', ')})` } : s
  )
}

/** pairedMetrics over the given specs only. */
export function pairedOfSpecs(
  specs: PairedSpec[],
  A: RunValues,
  B: RunValues,
  p: Pairing,
  method: CiMethod
): CompareMetric[] {
  const out: CompareMetric[] = []
  const diffColumns: Float64Array[] = []
  for (const spec of specs) {
    // a figure neither run records (generation time of runs that do not time it): nothing to pair, skipped early
    const ca = hasValue(spec.column(A))
    const cb = hasValue(spec.column(B))
    if (!ca && !cb) continue
    const ta = ca ? taskMeans(A, ca) : nanTasks(A)
    const tb = cb ? taskMeans(B, cb) : nanTasks(B)
    const pv = pairValues(p, ta, tb)
    const n = pv.a.length
    const a = n ? meanOf(pv.a).mean : sharedMean(ta, p.a)
    const b = n ? meanOf(pv.b).mean : sharedMean(tb, p.b)
    const wa = wholeMean(ca)
    const wb = wholeMean(cb)
    // kept while a whole side has the figure: sides sharing no task (two steps' batches) still show their wholes
    if (a === null && b === null && wa === null && wb === null) continue
    const diff = new Float64Array(p.a.length).fill(NaN)
    for (let j = 0; j < n; j++) diff[pv.pair[j]] = pv.b[j] - pv.a[j]
    diffColumns.push(diff)
    out.push({
      key: spec.key,
      label: spec.label,
      kind: 'paired',
      unit: spec.unit,
      a,
      b,
      delta: n ? meanOf(diff).mean : null,
      relDelta: n ? relDelta(a, b) : null,
      ci95: null,
      n,
      better: spec.better,
      isRate: isRate(spec.unit),
      whole: { a: wa, b: wb, delta: wa !== null && wb !== null ? wb - wa : null, relDelta: relDelta(wa, wb) }
    })
  }
  const cis = meanCis(diffColumns, method)
  out.forEach((m, k) => (m.ci95 = cis[k]))
  return out
}

/** Values of a column over the episodes of the shared tasks (NaN skipped), optionally only where `keep` holds. */
function sharedEpisodeValues(
  v: RunValues,
  shared: Uint8Array,
  col: Float64Array,
  keep?: (i: number) => boolean
): Float64Array {
  const out = new Float64Array(v.episodes)
  let n = 0
  for (let i = 0; i < v.episodes; i++) {
    if (!shared[v.task[i]]) continue
    const x = col[i]
    if (x === x && (!keep || keep(i))) out[n++] = x
  }
  return out.subarray(0, n)
}

/** Σ reward / Σ steps over a run's episodes of the shared tasks that have both (report 002's avg_reward_per_step). */
export function pooledRewardPerStep(v: RunValues, shared: Uint8Array | null): number | null {
  let r = 0
  let s = 0
  for (let i = 0; i < v.episodes; i++) {
    if (!pooled(v, shared, i)) continue
    r += v.reward[i]
    s += v.steps[i]
  }
  return s > 0 ? r / s : null
}

/** The episodes pooledRewardPerStep sums. */
function pooledEpisodes(v: RunValues, shared: Uint8Array | null): number {
  let n = 0
  for (let i = 0; i < v.episodes; i++) if (pooled(v, shared, i)) n++
  return n
}

function pooled(v: RunValues, shared: Uint8Array | null, i: number): boolean {
  return !(shared && !shared[v.task[i]]) && v.reward[i] === v.reward[i] && v.steps[i] > 0
}

/**
 * Statistics of the shared tasks' episodes as a whole (no pairing, no CI): reward σ (population) / min / max, steps
 * of passed episodes, pooled reward per step; and each run's eval wall time as its producer recorded it.
 */
export function summaryMetrics(
  A: RunValues,
  B: RunValues,
  p: Pairing,
  runs?: { a: RunSummary; b: RunSummary }
): CompareMetric[] {
  const ra = describe(sharedEpisodeValues(A, p.sharedA, A.reward))
  const rb = describe(sharedEpisodeValues(B, p.sharedB, B.reward))
  const sa = meanOf(sharedEpisodeValues(A, p.sharedA, A.steps, (i) => A.passed[i] === 1))
  const sb = meanOf(sharedEpisodeValues(B, p.sharedB, B.steps, (i) => B.passed[i] === 1))
  const rewards = { a: ra.count, b: rb.count }
  const rows: [string, string, Better, MetricUnit, number | null, number | null, CompareMetric['episodes']][] = [
    ['rewardStd', 'Reward σ', null, 'reward', ra.std, rb.std, rewards],
    ['rewardMin', 'Min reward', 'higher', 'reward', ra.min, rb.min, rewards],
    ['rewardMax', 'Max reward', 'higher', 'reward', ra.max, rb.max, rewards],
    [
      'stepsSuccess',
      'Mean steps of passed episodes',
      null,
      'steps',
      sa.n ? sa.mean : null,
      sb.n ? sb.mean : null,
      { a: sa.n, b: sb.n }
    ],
    [
      'rewardPerStepPooled',
      'Reward per step (pooled: Σ reward / Σ steps)',
      'higher',
      'reward',
      pooledRewardPerStep(A, p.sharedA),
      pooledRewardPerStep(B, p.sharedB),
      { a: pooledEpisodes(A, p.sharedA), b: pooledEpisodes(B, p.sharedB) }
    ],
    [
      'wallTimeMs',
      'Eval wall time (whole run)',
      null,
      'ms',
      runs?.a.wallTimeMs ?? null,
      runs?.b.wallTimeMs ?? null,
      undefined
    ]
  ]
  return rows
    .filter(([, , , , a, b]) => a !== null || b !== null)
    .map(([key, label, better, unit, a, b, episodes]) => ({
      key,
      label,
      kind: 'summary' as const,
      unit,
      a,
      b,
      delta: change(a, b),
      relDelta: relDelta(a, b),
      ci95: null,
      n: p.a.length,
      ...(episodes ? { episodes } : {}),
      better,
      isRate: false
    }))
}

/** Reading order: reward figures first, then rates, steps, cost and time, producer metrics, endings, tools. */
const ORDER = [
  'reward',
  'rewardStd',
  'rewardMin',
  'rewardMax',
  'passRate',
  'perfectRate',
  'completionRate',
  'steps',
  'stepsSuccess',
  'messages',
  'rewardPerStep',
  'rewardPerStepPooled'
]

function rank(k: string): number {
  const i = ORDER.indexOf(k)
  if (i >= 0) return i
  if (k.startsWith('metric:')) return ORDER.length + 1
  if (k.startsWith('termination:')) return ORDER.length + 2
  if (k.startsWith('toolFree:') || k.startsWith('toolCalls:')) return ORDER.length + 3
  return ORDER.length
}

/** Paired and summary metrics in reading order. */
export function compareMetrics(
  A: RunValues,
  B: RunValues,
  p: Pairing,
  method: CiMethod,
  options: { runs?: { a: RunSummary; b: RunSummary }; toolSets?: string[][] } = {}
): CompareMetric[] {
  const all = [...pairedMetrics(A, B, p, method, options.toolSets), ...summaryMetrics(A, B, p, options.runs)]
  // Stable sort keeps the spec order within a rank (tokens, generation, total time, wall time; metrics by name; tools
  // from the most called, each as "never calls" then "calls per episode").
  return all
    .map((m, i) => ({ m, i }))
    .sort((x, y) => rank(x.m.key) - rank(y.m.key) || x.i - y.i)
    .map((x) => x.m)
}

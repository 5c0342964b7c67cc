/**
 * Three or more runs side by side against a baseline (issue 12 §8, report 004): each run's whole-run figures (mean,
 * σ, range), and for every run its change against the baseline and against the run before it, absolute and
 * relative, with a paired 95% CI over the tasks the two runs share.
 */
import type { CiMethod, CompareVerdict, CompareWarning } from '@contract/compare'
import type { RunSummary, Stat } from '@contract/model'
import type {
  MultiCompareOptions,
  MultiCompareReport,
  MultiDelta,
  MultiRow,
  MultiTaskValues
} from '@contract/multi-compare'
import { BadRequestError } from '@contract/guards'
import type { Db } from '../db/open-db'
import { describe } from '../stats/describe'
import { meanOf } from './bootstrap'
import { ciMethod, DEFAULT_RESAMPLES, DEFAULT_SEED, meanCis } from './ci'
import { checkEnvironments, sameEnvironment } from './environment'
import { flipTable } from './flips'
import {
  baseSpecs,
  change,
  metricSpecs,
  namedBaseSpecs,
  pairedOfSpecs,
  pooledRewardPerStep,
  relDelta,
  terminationSpecs,
  toolSpecs,
  type PairedSpec
} from './metrics'
import { pairTasks, pairValues } from './pairing'
import { readRunValues, taskMeans, taskPassCounts, type RunValues } from './task-values'
import { binaryRewards, compareVerdict } from './verdict'
import {
  envForcedWarning,
  headlineWarning,
  noTranscriptWarning,
  rolloutsWarning,
  samplingWarning,
  settingsWarning,
  unscoredWarning
} from './warnings'
import { runRef } from './compare-runs'

/** Tasks listed with their per-rollout rewards at most. */
export const PER_TASK_CAP = 200

function statOf(values: ArrayLike<number>): Stat | null {
  const d = describe(Array.from(values))
  return d.count ? { count: d.count, mean: d.mean, std: d.std, min: d.min, max: d.max } : null
}

const single = (x: number | null): Stat | null => (x === null ? null : { count: 1, mean: x, std: 0, min: x, max: x })

/**
 * The change of one spec from run `from` to run `to`: means of the whole runs, and the paired per-task difference
 * with its CI (what the verdict is about); the two differ when the runs' tasks or rollouts per task do.
 */
function deltaOf(
  spec: PairedSpec,
  from: RunValues,
  to: RunValues,
  values: [Stat | null, Stat | null],
  seed: number,
  resamples: number
): MultiDelta {
  const a = values[0]?.mean ?? null
  const b = values[1]?.mean ?? null
  const p = pairTasks(from, to)
  let ci: [number, number] | null = null
  let paired: number | null = null
  let tasks = 0
  const ca = spec.column(from)
  const cb = spec.column(to)
  if (ca && cb && p.a.length) {
    const pv = pairValues(p, taskMeans(from, ca), taskMeans(to, cb))
    tasks = pv.a.length
    if (tasks >= 1) {
      const diff = new Float64Array(tasks)
      for (let j = 0; j < tasks; j++) diff[j] = pv.b[j] - pv.a[j]
      paired = change(meanOf(pv.a).mean, meanOf(pv.b).mean) === 0 ? 0 : meanOf(diff).mean
      if (tasks >= 2) ci = meanCis([diff], ciMethod(tasks, seed, resamples))[0]
    }
  }
  return { delta: change(a, b), relDelta: relDelta(a, b), ci95: ci, paired, tasks }
}

/** The verdict of run `to` against the baseline `from` (pairing on their shared tasks). */
function verdictAgainst(
  from: RunValues,
  to: RunValues,
  method: (n: number) => CiMethod,
  forced: boolean
): CompareVerdict {
  const p = pairTasks(from, to)
  const specs = baseSpecs().filter((s) => s.key === 'reward' || s.key === 'passRate')
  const metrics = pairedOfSpecs(specs, from, to, p, method(p.a.length))
  const flips = flipTable(from, p, taskPassCounts(from), taskPassCounts(to))
  return compareVerdict(metrics, {
    binary: binaryRewards(from.reward) && binaryRewards(to.reward),
    mcnemarP: flips.mcnemarP,
    sharedTasks: p.a.length,
    forced
  })
}

export function compareMany(db: Db, runs: RunSummary[], options: MultiCompareOptions = {}): MultiCompareReport {
  if (runs.length < 2) throw new BadRequestError('a side-by-side table needs at least two runs')
  const envs = checkEnvironments(runs, options.allowDifferentEnvs)
  const values = runs.map((r) => readRunValues(db, r.id))
  return compareManyValues(runs, values, options, envs)
}

export function compareManyValues(
  runs: RunSummary[],
  values: RunValues[],
  options: MultiCompareOptions,
  envs: string[] | null
): MultiCompareReport {
  const baseline = options.baseline === undefined ? 0 : runs.findIndex((r) => r.id === options.baseline)
  if (baseline < 0) throw new BadRequestError(`the baseline ${options.baseline} is not one of the runs compared`)
  const seed = options.seed ?? DEFAULT_SEED
  const resamples = options.resamples ?? DEFAULT_RESAMPLES

  const specs: PairedSpec[] = [
    ...namedBaseSpecs(...values),
    ...metricSpecs(...values),
    ...terminationSpecs(...values),
    ...toolSpecs(
      values,
      values.map(() => null),
      options.toolSets
    )
  ]
  const rows: MultiRow[] = []
  for (const spec of specs) {
    const cols = values.map((v) => spec.column(v))
    const stats = cols.map((c) => (c ? statOf(c) : null))
    if (stats.every((s) => s === null)) continue
    const delta = (from: number, to: number): MultiDelta =>
      deltaOf(spec, values[from], values[to], [stats[from], stats[to]], seed, resamples)
    rows.push({
      key: spec.key,
      label: spec.label,
      unit: spec.unit,
      better: spec.better,
      values: stats,
      vsBaseline: values.map((_, i) => (i === baseline ? null : delta(baseline, i))),
      vsPrevious: values.map((_, i) => (i === 0 ? null : delta(i - 1, i)))
    })
  }
  // Run-level figures (no per-task pairing): pooled reward per step, eval wall time.
  const runLevel: [string, string, MultiRow['unit'], MultiRow['better'], (i: number) => number | null][] = [
    [
      'rewardPerStepPooled',
      'Reward per step (pooled: Σ reward / Σ steps)',
      'reward',
      'higher',
      (i) => pooledRewardPerStep(values[i], null)
    ],
    ['wallTimeMs', 'Eval wall time', 'ms', null, (i) => runs[i].wallTimeMs]
  ]
  for (const [key, label, unit, better, get] of runLevel) {
    const stats = runs.map((_, i) => single(get(i)))
    if (stats.every((s) => s === null)) continue
    const plain = (from: number, to: number): MultiDelta => {
      const a = stats[from]?.mean ?? null
      const b = stats[to]?.mean ?? null
      return { delta: change(a, b), relDelta: relDelta(a, b), ci95: null, paired: null, tasks: 0 }
    }
    rows.push({
      key,
      label,
      unit,
      better,
      values: stats,
      vsBaseline: runs.map((_, i) => (i === baseline ? null : plain(baseline, i))),
      vsPrevious: runs.map((_, i) => (i === 0 ? null : plain(i - 1, i)))
    })
  }

  const sharedKeys = values[0].taskKeys.filter((k) => values.every((v) => v.taskIndex.has(k)))
  const method = (n: number): CiMethod => ciMethod(n, seed, resamples)
  const verdicts = values.map((v, i) =>
    // only a run of another environment than the baseline's is not comparable with it (the set may mix others)
    i === baseline
      ? null
      : verdictAgainst(values[baseline], v, method, envs !== null && !sameEnvironment(runs[baseline], runs[i]))
  )

  const warnings: CompareWarning[] = []
  if (envs) warnings.push(envForcedWarning(envs))
  const sizes = values.map((v) => v.taskKeys.length)
  if (sizes.some((n) => n !== sizes[0]) || sharedKeys.length !== sizes[0]) {
    warnings.push({
      code: 'different-tasks',
      severity: 'caveat',
      message: `The runs cover different tasks (${runs.map((r, i) => `${r.name}: ${sizes[i]}`).join(', ')}; ${sharedKeys.length} in all of them): each column is over its whole run, each CI over the tasks the two runs share.`
    })
  }
  for (let i = 0; i < runs.length; i++) {
    if (i === baseline) continue
    const b = runs[baseline]
    const r = runs[i]
    // what the two-run compare of the same pair says (a training batch of 4 to 36 rollouts a task against 4 each)
    const p = pairTasks(values[baseline], values[i])
    const perPair = [
      settingsWarning(b.header, r.header),
      samplingWarning(b.header, r.header),
      rolloutsWarning(values[baseline], values[i], p.a, p.b, [b.name, r.name])
    ]
    for (const w of perPair) {
      if (w) warnings.push({ ...w, message: `${r.name} vs ${b.name}: ${w.message}` })
    }
  }
  const named = runs.map((r) => [r.name, r] as const)
  for (const w of [headlineWarning(named), unscoredWarning(named), noTranscriptWarning(named)]) if (w) warnings.push(w)

  return {
    runs: runs.map((r, i) =>
      runRef(
        r,
        values[i],
        Int32Array.from(values[i].taskKeys, (_, t) => t)
      )
    ),
    baseline,
    verdicts,
    rows,
    sharedTasks: sharedKeys.length,
    ...perTaskValues(values),
    warnings,
    envMismatch: envs ? { envs } : null
  }
}

/** Each task's rollout rewards in every run, tasks in first-seen order over the runs (report 004's r1 / r2 lists). */
function perTaskValues(values: RunValues[]): { perTask: MultiTaskValues[]; perTaskCapped: boolean } {
  const order: string[] = []
  const seen = new Set<string>()
  for (const v of values) for (const k of v.taskKeys) if (!seen.has(k)) (seen.add(k), order.push(k))
  const rewardsOf = (v: RunValues): Map<number, (number | null)[]> => {
    const m = new Map<number, (number | null)[]>()
    for (let i = 0; i < v.episodes; i++) {
      const list = m.get(v.task[i]) ?? []
      list.push(v.reward[i] === v.reward[i] ? v.reward[i] : null)
      m.set(v.task[i], list)
    }
    return m
  }
  const maps = values.map(rewardsOf)
  const perTask = order.slice(0, PER_TASK_CAP).map((taskKey) => ({
    taskKey,
    rewards: values.map((v, r) => {
      const t = v.taskIndex.get(taskKey)
      return t === undefined ? [] : (maps[r].get(t) ?? [])
    })
  }))
  return { perTask, perTaskCapped: order.length > PER_TASK_CAP }
}

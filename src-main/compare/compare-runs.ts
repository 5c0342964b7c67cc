import type { CiMethod, CompareOptions, CompareReport, CompareRunRef, CompareWarning } from '@contract/compare'
import type { RunSummary } from '@contract/model'
import { NotFoundError } from '@contract/guards'
import type { Db } from '../db/open-db'
import { parseStoredScoring, unscoredSummary } from '../db/run-scoring'
import { unscoredReasons } from '../db/run-summary'
import { categoryBreakdown, pairIndex, type TaskCategory, type TaskScores } from './categories'
import { ciMethod, DEFAULT_RESAMPLES, DEFAULT_SEED } from './ci'
import { flipTable, passAtKRows } from './flips'
import { rewardHistogram } from './histogram'
import { compareMetrics } from './metrics'
import { pairTasks, type Pairing } from './pairing'
import { solvedWithin } from './solved-within'
import { taskFlipRows } from './task-rows'
import { readRunValues, taskMeans, taskPassCounts, taskPasses, type RunValues } from './task-values'
import {
  differentNWarning,
  envForcedWarning,
  envVersionWarning,
  headlineWarning,
  noTranscriptWarning,
  rankWarnings,
  rolloutsWarning,
  samplingWarning,
  stepsTasksWarning,
  settingsWarning,
  tasksWarning,
  tooFewWarning,
  unscoredWarning,
  verdictWarning
} from './warnings'
import { checkEnvironments } from './environment'
import { binaryRewards, compareVerdict, headlineMetric } from './verdict'

/** Task keys listed per side in onlyATasks / onlyBTasks. */
export const ONLY_LIST_CAP = 200

/**
 * Pairs run A and run B by task key and compares them on the shared tasks (see src-main/contract/compare.ts for
 * what each field means). Runs of different environments are refused (their task ids name different tasks) unless
 * the options insist. Reads each run's episodes once (no transcripts); everything else is in memory.
 */
export function compareRuns(db: Db, runA: RunSummary, runB: RunSummary, options: CompareOptions): CompareReport {
  checkEnvironments([runA, runB], options.allowDifferentEnvs)
  const A = readSide(db, runA, options.stepA)
  const B = readSide(db, runB, options.stepB)
  return compareRunValues(
    sideSummary(db, runA, A, options.stepA),
    sideSummary(db, runB, B, options.stepB),
    A,
    B,
    options
  )
}

/**
 * What the warnings read of a side: the run's summary, or for one training step the step's own counts (episodes
 * without a result, without a transcript); the producer's headlines are the whole run's, so a step has none.
 */
function sideSummary(db: Db, run: RunSummary, v: RunValues, step: number | undefined): RunSummary {
  if (step === undefined) return run
  let noTranscript = 0
  for (let i = 0; i < v.episodes; i++) if (!v.transcript[i]) noTranscript++
  const reasons = unscoredReasons(db, run.id, step)
  const stored = db.prepare('SELECT scoring_json FROM runs WHERE id = ?').pluck().get(run.id) as string | null
  return {
    ...run,
    episodes: v.episodes,
    unscored: unscoredSummary(v.episodes, reasons, parseStoredScoring(stored).scoring),
    noTranscript,
    headlines: []
  }
}

/** A side's values: the whole run, or one training step's batch (refused when the run has no episode there). */
function readSide(db: Db, run: RunSummary, step: number | undefined): RunValues {
  const v = readRunValues(db, run.id, step)
  if (step !== undefined && v.episodes === 0) {
    const [lo, hi, n] = db
      .prepare('SELECT min(step), max(step), count(DISTINCT step) FROM episodes WHERE run_id = ?')
      .raw()
      .get(run.id) as [number | null, number | null, number]
    throw new NotFoundError(
      n === 0
        ? `run ${run.name} has no training steps: compare it as a whole run`
        : `run ${run.name} has no episodes at step ${step} (its ${n} steps run from ${lo} to ${hi})`
    )
  }
  return v
}

/** The comparison over already-read run values (compareSeries and tests reuse it). */
export function compareRunValues(
  runA: RunSummary,
  runB: RunSummary,
  A: RunValues,
  B: RunValues,
  options: CompareOptions
): CompareReport {
  const envs = checkEnvironments([runA, runB], options.allowDifferentEnvs)
  const p = pairTasks(A, B)
  const shared = p.a.length
  const method = ciMethod(shared, options.seed ?? DEFAULT_SEED, options.resamples ?? DEFAULT_RESAMPLES)

  const metrics = compareMetrics(A, B, p, method, { runs: { a: runA, b: runB }, toolSets: options.toolSets })
  const ca = taskPassCounts(A)
  const cb = taskPassCounts(B)
  const verdicts = {
    a: Array.from(p.a, (t) => taskPasses(ca, t)),
    b: Array.from(p.b, (t) => taskPasses(cb, t))
  }
  const { fields, rows, values } = categoryBreakdown(
    A,
    B,
    p,
    categoryScores(A, B, p),
    verdicts,
    method,
    options.category
  )
  const flips = flipTable(A, p, ca, cb)
  const taskRows = taskFlipRows(A, B, p, { a: ca, b: cb }, values)
  const epA = sharedEpisodes(A, p.sharedA)
  const epB = sharedEpisodes(B, p.sharedB)

  const binary = binaryRewards(A.reward) && binaryRewards(B.reward)
  const headline = headlineMetric(metrics, binary)
  const steps = { a: options.stepA ?? null, b: options.stepB ?? null }
  const found: (CompareWarning | null)[] = [
    envs ? envForcedWarning(envs) : null,
    steps.a !== null || steps.b !== null
      ? stepsTasksWarning(steps, A.taskKeys.length, B.taskKeys.length, shared, headline)
      : tasksWarning(A.taskKeys.length, B.taskKeys.length, shared, headline)
  ]
  const named = [
    ['A', runA],
    ['B', runB]
  ] as const
  found.push(
    settingsWarning(runA.header, runB.header),
    unscoredWarning(named),
    headlineWarning(named),
    noTranscriptWarning(named)
  )
  if (shared > 0) {
    found.push(
      rolloutsWarning(A, B, p.a, p.b),
      samplingWarning(runA.header, runB.header),
      envVersionWarning(
        A,
        B,
        { a: runA.header, b: runB.header },
        { a: p.sharedA, b: p.sharedB },
        { a: runA.env, b: runB.env }
      ),
      tooFewWarning(shared, headline),
      verdictWarning(
        verdicts.a.every((v) => v === null),
        verdicts.b.every((v) => v === null)
      ),
      differentNWarning(metrics, shared)
    )
  }
  const warnings = rankWarnings(found)

  return {
    runA: runRef(runA, A, p.a, steps.a),
    runB: runRef(runB, B, p.b, steps.b),
    verdict: compareVerdict(metrics, { binary, mcnemarP: flips.mcnemarP, sharedTasks: shared, forced: envs !== null }),
    envMismatch: envs ? { a: runA.env ?? '', b: runB.env ?? '' } : null,
    sharedTasks: shared,
    onlyA: p.onlyA.length,
    onlyB: p.onlyB.length,
    onlyATasks: p.onlyA.slice(0, ONLY_LIST_CAP),
    onlyBTasks: p.onlyB.slice(0, ONLY_LIST_CAP),
    metrics,
    flips,
    passAtK: passAtKRows(p, ca, cb),
    categoryFields: fields,
    perCategory: rows,
    flipCategories: flipCategories(A, p, [...flips.fixed, ...flips.broken], values),
    taskRows: taskRows.rows,
    taskRowsLeftOut: taskRows.leftOut,
    solvedWithin: solvedWithin(epA, epB),
    histogram: rewardHistogram(epA.reward, epB.reward),
    warnings,
    ci: method,
    ciNote: ciNote(shared, method)
  }
}

/** Category values of the flipped tasks, so reports can group fixes and breaks by category. */
function flipCategories(
  A: RunValues,
  p: Pairing,
  keys: string[],
  values: Map<string, TaskCategory>
): Record<string, Record<string, string>> {
  const pos = pairIndex(A.taskKeys.length, p.a)
  const out: Record<string, Record<string, string>> = {}
  for (const key of keys) {
    const j = pos[A.taskIndex.get(key)!]
    const cats: Record<string, string> = {}
    for (const [field, perTask] of values) if (perTask[j] !== undefined) cats[field] = perTask[j]!
    out[key] = cats
  }
  return out
}

export function runRef(
  run: RunSummary,
  v: RunValues,
  sharedIdx: Int32Array,
  step: number | null = null
): CompareRunRef {
  let rollouts = 0
  for (let j = 0; j < sharedIdx.length; j++) rollouts += v.rollouts[sharedIdx[j]]
  return {
    id: run.id,
    name: run.name,
    model: run.model,
    env: run.env,
    format: run.format,
    checkpointStep: run.checkpointStep,
    step,
    episodes: v.episodes,
    tasks: v.taskKeys.length,
    rolloutsPerTask: sharedIdx.length ? rollouts / sharedIdx.length : null,
    passThreshold: v.threshold
  }
}

/** Per shared task, the score categories compare: mean reward when both runs have rewards there, else pass rate. */
function categoryScores(A: RunValues, B: RunValues, p: Pairing): TaskScores {
  const pick = (useReward: boolean): TaskScores => {
    const ta = taskMeans(A, useReward ? A.reward : A.passed)
    const tb = taskMeans(B, useReward ? B.reward : B.passed)
    return { a: Float64Array.from(p.a, (t) => ta[t]), b: Float64Array.from(p.b, (t) => tb[t]), byReward: useReward }
  }
  const byReward = pick(true)
  for (let j = 0; j < p.a.length; j++)
    if (byReward.a[j] === byReward.a[j] && byReward.b[j] === byReward.b[j]) return byReward
  return pick(false)
}

/** The steps, verdicts and rewards of a run's episodes that belong to shared tasks. */
function sharedEpisodes(
  v: RunValues,
  shared: Uint8Array
): { steps: Float64Array; passed: Float64Array; reward: Float64Array } {
  let n = 0
  for (let i = 0; i < v.episodes; i++) if (shared[v.task[i]]) n++
  const out = { steps: new Float64Array(n), passed: new Float64Array(n), reward: new Float64Array(n) }
  for (let i = 0, k = 0; i < v.episodes; i++) {
    if (!shared[v.task[i]]) continue
    out.steps[k] = v.steps[i]
    out.passed[k] = v.passed[i]
    out.reward[k++] = v.reward[i]
  }
  return out
}

function ciNote(shared: number, m: CiMethod): string {
  const how =
    m.method === 'paired-bootstrap'
      ? `resampling the ${shared} shared tasks with replacement ${m.resamples} times (seed ${m.seed}) and keeping the middle 95% of the resampled mean differences`
      : `the normal approximation over the ${shared} shared tasks (mean difference ± 1.96 standard errors; with this many tasks it matches the bootstrap)`
  return (
    `Each 95% CI is the range of deltas (B − A) compatible with these tasks, from ${how}. ` +
    `A CI that excludes 0 means the difference is unlikely to come from which tasks happened to be in the set; ` +
    `it says nothing about tasks outside this set or other sampling settings.`
  )
}

/**
 * A training run's curve (issue 12 §6): per training step, the statistics of the step's whole batch (batch-stats.ts);
 * per task, when it was learned and whether it was forgotten, over the steps at which the task was sampled.
 */
import type { CompareWarning, SeriesTask } from '@contract/compare'
import type { RunSummary } from '@contract/model'
import type { CurvePoint, TrainingCurve } from '@contract/training'
import { BadRequestError } from '@contract/guards'
import { fmtValue } from '@contract/display'
import { agreesWithin } from '../db/run-scoring'
import type { Db } from '../db/open-db'
import { effectiveThreshold } from '../db/run-summary'
import { batchStats, episodesByStep, keptStats } from './batch-stats'
import { taskHistory } from './task-history'
import { readRunValues, type RunValues } from './task-values'

/** Tasks listed with their history at most (most changes first). */
export const CURVE_TASK_CAP = 2000

/** What the curve takes from one step's batch: its point, and per task its rollouts with a verdict and passes. */
interface StepPart {
  point: CurvePoint
  tasks: Map<string, { n: number; c: number }>
}

/** The info fields the curve reads: which rollouts the batch filters kept (keptStats), each rollout's GRPO group. */
const CURVE_INFO = { info: ['batch', 'group'] }

/**
 * A step's part depends only on that step's episodes (and the run's threshold), so an engine keeps the parts it
 * computed: the curve of a 256k-episode run is then one index-only query plus the steps that changed (a live run's
 * new steps), not a read of every episode at each open. A step is known unchanged by its episode count, row-id range
 * and its files with their index times (a re-read file may reuse the row ids it had); the run's threshold and task-key
 * warnings (task keys re-decided from content) reset the run's steps.
 */
export class CurveCache {
  readonly #runs = new Map<string, { key: string; steps: Map<number, { sig: string; part: StepPart }> }>()

  constructor(private readonly maxRuns = 8) {}

  /** The run's cached steps under `key` (a fresh set when the key changed). */
  stepsOf(runId: string, key: string): Map<number, { sig: string; part: StepPart }> {
    let run = this.#runs.get(runId)
    if (!run || run.key !== key) run = { key, steps: new Map() }
    this.#runs.delete(runId)
    this.#runs.set(runId, run) // most recently used last
    if (this.#runs.size > this.maxRuns) this.#runs.delete(this.#runs.keys().next().value as string)
    return run.steps
  }
}

export function trainingCurve(db: Db, run: RunSummary, cache: CurveCache = new CurveCache()): TrainingCurve {
  const key = `${effectiveThreshold(db, run.id)}|${
    (db.prepare('SELECT warnings_json FROM runs WHERE id = ?').pluck().get(run.id) as string | null) ?? ''
  }`
  // one pass over the (run_id, step, source_id) index, no episode row read; then the steps' files (a few hundred)
  const sigs = db
    .prepare(
      `WITH g AS (SELECT step, source_id, count(*) n, min(rowid) lo, max(rowid) hi
                  FROM episodes WHERE run_id = ? GROUP BY step, source_id)
       SELECT g.step, sum(g.n), min(g.lo), max(g.hi), group_concat(g.source_id || '@' || ifnull(s.indexed_at, ''))
       FROM g LEFT JOIN sources s ON s.id = g.source_id GROUP BY g.step`
    )
    .raw()
    .all(run.id) as [number | null, number, number, number, string][]
  const cached = cache.stepsOf(run.id, key)
  const wanted = new Map<number, string>()
  let episodes = 0
  for (const [step, n, lo, hi, files] of sigs) {
    episodes += n
    if (step !== null) wanted.set(step, `${n}:${lo}:${hi}:${files}`)
  }
  for (const step of [...cached.keys()]) if (cached.get(step)!.sig !== wanted.get(step)) cached.delete(step)
  const missing = [...wanted.keys()].filter((s) => !cached.has(s))
  // many steps to read (a first open): one read of the run; a few (new steps of a live run): just those
  const fresh =
    missing.length > 16
      ? stepParts(readRunValues(db, run.id, undefined, CURVE_INFO))
      : missing.flatMap((s) => stepParts(readRunValues(db, run.id, s, CURVE_INFO)))
  for (const part of fresh) cached.set(part.point.step, { sig: wanted.get(part.point.step)!, part })
  const parts = [...cached.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c.part)
  return assemble(run, parts, episodes)
}

/** The curve of a run's values as read (every episode of the run in `v`). */
export function curveOfValues(run: RunSummary, v: RunValues): TrainingCurve {
  return assemble(run, stepParts(v), v.episodes)
}

/** Each step's part of the values `v`. */
function stepParts(v: RunValues): StepPart[] {
  return episodesByStep(v).map(({ step, idx }) => {
    const kept = keptStats(v, idx)
    // Per task: pass counts; a task's verdict at a step is a majority of its rollouts there.
    const tasks = new Map<string, { n: number; c: number }>()
    for (let k = 0; k < idx.length; k++) {
      const i = idx[k]
      const p = v.passed[i]
      if (p !== p) continue
      const key = v.taskKeys[v.task[i]]
      let cell = tasks.get(key)
      if (!cell) tasks.set(key, (cell = { n: 0, c: 0 }))
      cell.n++
      if (p === 1) cell.c++
    }
    return { point: { step, ...batchStats(v, idx), ...(kept ? { kept } : {}) }, tasks }
  })
}

/** The curve from its steps' parts (ascending), `episodes` = every episode of the run, with a step or not. */
function assemble(run: RunSummary, parts: StepPart[], episodes: number): TrainingCurve {
  if (parts.length === 0) {
    throw new BadRequestError(
      `${run.name} has no training steps: its episodes carry no step (a training run's dump folder or a hosted-RL export has them)`
    )
  }
  const points = parts.map((p) => p.point)
  const perTask = new Map<string, Map<number, { n: number; c: number }>>()
  parts.forEach((part, s) => {
    for (const [key, cell] of part.tasks) {
      let row = perTask.get(key)
      if (!row) perTask.set(key, (row = new Map()))
      row.set(s, cell)
    }
  })
  const tasks: (SeriesTask & { changes: number })[] = []
  let followed = 0
  for (const [key, row] of perTask) {
    if (row.size < 2) continue
    followed++
    const passed = parts.map((_, s) => {
      const cell = row.get(s)
      return cell ? cell.c * 2 > cell.n : null
    })
    const h = taskHistory(key, passed)
    if (h.changes > 0) tasks.push(h)
  }
  tasks.sort((x, y) => y.changes - x.changes || x.taskKey.localeCompare(y.taskKey))

  // what the run's own files say it lacks (a samples export of one page, steps not exported) qualifies every point
  const warnings: CompareWarning[] = run.warnings.map((message) => ({
    code: 'run-warning',
    severity: 'caveat',
    message
  }))
  const unstepped = episodes - points.reduce((n, p) => n + p.episodes, 0)
  if (unstepped > 0) {
    warnings.push({
      code: 'different-n',
      severity: 'note',
      message: `${unstepped} of ${episodes} episodes carry no training step and are not on the curve.`
    })
  }
  if (points.every((p) => p.passRate === null)) {
    warnings.push({
      code: 'no-verdict',
      severity: 'caveat',
      message:
        'No pass/fail verdict (no success flag and no pass threshold): no pass rate, and tasks cannot be followed.'
    })
  }
  return {
    runId: run.id,
    runName: run.name,
    points,
    tasks: tasks.slice(0, CURVE_TASK_CAP).map(({ changes: _c, ...t }) => t),
    followedTasks: followed,
    producerSource: null,
    warnings
  }
}

/**
 * The curve with the trainer's own per-step mean reward beside each point and a warning naming the steps where the
 * two differ (within the producer's rounding), or where one has a step the other lacks.
 */
export function withProducerSteps(
  curve: TrainingCurve,
  log: { source: string; figures: { step: number; label: string; value: number }[] } | null
): TrainingCurve {
  if (!log) return curve
  const byStep = new Map(log.figures.map((f) => [f.step, f]))
  const differ: string[] = []
  let matched = 0
  const points = curve.points.map((p) => {
    const f = byStep.get(p.step)
    if (!f) return p
    matched++
    const agrees = p.meanReward !== null && agreesWithin(f.value, p.meanReward)
    if (!agrees)
      differ.push(`step ${p.step}: ${fmtValue('reward', f.value)} there, ${fmtValue('reward', p.meanReward)} here`)
    return { ...p, producer: { label: f.label, value: f.value, agrees } }
  })
  const warnings = [...curve.warnings]
  const label = log.figures[0].label
  if (differ.length) {
    const shown = differ.slice(0, 5).join('; ')
    warnings.unshift({
      code: 'headline-mismatch',
      severity: 'caveat',
      message: `The trainer's log (${log.source}, ${label}) differs from Rollscope's mean reward at ${differ.length} of ${matched} steps (${shown}${differ.length > 5 ? '; …' : ''}).`
    })
  }
  const unlogged = curve.points.length - matched
  if (unlogged > 0) {
    warnings.push({
      code: 'different-n',
      severity: 'note',
      message: `${unlogged} of ${curve.points.length} steps have no ${label} in the trainer's log (${log.source}): not checked.`
    })
  }
  return { ...curve, points, producerSource: log.source, warnings }
}

import type { CompareWarning, SeriesPoint, SeriesReport, SeriesTask } from '@contract/compare'
import type { RunSummary } from '@contract/model'
import { BadRequestError } from '@contract/guards'
import type { Db } from '../db/open-db'
import { meanOf } from './bootstrap'
import { baseSpecs, metricSpecs } from './metrics'
import { readRunValues, taskMeans, taskPassCounts, taskPasses, type RunValues } from './task-values'
import { samplingWarning } from './warnings'

/** Tasks listed in SeriesReport.tasks at most. */
export const SERIES_TASK_CAP = 2000

/**
 * A checkpoint series (base → SFT → RL, a training run's checkpoints, or the steps inside one hosted-RL export when
 * a single run is given), in the order given: the main metrics per
 * point over the tasks every point has (the whole run when they share none), and per task when its verdict flipped.
 */
export function compareSeries(db: Db, runs: RunSummary[]): SeriesReport {
  if (runs.length === 1) return stepsSeries(db, runs[0])
  return seriesOfValues(
    runs,
    runs.map((r) => readRunValues(db, r.id))
  )
}

/** One run whose episodes carry training steps (a hosted-RL export): each step is a point of the series. */
function stepsSeries(db: Db, run: RunSummary): SeriesReport {
  const steps = (db.prepare('SELECT DISTINCT step FROM episodes WHERE run_id = ? AND step IS NOT NULL ORDER BY step').pluck().all(run.id) as number[])
  if (steps.length < 2) {
    throw new BadRequestError(`${run.name} has ${steps.length === 1 ? 'one training step' : 'no training steps'}: a series needs two runs, or one run with several steps`)
  }
  const points = steps.map((step) => ({ ...run, name: `${run.name} @${step}`, checkpointStep: step }))
  return seriesOfValues(points, steps.map((step) => readRunValues(db, run.id, step)))
}

export function seriesOfValues(runs: RunSummary[], values: RunValues[]): SeriesReport {
  if (runs.length === 0) return { points: [], sharedTasks: 0, tasks: [], warnings: [] }
  const sharedKeys = values[0].taskKeys.filter((k) => values.every((v) => v.taskIndex.has(k)))
  const useSteps = runs.every((r) => r.checkpointStep !== null)

  const specs = [...baseSpecs(), ...metricSpecs(...values)]
  const perPoint = values.map((v) => {
    // Task indices of this run the point's figures average over.
    const idx = sharedKeys.length ? sharedKeys.map((k) => v.taskIndex.get(k)!) : v.taskKeys.map((_, t) => t)
    return specs.map((spec) => {
      const col = spec.column(v)
      if (!col) return null
      const means = taskMeans(v, col)
      const m = meanOf(idx.map((t) => means[t]))
      return m.n ? m.mean : null
    })
  })
  // A metric no point has is left out.
  const keep = specs.map((_, k) => perPoint.some((vals) => vals[k] !== null))
  const points: SeriesPoint[] = runs.map((r, i) => ({
    runId: r.id,
    name: r.name,
    step: useSteps ? r.checkpointStep! : i,
    metrics: specs.flatMap((s, k) => (keep[k] ? [{ key: s.key, label: s.label, value: perPoint[i][k] }] : []))
  }))

  const counts = values.map(taskPassCounts)
  const tasks: (SeriesTask & { changes: number })[] = []
  for (const key of sharedKeys) {
    const passed = values.map((v, i) => taskPasses(counts[i], v.taskIndex.get(key)!))
    const t = taskHistory(key, passed)
    if (t.changes > 0) tasks.push(t)
  }
  tasks.sort((x, y) => y.changes - x.changes || x.taskKey.localeCompare(y.taskKey))

  return {
    points,
    sharedTasks: sharedKeys.length,
    tasks: tasks.slice(0, SERIES_TASK_CAP).map(({ changes: _changes, ...t }) => t),
    warnings: seriesWarnings(runs, values, sharedKeys.length, counts)
  }
}

/** When a task was learned (first pass after a fail), whether it was forgotten, and how often its verdict changed. */
export function taskHistory(taskKey: string, passed: (boolean | null)[]): SeriesTask & { changes: number } {
  let learnedAt: number | null = null
  let failedBefore = false
  let passedBefore = false
  let forgotten = false
  let changes = 0
  let last: boolean | null = null
  passed.forEach((p, i) => {
    if (p === null) return
    if (last !== null && p !== last) changes++
    if (p && failedBefore && learnedAt === null) learnedAt = i
    if (!p && passedBefore) forgotten = true
    if (p) passedBefore = true
    else failedBefore = true
    last = p
  })
  return { taskKey, passed, learnedAt, forgotten, changes }
}

function seriesWarnings(runs: RunSummary[], values: RunValues[], shared: number, counts: ReturnType<typeof taskPassCounts>[]): CompareWarning[] {
  const out: CompareWarning[] = []
  if (shared === 0 && runs.length > 1) {
    out.push({ code: 'no-shared-tasks', message: 'No task is in every run of the series: each point is computed on its whole run, and no task can be followed.' })
  } else if (values.some((v) => v.taskKeys.length !== shared)) {
    const sizes = values.map((v) => v.taskKeys.length).join(', ')
    out.push({ code: 'different-tasks', message: `The runs cover different tasks (${sizes}); every point is computed on the ${shared} tasks all of them have.` })
  }
  // Sampling: each point against the first.
  for (let i = 1; i < runs.length; i++) {
    const w = samplingWarning(runs[0].header, runs[i].header)
    if (w) out.push({ code: w.code, message: `${runs[i].name} vs ${runs[0].name}: ${w.message}` })
  }
  const silent = values.map((v, i) => v.taskKeys.every((_, t) => taskPasses(counts[i], t) === null))
  if (silent.some(Boolean)) {
    const names = runs.filter((_, i) => silent[i]).map((r) => r.name)
    out.push({
      code: 'no-verdict',
      message: `${names.join(', ')}: no pass/fail verdict (no success flag and no pass threshold), so no pass rate there and tasks cannot be followed through those points.`
    })
  }
  return out
}

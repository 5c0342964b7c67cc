import type { CompareWarning, SeriesOptions, SeriesPoint, SeriesReport, SeriesTask } from '@contract/compare'
import type { RunSummary } from '@contract/model'
import type { CurvePoint } from '@contract/training'
import type { Db } from '../db/open-db'
import { batchStats, type BatchStats } from './batch-stats'
import { checkEnvironments } from './environment'
import { baseSpecs, metricSpecs, wholeMean } from './metrics'
import { readRunValues, taskPassCounts, taskPasses, type RunValues } from './task-values'
import { taskHistory } from './task-history'
import { trainingCurve } from './training-curve'
import { envForcedWarning, samplingWarning, settingsWarning } from './warnings'

/** Tasks listed in SeriesReport.tasks at most. */
export const SERIES_TASK_CAP = 2000

/**
 * A checkpoint series (base → SFT → RL, a training run's checkpoints, or the steps inside one training run when a
 * single run is given), in the order given. Each point's figures are over its whole run (or its step's whole
 * batch), every episode counted once; per task, when its verdict flipped, over the points that have the task.
 */
export function compareSeries(db: Db, runs: RunSummary[], options: SeriesOptions = {}): SeriesReport {
  if (runs.length === 1) return stepsSeries(db, runs[0])
  const envs = checkEnvironments(runs, options.allowDifferentEnvs)
  const report = seriesOfValues(
    runs,
    runs.map((r) => readRunValues(db, r.id))
  )
  return envs ? { ...report, envMismatch: { envs }, warnings: [envForcedWarning(envs), ...report.warnings] } : report
}

/** The figures of a batch as series metrics (the keys compare uses, so the app shows one set of labels). */
function batchMetrics(b: BatchStats): SeriesPoint['metrics'] {
  const rows: [string, string, number | null][] = [
    ['reward', 'Mean reward', b.meanReward],
    ['rewardStd', 'Reward σ', b.rewardStd],
    ['passRate', 'Pass rate', b.passRate],
    ['steps', 'Mean steps', b.meanSteps],
    ['messages', 'Mean messages', b.meanMessages],
    ['tokensIn', 'Tokens in', b.tokensIn],
    ['tokensOut', 'Tokens out', b.tokensOut],
    ['noSignalShare', 'Groups with no signal', b.noSignalShare],
    ['truncatedShare', 'Truncated', b.truncatedShare],
    ['errorShare', 'Errored', b.errorShare]
  ]
  return rows.map(([key, label, value]) => ({ key, label, value }))
}

/** One training run: each step is a point (the curve's figures, over the step's whole batch). */
function stepsSeries(db: Db, run: RunSummary): SeriesReport {
  const curve = trainingCurve(db, run)
  const points: SeriesPoint[] = curve.points.map((p: CurvePoint) => ({
    runId: run.id,
    name: `${run.name} @${p.step}`,
    step: p.step,
    metrics: batchMetrics(p)
  }))
  return { points, axis: 'step', sharedTasks: curve.followedTasks, tasks: curve.tasks, warnings: curve.warnings }
}

export function seriesOfValues(runs: RunSummary[], values: RunValues[]): SeriesReport {
  if (runs.length === 0) return { points: [], axis: 'order', sharedTasks: 0, tasks: [], warnings: [] }
  const useSteps = runs.every((r) => r.checkpointStep !== null)

  // Batch figures first (σ, groups without signal...), then every producer metric all points have, whole-run means.
  const specs = metricSpecs(...values)
  const points: SeriesPoint[] = runs.map((r, i) => {
    const v = values[i]
    const base = batchMetrics(batchStats(v))
    const extra = [
      ...baseSpecs().filter((s) =>
        ['perfectRate', 'completionRate', 'rewardPerStep', 'generationMs', 'durationMs'].includes(s.key)
      ),
      ...specs
    ].map((s) => ({ key: s.key, label: s.label, value: wholeMean(s.column(v)) }))
    return { runId: r.id, name: r.name, step: useSteps ? r.checkpointStep! : i, metrics: [...base, ...extra] }
  })
  // A metric no point has is left out.
  const keys = points[0].metrics
    .map((m) => m.key)
    .filter((k) => points.some((p) => p.metrics.find((m) => m.key === k)?.value != null))
  for (const p of points) p.metrics = p.metrics.filter((m) => keys.includes(m.key))

  const counts = values.map(taskPassCounts)
  // Every task any point has; followed over the points that have it (a checkpoint may be evaluated on a subset).
  const all = new Set<string>()
  for (const v of values) for (const k of v.taskKeys) all.add(k)
  const tasks: (SeriesTask & { changes: number })[] = []
  let followed = 0
  for (const key of all) {
    const passed = values.map((v, i) => {
      const t = v.taskIndex.get(key)
      return t === undefined ? null : taskPasses(counts[i], t)
    })
    if (passed.filter((x) => x !== null).length < 2) continue
    followed++
    const t = taskHistory(key, passed)
    if (t.changes > 0) tasks.push(t)
  }
  tasks.sort((x, y) => y.changes - x.changes || x.taskKey.localeCompare(y.taskKey))

  return {
    points,
    axis: useSteps ? 'step' : 'order',
    sharedTasks: followed,
    tasks: tasks.slice(0, SERIES_TASK_CAP).map(({ changes: _changes, ...t }) => t),
    warnings: seriesWarnings(runs, values, counts)
  }
}

function seriesWarnings(
  runs: RunSummary[],
  values: RunValues[],
  counts: ReturnType<typeof taskPassCounts>[]
): CompareWarning[] {
  const out: CompareWarning[] = []
  const sizes = values.map((v) => v.taskKeys.length)
  if (sizes.some((n) => n !== sizes[0])) {
    out.push({
      code: 'different-tasks',
      severity: 'caveat',
      message: `The runs cover different tasks (${sizes.join(', ')}); each point is over its whole run, and a task is followed over the points that have it.`
    })
  }
  // Settings and sampling: each point against the first.
  for (let i = 1; i < runs.length; i++) {
    for (const w of [
      settingsWarning(runs[0].header, runs[i].header),
      samplingWarning(runs[0].header, runs[i].header)
    ]) {
      if (w) out.push({ ...w, message: `${runs[i].name} vs ${runs[0].name}: ${w.message}` })
    }
  }
  const silent = values.map((v, i) => v.taskKeys.every((_, t) => taskPasses(counts[i], t) === null))
  if (silent.some(Boolean)) {
    const names = runs.filter((_, i) => silent[i]).map((r) => r.name)
    out.push({
      code: 'no-verdict',
      severity: 'caveat',
      message: `${names.join(', ')}: no pass/fail verdict (no success flag and no pass threshold), so no pass rate there and tasks cannot be followed through those points.`
    })
  }
  return out
}

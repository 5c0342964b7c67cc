/**
 * A training run's curve (issue 12 §6): per training step, the statistics of the step's whole batch (batch-stats.ts);
 * per task, when it was learned and whether it was forgotten, over the steps at which the task was sampled.
 */
import type { CompareWarning, SeriesTask } from '@contract/compare'
import type { RunSummary } from '@contract/model'
import type { TrainingCurve } from '@contract/training'
import { BadRequestError } from '@contract/guards'
import { fmtValue } from '@contract/display'
import { agreesWithin } from '../db/run-scoring'
import type { Db } from '../db/open-db'
import { batchStats, episodesByStep, keptStats } from './batch-stats'
import { taskHistory } from './task-history'
import { readRunValues, type RunValues } from './task-values'

/** Tasks listed with their history at most (most changes first). */
export const CURVE_TASK_CAP = 2000

export function trainingCurve(db: Db, run: RunSummary): TrainingCurve {
  const v = readRunValues(db, run.id)
  return curveOfValues(run, v)
}

export function curveOfValues(run: RunSummary, v: RunValues): TrainingCurve {
  const steps = episodesByStep(v)
  if (steps.length === 0) {
    throw new BadRequestError(
      `${run.name} has no training steps: its episodes carry no step (a training run's dump folder or a hosted-RL export has them)`
    )
  }
  const points = steps.map(({ step, idx }) => {
    const kept = keptStats(v, idx)
    return { step, ...batchStats(v, idx), ...(kept ? { kept } : {}) }
  })

  // Per task and step: pass counts; a task's verdict at a step is a majority of its rollouts there.
  const perTask = new Map<number, Map<number, { n: number; c: number }>>()
  steps.forEach(({ idx }, s) => {
    for (let k = 0; k < idx.length; k++) {
      const i = idx[k]
      const p = v.passed[i]
      if (p !== p) continue
      let row = perTask.get(v.task[i])
      if (!row) perTask.set(v.task[i], (row = new Map()))
      const cell = row.get(s) ?? { n: 0, c: 0 }
      cell.n++
      if (p === 1) cell.c++
      row.set(s, cell)
    }
  })
  const tasks: (SeriesTask & { changes: number })[] = []
  let followed = 0
  for (const [t, row] of perTask) {
    if (row.size < 2) continue
    followed++
    const passed = steps.map((_, s) => {
      const cell = row.get(s)
      return cell ? cell.c * 2 > cell.n : null
    })
    const h = taskHistory(v.taskKeys[t], passed)
    if (h.changes > 0) tasks.push(h)
  }
  tasks.sort((x, y) => y.changes - x.changes || x.taskKey.localeCompare(y.taskKey))

  const warnings: CompareWarning[] = []
  const unstepped = v.episodes - steps.reduce((n, s) => n + s.idx.length, 0)
  if (unstepped > 0) {
    warnings.push({
      code: 'different-n',
      severity: 'note',
      message: `${unstepped} of ${v.episodes} episodes carry no training step and are not on the curve.`
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

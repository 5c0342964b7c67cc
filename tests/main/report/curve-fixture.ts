/**
 * A TrainingCurve shaped like report 004's reward progression (steps 0 … 99 every 10 steps, batch 128, 8 rollouts per
 * example: 16 groups a step): the reward and turns per step are the report's; σ, pass rate, tokens and the no-signal
 * groups are plausible values. Three tasks followed over the steps (learned / forgotten read as the engine reads them,
 * taskHistory): one learned at step 20; one lost at 90 and passing again at 99 (learned at 99, not forgotten); one
 * solved from 40 to 80, forgotten at 90 (its last pass at 80).
 */
import type { CurvePoint, TrainingCurve } from '@contract/training'
import { taskHistory } from '../../../src-main/compare/task-history'

const PROGRESSION: [number, number, number][] = [
  [0, 0.8439, 7.57],
  [10, 0.8521, 6.57],
  [20, 0.8777, 6.68],
  [30, 0.8904, 6.99],
  [40, 0.8981, 6.76],
  [50, 0.9259, 6.26],
  [60, 0.9416, 6.27],
  [70, 0.9236, 6.84],
  [80, 0.9418, 6.33],
  [90, 0.8518, 5.11],
  [99, 0.9688, 6.01]
]

export function demoCurve(): TrainingCurve {
  const points: CurvePoint[] = PROGRESSION.map(([step, meanReward, meanSteps], i) => ({
    step,
    episodes: 128,
    tasks: 16,
    meanReward,
    rewardStd: 0.12 - i * 0.008,
    rewardMin: 0.2,
    rewardMax: 1,
    passRate: null,
    meanSteps,
    meanMessages: meanSteps * 2 + 2,
    tokensIn: 12000 - i * 300,
    tokensOut: 2300,
    noSignalShare: i / 16,
    groups: 16,
    truncatedShare: 0,
    errorShare: i === 9 ? 0.0078125 : 0
  }))
  const at = (pattern: (boolean | null)[]): (boolean | null)[] => pattern
  return {
    runId: 'run-train',
    runName: 'deeprepo · GRPO training',
    points,
    producerSource: null,
    tasks: [
      ['repo-ledger', [false, true, true, true, true, true, true, true, true, false, true]],
      ['repo-auth', [false, false, true, null, true, true, true, true, true, true, true]],
      ['repo-cache', [null, false, false, false, true, true, true, true, true, false, null]]
    ].map(([key, passed]) => {
      const { changes: _changes, ...task } = taskHistory(key as string, at(passed as (boolean | null)[]))
      return task
    }),
    followedTasks: 16,
    warnings: [
      {
        code: 'different-n',
        severity: 'note',
        message: '3 of 1411 episodes carry no training step and are not on the curve.'
      }
    ]
  }
}

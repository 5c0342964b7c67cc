/**
 * A training run read as one: per training step, the statistics of that step's whole batch (every rollout the
 * trainer wrote at that step, not only tasks every step has), and per task when it was learned or forgotten.
 * `rollscope curve RUN`, the app's training view and the reports. Runtime-neutral, plain JSON.
 */
import type { CompareWarning, SeriesTask } from './compare'

export interface CurvePoint {
  step: number
  /**
   * Rollouts of the step, distinct tasks (prompts), and groups (a task's rollouts at the step; where the producer
   * numbers its GRPO groups, info `group`, each of them: a task drawn twice at a step is two groups).
   */
  episodes: number
  tasks: number
  meanReward: number | null
  /** Population σ of the step's rewards. */
  rewardStd: number | null
  rewardMin: number | null
  rewardMax: number | null
  passRate: number | null
  meanSteps: number | null
  meanMessages: number | null
  tokensIn: number | null
  tokensOut: number | null
  /** Groups with 2+ rollouts whose rewards are all equal (GRPO gets no signal from them), over groups with 2+ rollouts. */
  noSignalShare: number | null
  /** Groups with 2+ rollouts at the step. */
  groups: number
  truncatedShare: number | null
  errorShare: number | null
  /**
   * The part of the batch the trainer's batch filters kept (prime-rl's `effective` subset, the episodes' info field
   * `batch`), when the dump says: how many rollouts, and their mean reward. Absent when the step does not say. The
   * figures above are over the whole batch (`all`).
   */
  kept?: { episodes: number; meanReward: number | null }
  /**
   * The mean reward the trainer itself logged for the step (prime-rl's metrics.jsonl), beside Rollscope's: its key,
   * value, and whether the two agree within the producer's rounding. Absent when the trainer logged none.
   */
  producer?: { label: string; value: number; agrees: boolean }
}

export interface TrainingCurve {
  runId: string
  runName: string
  points: CurvePoint[]
  /** Tasks present at two or more steps whose verdict changed (capped, most changes first). */
  tasks: SeriesTask[]
  /** Steps at which each followed task is present: learned / forgotten are read over the steps a task has. */
  followedTasks: number
  /** The trainer's own log the points' `producer` figures come from; null when the run has none. */
  producerSource: string | null
  warnings: CompareWarning[]
}

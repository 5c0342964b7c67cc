/**
 * Three or more runs side by side against a baseline (model sizes, checkpoints): `rollscope compare A B C …`, the
 * app's N-way table and the reports. Each run's figures are over its whole run; deltas against the baseline (and
 * against the previous run) have a paired CI where the two runs share tasks. Runtime-neutral, plain JSON.
 */
import type { CompareRunRef, CompareVerdict, CompareWarning, MetricUnit } from './compare'
import type { Stat } from './model'

/** A change of one figure between two runs. */
export interface MultiDelta {
  delta: number | null
  /** (b − a) / |a|. */
  relDelta: number | null
  /** 95% CI of the paired per-task difference on the tasks both runs share; null when they share fewer than 2. */
  ci95: [number, number] | null
  /**
   * The paired per-task difference itself (per task first, then over the shared tasks): what `ci95` and the verdict
   * are about. It differs from `delta` (whole runs) when the runs' tasks or rollouts per task differ.
   */
  paired: number | null
  /** Shared tasks the CI is over (0: not paired). */
  tasks: number
}

export interface MultiRow {
  key: string
  label: string
  unit: MetricUnit
  better: 'higher' | 'lower' | null
  /** Per run (in the runs' order): count, mean, population σ and range over its episodes; null when it has none. */
  values: (Stat | null)[]
  /** Per run, against the baseline run (null for the baseline itself). */
  vsBaseline: (MultiDelta | null)[]
  /** Per run, against the run before it (null for the first). */
  vsPrevious: (MultiDelta | null)[]
}

/** Each task's per-rollout values in every run (report 004's "r1: [0.636, 0.9, 0.85]"), capped. */
export interface MultiTaskValues {
  taskKey: string
  /** Per run, the rewards of its rollouts in rollout order (empty when the run lacks the task). */
  rewards: (number | null)[][]
}

export interface MultiCompareOptions {
  /** The baseline run (id, default the first). */
  baseline?: string
  seed?: number
  resamples?: number
  allowDifferentEnvs?: boolean
  toolSets?: string[][]
}

export interface MultiCompareReport {
  runs: CompareRunRef[]
  /** Index of the baseline in `runs`. */
  baseline: number
  /** Per run against the baseline, one plain line each (null for the baseline). */
  verdicts: (CompareVerdict | null)[]
  rows: MultiRow[]
  /** Tasks every run has. */
  sharedTasks: number
  perTask: MultiTaskValues[]
  /** Whether perTask was cut. */
  perTaskCapped: boolean
  warnings: CompareWarning[]
  envMismatch: { envs: string[] } | null
}

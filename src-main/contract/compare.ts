/**
 * Shapes of the paired comparison of two runs (and of a checkpoint series), shared by the engine, the CLI
 * (`rollscope compare --json`), the reports and the renderer. Runtime-neutral, plain JSON.
 *
 * Pairing (FORMATS.md §7): episodes of run A and run B pair up by task key. Every number below is computed on the
 * tasks both runs have (`sharedTasks`), per task first (the mean over its rollouts), then over tasks.
 */

/** What the report says of each run. */
export interface CompareRunRef {
  id: string
  name: string
  model: string | null
  env: string | null
  format: string
  checkpointStep: number | null
  episodes: number
  tasks: number
  /** Mean rollouts per task over the shared tasks. */
  rolloutsPerTask: number | null
  /** Threshold deciding pass/fail where the format has no success flag (null: the format's own flag, or none). */
  passThreshold: number | null
}

/** How a metric is compared. */
export type CompareMetricKind =
  /** Per-task means paired across runs; the delta's CI is a paired bootstrap over shared tasks. */
  | 'paired'
  /** A statistic of the whole run (std, min, max, a mean over a subset such as successful episodes): no CI. */
  | 'summary'

export interface CompareMetric {
  /** Stable key: `reward`, `passRate`, `perfectRate`, `turns`, `turnsSuccess`, `rewardPerStep`, `tokensIn`,
   * `tokensOut`, `durationMs`, `rewardStd`, `rewardMin`, `rewardMax`, `completionRate`, `metric:<name>`,
   * `toolFree:<tool>` (share of episodes never calling the tool), `toolCalls:<tool>` (mean calls). */
  key: string
  /** Human label, e.g. "Mean reward", "Pass rate". */
  label: string
  kind: CompareMetricKind
  a: number | null
  b: number | null
  /** b - a. */
  delta: number | null
  /** (b - a) / |a|; null when a is 0 or missing. */
  relDelta: number | null
  /** 95% CI of the delta (kind `paired` only); null with fewer than 2 paired tasks. */
  ci95: [number, number] | null
  /** Tasks that entered the paired computation (both runs have a value). */
  n: number
  /** Which direction is an improvement, when it is known (reward: higher; turns: null, it depends). */
  better: 'higher' | 'lower' | null
  /** Values in [0, 1] shown as percentages. */
  isRate: boolean
}

/** Task keys per cell of the flip table; a task passes when more than half of its rollouts pass. */
export interface FlipTable {
  fixed: string[]
  broken: string[]
  bothPass: string[]
  bothFail: string[]
  /** McNemar's exact two-sided p over the discordant tasks (fixed vs broken); null when there are none. */
  mcnemarP: number | null
  /** Shared tasks without a pass/fail verdict in one of the runs (no success flag and no threshold). */
  undecided: number
}

/** pass@k and pass^k (unbiased estimators over each task's n rollouts with c passes), averaged over shared tasks. */
export interface PassAtK {
  k: number
  a: { passAtK: number | null; passHatK: number | null }
  b: { passAtK: number | null; passHatK: number | null }
  /** Tasks with at least k rollouts in both runs (the estimators need n >= k). */
  tasks: number
}

/** One value of one category field (an `info` field such as difficulty), over the shared tasks that have it. */
export interface CategoryRow {
  field: string
  value: string
  tasks: number
  /** Mean per-task reward (or pass rate when the runs have no reward). */
  a: number | null
  b: number | null
  delta: number | null
  ci95: [number, number] | null
  /** Tasks passed / tasks with a verdict, e.g. "expert: 0/3 → 2/3". */
  passedA: number
  passedB: number
  decided: number
}

/** Share of episodes solved within k turns (RR@k). */
export interface SolvedWithin {
  k: number
  a: number | null
  b: number | null
}

export interface RewardHistogram {
  /** Bin edges, bins + 1 values. */
  edges: number[]
  /** Episode counts per bin over the shared tasks. */
  a: number[]
  b: number[]
}

export type CompareWarningCode =
  | 'different-tasks'
  | 'different-rollouts'
  | 'different-sampling'
  | 'different-env-version'
  | 'too-few-tasks'
  | 'no-shared-tasks'
  | 'no-verdict'

export interface CompareWarning {
  code: CompareWarningCode
  message: string
}

export interface CompareOptions {
  /** `info` field to break down by; default: every category field both runs share. */
  category?: string
  /** Bootstrap seed (default 1); the same seed gives the same CIs. */
  seed?: number
  /** Bootstrap resamples (default 2000). */
  resamples?: number
}

/** How the CIs were computed: a paired bootstrap, or (past BOOTSTRAP_MAX_TASKS) the normal approximation it converges to. */
export interface CiMethod {
  method: 'paired-bootstrap' | 'normal'
  resamples: number
  seed: number
}

export interface CompareReport {
  runA: CompareRunRef
  runB: CompareRunRef
  sharedTasks: number
  onlyA: number
  onlyB: number
  /** Up to 200 task keys of each side's own tasks. */
  onlyATasks: string[]
  onlyBTasks: string[]
  metrics: CompareMetric[]
  flips: FlipTable
  passAtK: PassAtK[]
  /** Category fields both runs carry (candidates for the breakdown). */
  categoryFields: string[]
  /** Rows for every category field (or the one asked for), best delta first within each field. */
  perCategory: CategoryRow[]
  /** Category values (field → value, over `categoryFields`) of each fixed and broken task, keyed by task key: the
   * reports group the flips, and so the failures, by category. Optional: absent, the reports list them ungrouped. */
  flipCategories?: Record<string, Record<string, string>>
  solvedWithin: SolvedWithin[]
  histogram: RewardHistogram
  warnings: CompareWarning[]
  ci: CiMethod
  /** Plain-language reading of the CIs, for reports. */
  ciNote: string
}

/** One run of a checkpoint series (base → SFT → RL, or a hosted-RL export's steps). */
export interface SeriesPoint {
  runId: string
  name: string
  /** Training step when known, else the position in the series. */
  step: number
  metrics: { key: string; label: string; value: number | null }[]
}

/** Per task, when it flipped along the series. */
export interface SeriesTask {
  taskKey: string
  /** Pass per point (null: no verdict or task absent). */
  passed: (boolean | null)[]
  /** Index of the first point where it passed after failing; null when never. */
  learnedAt: number | null
  /** Passed at some point, then failed at a later one. */
  forgotten: boolean
}

export interface SeriesReport {
  points: SeriesPoint[]
  /** Tasks every point has. */
  sharedTasks: number
  /** Tasks whose verdict changed along the series (capped at 2000, most changes first). */
  tasks: SeriesTask[]
  warnings: CompareWarning[]
}

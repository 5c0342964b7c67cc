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
  /**
   * The training step compared, when the side is one step of a training run (CompareOptions.stepA / stepB): its
   * episodes and tasks are that step's batch. Null: the whole run.
   */
  step: number | null
  episodes: number
  tasks: number
  /** Mean rollouts per task over the shared tasks. */
  rolloutsPerTask: number | null
  /** Threshold deciding pass/fail where the format has no success flag (null: the format's own flag, or none). */
  passThreshold: number | null
}

/**
 * The unit a figure is in, declared where the figure is defined (compare/metrics.ts) and formatted by the one set of
 * display rules (contract/display.ts) in the app, the CLI and the reports.
 */
export type MetricUnit =
  /** A reward (the producer's scale). */
  | 'reward'
  /** A share in [0, 1]: shown as %, its differences in percentage points ("pts"). */
  | 'rate'
  /** Agent actions per episode. */
  | 'steps'
  /** Transcript messages per episode. */
  | 'messages'
  | 'tokens'
  /** Milliseconds: shown as ms / s / min by size. */
  | 'ms'
  /** Calls, counts. */
  | 'count'
  | 'plain'

/** How a metric is compared. */
export type CompareMetricKind =
  /** Per-task means paired across runs; the delta's CI is a paired bootstrap over shared tasks. */
  | 'paired'
  /** A statistic of the whole run (std, min, max, a mean over a subset such as successful episodes): no CI. */
  | 'summary'

export interface CompareMetric {
  /** Stable key: `reward`, `passRate`, `perfectRate`, `steps`, `messages`, `stepsSuccess`, `rewardPerStep`,
   * `rewardPerStepPooled`, `tokensIn`, `tokensOut`, `generationMs`, `durationMs`, `wallTimeMs`, `rewardStd`,
   * `rewardMin`, `rewardMax`, `completionRate`, `metric:<name>`, `termination:<reason>` (share of episodes ending so),
   * `toolFree:<tool>` (share of episodes never calling the tool; `a|b` for a set of tools), `toolCalls:<tool>`. */
  key: string
  /** Human label, e.g. "Mean reward", "Pass rate". */
  label: string
  kind: CompareMetricKind
  unit: MetricUnit
  a: number | null
  b: number | null
  /** b - a. */
  delta: number | null
  /** (b - a) / |a|; null when a is 0 or missing. */
  relDelta: number | null
  /** 95% CI of the delta (kind `paired` only); null with fewer than 2 paired tasks. */
  ci95: [number, number] | null
  /** Tasks that entered the paired computation (both runs have a value); a summary row: the shared tasks. */
  n: number
  /**
   * Summary rows over episodes (a spread, an extreme, a mean over passed episodes): how many episodes each side's
   * figure is over, which can be far fewer than the shared tasks (only two of 23 with a transcript, one passed).
   */
  episodes?: { a: number; b: number }
  /** Which direction is an improvement, when it is known (reward: higher; turns: null, it depends). */
  better: 'higher' | 'lower' | null
  /** Values in [0, 1] shown as percentages. */
  isRate: boolean
  /**
   * The same figure over each whole run (every episode, not only the shared tasks; per episode, as the producer and
   * the runs table count): shown beside the shared-task figures when the task sets differ. Absent for summary rows.
   */
  whole?: { a: number | null; b: number | null; delta: number | null; relDelta: number | null }
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

/** Which cell of the flip table a shared task is in; `undecided` when one side has no pass/fail verdict. */
export type TaskFlipCell = 'fixed' | 'broken' | 'bothPass' | 'bothFail' | 'undecided'

/**
 * Why a side's rollouts failed: `harness`, the harness failed them (the producer recorded no result, e.g. a parse
 * error or a test timeout, or the episode ended in an error status); `model`, they were scored and fell short (a
 * wrong answer, a truncated episode); `mixed`, some of each.
 */
export type FailureMode = 'harness' | 'model' | 'mixed'

/** One run's rollouts of one task, as the per-task flip table shows them ("4/5", mean reward, why they failed). */
export interface TaskSide {
  rollouts: number
  /** Rollouts with a verdict, and how many of them passed: the task passes when passed * 2 > decided. */
  decided: number
  passed: number
  /** Mean reward over its rollouts with a reward (the per-task mean every paired figure uses); null without any. */
  meanReward: number | null
  /** Rollouts that did not pass because the harness failed them (see FailureMode). */
  harnessFailures: number
  /** Rollouts scored as failed, the harness having done its part. */
  modelFailures: number
  /** The most frequent reason among the failed rollouts: the producer's failure mode, else how the episode ended. */
  failureReason: string | null
}

/** One shared task in the per-task flip table. */
export interface TaskFlipRow {
  taskKey: string
  cell: TaskFlipCell
  a: TaskSide
  b: TaskSide
  /** B's share of passed rollouts minus A's; null when a side has no verdict. */
  passDelta: number | null
  /** B's mean reward minus A's; null when a side has no reward. */
  rewardDelta: number | null
  /** The task's category values (field → value, over the report's categoryFields). */
  categories: Record<string, string>
  /** Why the failing side failed: B's rollouts for a broken or still-failing task, A's for a fixed one; null when it
   * passed or no failure is known. */
  failure: FailureMode | null
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
  /** Each run's whole-run figures for this value (all its episodes with the value, shared tasks or not). */
  wholeA: CategoryWhole
  wholeB: CategoryWhole
}

/** One run's figures over all its episodes with a category value. */
export interface CategoryWhole {
  episodes: number
  /** Mean reward (or pass rate when the runs compare by pass rate). */
  score: number | null
  /** Episodes passed / episodes with a verdict ("expert: 2/3"). */
  passed: number
  decided: number
}

/** Share of episodes solved within k steps (RR@k): among the episodes with a verdict and a known step count. */
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

/**
 * Each bin's share of its side's episodes: what the histograms draw, on screen and in the HTML report, so that a run
 * of 8 rollouts per task and one of 4 are drawn on one scale.
 */
export function histogramShares(counts: readonly number[]): number[] {
  const total = counts.reduce((s, n) => s + n, 0)
  return counts.map((n) => (total ? n / total : 0))
}

export type CompareWarningCode =
  | 'different-env'
  | 'different-tasks'
  | 'different-settings'
  | 'different-rollouts'
  | 'different-sampling'
  | 'different-env-version'
  | 'different-n'
  | 'unscored'
  | 'headline-mismatch'
  | 'no-transcript'
  | 'too-few-tasks'
  | 'no-shared-tasks'
  | 'no-verdict'
  /** One of the run's own warnings (RunSummary.warnings: what its files say it lacks, what indexing noticed). */
  | 'run-warning'

/**
 * How much a warning matters, in the order they are listed: `forced` (a comparison the user insisted on although it
 * is not valid: different environments), `conclusion` (it can change the verdict: the whole runs disagree with the
 * shared tasks, the delta is within noise, the runs were evaluated in a different mode or split), `caveat` (it
 * qualifies the numbers), `note`.
 */
export type WarningSeverity = 'forced' | 'conclusion' | 'caveat' | 'note'

export interface CompareWarning {
  code: CompareWarningCode
  severity: WarningSeverity
  message: string
}

/** The one plain line a comparison opens with. */
export interface CompareVerdict {
  /** e.g. "B is worse: −16.8 pts pass rate (95% CI −24.5 to −9.8), McNemar p < 0.001, on 80 shared tasks". */
  text: string
  /** `unclear`: the CI includes no change; `none`: nothing to decide on (no shared task, no reward, no verdict). */
  direction: 'better' | 'worse' | 'unclear' | 'none'
  /** The metric the verdict is about (`passRate` on a pass/fail reward, else `reward`); null when `none`. */
  metric: string | null
  delta: number | null
  ci95: [number, number] | null
  /** McNemar's exact p when the verdict is on the pass rate. */
  p: number | null
  tasks: number
}

export interface CompareOptions {
  /** `info` field to break down by; default: every category field both runs share. */
  category?: string
  /** Bootstrap seed (default 1); the same seed gives the same CIs. */
  seed?: number
  /** Bootstrap resamples (default 2000). */
  resamples?: number
  /**
   * Compare runs of different environments anyway (tasks with the same id are then not the same task): refused
   * without it; with it every screen says so (a `forced` warning, `envMismatch`).
   */
  allowDifferentEnvs?: boolean
  /** Sets of tools compared as one ("never calls llm_batch or llm_query": `[["llm_batch", "llm_query"]]`). */
  toolSets?: string[][]
  /**
   * Compare one training step of run A (and / or of run B) instead of the whole run: a step's batch is compared like
   * a run (run A and run B may then be the same training run). Prompts sampled at both steps are paired; steps that
   * share none are compared on their whole batches, and the report says so.
   */
  stepA?: number
  stepB?: number
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
  /** The plain-language verdict, first thing on every screen and report. */
  verdict: CompareVerdict
  /** Set when the runs are of different environments and the comparison was forced: their environments. */
  envMismatch: { a: string; b: string } | null
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
  /**
   * The shared tasks, one row each with both sides' pass counts, mean rewards and failure modes, most regressed first
   * (pass delta, then reward delta, ascending). Capped at TASK_ROWS_CAP rows: every fixed and broken task is kept,
   * `taskRowsLeftOut` says how many of the others were not listed.
   */
  taskRows: TaskFlipRow[]
  taskRowsLeftOut: number
  solvedWithin: SolvedWithin[]
  histogram: RewardHistogram
  /** Ranked: the one that can change the conclusion first (see WarningSeverity). */
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
  /**
   * It ends passing after failing before: the index of the first point of that last passing stretch ("passes from
   * here on"); null otherwise (never passed, passed from its first verdict on, or ends failing).
   */
  learnedAt: number | null
  /** It ends failing after passing before (a fail along the way, passing again at the end, is not forgetting). */
  forgotten: boolean
}

export interface SeriesOptions {
  /** Follow runs of different environments anyway (refused without it); the report then says so first. */
  allowDifferentEnvs?: boolean
}

export interface SeriesReport {
  /** Set when the runs are of different environments and the series was forced: their environments. */
  envMismatch?: { envs: string[] } | null
  points: SeriesPoint[]
  /**
   * What a point's `step` is: `step`, a checkpoint or training step (from the runs' metadata or the training dump);
   * `order`, the position of a run without a checkpoint step in the order given (0, 1, 2…).
   */
  axis: 'step' | 'order'
  /** Tasks followed along the series: those at two or more points (each point's figures are over its whole run). */
  sharedTasks: number
  /** Tasks whose verdict changed along the series (capped at 2000, most changes first). */
  tasks: SeriesTask[]
  warnings: CompareWarning[]
}

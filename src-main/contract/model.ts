/**
 * Plain-JSON data shapes shared by the engine, the transports (IPC, HTTP, CLI) and the renderer.
 *
 * Runtime-neutral: imports nothing from node, electron or react. Everything here must survive
 * JSON.stringify / structured clone unchanged (no Dates, Maps or class instances).
 */

/**
 * A file's or run's format: the name a format adapter declares (src-main/formats/adapters/, e.g. `verifiers`,
 * `inspect`, `swe-agent`; registered by their own definition, so this list is open), or what detection says of a
 * file no adapter reads: `lfs-pointer`, `unknown`.
 */
export type TraceFormat = string

/** How an episode's task key was derived (FORMATS.md §7); shown as a confidence hint. */
export type TaskKeyKind = 'explicit' | 'answer' | 'prompt_hash'

/** Normalized per-episode outcome. */
export type EpisodeStatus = 'ok' | 'error' | 'truncated' | 'cancelled'

/** Where one indexed file stands. */
export type SourceState =
  | 'pending' // queued, not indexed yet
  | 'indexed' // fully indexed (possibly with warnings)
  | 'unchanged' // not read again: unchanged since the last index (path, size, mtime)
  | 'sidecar' // a companion file read together with another (e.g. verifiers metadata.json)
  | 'not-downloaded' // a Git LFS pointer: the real content was never fetched
  | 'unknown-format' // content matched no adapter
  | 'error' // could not be read or parsed; `error` says why

/** Per-file status row, as listed in the workspace screen and by `rollscope index`. */
export interface SourceStatus {
  path: string
  size: number
  mtimeMs: number
  format: TraceFormat
  state: SourceState
  /** Why the file failed or was not indexed; null when fine. */
  error: string | null
  /** Non-fatal problems (bad lines skipped, partial last line, id/content disagreement). */
  warnings: string[]
  episodes: number
  runId: string | null
  indexedAt: number | null
  /** A place the walk could not go (a broken symlink, a symlink loop, an unreadable folder): no file, nothing read. */
  walkProblem?: true
}

/** Numeric summary of one metric over a run's episodes. */
export interface MetricSummary {
  name: string
  count: number
  mean: number | null
  /** Population σ. */
  std: number | null
  min: number | null
  max: number | null
  /**
   * For a per-step share (a step value aggregated with `rate`): the pooled share over every step of the run,
   * Σ (share × steps) / Σ steps ("% of agent commands that failed"), beside `mean`, the mean of the episodes' shares.
   */
  pooled?: number | null
}

/** Count, mean, population σ and range of a per-episode quantity over the episodes that have it. */
export type Stat = Omit<MetricSummary, 'name'>

/**
 * Episodes the producer recorded no result for, and how they count (PRODUCT.md §2a): as failures (reward 0) when the
 * producer counts them so (Terminal-Bench, the SWE-bench harness), else left out of every mean and rate.
 */
export interface UnscoredSummary {
  count: number
  /** By the producer's reason (failure mode), most frequent first; each counted as a failure or left out. */
  reasons: { reason: string; count: number; countedAs: 'failure' | 'excluded' }[]
  /** How they count: all one way, or `mixed` (e.g. harness errors as failures, trajectories it never ran left out). */
  countedAs: 'failure' | 'excluded' | 'mixed'
  /** Who counts them so ("Terminal-Bench"); null when it is Rollscope's default (left out). */
  producer: string | null
  /** The sentence shown on screen: "29 of 400 trials have no result: …; counted as failures, as Terminal-Bench does". */
  note: string
}

/** A figure the producer's own files state, beside the Rollscope figure it must equal. */
export interface ProducerHeadline {
  label: string
  value: number
  /** Where it is stated (`results.json accuracy`). */
  source: string
  /** The Rollscope figure it is checked against. */
  matches: 'meanReward' | 'passRate'
  ours: number | null
  /** Equal within the producer's own rounding (the decimals it wrote). */
  agrees: boolean
  /** When they differ: which one is wrong, if the format tells, else that they differ. Null when they agree. */
  note: string | null
}

/** Reward per step, pooled (Σ reward / Σ steps: report 002's avg_reward_per_step) and per episode (mean of reward / steps). */
export interface RewardPerStep {
  pooled: number | null
  perEpisode: number | null
}

/** One run (one eval or training job) with its summary metrics. */
export interface RunSummary {
  id: string
  name: string
  format: TraceFormat
  /** Path of the main source file of the run (e.g. results.jsonl). */
  source: string
  model: string | null
  env: string | null
  createdAt: string | null
  /** Training step when the run is a checkpoint (hosted-RL step), else null. */
  checkpointStep: number | null
  episodes: number
  tasks: number
  /** Mean rollouts per task (episodes / tasks). */
  rolloutsPerTask: number | null
  meanReward: number | null
  /** 95% CI of the mean reward (Student t over episodes); null with < 2 rewarded episodes. */
  rewardCi95: [number, number] | null
  rewardStd: number | null
  rewardMin: number | null
  rewardMax: number | null
  /** Threshold used for pass/fail when the format has no success flag; null = no default applies. */
  passThreshold: number | null
  /** Whether passThreshold was set by the user (true) or defaulted (false). */
  passThresholdIsUser: boolean
  passRate: number | null
  /** Share of episodes with reward = 1 (only when rewards lie in [0, 1]). */
  perfectRate: number | null
  /** Episodes with a reward (the denominator of the mean reward; unscored episodes counted as failures included). */
  scored: number
  /** Episodes without a result from the producer, and how they count; null when there are none. */
  unscored: UnscoredSummary | null
  /** Episodes known only from results (no transcript on disk). */
  noTranscript: number
  /** Distinct training steps its episodes carry (a training run's dump, a hosted-RL export); 0 for an eval run. */
  trainingSteps: number
  /** Headline figures the producer's files state, each checked against Rollscope's. */
  headlines: ProducerHeadline[]
  /** Mean transcript messages per episode (prompt messages included): not steps. */
  meanTurns: number | null
  /** Agent actions per episode (see EpisodeSummary.steps). */
  steps: Stat
  /** Mean steps of the episodes that passed (steps to complete). */
  stepsPassed: number | null
  rewardPerStep: RewardPerStep
  tokensIn: number | null
  tokensOut: number | null
  /** Generation time per episode, ms (model calls only), where recorded. */
  generationMs: Stat
  /** Total time per episode, ms, where recorded. */
  durationMs: Stat
  /** Wall time of the whole eval, ms, as its producer recorded it; null when not recorded. */
  wallTimeMs: number | null
  /** Episodes per termination reason (stop condition, exit status), most frequent first. */
  terminations: { reason: string; count: number }[]
  /** Every per-episode numeric metric the files carry, summarized. */
  metrics: MetricSummary[]
  /** Names of `info` fields usable as categories (e.g. difficulty, archetype). */
  infoFields: string[]
  /** Run-level values from the producer's own header (e.g. metadata.json avg_reward, sampling args). */
  header: Record<string, unknown>
  /** Problems noticed while indexing (e.g. ids that do not identify tasks). */
  warnings: string[]
}

/** One row of the episodes table. Small: never carries the transcript. */
export interface EpisodeSummary {
  id: string
  runId: string
  /** 0-based position of the episode in its run: file order, or task then rollout where the producer writes in completion order (NeMo Gym). */
  ordinal: number
  taskKey: string
  taskKeyKind: TaskKeyKind
  /** The id the producer wrote (may be unreliable, see FORMATS.md §1.2); null if none. */
  sourceId: string | null
  /** 0-based rollout index within the task. */
  rollout: number
  /** Training step of the episode (hosted-RL exports), else null. */
  step: number | null
  reward: number | null
  passed: boolean | null
  /** Number of messages in the transcript (prompt messages included). */
  turns: number
  /**
   * Agent actions: assistant turns that call tools or answer, each with its observation (the producer's own count
   * where it writes one, e.g. verifiers `num_turns`); null when unknown (no transcript).
   */
  steps: number | null
  status: EpisodeStatus
  /** Why the episode ended, as the producer says it (stop condition, termination reason, exit status); null if unsaid. */
  termination: string | null
  /** The producer recorded no result for this episode: its reason (e.g. `parse_error`); see RunSummary.unscored. */
  unscored: string | null
  /** False when only results are on disk (a harness report), not the transcript. */
  transcript: boolean
  error: string | null
  /** Short one-line preview of the task (first user message), for tables. */
  preview: string
  answer: string | null
  metrics: Record<string, number>
  /** Scalar `info` fields (category candidates); nested objects are kept out of summaries. */
  info: Record<string, string | number | boolean | null>
  tokensIn: number | null
  tokensOut: number | null
  durationMs: number | null
  /** Time spent generating (model calls), ms, when recorded apart from the total. */
  generationMs: number | null
  /** Anomaly codes found by the deterministic detectors (src-main/anomalies/rules.ts); empty when none. */
  anomalies: AnomalyCode[]
}

/** What an anomaly detector found: a tool-call loop, an empty final answer, truncation, an error, a failed or timed-out
 * tool call inside the transcript, a success much shorter than the run's passed episodes, an episode far longer than
 * the run's norm. */
export type AnomalyCode =
  'loop' | 'empty-answer' | 'truncated' | 'error' | 'tool-error' | 'timeout' | 'short-success' | 'long-episode'

/** Normalized tool call: every format's shape is converted to this (FORMATS.md §0). */
export interface ToolCall {
  id: string | null
  name: string
  /** Parsed JSON arguments when they parse, else the raw string. */
  arguments: unknown
}

export type TurnRole = 'system' | 'user' | 'assistant' | 'tool' | 'env'

/** One turn of an episode transcript. */
export interface Turn {
  index: number
  role: TurnRole
  /** Text content (content parts concatenated; images as `[image]` markers). */
  text: string
  reasoning: string | null
  toolCalls: ToolCall[]
  /** For tool results: the id of the call answered (paired by id, else by order). */
  toolCallId: string | null
  /** For tool results: the name of the tool that was called. */
  toolName: string | null
  /** True for prompt messages (given to the model, not generated). */
  isPrompt: boolean
  /** True for environment feedback (tool results, or user-role feedback inside a completion). */
  isObservation: boolean
  reward: number | null
  done: boolean | null
  tokens: number | null
  /** Images of the turn, by reference (a data URI stays in the source file; never copied into SQLite). */
  images?: ImageRef[]
  /** Producer-specific extras shown with the turn (latency ms, cost, simulated-user flag, error text...). */
  meta?: TurnMeta
  /**
   * The sub-agent whose turn this is, when it is not the main agent's: a Claude Code `Task` sub-agent (a sidechain).
   * Absent for the main conversation. Its turns follow the main turn that started it, marked so they are never read
   * as the main agent's own words.
   */
  agent?: TurnAgent
  /**
   * The model wrote this turn's actions as text (a fenced command: SWE-agent 0.x, mini-swe-agent's text format) and
   * the adapter read `toolCalls` out of it for the viewer. `output` is what the model wrote, when `text` is not all of
   * it (SWE-agent's text is the thought alone). A chat export (SFT, preference) writes that output as the assistant's
   * message without tool calls, and the observations as the user messages the producer sent: a model fine-tuned on
   * them learns the format it used, not function calls it never made.
   */
  textActions?: { output?: string }
  /**
   * Set in an episode preview when `text` / `reasoning` were cut to their preview: the full sizes.
   * The full turn comes from getEpisodeTurns.
   */
  elided?: { text?: TextSize; reasoning?: TextSize }
  /**
   * The record was too large to read whole (EpisodeDetail.cuts) and this turn is the first one read after the cut:
   * how many items of its list (messages, events) were not read before it.
   */
  notReadBefore?: number
}

/** A sub-agent an episode's turn belongs to. */
export interface TurnAgent {
  /** The producer's id of the sub-agent (Claude Code `agentId`, else the tool call that started it). */
  id: string
  /** What the producer calls it (the sub-agent type or the task's description), when it says; else null. */
  name: string | null
}

/** Size of a text that was left out. */
export interface TextSize {
  chars: number
  lines: number
}

/** One image of a turn: a data URI, an http(s) URL, or a file path relative to the source file. */
export interface ImageRef {
  src: string
  /** MIME type when known (from a data URI or the producer), else null. */
  mime: string | null
}

/** Optional per-turn facts some formats record. */
export interface TurnMeta {
  /** Wall time of the step, ms. */
  latencyMs?: number
  costUsd?: number
  /** A simulated user (tau-bench) rather than a real one or the environment. */
  simulatedUser?: boolean
  /**
   * The agent whose conversation the turn is part of, in an episode of several peer agents shown one after the other
   * (rLLM's trajectories by name: solver, judge). A sub-agent started by the main agent is Turn.agent instead.
   */
  agent?: string
  /** The turn (tool call or result) failed: the producer's error text. */
  error?: string
  /** The model's output was cut (max tokens / context). */
  truncated?: boolean
  /** Metrics of this step (per-step reward components, partial progress...). */
  metrics?: Record<string, number>
  /** Copied from an earlier context window (ATIF `is_copied_context`). */
  copied?: boolean
  /**
   * A summary the producer wrote in place of earlier context when it compacted the conversation (Claude Code
   * `summary` / compact-boundary records, Codex `compacted`): not a message anyone sent.
   */
  contextSummary?: boolean
  /**
   * An example conversation the producer put in the prompt (SWE-agent's `is_demo` messages), not the task: how many
   * of its messages the turn joins. Said beside the turn, never written into its text (an SFT line holds the text).
   */
  demonstration?: number
  timestamp?: string
}

/**
 * An episode with its full transcript, loaded on demand. `turns` is the transcript here (the
 * summary's turn count is `turnCount`), matching `rollscope show --json`.
 */
export interface EpisodeDetail extends Omit<EpisodeSummary, 'turns'> {
  turnCount: number
  runName: string
  sourcePath: string
  /** The complete info object (nested values included). */
  infoFull: Record<string, unknown>
  turns: Turn[]
  /** Tool definitions offered to the model, when the file records them. */
  tools: unknown[]
  /** The raw source record, pretty-printed JSON, for the raw view. Truncated past 2 MB. */
  raw: string
  /** Links to the other rollouts of this task and to the same task in other runs. */
  related: RelatedEpisodes
  /** For the episode's anomaly codes that point at a turn: that turn's `index` (first failure, loop, empty answer). */
  anomalyTurns?: AnomalyTurns
  /**
   * Parts of the record that were too large or too deeply nested to read whole, and what was read of them (issue
   * 17: a sample of 5 M messages shows its first and last 1,000). Absent when the record was read whole.
   */
  cuts?: ReadCut[]
}

/**
 * A part of a record that was not read whole (formats/readers/json-trim.ts), so that memory stays bounded on any
 * input: a list cut to its first `head` and last `tail` items of `total`; an object cut to its first `head` members;
 * a value nested deeper than `total` levels replaced by a note; a text cut to its first `head` of `total` bytes.
 */
export interface ReadCut {
  kind: 'items' | 'members' | 'depth' | 'text'
  /** Where in the record, as keys and positions: `messages`, `info.a.a.a`, `events[12].input`; '' for the record. */
  path: string
  total: number
  head: number
  tail: number
}

/** The turn (`Turn.index`) where an anomaly shows, per code. */
export type AnomalyTurns = Partial<Record<AnomalyCode, number>>

/**
 * What the viewer opens first: the episode without `raw`, and, unless `complete`, with long texts
 * cut to the preview the transcript shows collapsed (`Turn.elided` gives their sizes), so a
 * 10 MB episode paints at once; getEpisodeTurns and getEpisodeRaw bring the rest on demand.
 */
export interface EpisodePreview extends Omit<EpisodeDetail, 'raw'> {
  /** True when nothing was cut (the turns are the full ones). */
  complete: boolean
}

/** The most turns getEpisodeHead sends: more than any window shows before the app has started. */
export const EPISODE_HEAD_MAX_TURNS = 40

/** The start of an episode's preview (getEpisodeHead): enough to paint its first turns before the app runs. */
export interface EpisodeHead {
  id: string
  runId: string
  runName: string
  /** Every turn of the episode, not only those sent. */
  turnCount: number
  /** The preview's turns from the one asked for on (long texts cut as in EpisodePreview). */
  turns: Turn[]
  /** Whether a user prompt comes before those turns (only the first one is folded). */
  userPromptBefore: boolean
  /**
   * The size in bytes of the episode's record, when these turns were read from its start alone (a JSONL record):
   * its whole preview takes about that much longer. Null when the whole episode was read for them, and its
   * preview follows at once.
   */
  recordBytes: number | null
}

/** A link to an episode, with enough to label it (run, rollout, outcome). */
export interface EpisodeRef {
  id: string
  runId: string
  runName: string
  /** Position in its run (the episodes table's row in its default order). */
  ordinal: number
  rollout: number
  reward: number | null
  passed: boolean | null
  checkpointStep: number | null
}

export interface RelatedEpisodes {
  /** Every rollout of the task in this run, this episode included, by rollout index (at most 200). */
  sameTask: EpisodeRef[]
  /**
   * The task in every run that has it, this run included, in the runs list's order: one episode
   * per run, the same rollout index where that run has it, else its first rollout.
   */
  sameTaskInRuns: EpisodeRef[]
}

export interface Page<T> {
  items: T[]
  total: number
  offset: number
}

/** The episode columns a table sorts by (each has a sort index: db/episode-pages.ts), besides metrics and info keys. */
export const COLUMN_SORT_KEYS = [
  'ordinal',
  'reward',
  'turns',
  'steps',
  'generationMs',
  'taskKey',
  'rollout',
  'step',
  'status',
  'tokensIn',
  'tokensOut',
  'durationMs'
] as const

export type EpisodeSortKey = (typeof COLUMN_SORT_KEYS)[number] | `metric:${string}` | `info:${string}`

export interface EpisodeQuery {
  runId: string
  /**
   * More runs listed together with `runId` in one table (a saved view over several runs): sorted and filtered
   * across them, each episode's `passed` by its own run's threshold. The flat list only (not task groups).
   */
  runIds?: string[]
  /** Only these episodes (ids) of the runs: checks a set of picked rows in one query. */
  ids?: string[]
  /** Free text matched against task key, preview and answer. */
  text?: string
  /** Filter expression, e.g. `reward < 0.5 and info.difficulty == "hard"`. */
  filter?: string
  sort?: EpisodeSortKey
  desc?: boolean
  /** Only the rollouts of this task (the unfolded group of the grouped table). */
  taskKey?: string
  offset?: number
  limit?: number
}

/**
 * The rollouts of several tasks of one run, in one call (groupRollouts): what the compare Groups tab draws as cells
 * for a page of tasks, and the training curve's step panel for its best and worst groups.
 */
export interface GroupRolloutsQuery {
  runId: string
  /** The tasks (at most 1,000); a task with no matching rollout comes back with none. */
  taskKeys: string[]
  /** Filter expression over the rollouts (a training step: `step == 40`). */
  filter?: string
  /** `rollout` (default): the rollout index; `reward`: by reward (missing last), ties in file order. */
  sort?: 'rollout' | 'reward'
  desc?: boolean
  /** Rollouts returned per task at most (default 64); `total` still counts them all. */
  perTask?: number
}

/** One rollout as a cell: its id (to open it), reward and verdict. */
export interface RolloutCell {
  id: string
  rollout: number
  reward: number | null
  passed: boolean | null
}

/** One task's rollouts in a groupRollouts answer. */
export interface TaskRollouts {
  taskKey: string
  /** Rollouts of the task matching the filter, all of them (`rollouts` holds at most perTask). */
  total: number
  rollouts: RolloutCell[]
}

/**
 * One task of a run with its rollouts aggregated: a row of the episodes table grouped by task. Counts cover
 * the rollouts matching the query's text and filter, not every rollout of the task.
 */
export interface TaskGroupSummary {
  taskKey: string
  taskKeyKind: TaskKeyKind
  /** Matching rollouts of the task (k). */
  rollouts: number
  meanReward: number | null
  minReward: number | null
  maxReward: number | null
  /** Rollouts that passed, and rollouts whose pass/fail is known (passed / known is k_pass / k). */
  passed: number
  passKnown: number
  meanTurns: number | null
  /** Rollouts with status error, and with status truncated. */
  errors: number
  truncated: number
  /** Preview of the task's first matching rollout (in file order). */
  preview: string
}

/** A page of task groups, and the rollouts every group of the query holds (what the grouped table lists and exports). */
export interface TaskGroupPage extends Page<TaskGroupSummary> {
  rollouts: number
}

/** `waiting`: another process indexes the same database; the job starts when it is done (`message` says who). */
export type IndexState = 'idle' | 'waiting' | 'scanning' | 'indexing' | 'cancelled' | 'done' | 'error'

/** Indexing progress, pushed at a bounded rate. */
export interface IndexProgress {
  state: IndexState
  filesTotal: number
  filesDone: number
  bytesTotal: number
  bytesDone: number
  episodes: number
  /** Throughput over the current job, MB/s (10^6 bytes). */
  mbPerSec: number
  etaSec: number | null
  currentFile: string | null
  startedAt: number | null
  finishedAt: number | null
  /** Files that failed in the current job. */
  failed: number
  /** Files indexed before and gone now (moved or deleted): their runs went with them. Absent: none. */
  removed?: number
  message: string | null
}

/** The workspace: roots the user added, and every file found under them. */
export interface Workspace {
  roots: string[]
  sources: SourceStatus[]
  progress: IndexProgress
  /** Where the database lives (shown in About / settings). */
  dbPath: string
  /** Folder with the bundled demo traces. */
  demoPath: string | null
}

/** Result of one index job, as returned to the CLI. */
export interface IndexReport {
  files: SourceStatus[]
  indexed: number
  /** Files left as they were indexed (unchanged since); files that are no trace are `files[]` of state unknown-format. */
  skipped: number
  failed: number
  /** Files indexed before that are gone (moved or deleted since): their episodes were dropped. */
  removed: number
  episodes: number
  bytes: number
  seconds: number
  /** Peak resident memory of the indexing process, MB (for the benchmark). */
  peakRssMb: number
  /** The full-text index pass that follows the listing (absent when the job was cancelled before it). */
  search?: SearchPassReport
  /** Set when the job first waited for another process indexing the same database, then ran. */
  waited?: { seconds: number; holder: WriterHolder }
  /**
   * Set when the job gave up waiting for another process indexing the same database (the CLI's `--wait` bound):
   * nothing was indexed, and `message` says who holds it.
   */
  busy?: { seconds: number; holder: WriterHolder; message: string }
}

/** The process indexing a database (one index job at a time per database, across processes). */
export interface WriterHolder {
  /** 0 when only SQLite's own lock tells that someone writes. */
  pid: number
  /** The machine it runs on (a database on a shared disk). */
  host: string
  /** What it is: `rollscope index`, `rollscope serve`, `the Rollscope app`. */
  what: string
  /** When its job took the database (ms since the epoch). */
  since: number
}

/** What the full-text index pass of an index job did. */
export interface SearchPassReport {
  seconds: number
  sources: number
  episodes: number
  rows: number
  /** Characters of text written to the index. */
  chars: number
  cancelled: boolean
  /**
   * CPU seconds of the pass on the writer's thread, and on the reader thread when the transcripts were read on one
   * (null: read on the writer's thread). On a busy machine the pass's wall time says how much CPU it got; these say
   * what it needed.
   */
  cpuSeconds: number
  readerCpuSeconds: number | null
}

/** Options of a full-text search. */
export interface SearchOptions {
  /** Only these runs (all when absent or empty). */
  runIds?: string[]
  role?: TurnRole
  /** Only tool calls of, and results from, this tool. */
  tool?: string
  /** 'relevance' (default): best match first (FTS5 bm25); 'index': run file, episode and turn order. */
  order?: SearchOrder
  limit?: number
  offset?: number
}

export type SearchOrder = 'relevance' | 'index'

/** A snippet of matched text: plain text (never HTML) with the [start, end) offsets of the matched words. */
export interface SearchSnippet {
  text: string
  matches: [number, number][]
}

/** One matching piece of a turn (its text, one tool call, or a tool result). */
export interface SearchHit {
  runId: string
  runName: string
  episodeId: string
  taskKey: string
  rollout: number
  /** The training step of the episode (a training run's rollouts of one task at different steps); null in an eval. */
  step: number | null
  /** Index of the turn in the episode (Turn.index). */
  turn: number
  role: TurnRole
  /** The tool called or answered by this piece; null for plain text. */
  toolName: string | null
  snippet: SearchSnippet
}

/** One page of search hits, best first or in run, episode and turn order (`order`). */
export interface SearchPage {
  /** The full-text query the words were translated to (quoted terms, `*` prefixes, phrases, OR / NOT). */
  query: string
  order: SearchOrder
  hits: SearchHit[]
  offset: number
  /** Hits counted, up to `totalCap`; `totalCapped` says there are more. */
  total: number
  totalCapped: boolean
  /** Relevance order of a query with more matches than this: only the first this-many matches (in index order)
   * were ranked; null when every match was. */
  rankWindow: number | null
  /** Hits of this page left out because their file changed or went since it was indexed (the index keeps no text:
   * hits are read back from their files); the watcher or the next index pass drops them. */
  unreadable: number
  /** Files whose transcripts are not yet in the index (still being built): results may be incomplete. */
  pendingSources: number
}

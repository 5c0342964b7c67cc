/**
 * The contract between the indexer and format adapters: what an adapter declares about its format and what it
 * returns for an episode.
 *
 * Indexing is streaming: an adapter sees one record at a time (one JSONL line), or one whole document, and returns
 * small summaries; the transcript is NOT kept. Each summary carries the episode's actions (what the agent did, as
 * the adapter holds it at that moment); the indexer reads tool calls, steps and the anomaly facts from them itself
 * (actions/tally.ts), so no adapter counts them, and none can forget to. When the user opens an episode, its place
 * is read back from the file (open-episode-source.ts) and the adapter parses the full turns.
 */
import type { EpisodeStatus, ReadCut, ToolCall, TraceFormat, Turn } from '@contract/model'
import type { ActionTally } from './actions/tally'
import type { FormatContext } from './context'
import type { RowTable } from './readers/parquet-file'

/** Run-level facts an adapter knows before (or while) reading records: from a header or sidecar file. */
export interface RunHeader {
  name: string
  model: string | null
  env: string | null
  createdAt: string | null
  checkpointStep: number | null
  /** Producer's own run-level values (sampling args, avg_* aggregates, version info...). */
  header: Record<string, unknown>
  /** Reward threshold for pass/fail given by the producer (e.g. metadata pass_threshold), else null. */
  passThreshold: number | null
  /**
   * How the producer counts an episode it has no result for (`EpisodeSummaryRecord.unscored`): `failure` (the
   * adapter then writes reward 0, as Terminal-Bench and the SWE-bench harness count them) or `excluded` (reward
   * null: left out of means and rates). Absent = `excluded`. The count is always shown beside the figures.
   */
  scoring?: RunScoring
  /** Headline figures the producer's own files state for this run, to show beside Rollscope's and check against. */
  headlines?: ProducerHeadlineInput[]
  /** Wall time of the whole eval, ms, when the producer records it (metadata time_ms / time, start and end times). */
  wallTimeMs?: number | null
  /**
   * Episode metrics that are per-step shares (an aggregation `rate(...)` of step values): the run summary also gives
   * their pooled figure, Σ over episodes of (share × steps) / Σ steps ("% of agent commands that failed", report 002).
   */
  stepRates?: string[]
  /**
   * What the producer's own files say this run lacks (a samples export that is page 1 of 2, steps with samples that
   * are not in the files): shown with the run's other warnings, so a partial run never passes for a whole one.
   */
  warnings?: string[]
}

/** The producer's rule for episodes without a result (see RunHeader.scoring). */
export interface RunScoring {
  unscoredAs: 'failure' | 'excluded'
  /** Who counts so, for the note on screen: "as Terminal-Bench does". */
  producer: string
  /** What the producer calls an episode ("trials", "instances"), for the note; default "episodes". */
  noun?: string
}

/** One figure a producer's file states about its own run (results.json accuracy, Inspect metrics, avg_reward). */
export interface ProducerHeadlineInput {
  /** What the producer calls it: `accuracy`, `avg_reward`, `resolved / submitted`. */
  label: string
  value: number
  /** The file (or file and key) it comes from, e.g. `results.json accuracy`. */
  source: string
  /** The Rollscope figure it must equal. */
  matches: 'meanReward' | 'passRate'
  /**
   * Which side is right when the two differ, if the format tells: `rows` when the header is known to go wrong and
   * the episodes are the truth (verifiers metadata avg_reward of 0.0 over rows averaging 1.38); `producer` when the
   * producer's own figure is the reference (a harness report). Absent: say they differ without taking sides.
   */
  trust?: 'rows' | 'producer'
}

/**
 * A trainer's own per-step figures for a run (prime-rl's metrics.jsonl, SkyRL's aggregated_results.jsonl): where they
 * come from and, per step, the key and the value it logged, to check the training curve against.
 */
export interface ProducerStepLog {
  source: string
  figures: { step: number; label: string; value: number }[]
}

/** Summary of one episode, produced while indexing. Must stay small: no transcript. */
export interface EpisodeSummaryRecord {
  /** The id the producer wrote, as a string (may be unreliable); null when absent. */
  sourceId: string | null
  /** sha256 hex of the canonical task-defining messages (FORMATS.md §7 prompt-hash recipe). */
  promptHash: string
  /** The expected answer / target as text, or null. */
  answer: string | null
  reward: number | null
  /** Success flag written by the format itself; null when the format has none (then reward ≥ threshold decides). */
  success: boolean | null
  status: EpisodeStatus
  error: string | null
  /** Number of turns the full transcript has (same count parseEpisode returns). */
  turns: number
  /**
   * Agent actions (one assistant turn that calls tools or answers, with its observation) when the producer counts
   * them itself (verifiers `num_turns`, a step log's steps); absent = counted from the transcript (facts.steps);
   * null = unknown (the files do not show the agent's actions, e.g. a Terminal-Bench trial of an external agent).
   */
  steps?: number | null
  /** Why the episode ended, as the producer says it (stop_condition, termination_reason, exit_status, limit). */
  termination?: string | null
  /** Time spent generating (model calls), ms, when the producer records it apart from the total (durationMs). */
  generationMs?: number | null
  /**
   * Set when the producer recorded no result for the episode (Terminal-Bench `is_resolved: null`): why (its failure
   * mode), else 'no result'. The reward is then what the run's scoring rule says (0 when counted as a failure).
   */
  unscored?: string | null
  /** False for an episode known only from results (a harness report) whose transcript is not on disk. */
  transcript?: boolean
  /** First user message, whitespace-collapsed, at most 200 chars. */
  preview: string
  /** Every numeric per-episode metric (verifiers flattens rubric functions to top-level fields). */
  metrics: Record<string, number>
  /** Scalar info fields only (string/number/boolean/null), for category columns. */
  info: Record<string, string | number | boolean | null>
  tokensIn: number | null
  tokensOut: number | null
  durationMs: number | null
  /** Rollout index written by the format (NeMo `_ng_rollout_index`, Inspect epoch, tau trial); else the indexer numbers rollouts by occurrence. */
  rollout?: number | null
  /** Training step of the episode (Prime hosted-RL `step`), so a run can be split or grouped by step. */
  step?: number | null
  /**
   * What the agent did, as the adapter holds it while summarizing: the indexer counts the tool calls per name
   * (compare's tool-use rows) and reads the anomaly detectors' facts and the step count from it.
   */
  actions: EpisodeActions
}

/**
 * An episode's actions in the shape the adapter has them (no copy: the indexer reads them before the adapter's
 * record is dropped). Only the generated part counts: prompt turns are skipped, and chat messages or Responses items
 * are the completion (a whole conversation may be given when its prompt holds no assistant message).
 */
export type EpisodeActions =
  /** OpenAI-style chat messages or Responses API output items; a plain-text completion as a string. */
  | { kind: 'messages'; messages: readonly unknown[] | string }
  /** Parsed turns. */
  | { kind: 'turns'; turns: readonly Turn[] }
  /** The files do not show what the agent did (a results-only episode, a sample that cannot be read): why. */
  | { kind: 'not-recorded'; why: string }
  /** Read before from an unchanged part of the file (an Inspect member, by its checksum): what the tally made of them then. */
  | { kind: 'tallied'; tally: ActionTally }

/** Full parse of one record, for the episode view. */
export interface EpisodeBody {
  turns: Turn[]
  tools: unknown[]
  infoFull: Record<string, unknown>
  /** The part of the source that is this episode, for the raw view (default: the whole record). */
  raw?: unknown
  /**
   * The file the episode's content comes from when it is not the file it is stored under: a results-only episode
   * is held by another file of its run (a trajectory) but known from a harness report.
   */
  sourcePath?: string
  /**
   * What was not read of the episode's own value (a zip member the adapter read itself: cutsOf(member)); absent, the
   * cuts of the record or document it was parsed from are the episode's (open-episode-source.ts).
   */
  cuts?: ReadCut[]
}

/** Thrown by an adapter for a record it cannot use; the indexer records it as a warning and goes on. */
export class RecordError extends Error {
  override name = 'RecordError'
}

export type { ToolCall, Turn }

/** One run found in a JSON document: its key, header and episodes (summaries plus where each one is). */
export interface DocumentRun {
  /**
   * What identifies the run. '' means "this file". A folder path (or any string shared by several
   * files) makes one run of many files, e.g. the .traj files of one SWE-agent run.
   */
  runKey: string
  header: RunHeader
  episodes: { summary: EpisodeSummaryRecord; locator: string }[]
  /** Problems of the file worth showing on it (records skipped, and why); absent when none. */
  warnings?: string[]
}

/** How a format's files hold episodes; detection tries the adapters of the kind a file turns out to be. */
export type FileKind =
  /** JSONL, one episode per line: streamed, resumed after appends. */
  | 'jsonl'
  /** One JSON document (object or array, one line or pretty-printed) holding runs and episodes. */
  | 'json'
  /** JSONL whose episodes span lines (per-step logs, prediction lists): read whole, as the list of its records. */
  | 'jsonl-grouped'
  /** A zip archive, read by its central directory and the members an episode needs (Inspect `.eval`). */
  | 'zip'
  /** A Parquet table, one episode per row, read row group by row group (readers/parquet-file.ts). */
  | 'parquet'

/**
 * A file a format's traces read beside them, by name, so that the indexer knows which traces to read again when it
 * changes. (A companion recognized by its content is one whose document holds no runs: when such a file appears,
 * changes or goes, the indexer reads the traces around it again; that needs no declaration.)
 */
export type CompanionRule =
  /**
   * A file named after the trace it describes, beside it (`metadata.json` → `results.jsonl`, `<name>.meta.json` →
   * `<name>.jsonl`): `traceOf` gives the trace's path for a companion's path, null for other names. When the
   * companion changes its trace is read again; a companion whose content no format knows is listed as one.
   */
  | {
      kind: 'named'
      traceOf(path: string): string | null
      /**
       * Read when asked for (a trainer's log the curve checks), not while the trace is indexed: a change to it then
       * re-reads no trace (a log appended every step must not re-read every step).
       */
      onDemand?: true
    }
  /**
   * Files that say which traces they describe (mapping files claim files by glob): when one changes, every file it
   * claims is read again. `isCompanion` tells one by its file name (such files are opened in a folder whatever
   * their extension).
   */
  | {
      kind: 'claims'
      isCompanion(name: string): boolean
      claims(companion: string, trace: string, ctx: FormatContext): boolean
    }

/** What every adapter declares about its format, beside its code. */
interface FormatDeclaration {
  /** The format's name, stored on its sources and runs. */
  format: TraceFormat
  /**
   * Detection order among the adapters of a file kind, highest first: a file goes to the first adapter whose
   * `matches` accepts it, so a more specific shape needs a higher priority than a general one it also fits (a
   * verifiers row has chat messages too). Unique within a file kind (the registry refuses two equal ones).
   */
  priority: number
  /** Extensions (lower case, with the dot) of this format's files: a folder is walked for files with these. */
  extensions: readonly string[]
  /** Files read beside this format's files by name, or that claim them; [] when there are none. */
  companions: readonly CompanionRule[]
}

/**
 * The file a JSONL record comes from, for formats whose records need facts of their file (a trainer's dump holds the
 * training step in its folder name, and which rollouts the batch filters kept in a file beside it). Absent when a
 * record is read on its own; the summary's prompt hash must not depend on it.
 */
export interface JsonlFile {
  path: string
  /** The job's context: facts of the file read once for all its records (ctx.memo). */
  ctx: FormatContext
}

/** An adapter for a JSONL format (one episode per record). */
export interface JsonlAdapter extends FormatDeclaration {
  fileKinds: readonly ['jsonl']
  /** Cheap check on the first parsed record of a file (and, for layouts that tell, its path). */
  matches(firstRecord: Record<string, unknown>, path?: string): boolean
  /**
   * The run the file's records belong to when several files make one run (a trainer's per-step dumps: its output
   * folder, with the kind of work), null for a file that is its own run. Absent: every file is its own run.
   */
  runKeyOf?(path: string): string | null
  /**
   * Run facts from sidecar files next to `sourcePath` (e.g. metadata.json); may read small files.
   * SYNCHRONOUS on purpose (readFileSync): the indexer runs on a worker thread inside one SQLite
   * transaction per file, which cannot span awaits.
   */
  readRunHeader(sourcePath: string): RunHeader
  /**
   * Summarize one parsed record, with its actions. Throws RecordError for records to skip (e.g. no prompt). For a
   * record of several episodes (`rowsOf`), `row` is the episode's index within it.
   */
  summarize(record: Record<string, unknown>, file?: JsonlFile, row?: number): EpisodeSummaryRecord
  /** Full turns of one parsed record (of its `row`-th episode, for a record of several). */
  parseEpisode(record: Record<string, unknown>, file?: JsonlFile, row?: number): EpisodeBody
  /**
   * For a format whose lines hold several episodes (ms-swift's column-oriented completions log: one line per
   * logging step, one episode per row of its columns): how many the record holds. Each is summarized and read back
   * by its index, stored as the episode's locator beside the line's byte range. Throws RecordError for a line that
   * cannot be used. Absent: a record is one episode.
   */
  rowsOf?(record: Record<string, unknown>): number
  /**
   * Top-level keys whose values are never parsed (a trainer's per-token arrays: tens of MB of numbers per line that
   * no summary reads): cut out of the line's text before JSON.parse, each replaced by a note of its size.
   */
  skipKeys?: readonly string[]
  /**
   * Rows are written in completion order (NeMo Gym): after indexing, the run's ordinals follow the
   * task id (numeric ids in numeric order), then the rollout index, then file order.
   */
  listInTaskOrder?: boolean
}

/**
 * An adapter for formats whose file is one document holding one or more episodes: SWE-agent .traj, tau-bench result
 * arrays, ATIF trajectories, Inspect logs (a JSON document or a zip archive), per-step JSONL logs (the list of their
 * records). The document is parsed whole (bounded by the indexer's document size limit); an episode is found again
 * by the opaque `locator` the adapter returned.
 */
export interface DocumentAdapter extends FormatDeclaration {
  fileKinds: readonly Exclude<FileKind, 'jsonl' | 'parquet'>[]
  /** Cheap check on the parsed document (or the opened archive) and its path. */
  matches(doc: unknown, path: string): boolean
  /** For `jsonl-grouped`: claims the file from its first record; `doc` is then the array of the file's records (bad lines skipped). */
  matchesFirstRecord?(firstRecord: Record<string, unknown>, path: string): boolean
  /**
   * Runs and episode summaries of the document; no run at all makes the file a companion of the traces around it.
   * Synchronous; may read small companion files (e.g. a SWE-bench report beside a trajectory), through `ctx` when
   * other files of the job read them too. Throws RecordError when the document cannot be used.
   */
  index(doc: unknown, path: string, ctx: FormatContext): DocumentRun[]
  /** For a file of this format that holds no runs (a companion): problems worth showing on it (nothing beside it to describe). */
  companionWarnings?(path: string): string[]
  /** Full body of one episode. */
  parseEpisode(doc: unknown, locator: string, path: string, ctx: FormatContext): EpisodeBody
}

/** Where a row of a table is, with the job's context: an episode's row is found again by its group and index. */
export interface TableRowPlace {
  path: string
  /** Row group of the file, and the row's index inside it. */
  group: number
  index: number
  /** The table's schema and metadata (the file's, not the row's: a null in one row does not hide a column). */
  table: Pick<RowTable, 'columns' | 'columnTypes' | 'keyValue'>
  ctx: FormatContext
}

/** The run a table's rows feed. */
export interface TableRun {
  /** '' = this file; a folder (or any string shared by files) makes one run of many files (a trainer's steps). */
  runKey: string
  header: RunHeader
  /** Problems worth showing on the file (a figure the file cannot reproduce, columns read by a guess). */
  warnings: string[]
}

/**
 * An adapter for a table format (Parquet), one episode per row. The indexer reads the file one row group at a time
 * and hands each row to `summarize`, so a multi-GB table never sits in memory; an episode is found again by its row
 * group and index (locator `<group>:<index>`), after checking the file did not change.
 */
export interface TableAdapter extends FormatDeclaration {
  fileKinds: readonly ['parquet']
  /** Cheap check on the table's top-level column names (the schema: no row read) and its path. */
  matches(columns: readonly string[], path: string): boolean
  /** The run the file's rows belong to, from its path, its schema and metadata. Throws RecordError when unusable. */
  readRun(table: RowTable, path: string, ctx: FormatContext): TableRun
  /** Summarize one row, with its actions (pre-tallied or not). Throws RecordError for rows to skip. */
  summarize(row: Record<string, unknown>, at: TableRowPlace): EpisodeSummaryRecord
  /** Full turns of one row. */
  parseEpisode(row: Record<string, unknown>, at: TableRowPlace): EpisodeBody
}

export type FormatAdapter = JsonlAdapter | DocumentAdapter | TableAdapter

export const isJsonlAdapter = (a: FormatAdapter): a is JsonlAdapter => a.fileKinds[0] === 'jsonl'
export const isTableAdapter = (a: FormatAdapter): a is TableAdapter => a.fileKinds[0] === 'parquet'
/** The locator of a table's row (TableAdapter). */
export const tableLocator = (group: number, index: number): string => `${group}:${index}`
/** The row group and index of a table row's locator, or null when it is not one. */
export function parseTableLocator(locator: string): { group: number; index: number } | null {
  const m = /^(\d+):(\d+)$/.exec(locator)
  return m ? { group: Number(m[1]), index: Number(m[2]) } : null
}

/**
 * The one typed API between the engine and every front end (Electron IPC, browser-mode HTTP, CLI).
 *
 * Runtime-neutral. Method names double as IPC channel suffixes and HTTP paths, derived from
 * API_METHODS below, never typed by hand elsewhere.
 */
import type {
  EpisodeDetail,
  EpisodeHead,
  EpisodePreview,
  EpisodeQuery,
  EpisodeSummary,
  GroupRolloutsQuery,
  IndexProgress,
  Page,
  RunSummary,
  SearchOptions,
  SearchPage,
  TaskGroupPage,
  TaskRollouts,
  Turn,
  Workspace
} from './model'
import type { CompareOptions, CompareReport, SeriesOptions, SeriesReport } from './compare'
import type { RunBreakdown } from './breakdown'
import type { MultiCompareOptions, MultiCompareReport } from './multi-compare'
import type { TrainingCurve } from './training'
import type {
  EpisodeLabels,
  LabelCount,
  LabelDef,
  LabelDefInput,
  LabelsExport,
  LabelsImportReport,
  SavedView,
  SavedViewInput
} from './labels'
import type { EpisodesExportRequest, ExportPlan, ExportPreview, ExportRequest } from './export'
import type { DesktopArgs, DesktopMethod, DesktopResult } from './desktop'
import { methodList } from './method-list'

export interface AppInfo {
  version: string
  mode: 'desktop' | 'browser'
  platform: string
}

/** Everything a front end may ask of the engine. Every method is async and takes plain JSON. */
export interface TraceApi {
  appInfo(): Promise<AppInfo>
  getWorkspace(): Promise<Workspace>
  /** Adds files or folders to the workspace and starts indexing them in the background. */
  addPaths(paths: string[]): Promise<Workspace>
  /** Removes a root (and its runs) from the workspace. Source files are never touched. */
  removeRoot(path: string): Promise<Workspace>
  /** Re-scans every root; unchanged files are skipped unless `force`. */
  reindex(options: { force: boolean }): Promise<Workspace>
  cancelIndex(): Promise<IndexProgress>
  getProgress(): Promise<IndexProgress>
  /** Adds the bundled demo workspace (a base and a trained run of one environment). */
  openDemo(): Promise<Workspace>
  listRuns(): Promise<RunSummary[]>
  getRun(runId: string): Promise<RunSummary>
  /** Sets (or with null, resets to the default) the reward threshold for pass/fail of a run. */
  setPassThreshold(runId: string, threshold: number | null): Promise<RunSummary>
  listEpisodes(query: EpisodeQuery): Promise<Page<EpisodeSummary>>
  /** One page of the query's tasks (one row per task key, rollouts aggregated), ordered by the aggregate of the sort key. */
  listTaskGroups(query: EpisodeQuery): Promise<TaskGroupPage>
  /** The rollouts of several tasks of one run in one call, each task's in order (a page of groups drawn as cells). */
  groupRollouts(query: GroupRolloutsQuery): Promise<TaskRollouts[]>
  /** The whole episode: every turn in full and the raw record (`rollscope show`). */
  getEpisode(episodeId: string): Promise<EpisodeDetail>
  /** What the viewer opens: no raw record, long texts cut to their previews (see EpisodePreview). */
  getEpisodePreview(episodeId: string): Promise<EpisodePreview>
  /**
   * `turns` turns of the preview from the turn whose index is `fromTurn` (the link's turn) on, and the episode's
   * size: what a deep link paints before the app has started (src-renderer/src/boot). The preview they were cut
   * from is kept for that episode's next getEpisodePreview.
   */
  getEpisodeHead(episodeId: string, fromTurn: number, turns: number): Promise<EpisodeHead>
  /** Every turn of the episode in full (for show all, find, copy, once a preview was cut). */
  getEpisodeTurns(episodeId: string): Promise<Turn[]>
  /** The raw source record, pretty-printed (the Raw tab). */
  getEpisodeRaw(episodeId: string): Promise<string>
  /**
   * Checks an export against the workspace (runs, labels, picked rows, a filter by a one-row query) and says what
   * file it makes; a refusal throws the message the app shows. Hosts call it before they ask where to save, or
   * issue a download ticket; the engine writes the file itself (Engine.exportTo).
   */
  planExport(request: ExportRequest): Promise<ExportPlan>
  /**
   * What an episodes export will write, counted before it is written (the export dialog says it): the episodes
   * selected and, for SFT, the lines written, trimmed and left out (reads the selection's transcripts, up to a cap).
   */
  previewExport(request: EpisodesExportRequest): Promise<ExportPreview>
  /** Pairs run A and run B by task key and compares them (statistics on the shared tasks). */
  compareRuns(runA: string, runB: string, options?: CompareOptions): Promise<CompareReport>
  /** Metrics by checkpoint along an ordered list of runs (or the training steps of one run), and per task when it flipped. */
  compareSeries(runIds: string[], options?: SeriesOptions): Promise<SeriesReport>
  /** The comparison as one self-contained HTML file (tables and charts, no external resources). */
  compareReportHtml(runA: string, runB: string, options?: CompareOptions): Promise<string>
  /** Three or more runs side by side against a baseline (whole-run figures, deltas with paired CIs on shared tasks). */
  compareMany(runIds: string[], options?: MultiCompareOptions): Promise<MultiCompareReport>
  /** A run's scores by one category field over all its episodes, or cross-tabulated by several (archetype × difficulty). */
  breakdownRun(runId: string, fields: string[]): Promise<RunBreakdown>
  /** A training run's curve: per training step, statistics of the step's whole batch; tasks learned and forgotten. */
  trainingCurve(runId: string): Promise<TrainingCurve>
  /** Full-text search over every turn of every indexed run (words, "exact phrases", prefix*), hits with snippets. */
  search(query: string, options?: SearchOptions): Promise<SearchPage>
  // Triage (labels, notes, taxonomy, saved views): kept in their own database file, keyed by stable identity.
  getTaxonomy(): Promise<LabelDef[]>
  /** Replaces the taxonomy (order kept); `previousName` renames a label where it is applied. */
  setTaxonomy(defs: LabelDefInput[]): Promise<LabelDef[]>
  /** Applies a taxonomy label to the episode (turn null) or to one of its turns. */
  addLabel(episodeId: string, label: string, turn: number | null): Promise<EpisodeLabels>
  removeLabel(episodeId: string, label: string, turn: number | null): Promise<EpisodeLabels>
  /** Sets the note of the episode (turn null) or of one turn; blank text removes it. */
  setNote(episodeId: string, text: string, turn: number | null): Promise<EpisodeLabels>
  getEpisodeLabels(episodeId: string): Promise<EpisodeLabels>
  /**
   * Keeps the episode's labels and notes that were made on other content (EpisodeLabels.changed): they now describe
   * what the episode holds, and count again in filters, counts and badges.
   */
  keepLabels(episodeId: string): Promise<EpisodeLabels>
  /** Episode-level labels of each given episode (table badges); unlabelled episodes are left out. */
  labelsOfEpisodes(episodeIds: string[]): Promise<Record<string, string[]>>
  /** The labels on any turn of each given episode, each once (table badges); episodes without any are left out. */
  turnLabelsOfEpisodes(episodeIds: string[]): Promise<Record<string, string[]>>
  labelCounts(runId: string): Promise<LabelCount[]>
  exportLabels(): Promise<LabelsExport>
  /** Merges an export into this workspace's labels; says what was added and what was skipped and why. */
  importLabels(data: LabelsExport): Promise<LabelsImportReport>
  listSavedViews(): Promise<SavedView[]>
  /** Creates a saved view (id null) or replaces view `id`. */
  saveView(view: SavedViewInput, id: number | null): Promise<SavedView>
  /** Deletes a saved view; returns the views left. */
  deleteView(id: number): Promise<SavedView[]>
}

export type ApiMethod = keyof TraceApi
export type ApiArgs<M extends ApiMethod> = Parameters<TraceApi[M]>
export type ApiResult<M extends ApiMethod> = Awaited<ReturnType<TraceApi[M]>>

/**
 * What a method needs to answer, the property of each in the method list below:
 * - `read`: the database, the trace files and the host's fixed facts (version, mode) alone. It writes nothing and
 *   needs nothing of the engine's (progress, jobs, caches), so any read-only connection may answer it: browser mode
 *   and the desktop app answer these on a pool of reader threads, several at once (services/reader-pool.ts).
 * - `engine`: the engine itself: it writes (roots, thresholds, labels, views), starts or cancels index jobs, or
 *   answers from the engine's own state (index progress, the training curves it keeps up to date).
 */
export type ApiAccess = 'read' | 'engine'

const ACCESS = {
  appInfo: 'read',
  getWorkspace: 'engine',
  addPaths: 'engine',
  removeRoot: 'engine',
  reindex: 'engine',
  cancelIndex: 'engine',
  getProgress: 'engine',
  openDemo: 'engine',
  listRuns: 'read',
  getRun: 'read',
  setPassThreshold: 'engine',
  listEpisodes: 'read',
  listTaskGroups: 'read',
  groupRollouts: 'read',
  getEpisode: 'read',
  getEpisodePreview: 'read',
  getEpisodeHead: 'read',
  getEpisodeTurns: 'read',
  getEpisodeRaw: 'read',
  planExport: 'read',
  previewExport: 'read',
  compareRuns: 'read',
  compareSeries: 'read',
  compareReportHtml: 'read',
  compareMany: 'read',
  breakdownRun: 'read',
  trainingCurve: 'engine',
  search: 'read',
  getTaxonomy: 'read',
  setTaxonomy: 'engine',
  addLabel: 'engine',
  removeLabel: 'engine',
  setNote: 'engine',
  getEpisodeLabels: 'read',
  keepLabels: 'engine',
  labelsOfEpisodes: 'read',
  turnLabelsOfEpisodes: 'read',
  labelCounts: 'read',
  exportLabels: 'read',
  importLabels: 'engine',
  listSavedViews: 'read',
  saveView: 'engine',
  deleteView: 'engine'
} as const satisfies Record<ApiMethod, ApiAccess> // a compile error here: the list is out of sync with TraceApi
const API = methodList<ApiMethod, ApiAccess>(ACCESS)

export const API_METHODS = API.names
export const isApiMethod = API.has
/** The methods any read-only connection may answer (see ApiAccess). */
export type ReadMethod = { [M in ApiMethod]: (typeof ACCESS)[M] extends 'read' ? M : never }[ApiMethod]
export const isReadMethod = (method: ApiMethod): method is ReadMethod => API.of(method) === 'read'
export const READ_METHODS = API_METHODS.filter(isReadMethod)
/**
 * Reads of one episode that hand its parsed preview on to each other (a deep link's head, then the app's preview:
 * services/preview-handoff.ts): a host with several readers sends them to the same one, by the episode id alone.
 */
export const EPISODE_HANDOFF_METHODS: ReadonlySet<string> = new Set<ReadMethod>(['getEpisodeHead', 'getEpisodePreview'])
/** The part of TraceApi a reader answers. */
export type ReadApi = Pick<TraceApi, ReadMethod>

/** Error codes carried in a failed Result. */
/** `other-build`: browser mode's page and server are of two builds of Rollscope (contract/build-id.ts). */
export type ApiErrorCode = 'bad-request' | 'not-comparable' | 'not-found' | 'unauthorized' | 'other-build' | 'internal'

export interface ApiError {
  code: ApiErrorCode
  message: string
}

/** Every call returns a Result, because errors thrown across IPC lose everything but their message. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiError }

/** Engine → front-end notifications. */
export interface TraceEvents {
  indexProgress: IndexProgress
  /** The set of runs or sources changed (indexing finished a file, a root was removed). */
  workspaceChanged: { runIds: string[] }
}
export type EventName = keyof TraceEvents
export interface TraceEvent<E extends EventName = EventName> {
  name: E
  payload: TraceEvents[E]
}

/** IPC channel names (Electron). */
export const IPC_INVOKE_CHANNEL = 'rollscope:invoke'
export const IPC_EVENT_CHANNEL = 'rollscope:event'
export const IPC_DESKTOP_CHANNEL = 'rollscope:desktop'

/** What the preload exposes on `window.rollscope`. */
export interface PreloadBridge {
  invoke<M extends ApiMethod>(method: M, ...args: ApiArgs<M>): Promise<Result<ApiResult<M>>>
  /** The desktop-only methods (native dialogs, saving an export), on IPC_DESKTOP_CHANNEL. */
  invokeDesktop<M extends DesktopMethod>(method: M, ...args: DesktopArgs<M>): Promise<Result<DesktopResult<M>>>
  onEvent(listener: (event: TraceEvent) => void): () => void
  /**
   * Path of a File dropped on the window (Electron's webUtils.getPathForFile; File.path is gone since Electron 32);
   * '' when it has none. Answered by the preload itself. Typed unknown so the contract needs no DOM types.
   */
  pathForFile(file: unknown): string
}

import type { EpisodeRef } from '@contract/model'
import {
  DEFAULT_EPISODE_QUERY,
  ensureTableRange,
  episodeAtRow,
  initialEpisodesState,
  isGroupedView,
  tableRowCount
} from './episodes-slice'
import type { Route } from './hash-route'
import { NO_PICKS } from './picked-rows-slice'
import type { AppState, SliceCreator } from './types'

export type EpisodeTab = 'transcript' | 'raw'

/** What is selected: a run (its episodes table) and optionally an open episode. Mirrored in the URL hash. */
export interface SelectionSlice {
  selectedRunId: string | null
  openEpisodeId: string | null
  episodeTab: EpisodeTab
  /** Shows a run's episodes table, or with `alsoRunIds` one table over several runs (a view over runs). */
  selectRun(runId: string | null, alsoRunIds?: string[]): void
  /** Opens an episode; `rowIndex` is its row in the current table (for n / p navigation). */
  openEpisode(episodeId: string, rowIndex?: number): void
  closeEpisode(): void
  /** n / p: opens the next (+1) or previous (-1) row of the table, when the open episode came from it. */
  openAdjacentEpisode(delta: number): Promise<void>
  /**
   * Opens a linked episode (another rollout, the same task in another run), selecting its run.
   * In a table left in its default order the row is the episode's ordinal, so n / p keep working.
   */
  openRelated(ref: EpisodeRef): void
  /** `[` / `]`: the open episode's task in the previous (-1) or next (+1) run that has it. */
  openSameTaskInRun(delta: number): void
  /** Applies a route parsed from the URL hash. */
  applyRoute(route: Route): void
  /**
   * Leaves any screen for a run's episodes table with a filter applied (a breakdown row, a training step), showing
   * `column` too when given. Back returns to the screen.
   */
  openRunEpisodes(runId: string, filter: string, column?: string): void
  setEpisodeTab(tab: EpisodeTab): void
}

const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, i) => id === b[i])

/** Every run the episodes table lists: the selected one first. */
export const tableRuns = (s: Pick<AppState, 'selectedRunId' | 'episodes'>): string[] =>
  s.selectedRunId === null ? [] : [s.selectedRunId, ...s.episodes.alsoRunIds]

/** n / p over a grouped table skips folded tasks' rows: at most this many in one step. */
const MAX_ROW_HOPS = 500

/** Creates the selection slice. */
export const createSelectionSlice = (): SliceCreator<SelectionSlice> => (set, get) => ({
  selectedRunId: null,
  openEpisodeId: null,
  episodeTab: 'transcript',
  selectRun: (runId, alsoRunIds = []) => {
    const also = [...new Set(alsoRunIds)].filter((id) => id !== runId)
    if (runId === get().selectedRunId && sameIds(also, get().episodes.alsoRunIds)) {
      if (get().openEpisodeId) get().closeEpisode()
      return
    }
    set({
      selectedRunId: runId,
      openEpisodeId: null,
      episodes: initialEpisodesState(runId, get().episodes.generation + 1, also),
      // picked rows belong to the table they were picked in
      picked: NO_PICKS
    })
    get().clearEpisode()
  },
  openEpisode: (episodeId, rowIndex) => {
    if (rowIndex !== undefined) get().setEpisodeActive(rowIndex)
    if (episodeId === get().openEpisodeId) return
    set({ openEpisodeId: episodeId })
    void get().loadEpisode(episodeId)
  },
  closeEpisode: () => {
    if (get().openEpisodeId === null) return
    set({ openEpisodeId: null })
  },
  openAdjacentEpisode: async (delta) => {
    const start = get()
    const openId = start.openEpisodeId
    if (!openId || episodeAtRow(start, start.episodes.activeIndex)?.id !== openId) return
    // grouped by task, a task's own row holds no episode: step over it to the next rollout shown
    for (let index = start.episodes.activeIndex + delta, hops = 0; hops < MAX_ROW_HOPS; index += delta, hops++) {
      const total = tableRowCount(get())
      if (index < 0 || (total !== null && index >= total)) return
      await ensureTableRange(get(), index, index)
      if (get().openEpisodeId !== openId) return
      const ep = episodeAtRow(get(), index)
      if (ep) return get().openEpisode(ep.id, index)
    }
  },
  openRelated: (ref) => {
    if (ref.id === get().openEpisodeId) return
    // within a table of several runs, a linked episode of one of them keeps that table (its row is not its ordinal)
    if (get().episodes.alsoRunIds.length && tableRuns(get()).includes(ref.runId)) return get().openEpisode(ref.id)
    if (ref.runId !== get().selectedRunId || get().episodes.alsoRunIds.length) get().selectRun(ref.runId)
    const q = get().episodes.query
    const defaultOrder =
      !isGroupedView(get()) &&
      q.sort === DEFAULT_EPISODE_QUERY.sort &&
      !q.desc &&
      q.text.trim() === '' &&
      q.filter.trim() === ''
    if (!defaultOrder) return get().openEpisode(ref.id)
    get().openEpisode(ref.id, ref.ordinal)
    // a freshly selected run has no table pages yet: load the row's page so n / p and "row i / n" work
    void get().ensureEpisodeRange(ref.ordinal, ref.ordinal)
  },
  openSameTaskInRun: (delta) => {
    const detail = get().episode.detail
    if (!detail || detail.id !== get().openEpisodeId) return
    const inRuns = detail.related.sameTaskInRuns
    const at = inRuns.findIndex((r) => r.runId === detail.runId)
    const target = at === -1 ? undefined : inRuns[at + delta]
    if (target) get().openRelated(target)
    else
      get().pushInfo(
        inRuns.length <= 1 ? 'No other run has this task' : `No ${delta < 0 ? 'previous' : 'next'} run has this task`
      )
  },
  applyRoute: (route) => {
    get().selectRun(route.runId, route.alsoRunIds)
    if (route.runId && route.episodeId) {
      get().openEpisode(route.episodeId)
      if (route.turn !== null) get().jumpToTurnIndex(route.turn)
    } else get().closeEpisode()
  },
  openRunEpisodes: (runId, filter, column) => {
    get().closeCompare()
    get().selectRun(runId)
    const run = get().runs.find((r) => r.id === runId)
    if (run && column) get().setColumnShown(run.format, column, true, false)
    get().setEpisodeFilter(filter)
  },
  setEpisodeTab: (tab) => set({ episodeTab: tab })
})

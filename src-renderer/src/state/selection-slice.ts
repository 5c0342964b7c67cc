import { initialEpisodesState } from './episodes-slice'
import type { Route } from './hash-route'
import { rowAt } from './page-cache'
import type { SliceCreator } from './types'

export type EpisodeTab = 'transcript' | 'raw'

/** What is selected: a run (its episodes table) and optionally an open episode. Mirrored in the URL hash. */
export interface SelectionSlice {
  selectedRunId: string | null
  openEpisodeId: string | null
  episodeTab: EpisodeTab
  selectRun(runId: string | null): void
  /** Opens an episode; `rowIndex` is its row in the current table (for n / p navigation). */
  openEpisode(episodeId: string, rowIndex?: number): void
  closeEpisode(): void
  /** n / p: opens the next (+1) or previous (-1) row of the table, when the open episode came from it. */
  openAdjacentEpisode(delta: number): Promise<void>
  /** Applies a route parsed from the URL hash. */
  applyRoute(route: Route): void
  setEpisodeTab(tab: EpisodeTab): void
}

/** Creates the selection slice. */
export const createSelectionSlice = (): SliceCreator<SelectionSlice> => (set, get) => ({
  selectedRunId: null,
  openEpisodeId: null,
  episodeTab: 'transcript',
  selectRun: (runId) => {
    if (runId === get().selectedRunId) {
      if (get().openEpisodeId) get().closeEpisode()
      return
    }
    set({
      selectedRunId: runId,
      openEpisodeId: null,
      episodes: initialEpisodesState(runId, get().episodes.generation + 1)
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
    const { episodes, openEpisodeId } = get()
    if (!openEpisodeId || rowAt(episodes.pages, episodes.activeIndex)?.id !== openEpisodeId) return
    const index = episodes.activeIndex + delta
    if (index < 0 || (episodes.total !== null && index >= episodes.total)) return
    await get().ensureEpisodeRange(index, index)
    const ep = rowAt(get().episodes.pages, index)
    if (ep && get().openEpisodeId === openEpisodeId) get().openEpisode(ep.id, index)
  },
  applyRoute: (route) => {
    get().selectRun(route.runId)
    if (route.runId && route.episodeId) get().openEpisode(route.episodeId)
    else get().closeEpisode()
  },
  setEpisodeTab: (tab) => set({ episodeTab: tab })
})

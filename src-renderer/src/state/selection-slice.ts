import { initialEpisodesState } from './episodes-slice'
import type { Route } from './hash-route'
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
  applyRoute: (route) => {
    get().selectRun(route.runId)
    if (route.runId && route.episodeId) get().openEpisode(route.episodeId)
    else get().closeEpisode()
  },
  setEpisodeTab: (tab) => set({ episodeTab: tab })
})

import type { TraceApi } from '@contract/api'
import type { EpisodeDetail } from '@contract/model'
import { errorMessage } from '../api/api-error'
import type { SliceCreator } from './types'
import { expandableKeys } from '../lib/turn-text'

/** The open episode: its detail (transcript), and the transcript's UI state. */
export interface EpisodeState {
  id: string | null
  detail: EpisodeDetail | null
  loading: boolean
  error: string | null
  /** Expanded parts of long texts / reasoning, keyed `<turn>:<part>`. */
  expanded: Record<string, true>
  /** The highlighted turn (j / k). */
  activeTurn: number
}

export interface EpisodeSlice {
  episode: EpisodeState
  loadEpisode(episodeId: string): Promise<void>
  clearEpisode(): void
  toggleExpanded(key: string): void
  /** Expands every long text, reasoning and tool call of the transcript (`e`), or collapses them all (`x`). */
  setAllExpanded(open: boolean): void
  setActiveTurn(index: number): void
  /** Moves the highlight by `delta` turns, clamped to the transcript. */
  moveActiveTurn(delta: number): void
}

const EMPTY: EpisodeState = { id: null, detail: null, loading: false, error: null, expanded: {}, activeTurn: 0 }

/** Creates the episode-detail slice over `api`. */
export const createEpisodeSlice =
  (api: TraceApi): SliceCreator<EpisodeSlice> =>
  (set, get) => ({
    episode: EMPTY,
    loadEpisode: async (episodeId) => {
      if (get().episode.id === episodeId && (get().episode.detail || get().episode.loading)) return
      set({ episode: { ...EMPTY, id: episodeId, loading: true } })
      try {
        const detail = await api.getEpisode(episodeId)
        if (get().episode.id !== episodeId) return
        set({ episode: { ...get().episode, detail, loading: false } })
      } catch (err) {
        if (get().episode.id !== episodeId) return
        set({ episode: { ...get().episode, loading: false, error: errorMessage(err) } })
        get().pushError(err, 'Could not open the episode')
      }
    },
    clearEpisode: () => set({ episode: EMPTY }),
    toggleExpanded: (key) => {
      const expanded = { ...get().episode.expanded }
      if (expanded[key]) delete expanded[key]
      else expanded[key] = true
      set({ episode: { ...get().episode, expanded } })
    },
    setAllExpanded: (open) => {
      const turns = get().episode.detail?.turns ?? []
      const expanded: Record<string, true> = {}
      if (open) for (const k of expandableKeys(turns)) expanded[k] = true
      set({ episode: { ...get().episode, expanded } })
    },
    setActiveTurn: (index) => {
      if (index !== get().episode.activeTurn) set({ episode: { ...get().episode, activeTurn: index } })
    },
    moveActiveTurn: (delta) => {
      const n = get().episode.detail?.turns.length ?? 0
      if (n === 0) return
      get().setActiveTurn(Math.max(0, Math.min(n - 1, get().episode.activeTurn + delta)))
    }
  })

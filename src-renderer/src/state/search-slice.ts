import type { TraceApi } from '@contract/api'
import type { SearchHit, SearchOptions, SearchOrder, SearchPage, TurnRole } from '@contract/model'
import { errorMessage } from '../api/api-error'
import type { SliceCreator } from './types'

/** Hits fetched per page of the search screen. */
export const SEARCH_PAGE = 100

export interface SearchFilters {
  /** Only these runs; empty = every run. */
  runIds: string[]
  role: TurnRole | null
  /** Only calls of / results from this tool; '' = any. */
  tool: string
  /** Best match first (the default), or run, episode and turn order. */
  order: SearchOrder
}

export interface SearchState {
  /** The search screen is showing (instead of the runs, the episode or the comparison). */
  open: boolean
  /** The text in the box. */
  input: string
  filters: SearchFilters
  /** The query the hits are for (the box may have changed since). */
  query: string
  hits: SearchHit[]
  page: SearchPage | null
  loading: boolean
  /** A bad query or a failed call, said plainly. */
  error: string | null
  /** The hit the arrow keys are on (an index into `hits`); -1 before the first arrow. */
  cursor: number
  /** The episode last opened from a hit: while it is open, Esc goes back to the hits. */
  hitEpisodeId: string | null
}

export interface SearchSlice {
  search: SearchState
  /** Shows the search screen (with the hits of the last query, if any). */
  openSearch(): void
  closeSearch(): void
  setSearchInput(text: string): void
  setSearchFilters(filters: Partial<SearchFilters>): void
  /** Runs the query in the box with the filters (first page); a blank box clears the hits. */
  runSearch(): Promise<void>
  /** Fetches the next page of hits of the current query. */
  loadMoreSearch(): Promise<void>
  /** Opens the viewer at the hit's turn (the search is kept: back to it with Ctrl/Cmd+K). */
  openSearchHit(hit: SearchHit): void
  /** Moves the arrow-key cursor over the hits (clamped to the hits shown). */
  moveSearchCursor(delta: number): void
  /** Opens the hit under the cursor; false when there is none. */
  openSearchCursor(): boolean
  /** Back from the episode a hit opened to the hits, the cursor on that hit. */
  backToHits(): void
}

/**
 * The text a hit matched, as its snippet marks it (the first mark): the term the viewer marks with its find bar
 * after the jump. '' when the snippet marks nothing.
 */
export function hitTerm(hit: SearchHit): string {
  const first = hit.snippet.matches[0]
  return first ? hit.snippet.text.slice(first[0], first[1]).trim() : ''
}

export const initialSearchState = (): SearchState => ({
  open: false,
  input: '',
  filters: { runIds: [], role: null, tool: '', order: 'relevance' },
  query: '',
  hits: [],
  page: null,
  loading: false,
  error: null,
  cursor: -1,
  hitEpisodeId: null
})

/** Creates the search slice over `api`. A newer query wins over the answer of an older one still in flight. */
export const createSearchSlice =
  (api: TraceApi): SliceCreator<SearchSlice> =>
  (set, get) => {
    let seq = 0
    const patch = (p: Partial<SearchState>): void => set({ search: { ...get().search, ...p } })
    const optionsOf = (f: SearchFilters, offset: number): SearchOptions => {
      const o: SearchOptions = { limit: SEARCH_PAGE, offset, order: f.order }
      if (f.runIds.length) o.runIds = f.runIds
      if (f.role) o.role = f.role
      if (f.tool.trim()) o.tool = f.tool.trim()
      return o
    }
    const fetchPage = async (offset: number): Promise<void> => {
      const { input, filters, hits } = get().search
      const query = offset === 0 ? input.trim() : get().search.query
      const mine = ++seq
      if (!query) {
        patch({ query: '', hits: [], page: null, loading: false, error: null })
        return
      }
      patch({ loading: true, error: null, ...(offset === 0 ? { query } : {}) })
      try {
        const page = await api.search(query, optionsOf(filters, offset))
        if (mine !== seq) return
        patch({
          page,
          hits: offset === 0 ? page.hits : [...hits, ...page.hits],
          loading: false,
          ...(offset === 0 ? { cursor: -1 } : {})
        })
      } catch (err) {
        if (mine !== seq) return
        // a refused query reads as a sentence ("The search query is 1,049 characters; the longest searched is
        // 1,000: …"), without the argument position the engine's validator names it by
        const said = errorMessage(err).replace(/^search: argument 0: (.)/, (_m, c: string) => c.toUpperCase())
        patch({ loading: false, error: said, ...(offset === 0 ? { hits: [], page: null } : {}) })
      }
    }
    return {
      search: initialSearchState(),
      openSearch: () => {
        if (!get().search.open) patch({ open: true })
      },
      closeSearch: () => {
        if (get().search.open) patch({ open: false })
      },
      setSearchInput: (text) => patch({ input: text }),
      setSearchFilters: (filters) => {
        patch({ filters: { ...get().search.filters, ...filters } })
        if (get().search.query) void fetchPage(0)
      },
      runSearch: () => fetchPage(0),
      loadMoreSearch: async () => {
        const { page, hits, loading } = get().search
        if (loading || !page || hits.length >= page.total) return
        await fetchPage(hits.length)
      },
      openSearchHit: (hit) => {
        const at = get().search.hits.indexOf(hit)
        patch({ open: false, hitEpisodeId: hit.episodeId, ...(at >= 0 ? { cursor: at } : {}) })
        get().closeCompare()
        get().applyRoute({ runId: hit.runId, episodeId: hit.episodeId, turn: hit.turn })
        // the viewer marks the matched term with its find bar: once the transcript is in, or now when it was open
        const term = hitTerm(hit)
        if (!term) return
        get().presetFind(term)
        if (get().episode.detail?.id === hit.episodeId) get().setFindQuery(term)
      },
      moveSearchCursor: (delta) => {
        const { hits, cursor } = get().search
        if (hits.length === 0) return
        patch({ cursor: Math.max(0, Math.min(hits.length - 1, cursor + delta)) })
      },
      openSearchCursor: () => {
        const { hits, cursor } = get().search
        const hit = hits[cursor]
        if (!hit) return false
        get().openSearchHit(hit)
        return true
      },
      backToHits: () => {
        patch({ open: true, hitEpisodeId: null })
        get().closeFind()
      }
    }
  }

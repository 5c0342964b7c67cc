import type { TraceApi } from '@contract/api'
import type { EpisodeQuery, EpisodeSortKey, EpisodeSummary } from '@contract/model'
import { ApiCallError, errorMessage } from '../api/api-error'
import { PAGE_SIZE, pagesForRange, withPage, type PageMap } from './page-cache'
import type { SliceCreator } from './types'

/** Sort and filters of the episodes table. */
export interface EpisodeListQuery {
  sort: EpisodeSortKey
  desc: boolean
  text: string
  filter: string
}

export const DEFAULT_EPISODE_QUERY: EpisodeListQuery = { sort: 'ordinal', desc: false, text: '', filter: '' }

/** The episodes table of the selected run: query, total and the page cache. */
export interface EpisodesState {
  runId: string | null
  query: EpisodeListQuery
  /** Bumped on every query change or refresh; answers for an older generation are dropped. */
  generation: number
  /** Bumped only when the query changes (the table then scrolls back to the top). */
  queryVersion: number
  /** Rows matching the query; null until the first page answered. */
  total: number | null
  pages: PageMap<EpisodeSummary>
  /** Generation each cached page was loaded under (older ones are shown but refetched). */
  pageGen: Record<number, number>
  /** `generation:page` of every request in flight (the table shows a spinner while non-empty). */
  loadingKeys: string[]
  /** The server's message when the filter expression is invalid. */
  filterError: string | null
  error: string | null
  /** Highlighted row and scroll position, restored when coming back from an episode. */
  activeIndex: number
  scrollTop: number
}

export interface EpisodesSlice {
  episodes: EpisodesState
  /** Clicking a header: a new key sorts ascending, the same key flips the direction. */
  setEpisodeSort(key: EpisodeSortKey): void
  setEpisodeText(text: string): void
  setEpisodeFilter(filter: string): void
  /** Makes sure the pages covering rows [start, end] are loaded (or loading). */
  ensureEpisodeRange(start: number, end: number): Promise<void>
  /** Refetches the visible pages (data changed on the server), keeping the rows on screen meanwhile. */
  refreshEpisodes(): Promise<void>
  setEpisodeActive(index: number): void
  /** Saves the table's scroll position; ignored when another run was selected meanwhile. */
  rememberEpisodeScroll(runId: string, scrollTop: number): void
}

/** A fresh table state for `runId`. */
export function initialEpisodesState(runId: string | null, generation = 0): EpisodesState {
  return {
    runId,
    query: DEFAULT_EPISODE_QUERY,
    generation,
    queryVersion: generation,
    total: null,
    pages: {},
    pageGen: {},
    loadingKeys: [],
    filterError: null,
    error: null,
    activeIndex: 0,
    scrollTop: 0
  }
}

/** The listEpisodes query for one page. Empty text / filter are left out. */
export function pageQuery(runId: string, q: EpisodeListQuery, page: number, size = PAGE_SIZE): EpisodeQuery {
  const query: EpisodeQuery = { runId, sort: q.sort, desc: q.desc, offset: page * size, limit: size }
  if (q.text.trim()) query.text = q.text.trim()
  if (q.filter.trim()) query.filter = q.filter.trim()
  return query
}

/** Creates the episodes slice over `api`. */
export const createEpisodesSlice =
  (api: TraceApi): SliceCreator<EpisodesSlice> =>
  (set, get) => {
    const inflight = new Set<string>()
    let lastRange: [number, number] = [0, PAGE_SIZE - 1]

    const patch = (p: Partial<EpisodesState>): void => set({ episodes: { ...get().episodes, ...p } })

    /** A new query: clear the cache, since the old rows are in another order. */
    const changeQuery = (q: Partial<EpisodeListQuery>): void => {
      const cur = get().episodes
      const generation = cur.generation + 1
      set({
        episodes: {
          ...initialEpisodesState(cur.runId, generation),
          query: { ...cur.query, ...q },
          filterError: q.filter === undefined ? cur.filterError : null
        }
      })
      void get().ensureEpisodeRange(0, PAGE_SIZE - 1)
    }

    const fetchPage = async (generation: number, page: number): Promise<void> => {
      const st = get().episodes
      if (!st.runId) return
      const key = `${generation}:${page}`
      if (inflight.has(key)) return
      inflight.add(key)
      patch({ loadingKeys: [...get().episodes.loadingKeys, key] })
      try {
        const result = await api.listEpisodes(pageQuery(st.runId, st.query, page))
        const cur = get().episodes
        if (cur.generation !== generation) return
        // The total can change between pages (a running eval appends); pages past the end are dropped.
        const lastPage = Math.max(0, Math.ceil(result.total / PAGE_SIZE) - 1)
        const pages = withPage(cur.pages, page, result.items)
        const pageGen = { ...cur.pageGen, [page]: generation }
        for (const p of Object.keys(pages).map(Number)) if (p > lastPage && p !== page) delete pages[p]
        for (const p of Object.keys(pageGen).map(Number)) if (!(p in pages)) delete pageGen[p]
        patch({ total: result.total, pages, pageGen, error: null, filterError: null })
      } catch (err) {
        if (get().episodes.generation !== generation) return
        if (err instanceof ApiCallError && err.code === 'bad-request' && st.query.filter.trim()) {
          patch({ filterError: err.message, total: 0, pages: {}, pageGen: {} })
        } else {
          patch({ error: errorMessage(err) })
          get().pushError(err, 'Could not load episodes')
        }
      } finally {
        inflight.delete(key)
        const loadingKeys = get().episodes.loadingKeys
        if (loadingKeys.includes(key)) patch({ loadingKeys: loadingKeys.filter((k) => k !== key) })
      }
    }

    return {
      episodes: initialEpisodesState(null),
      setEpisodeSort: (key) => {
        const q = get().episodes.query
        changeQuery(q.sort === key ? { desc: !q.desc } : { sort: key, desc: false })
      },
      setEpisodeText: (text) => {
        if (text !== get().episodes.query.text) changeQuery({ text })
      },
      setEpisodeFilter: (filter) => {
        if (filter !== get().episodes.query.filter) changeQuery({ filter })
        else if (!filter.trim()) patch({ filterError: null })
      },
      ensureEpisodeRange: async (start, end) => {
        const st = get().episodes
        if (!st.runId) return
        lastRange = [start, end]
        const wanted = pagesForRange(start, end, st.total)
        const missing = wanted.filter((p) => st.pageGen[p] !== st.generation)
        await Promise.all(missing.map((p) => fetchPage(st.generation, p)))
      },
      refreshEpisodes: async () => {
        const cur = get().episodes
        if (!cur.runId) return
        patch({ generation: cur.generation + 1 })
        await get().ensureEpisodeRange(lastRange[0], lastRange[1])
      },
      setEpisodeActive: (index) => {
        if (index !== get().episodes.activeIndex) patch({ activeIndex: index })
      },
      rememberEpisodeScroll: (runId, scrollTop) => {
        const cur = get().episodes
        if (cur.runId === runId && scrollTop !== cur.scrollTop) patch({ scrollTop })
      }
    }
  }

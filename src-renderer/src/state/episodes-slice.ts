import type { TraceApi } from '@contract/api'
import type { EpisodeQuery, EpisodeSortKey, EpisodeSummary, TaskGroupSummary } from '@contract/model'
import { ApiCallError, errorMessage } from '../api/api-error'
import {
  browserStorage,
  loadPrefs,
  prefsFor,
  savePrefs,
  withColumnShown,
  withColumnsReset,
  withGroupByTask,
  type EpisodePrefs
} from './episode-prefs'
import { flatCount, rowOf, withOpenGroup, type OpenGroup } from './grouped-rows'
import { PAGE_SIZE, pagesForRange, rowAt, withPage, type PageMap } from './page-cache'
import type { AppState, SliceCreator } from './types'

/** Sort and filters of the episodes table. */
export interface EpisodeListQuery {
  sort: EpisodeSortKey
  desc: boolean
  text: string
  filter: string
}

export const DEFAULT_EPISODE_QUERY: EpisodeListQuery = { sort: 'ordinal', desc: false, text: '', filter: '' }

/** The episodes table of the selected run (or runs): query, total and the page cache. */
export interface EpisodesState {
  runId: string | null
  /** More runs listed in the same table (a view over several runs); empty for one run. */
  alsoRunIds: string[]
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
  /** Grouped by task: task groups matching the query; null until the first page answered. */
  groupTotal: number | null
  /** Grouped by task: the rollouts of every group (the episodes the view holds, as `total` flat); null until known. */
  groupRollouts: number | null
  groupPages: PageMap<TaskGroupSummary>
  groupPageGen: Record<number, number>
  /** Unfolded groups, sorted by group index; their rollouts follow them in the table. */
  openGroups: OpenGroup[]
}

export interface EpisodesSlice {
  episodes: EpisodesState
  /** Clicking a header: a new key sorts ascending, the same key flips the direction; `desc` sets the direction. */
  setEpisodeSort(key: EpisodeSortKey, desc?: boolean): void
  setEpisodeText(text: string): void
  setEpisodeFilter(filter: string): void
  /** Makes sure the pages covering rows [start, end] are loaded (or loading). */
  ensureEpisodeRange(start: number, end: number): Promise<void>
  /** Refetches the visible pages (data changed on the server), keeping the rows on screen meanwhile. */
  refreshEpisodes(): Promise<void>
  setEpisodeActive(index: number): void
  /** Saves the table's scroll position; ignored when another run was selected meanwhile. */
  rememberEpisodeScroll(runId: string, scrollTop: number): void
  /** Grouped by task: makes sure the groups and unfolded rollouts covering flat rows [start, end] are loaded. */
  ensureGroupedRange(start: number, end: number): Promise<void>
  /** Unfolds the group at index `group` (its rollouts follow it), or folds it when unfolded. */
  toggleTaskGroup(group: number): void
  /** The table's column and grouping choices, per run format, kept in localStorage. */
  episodePrefs: EpisodePrefs
  setColumnShown(format: string, columnId: string, shown: boolean, shownByDefault: boolean): void
  /** Back to the default columns of `format`. */
  resetColumns(format: string): void
  /** Groups the table by task (or back to one row per episode) for runs of `format`. */
  setGroupByTask(format: string, on: boolean): void
}

/** Whether the selected run's table is grouped by task (the choice for its format; a table of several runs is flat). */
export function isGroupedView(s: Pick<AppState, 'runs' | 'episodes' | 'episodePrefs'>): boolean {
  if (s.episodes.alsoRunIds.length) return false
  const run = s.episodes.runId === null ? undefined : s.runs.find((r) => r.id === s.episodes.runId)
  return run ? prefsFor(s.episodePrefs, run.format).groupByTask : false
}

/** The episode on table row `index` in the current view (flat, or grouped: undefined on a task's own row or when not loaded). */
export function episodeAtRow(
  s: Pick<AppState, 'runs' | 'episodes' | 'episodePrefs'>,
  index: number
): EpisodeSummary | undefined {
  const e = s.episodes
  if (!isGroupedView(s)) return rowAt(e.pages, index)
  const row = rowOf(index, e.openGroups)
  if (row.kind === 'group') return undefined
  const open = e.openGroups.find((g) => g.taskKey === row.taskKey)
  return open && rowAt(open.pages, row.child)
}

/** Rows of the table in the current view (grouped: the tasks plus the unfolded rollouts); null until known. */
export function tableRowCount(s: Pick<AppState, 'runs' | 'episodes' | 'episodePrefs'>): number | null {
  const e = s.episodes
  if (!isGroupedView(s)) return e.total
  return e.groupTotal === null ? null : flatCount(e.groupTotal, e.openGroups)
}

/** The episodes the current view holds (its filter and search applied), grouped or not; null until known. */
export function viewEpisodeCount(s: Pick<AppState, 'runs' | 'episodes' | 'episodePrefs'>): number | null {
  return isGroupedView(s) ? s.episodes.groupRollouts : s.episodes.total
}

/** Loads the rows [start, end] of the current view. */
export function ensureTableRange(s: AppState, start: number, end: number): Promise<void> {
  return isGroupedView(s) ? s.ensureGroupedRange(start, end) : s.ensureEpisodeRange(start, end)
}

/** A fresh table state for `runId` (and the runs listed with it). */
export function initialEpisodesState(runId: string | null, generation = 0, alsoRunIds: string[] = []): EpisodesState {
  return {
    runId,
    alsoRunIds: runId === null ? [] : alsoRunIds,
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
    scrollTop: 0,
    groupTotal: null,
    groupRollouts: null,
    groupPages: {},
    groupPageGen: {},
    openGroups: []
  }
}

/**
 * The listEpisodes (or listTaskGroups) query for one page; with `taskKey`, a page of that task's rollouts. Empty
 * text / filter are left out, and so are `runIds` for a table of one run.
 */
export function pageQuery(
  runId: string,
  q: EpisodeListQuery,
  page: number,
  size = PAGE_SIZE,
  taskKey?: string,
  alsoRunIds: readonly string[] = []
): EpisodeQuery {
  const query: EpisodeQuery = { runId, sort: q.sort, desc: q.desc, offset: page * size, limit: size }
  if (alsoRunIds.length) query.runIds = [...alsoRunIds]
  if (q.text.trim()) query.text = q.text.trim()
  if (q.filter.trim()) query.filter = q.filter.trim()
  if (taskKey !== undefined) query.taskKey = taskKey
  return query
}

/** Creates the episodes slice over `api`. */
export const createEpisodesSlice =
  (api: TraceApi): SliceCreator<EpisodesSlice> =>
  (set, get) => {
    const inflight = new Set<string>()
    let lastRange: [number, number] = [0, PAGE_SIZE - 1]
    let lastGroupedRange: [number, number] = [0, PAGE_SIZE - 1]

    const patch = (p: Partial<EpisodesState>): void => set({ episodes: { ...get().episodes, ...p } })

    /** A new query: clear the cache, since the old rows are in another order. */
    const changeQuery = (q: Partial<EpisodeListQuery>): void => {
      const cur = get().episodes
      const generation = cur.generation + 1
      set({
        episodes: {
          ...initialEpisodesState(cur.runId, generation, cur.alsoRunIds),
          query: { ...cur.query, ...q },
          filterError: q.filter === undefined ? cur.filterError : null
        }
      })
      loadTop()
    }

    /** Loads the first page of whichever view is showing. */
    const loadTop = (): void => {
      if (isGroupedView(get())) void get().ensureGroupedRange(0, PAGE_SIZE - 1)
      else void get().ensureEpisodeRange(0, PAGE_SIZE - 1)
    }

    /** Shows a failed page: an invalid filter under the filter box, anything else in the banner. */
    const failed = (err: unknown, filter: string): void => {
      if (err instanceof ApiCallError && err.code === 'bad-request' && filter.trim()) {
        patch({
          filterError: err.message,
          total: 0,
          pages: {},
          pageGen: {},
          groupTotal: 0,
          groupRollouts: 0,
          groupPages: {},
          groupPageGen: {},
          openGroups: []
        })
      } else {
        patch({ error: errorMessage(err) })
        get().pushError(err, 'Could not load episodes')
      }
    }

    /** Runs one page request once at a time, with its key listed in loadingKeys meanwhile. */
    const tracked = async (key: string, load: () => Promise<void>): Promise<void> => {
      if (inflight.has(key)) return
      inflight.add(key)
      patch({ loadingKeys: [...get().episodes.loadingKeys, key] })
      try {
        await load()
      } finally {
        inflight.delete(key)
        const loadingKeys = get().episodes.loadingKeys
        if (loadingKeys.includes(key)) patch({ loadingKeys: loadingKeys.filter((k) => k !== key) })
      }
    }

    const fetchGroupPage = (generation: number, page: number): Promise<void> =>
      tracked(`${generation}:g${page}`, async () => {
        const st = get().episodes
        if (!st.runId) return
        try {
          const result = await api.listTaskGroups(pageQuery(st.runId, st.query, page))
          const cur = get().episodes
          if (cur.generation !== generation) return
          const lastPage = Math.max(0, Math.ceil(result.total / PAGE_SIZE) - 1)
          const groupPages = withPage(cur.groupPages, page, result.items)
          const groupPageGen = { ...cur.groupPageGen, [page]: generation }
          for (const p of Object.keys(groupPages).map(Number)) if (p > lastPage && p !== page) delete groupPages[p]
          for (const p of Object.keys(groupPageGen).map(Number)) if (!(p in groupPages)) delete groupPageGen[p]
          // A refresh can move or resize an unfolded group (a running eval appends rollouts): follow it by task key.
          let openGroups = cur.openGroups
          result.items.forEach((g, i) => {
            const o = openGroups.find((x) => x.taskKey === g.taskKey)
            const index = page * PAGE_SIZE + i
            if (o && (o.index !== index || o.count !== g.rollouts))
              openGroups = withOpenGroup(openGroups, { ...o, index, count: g.rollouts })
          })
          patch({
            groupTotal: result.total,
            groupRollouts: result.rollouts,
            groupPages,
            groupPageGen,
            openGroups,
            error: null,
            filterError: null
          })
        } catch (err) {
          if (get().episodes.generation === generation) failed(err, st.query.filter)
        }
      })

    const fetchChildPage = (generation: number, taskKey: string, page: number): Promise<void> =>
      tracked(`${generation}:c${page}:${taskKey}`, async () => {
        const st = get().episodes
        if (!st.runId) return
        try {
          const result = await api.listEpisodes(pageQuery(st.runId, st.query, page, PAGE_SIZE, taskKey))
          const cur = get().episodes
          const open = cur.openGroups.find((g) => g.taskKey === taskKey)
          if (cur.generation !== generation || !open) return
          const next: OpenGroup = {
            ...open,
            count: result.total,
            pages: withPage(open.pages, page, result.items),
            pageGen: { ...open.pageGen, [page]: generation }
          }
          patch({ openGroups: withOpenGroup(cur.openGroups, next), error: null })
        } catch (err) {
          if (get().episodes.generation === generation) failed(err, st.query.filter)
        }
      })

    /** Saves and applies new view choices. */
    const setPrefs = (episodePrefs: EpisodePrefs): void => {
      set({ episodePrefs })
      savePrefs(browserStorage(), episodePrefs)
    }

    const fetchPage = (generation: number, page: number): Promise<void> =>
      tracked(`${generation}:${page}`, async () => {
        const st = get().episodes
        if (!st.runId) return
        try {
          const result = await api.listEpisodes(
            pageQuery(st.runId, st.query, page, PAGE_SIZE, undefined, st.alsoRunIds)
          )
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
          if (get().episodes.generation === generation) failed(err, st.query.filter)
        }
      })

    return {
      episodes: initialEpisodesState(null),
      setEpisodeSort: (key, desc) => {
        const q = get().episodes.query
        if (desc !== undefined) {
          if (q.sort !== key || q.desc !== desc) changeQuery({ sort: key, desc })
        } else changeQuery(q.sort === key ? { desc: !q.desc } : { sort: key, desc: false })
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
        if (isGroupedView(get())) await get().ensureGroupedRange(lastGroupedRange[0], lastGroupedRange[1])
        else await get().ensureEpisodeRange(lastRange[0], lastRange[1])
      },
      setEpisodeActive: (index) => {
        if (index !== get().episodes.activeIndex) patch({ activeIndex: index })
      },
      rememberEpisodeScroll: (runId, scrollTop) => {
        const cur = get().episodes
        if (cur.runId === runId && scrollTop !== cur.scrollTop) patch({ scrollTop })
      },
      ensureGroupedRange: async (start, end) => {
        const st = get().episodes
        if (!st.runId) return
        lastGroupedRange = [start, end]
        // Until the first page answered the group count is unknown: ask for the first page only.
        const groupPages = new Set<number>(st.groupTotal === null ? [0] : [])
        const childPages = new Map<string, Set<number>>()
        if (st.groupTotal !== null) {
          for (let i = start; i <= end; i++) {
            const row = rowOf(i, st.openGroups)
            if (row.kind === 'group') {
              if (row.group >= st.groupTotal) break
              groupPages.add(Math.floor(row.group / PAGE_SIZE))
            } else {
              const set = childPages.get(row.taskKey) ?? new Set<number>()
              childPages.set(row.taskKey, set.add(Math.floor(row.child / PAGE_SIZE)))
            }
          }
        }
        const loads: Promise<void>[] = []
        for (const p of groupPages)
          if (st.groupPageGen[p] !== st.generation) loads.push(fetchGroupPage(st.generation, p))
        for (const [taskKey, pages] of childPages) {
          const open = st.openGroups.find((g) => g.taskKey === taskKey)
          for (const p of pages)
            if (open && open.pageGen[p] !== st.generation) loads.push(fetchChildPage(st.generation, taskKey, p))
        }
        await Promise.all(loads)
      },
      toggleTaskGroup: (group) => {
        const cur = get().episodes
        const g = rowAt(cur.groupPages, group)
        if (!g) return
        if (cur.openGroups.some((o) => o.taskKey === g.taskKey)) {
          patch({ openGroups: cur.openGroups.filter((o) => o.taskKey !== g.taskKey) })
          return
        }
        const open: OpenGroup = { taskKey: g.taskKey, index: group, count: g.rollouts, pages: {}, pageGen: {} }
        patch({ openGroups: withOpenGroup(cur.openGroups, open) })
        void fetchChildPage(cur.generation, g.taskKey, 0)
      },
      episodePrefs: loadPrefs(browserStorage()),
      setColumnShown: (format, columnId, shown, shownByDefault) =>
        setPrefs(withColumnShown(get().episodePrefs, format, columnId, shown, shownByDefault)),
      resetColumns: (format) => setPrefs(withColumnsReset(get().episodePrefs, format)),
      setGroupByTask: (format, on) => {
        if (prefsFor(get().episodePrefs, format).groupByTask === on) return
        setPrefs(withGroupByTask(get().episodePrefs, format, on))
        // The other view's rows and positions mean nothing here: start it afresh (the query stays).
        const cur = get().episodes
        if (!cur.runId) return
        set({ episodes: { ...initialEpisodesState(cur.runId, cur.generation + 1), query: cur.query } })
        loadTop()
      }
    }
  }

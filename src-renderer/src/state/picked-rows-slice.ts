import type { TraceApi } from '@contract/api'
import { MAX_EXPORT_EPISODE_IDS } from '@contract/export'
import { episodeAtRow, ensureTableRange, pageQuery } from './episodes-slice'
import type { SliceCreator } from './types'

/** At most this many picked rows: what one export of picked rows takes (beyond that, export the filtered view). */
export const MAX_PICKED = MAX_EXPORT_EPISODE_IDS
/** labelsOfEpisodes takes at most this many ids per call. */
const LABELS_CALL_MAX = 5000
/** Label calls in flight at once while labelling picked rows (each is one small write). */
const LABEL_CONCURRENCY = 16

/**
 * Rows picked in the episodes table (their boxes, Shift+click, Space), kept by episode id so they survive scrolling,
 * paging, sorting and a filter change (a picked row the filter hides stays picked, and the count still says so).
 * Cleared when the table's run(s) change. Export… then exports them, and 1–9 label them.
 */
export interface PickedRows {
  /** Picked episode ids, in the order they were picked (the export keeps it). */
  ids: string[]
  /** Where Shift+click ranges start: the last row toggled, under the query it was toggled in (rows move with the query). */
  anchor: { index: number; queryVersion: number } | null
}

export interface PickedRowsSlice {
  picked: PickedRows
  /** Picks the episode on table row `index`, or unpicks it; the row becomes the range anchor. */
  togglePicked(index: number): void
  /** Shift+click: picks every episode row from the anchor (else the highlighted row) to `index`, loading them first. */
  pickRange(index: number): Promise<void>
  clearPicked(): void
  /** 1–9 with rows picked: the taxonomy label with that key on every picked episode, or off them all when all have it. */
  labelPicked(key: number): Promise<void>
  /**
   * How many picked rows the table's filter and search now hide (they stay picked, and Export… takes them): 0 when
   * it has neither, null when the count failed.
   */
  countHiddenPicks(): Promise<number | null>
}

/** listEpisodes takes at most this many ids per call. */
const IDS_CALL_MAX = 1000

export const NO_PICKS: PickedRows = { ids: [], anchor: null }

/** Creates the picked-rows slice over `api` (the labels calls). */
export const createPickedRowsSlice =
  (api: TraceApi): SliceCreator<PickedRowsSlice> =>
  (set, get) => {
    const anchorHere = (index: number): PickedRows['anchor'] => ({ index, queryVersion: get().episodes.queryVersion })
    return {
      picked: NO_PICKS,
      togglePicked: (index) => {
        const ep = episodeAtRow(get(), index)
        if (!ep) return
        const { ids } = get().picked
        if (ids.includes(ep.id))
          return set({ picked: { ids: ids.filter((id) => id !== ep.id), anchor: anchorHere(index) } })
        if (ids.length >= MAX_PICKED)
          return get().pushInfo(
            `At most ${MAX_PICKED.toLocaleString('en-US')} rows can be picked: filter the table and export the view instead`
          )
        set({ picked: { ids: [...ids, ep.id], anchor: anchorHere(index) } })
      },
      pickRange: async (index) => {
        const s = get()
        const anchor =
          s.picked.anchor?.queryVersion === s.episodes.queryVersion ? s.picked.anchor.index : s.episodes.activeIndex
        const [lo, hi] = anchor <= index ? [anchor, index] : [index, anchor]
        await ensureTableRange(get(), lo, hi)
        const ids = [...get().picked.ids]
        const has = new Set(ids)
        for (let i = lo; i <= hi && ids.length < MAX_PICKED; i++) {
          // grouped by task, a task's own row holds no episode: only its unfolded rollouts are picked
          const ep = episodeAtRow(get(), i)
          if (ep && !has.has(ep.id)) (ids.push(ep.id), has.add(ep.id))
        }
        if (ids.length >= MAX_PICKED)
          get().pushInfo(`Picked the first ${MAX_PICKED.toLocaleString('en-US')} rows (the most one export takes)`)
        // the anchor stays where it was: Shift+click again re-extends from it, as in file managers
        set({ picked: { ids, anchor: get().picked.anchor ?? anchorHere(anchor) } })
      },
      countHiddenPicks: async () => {
        const { picked, episodes: st } = get()
        if (!picked.ids.length || !st.runId || (!st.query.text.trim() && !st.query.filter.trim())) return 0
        const query = pageQuery(st.runId, st.query, 0, 1, undefined, st.alsoRunIds)
        try {
          let shown = 0
          for (let i = 0; i < picked.ids.length; i += IDS_CALL_MAX)
            shown += (await api.listEpisodes({ ...query, ids: picked.ids.slice(i, i + IDS_CALL_MAX) })).total
          return picked.ids.length - shown
        } catch {
          return null
        }
      },
      clearPicked: () => {
        if (get().picked.ids.length || get().picked.anchor) set({ picked: NO_PICKS })
      },
      labelPicked: async (key) => {
        const ids = get().picked.ids
        const def = get().labels.taxonomy.find((d) => d.key === key)
        if (!def) return get().pushInfo(`No label has key ${key} (edit the taxonomy to give it one)`)
        if (!ids.length) return
        const name = def.name.toLowerCase()
        try {
          const now: Record<string, string[]> = {}
          for (let i = 0; i < ids.length; i += LABELS_CALL_MAX)
            Object.assign(now, await api.labelsOfEpisodes(ids.slice(i, i + LABELS_CALL_MAX)))
          const has = (id: string): boolean => (now[id] ?? []).some((l) => l.toLowerCase() === name)
          // toggle over the whole selection: all have it → off all; else on the ones missing it
          const remove = ids.every(has)
          const todo = remove ? ids : ids.filter((id) => !has(id))
          const badges: Record<string, string[]> = {}
          for (let i = 0; i < todo.length; i += LABEL_CONCURRENCY) {
            const done = await Promise.all(
              todo
                .slice(i, i + LABEL_CONCURRENCY)
                .map((id) => (remove ? api.removeLabel : api.addLabel)(id, def.name, null))
            )
            for (const l of done) badges[l.episodeId] = l.labels
          }
          set({ labels: { ...get().labels, badges: { ...get().labels.badges, ...badges } } })
          const n = ids.length
          get().pushInfo(
            remove
              ? `Removed ${def.name} from ${n} episode${n === 1 ? '' : 's'}`
              : `Labelled ${n} episode${n === 1 ? '' : 's'} ${def.name}`
          )
        } catch (err) {
          get().pushError(err, 'Could not label the picked episodes')
        }
        // the viewer's cached labels of a picked episode are stale now; a label filter may show other rows
        const current = get().labels.current
        if (current && ids.includes(current.episodeId)) set({ labels: { ...get().labels, current: null } })
        if (get().episodes.query.filter.trim()) await get().refreshEpisodes()
      }
    }
  }

import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { EpisodeSummary, RunSummary } from '@contract/model'
import { handleElementKey } from '../../keymap/element-keys'
import { isGroupedView } from '../../state/episodes-slice'
import { flatCount, groupRowIndex, rowOf } from '../../state/grouped-rows'
import { rowAt } from '../../state/page-cache'
import { useApp, useAppStore } from '../../state/store-context'
import { EpisodeRow, LoadingRow } from './EpisodeRow'
import { gridTemplate, tableWidth } from './episode-columns'
import { GroupRow } from './GroupRow'
import { labelKeyOf } from '../../lib/label-keys'
import { PICK_WIDTH, PickHeader } from './PickBox'
import { SortHeader } from './SortHeader'
import { useEpisodeColumns } from './use-episode-columns'
import css from './EpisodesTable.module.css'

/** Fixed row height: the virtualizer needs no measuring, which is what makes 100k+ rows cheap. */
export const ROW_HEIGHT = 26
const HEADER_HEIGHT = 28
/** Scrolling fast past pages must not fetch every page on the way; fetch once the view settles a little. */
const FETCH_DELAY_MS = 60

/**
 * The virtualized episodes table; rows are fetched by page as they scroll into view. Grouped by task, its rows are
 * the task groups, each followed by its rollouts when unfolded (one flat list for the virtualizer either way).
 */
export function EpisodesTable({ run }: { run: RunSummary }): ReactNode {
  const store = useAppStore()
  const grouped = useApp(isGroupedView)
  const episodeTotal = useApp((s) => s.episodes.total)
  const pages = useApp((s) => s.episodes.pages)
  const groupTotal = useApp((s) => s.episodes.groupTotal)
  const groupPages = useApp((s) => s.episodes.groupPages)
  const openGroups = useApp((s) => s.episodes.openGroups)
  const generation = useApp((s) => s.episodes.generation)
  const queryVersion = useApp((s) => s.episodes.queryVersion)
  const activeIndex = useApp((s) => s.episodes.activeIndex)
  const filterError = useApp((s) => s.episodes.filterError)
  const loadError = useApp((s) => s.episodes.error)
  const { shown: cols } = useEpisodeColumns(run)
  // the first column holds the pick boxes
  const template = useMemo(() => `${PICK_WIDTH}px ${gridTemplate(cols)}`, [cols])
  const minWidth = useMemo(() => PICK_WIDTH + tableWidth(cols), [cols])
  const pickedIds = useApp((s) => s.picked.ids)
  const picked = useMemo(() => new Set(pickedIds), [pickedIds])
  const total = grouped ? (groupTotal === null ? null : flatCount(groupTotal, openGroups)) : episodeTotal

  const scrollRef = useRef<HTMLDivElement>(null)
  const lastScrollTop = useRef(store.getState().episodes.scrollTop)
  const virtualizer = useVirtualizer({
    count: total ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    initialOffset: () => lastScrollTop.current
  })
  const items = virtualizer.getVirtualItems()
  const first = items.length ? items[0].index : 0
  const last = items.length ? items[items.length - 1].index : 0

  useEffect(() => {
    const t = setTimeout(() => {
      const s = store.getState()
      void (grouped ? s.ensureGroupedRange(first, last) : s.ensureEpisodeRange(first, last))
    }, FETCH_DELAY_MS)
    return () => clearTimeout(t)
  }, [first, last, generation, grouped, openGroups, store])

  const mountedQuery = useRef(queryVersion)
  useEffect(() => {
    if (mountedQuery.current === queryVersion) return
    mountedQuery.current = queryVersion
    virtualizer.scrollToOffset(0)
  }, [queryVersion, virtualizer])

  // The scroll position survives opening an episode (this component unmounts meanwhile), and keyboard
  // users coming back with Escape land on the table again.
  useEffect(() => {
    if (document.activeElement === document.body) scrollRef.current?.focus({ preventScroll: true })
    return () => store.getState().rememberEpisodeScroll(run.id, lastScrollTop.current)
  }, [store, run.id])

  const toggleGroup = useCallback(
    (index: number, groupIndex: number): void => {
      store.getState().setEpisodeActive(index)
      store.getState().toggleTaskGroup(groupIndex)
    },
    [store]
  )

  /** Enter or a click: opens an episode, or folds / unfolds a task group. */
  const open = useCallback(
    (index: number): void => {
      const s = store.getState()
      if (!isGroupedView(s)) {
        const ep = rowAt(s.episodes.pages, index)
        if (ep) s.openEpisode(ep.id, index)
        return
      }
      const row = rowOf(index, s.episodes.openGroups)
      if (row.kind === 'group') return toggleGroup(index, row.group)
      const ep = rowAt(s.episodes.openGroups.find((g) => g.taskKey === row.taskKey)?.pages ?? {}, row.child)
      if (ep) s.openEpisode(ep.id, index)
    },
    [store, toggleGroup]
  )

  /** A row's box, or Shift / Ctrl / Cmd + click on the row: picks it (Shift: the range from the last one toggled). */
  const pick = useCallback(
    (index: number, e: MouseEvent): void => {
      const s = store.getState()
      s.setEpisodeActive(index)
      if (e.shiftKey) void s.pickRange(index)
      else s.togglePicked(index)
    },
    [store]
  )

  /** Grouped: → unfolds the highlighted group, ← folds it (from one of its rollouts, goes up to it first). */
  const foldKey = (key: string): number | null => {
    const row = rowOf(activeIndex, openGroups)
    const isOpen = openGroups.some((g) => g.index === row.group)
    if (row.kind === 'episode') return key === 'ArrowLeft' ? groupRowIndex(row.group, openGroups) : null
    if ((key === 'ArrowRight') !== isOpen) toggleGroup(activeIndex, row.group)
    return null
  }

  /**
   * The table's keys move its row cursor, so they belong to the focused table, not the window (the keymap names them
   * and lists them in the sheet).
   */
  const onKeyDown = (e: KeyboardEvent): void => {
    const n = total ?? 0
    if (n === 0) return
    const pageRows = Math.max(
      1,
      Math.floor(((scrollRef.current?.clientHeight ?? 300) - HEADER_HEIGHT) / ROW_HEIGHT) - 1
    )
    const moveTo = (next: number | null): void => {
      if (next === null) return
      const row = Math.max(0, Math.min(n - 1, next))
      store.getState().setEpisodeActive(row)
      virtualizer.scrollToIndex(row, { align: 'auto' })
    }
    const fold = (key: 'ArrowLeft' | 'ArrowRight'): false | void => (grouped ? moveTo(foldKey(key)) : false)
    const label = labelKeyOf(e)
    handleElementKey('episodes-grid', e, {
      down: () => moveTo(activeIndex + 1),
      up: () => moveTo(activeIndex - 1),
      'page-down': () => moveTo(activeIndex + pageRows),
      'page-up': () => moveTo(activeIndex - pageRows),
      first: () => moveTo(0),
      last: () => moveTo(n - 1),
      fold: () => fold('ArrowLeft'),
      unfold: () => fold('ArrowRight'),
      open: () => open(activeIndex),
      // Space picks the highlighted row (instead of scrolling a page)
      pick: () => store.getState().togglePicked(activeIndex),
      'pick-range': () => void store.getState().pickRange(activeIndex),
      // 1–9 label the picked rows (in the viewer they label the open episode)
      label: () => {
        const s = store.getState()
        if (!label) return false
        if (s.picked.ids.length) void s.labelPicked(label.key)
        else s.pushInfo('Pick rows first (their boxes, Space, Shift+click), or open an episode to label it')
      }
    })
  }

  return (
    <div
      className={css.scroll}
      ref={scrollRef}
      tabIndex={0}
      role={grouped ? 'treegrid' : 'grid'}
      aria-label={grouped ? 'Tasks and their rollouts' : 'Episodes'}
      aria-rowcount={total ?? undefined}
      data-grouped={grouped}
      data-testid="episodes-table"
      onKeyDown={onKeyDown}
      onScroll={(e) => {
        lastScrollTop.current = e.currentTarget.scrollTop
      }}
    >
      <div
        className={css.header}
        role="row"
        data-testid="episodes-header"
        style={{ gridTemplateColumns: template, minWidth, height: HEADER_HEIGHT }}
      >
        <PickHeader />
        {cols.map((c) => (
          <SortHeader key={c.id} column={c} />
        ))}
      </div>
      {total === 0 && (
        <div className={css.empty} data-testid="episodes-empty">
          {filterError
            ? 'The filter is not valid (see the message above).'
            : grouped
              ? 'No tasks match.'
              : 'No episodes match.'}
        </div>
      )}
      {total === null && loadError && <div className={css.empty}>{loadError}</div>}
      <div className={css.body} style={{ height: virtualizer.getTotalSize(), minWidth }}>
        {items.map((item) => {
          const top = item.start - HEADER_HEIGHT
          const loading = (
            <LoadingRow
              key={item.index}
              index={item.index}
              style={{ transform: `translateY(${top}px)`, gridTemplateColumns: template, height: ROW_HEIGHT }}
            />
          )
          const episodeRow = (ep: EpisodeSummary, child: boolean): ReactNode => (
            <EpisodeRow
              key={item.index}
              ep={ep}
              index={item.index}
              cols={cols}
              top={top}
              template={template}
              height={ROW_HEIGHT}
              active={item.index === activeIndex}
              picked={picked.has(ep.id)}
              child={child}
              onOpen={open}
              onPick={pick}
            />
          )
          if (grouped) {
            const row = rowOf(item.index, openGroups)
            if (row.kind === 'group') {
              const g = rowAt(groupPages, row.group)
              if (!g) return loading
              return (
                <GroupRow
                  key={item.index}
                  group={g}
                  index={item.index}
                  groupIndex={row.group}
                  open={openGroups.some((o) => o.index === row.group)}
                  active={item.index === activeIndex}
                  top={top}
                  height={ROW_HEIGHT}
                  minWidth={minWidth}
                  onToggle={toggleGroup}
                />
              )
            }
            const child = rowAt(openGroups.find((o) => o.taskKey === row.taskKey)?.pages ?? {}, row.child)
            return child ? episodeRow(child, true) : loading
          }
          const ep = rowAt(pages, item.index)
          return ep ? episodeRow(ep, false) : loading
        })}
      </div>
    </div>
  )
}

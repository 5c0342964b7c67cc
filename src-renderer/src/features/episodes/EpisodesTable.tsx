import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { RunSummary } from '@contract/model'
import { rowAt } from '../../state/page-cache'
import { useApp, useAppStore } from '../../state/store-context'
import { EpisodeRow, LoadingRow } from './EpisodeRow'
import { episodeColumns, gridTemplate, tableWidth } from './episode-columns'
import { SortHeader } from './SortHeader'

/** Fixed row height: the virtualizer needs no measuring, which is what makes 100k+ rows cheap. */
export const ROW_HEIGHT = 26
const HEADER_HEIGHT = 28
/** Scrolling fast past pages must not fetch every page on the way; fetch once the view settles a little. */
const FETCH_DELAY_MS = 60

/** The virtualized episodes table; rows are fetched by page as they scroll into view. */
export function EpisodesTable({ run }: { run: RunSummary }): ReactNode {
  const store = useAppStore()
  const total = useApp((s) => s.episodes.total)
  const pages = useApp((s) => s.episodes.pages)
  const generation = useApp((s) => s.episodes.generation)
  const queryVersion = useApp((s) => s.episodes.queryVersion)
  const activeIndex = useApp((s) => s.episodes.activeIndex)
  const filterError = useApp((s) => s.episodes.filterError)
  const loadError = useApp((s) => s.episodes.error)
  const cols = useMemo(() => episodeColumns(run), [run])
  const template = useMemo(() => gridTemplate(cols), [cols])
  const minWidth = useMemo(() => tableWidth(cols), [cols])

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
    const t = setTimeout(() => void store.getState().ensureEpisodeRange(first, last), FETCH_DELAY_MS)
    return () => clearTimeout(t)
  }, [first, last, generation, store])

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

  const open = useCallback(
    (index: number): void => {
      const ep = rowAt(store.getState().episodes.pages, index)
      if (ep) store.getState().openEpisode(ep.id, index)
    },
    [store]
  )

  const onKeyDown = (e: KeyboardEvent): void => {
    const n = total ?? 0
    if (n === 0) return
    const pageRows = Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 300) - HEADER_HEIGHT) / ROW_HEIGHT) - 1)
    const moves: Record<string, number> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1, PageDown: pageRows, PageUp: -pageRows }
    let next: number | null = null
    if (e.key in moves) next = activeIndex + moves[e.key]
    else if (e.key === 'Home') next = 0
    else if (e.key === 'End') next = n - 1
    else if (e.key === 'Enter') {
      open(activeIndex)
      e.preventDefault()
      return
    }
    if (next === null) return
    e.preventDefault()
    next = Math.max(0, Math.min(n - 1, next))
    store.getState().setEpisodeActive(next)
    virtualizer.scrollToIndex(next, { align: 'auto' })
  }

  return (
    <div
      className="ep-scroll"
      ref={scrollRef}
      tabIndex={0}
      role="grid"
      aria-rowcount={total ?? undefined}
      data-testid="episodes-table"
      onKeyDown={onKeyDown}
      onScroll={(e) => {
        lastScrollTop.current = e.currentTarget.scrollTop
      }}
    >
      <div className="ep-header" role="row" style={{ gridTemplateColumns: template, minWidth, height: HEADER_HEIGHT }}>
        {cols.map((c) => (
          <SortHeader key={c.id} column={c} />
        ))}
      </div>
      {total === 0 && (
        <div className="table-empty" data-testid="episodes-empty">
          {filterError ? 'The filter is not valid (see the message above).' : 'No episodes match.'}
        </div>
      )}
      {total === null && loadError && <div className="table-empty">{loadError}</div>}
      <div className="ep-body" style={{ height: virtualizer.getTotalSize(), minWidth }}>
        {items.map((item) => {
          const ep = rowAt(pages, item.index)
          const top = item.start - HEADER_HEIGHT
          return ep ? (
            <EpisodeRow
              key={item.index}
              ep={ep}
              index={item.index}
              cols={cols}
              top={top}
              template={template}
              height={ROW_HEIGHT}
              active={item.index === activeIndex}
              onOpen={open}
            />
          ) : (
            <LoadingRow
              key={item.index}
              index={item.index}
              style={{ transform: `translateY(${top}px)`, gridTemplateColumns: template, height: ROW_HEIGHT }}
            />
          )
        })}
      </div>
    </div>
  )
}

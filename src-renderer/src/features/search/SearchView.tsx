import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import type { SearchHit, TurnRole } from '@contract/model'
import { fmtCount, fmtInt } from '../../lib/format'
import { shortRunLabels } from '../../lib/run-labels'
import { runNameHints, withNameHint } from '../../lib/run-list'
import { useApp, useAppShallow, useAppStore } from '../../state/store-context'
import { SearchEmpty } from './SearchEmpty'
import { SearchBox } from './SearchBox'
import { SearchFilters } from './SearchFilters'
import { Snippet } from './Snippet'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import css from './SearchView.module.css'
import { readable } from '../../lib/readable'

/** The colour of each role's name. */
const ROLE_CLASS: Record<TurnRole, string> = {
  system: css.roleSystem,
  user: css.roleUser,
  assistant: css.roleAssistant,
  tool: css.roleTool,
  env: css.roleEnv
}

/** Hits of one run, in the order the engine gave them (episode, then turn). */
interface RunGroup {
  runId: string
  runName: string
  hits: SearchHit[]
}

/** What the count counts, under the summary's title: not turns. */
const HIT_MEANING =
  'A hit is one piece of a turn: its text and reasoning (a long text in pieces of about 16,000 characters) or one of its tool calls. A turn can be hit once per matching piece, and all the words must be in one piece.'

/**
 * Groups hits by run, runs in the order of their first hit (index order lists each run's hits together). Hits in
 * best-match order are not grouped: that would put every hit of the first run before a better one of another.
 */
export function groupHits(hits: SearchHit[], order: 'relevance' | 'index'): RunGroup[] {
  if (order === 'relevance') return hits.length ? [{ runId: '', runName: '', hits }] : []
  return groupByRun(hits)
}

/** Groups hits by run, runs in the order of their first hit. */
export function groupByRun(hits: SearchHit[]): RunGroup[] {
  const groups = new Map<string, RunGroup>()
  for (const h of hits) {
    let g = groups.get(h.runId)
    if (!g) groups.set(h.runId, (g = { runId: h.runId, runName: h.runName, hits: [] }))
    g.hits.push(h)
  }
  return [...groups.values()]
}

/** The search screen: filters, then the hits (grouped by run in index order); a click opens the viewer at that turn. Esc goes back. */
export function SearchView(): ReactNode {
  const store = useAppStore()
  const { query, hits, page, loading, error } = useAppShallow((s) => ({
    query: s.search.query,
    hits: s.search.hits,
    page: s.search.page,
    loading: s.search.loading,
    error: s.search.error
  }))
  const cursor = useApp((s) => s.search.cursor)
  // the box lives in the sidebar: while that is hidden, it comes here
  const sidebarHidden = useApp((s) => s.sidebarHidden)
  const atOf = useMemo(() => new Map(hits.map((h, i) => [h, i])), [hits])
  const cursorRef = useRef<HTMLButtonElement>(null)
  // the arrows move the focus with the cursor, so the hit under it shows and Enter / Tab go on from there
  useEffect(() => {
    const el = cursorRef.current
    if (!el || el === document.activeElement) return
    el.focus({ preventScroll: true })
    el.scrollIntoView({ block: 'nearest' })
  }, [cursor, hits])
  const order = page?.order ?? 'index'
  // runs of one name are told apart as in the runs table (their model, folder or file)
  const runs = useApp((s) => s.runs)
  const hints = useMemo(() => runNameHints(runs), [runs])
  const hinted = (id: string, name: string): string => withNameHint(name, hints.get(id))
  // a flat best-match list names each hit's run (without the part every run's name shares)
  const runLabel = useMemo(() => {
    const ids = [...new Set(hits.map((h) => h.runId))]
    const short = shortRunLabels(ids.map((id) => hits.find((h) => h.runId === id)!.runName))
    return new Map(ids.map((id, i) => [id, withNameHint(short[i], hints.get(id))]))
  }, [hits, hints])

  const total = page ? `${fmtInt(page.total)}${page.totalCapped ? '+' : ''}` : ''
  const summary = !query
    ? 'Type in the search box: words (all must match), "exact phrases", prefix*, a OR b, -word to exclude, ( ) groups'
    : loading && !page
      ? 'Searching…'
      : page
        ? `${total} ${page.total === 1 ? 'hit' : 'hits'} for ${page.query}${page.rankWindow ? ` · best of the first ${fmtInt(page.rankWindow)} (narrow the query to rank every match)` : ''}`
        : ''
  return (
    <section className={css.view} data-testid="search-view" aria-label="Search">
      <header className={css.head}>
        <h1 className={css.title}>Search</h1>
        {sidebarHidden && (
          <div className={css.box}>
            <SearchBox bare />
          </div>
        )}
        {/* one line, cut when narrow: the title holds it whole */}
        <span
          className={css.summary}
          title={page ? `${summary}\n${HIT_MEANING}` : summary}
          data-testid="search-summary"
        >
          {summary}
        </span>
        <button
          className={controls.smallBtn}
          data-testid="search-close"
          onClick={() => store.getState().closeSearch()}
          title="Back (Esc)"
        >
          Close
        </button>
      </header>
      <SearchFilters />
      {page && page.pendingSources > 0 && (
        <div className={css.note} data-testid="search-pending">
          The search index is still being built ({fmtCount(page.pendingSources, 'file')} to go): some hits may be
          missing.
        </div>
      )}
      {page && page.unreadable > 0 && (
        <div className={css.note} data-testid="search-unreadable">
          {fmtInt(page.unreadable)} {page.unreadable === 1 ? 'hit' : 'hits'} of this page not shown: the file changed or
          went since it was indexed. Re-index to search it again.
        </div>
      )}
      {error && (
        <div className={css.error} role="alert" data-testid="search-error">
          {error}
        </div>
      )}
      <div className={css.results} data-testid="search-results">
        {hits.length === 0 && !loading && !error && <SearchEmpty />}
        {groupHits(hits, order).map((g) => (
          <section key={g.runId} data-testid="search-group">
            {g.runId && (
              <h2 className={css.groupTitle}>
                {hinted(g.runId, g.runName)} <span className={css.count}>{fmtInt(g.hits.length)}</span>
              </h2>
            )}
            <ul className={css.hits}>
              {g.hits.map((h, i) => (
                <li key={`${h.episodeId}:${h.turn}:${i}`}>
                  <button
                    ref={atOf.get(h) === cursor ? cursorRef : undefined}
                    className={cx(css.hit, atOf.get(h) === cursor && css.cursor)}
                    data-testid="search-hit"
                    aria-current={atOf.get(h) === cursor || undefined}
                    onFocus={() => {
                      const at = atOf.get(h) ?? -1
                      const now = store.getState().search.cursor
                      if (at !== now) store.getState().moveSearchCursor(at - now)
                    }}
                    onClick={() => store.getState().openSearchHit(h)}
                  >
                    <span className={css.where}>
                      {!g.runId && (
                        <span className={css.run} data-testid="search-hit-run" title={hinted(h.runId, h.runName)}>
                          {runLabel.get(h.runId)}
                        </span>
                      )}
                      <span className={css.task} title={readable(h.taskKey)}>
                        {readable(h.taskKey)}
                      </span>
                      {/* a training run holds a task's rollouts at many steps: the step tells them apart */}
                      {h.step !== null && <span data-testid="search-hit-step">step {h.step}</span>}
                      <span>rollout {h.rollout}</span>
                      <span>turn #{h.turn}</span>
                      <span className={cx(css.role, ROLE_CLASS[h.role])} data-testid="search-hit-role">
                        {h.role}
                      </span>
                      {h.toolName && <span className={css.toolName}>{h.toolName}</span>}
                    </span>
                    <Snippet snippet={h.snippet} />
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {page && hits.length < page.total && (
          <button
            className={cx(controls.smallBtn, css.more)}
            data-testid="search-more"
            disabled={loading}
            onClick={() => void store.getState().loadMoreSearch()}
          >
            {loading ? 'Loading…' : `Show more (${fmtInt(hits.length)} of ${total})`}
          </button>
        )}
      </div>
    </section>
  )
}

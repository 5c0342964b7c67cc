import type { ReactNode } from 'react'
import { useApp, useAppShallow, useAppStore } from '../../state/store-context'
import { EXAMPLE_QUERIES, searchIndexStatus } from './search-status'
import css from './SearchEmpty.module.css'

/**
 * The search screen without hits: before a query, what can be searched and how (with queries to try); after one that
 * matched nothing, what to loosen. Both say what the index covers right now.
 */
export function SearchEmpty(): ReactNode {
  const store = useAppStore()
  const { query, filtered } = useAppShallow((s) => ({
    query: s.search.query,
    filtered: s.search.filters.runIds.length > 0 || s.search.filters.role !== null || s.search.filters.tool !== ''
  }))
  const status = useApp((s) => searchIndexStatus(s.runs, s.progress, s.search.page))
  const run = (q: string): void => {
    store.getState().setSearchInput(q)
    void store.getState().runSearch()
  }
  return (
    <div className={css.empty} data-testid="search-empty">
      {query ? (
        <p className={css.lead}>
          No turn matches <strong>{query}</strong>
          {filtered ? ' with these filters: set Runs to all, Role and Tool to any, ' : ': '}
          try fewer words, a prefix (<code>word*</code>) or alternatives (<code>a OR b</code>). All words must be in one
          piece of a turn: its text (a long one in pieces of about 16,000 characters) or one of its tool calls.
        </p>
      ) : (
        <>
          <p className={css.lead}>
            Search every turn of every run: prompts, assistant text, tool calls and tool results. All words must match
            in one piece of a turn (its text, a long one in pieces of about 16,000 characters, or one tool call); a hit
            opens the episode at its turn.
          </p>
          <p className={css.examples}>
            Try{' '}
            {EXAMPLE_QUERIES.map((e) => (
              <button
                key={e.query}
                className={css.example}
                data-testid="search-example"
                title={e.what}
                onClick={() => run(e.query)}
              >
                {e.query}
              </button>
            ))}
          </p>
        </>
      )}
      <p className={css.status} data-testid="search-index-status">
        {status}
      </p>
    </div>
  )
}

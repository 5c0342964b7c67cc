import { useMemo, type ReactNode } from 'react'
import type { SearchOrder, TurnRole } from '@contract/model'
import { useApp, useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import { runNameHints } from '../../lib/run-list'
import { MAX_RUN_CHIPS, RunChoiceText, RunPicker, runChoiceName } from './RunPicker'
import css from './SearchFilters.module.css'

const ROLES: TurnRole[] = ['system', 'user', 'assistant', 'tool', 'env']

/**
 * Filters of the search screen: runs (toggle chips, a picker when there are many; none = all), role, tool name, order.
 * Each change searches again.
 */
export function SearchFilters(): ReactNode {
  const store = useAppStore()
  const filters = useApp((s) => s.search.filters)
  const runs = useApp((s) => s.runs)
  // runs of one name are told apart as in the runs table (their model, folder or file)
  const hints = useMemo(() => runNameHints(runs), [runs])
  const set = store.getState().setSearchFilters
  const toggleRun = (id: string): void =>
    set({ runIds: filters.runIds.includes(id) ? filters.runIds.filter((x) => x !== id) : [...filters.runIds, id] })
  return (
    <div className={css.filters} data-testid="search-filters">
      <div className={css.runs} role="group" aria-label="Runs">
        <span className={css.label}>Runs</span>
        {runs.length > MAX_RUN_CHIPS ? (
          <RunPicker runs={runs} hints={hints} picked={filters.runIds} onChange={(runIds) => set({ runIds })} />
        ) : (
          <>
            <button
              className={cx(css.chip, filters.runIds.length === 0 && css.on)}
              aria-pressed={filters.runIds.length === 0}
              onClick={() => set({ runIds: [] })}
            >
              all
            </button>
            {runs.map((r) => (
              <button
                key={r.id}
                className={cx(css.chip, css.named, filters.runIds.includes(r.id) && css.on)}
                aria-pressed={filters.runIds.includes(r.id)}
                data-testid="search-run-chip"
                title={runChoiceName(r, hints)}
                onClick={() => toggleRun(r.id)}
              >
                <RunChoiceText run={r} hint={hints.get(r.id)} />
              </button>
            ))}
          </>
        )}
      </div>
      <label className={css.label}>
        Role{' '}
        <select
          data-testid="search-role"
          value={filters.role ?? ''}
          onChange={(e) => set({ role: e.target.value === '' ? null : (e.target.value as TurnRole) })}
        >
          <option value="">any</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <label className={css.label}>
        Tool{' '}
        <input
          data-testid="search-tool"
          className={css.tool}
          placeholder="any"
          defaultValue={filters.tool}
          // the box's own Enter applies it: about the focused box, not a shortcut
          onKeyDown={(e) => {
            if (e.key === 'Enter') set({ tool: e.currentTarget.value })
          }}
          onBlur={(e) => {
            if (e.currentTarget.value !== filters.tool) set({ tool: e.currentTarget.value })
          }}
        />
      </label>
      <label
        className={css.label}
        title="Best match: turns where the words are frequent and dense come first. In order: run, episode and turn order."
      >
        Order{' '}
        <select
          data-testid="search-order"
          value={filters.order}
          onChange={(e) => set({ order: e.target.value as SearchOrder })}
        >
          <option value="relevance">best match</option>
          <option value="index">in order</option>
        </select>
      </label>
    </div>
  )
}

import type { ReactNode } from 'react'
import { useApp, useAppStore } from '../../state/store-context'
import type { EpisodeColumn } from './episode-columns'
import { cx } from '../../lib/cx'
import tables from '../../styles/tables.module.css'
import css from './EpisodesTable.module.css'

/** A header cell; sortable columns sort on click (again to flip the direction). */
export function SortHeader({ column }: { column: EpisodeColumn }): ReactNode {
  const store = useAppStore()
  const sort = useApp((s) => s.episodes.query.sort)
  const desc = useApp((s) => s.episodes.query.desc)
  const numeric = column.kind === 'num'
  const cls = cx(css.th, numeric && css.num, column.kind === 'passed' && css.center)
  if (!column.sortKey) {
    return (
      <div className={cls} role="columnheader" title={column.hint}>
        {column.label}
      </div>
    )
  }
  const key = column.sortKey
  const active = sort === key
  return (
    <button
      type="button"
      className={cx(cls, css.sortable, active && css.sorted)}
      role="columnheader"
      aria-sort={active ? (desc ? 'descending' : 'ascending') : 'none'}
      title={`${column.hint} — click to sort`}
      data-testid={`sort-${column.id}`}
      onClick={() => store.getState().setEpisodeSort(key)}
    >
      <span className={css.thLabel}>{column.label}</span>
      {active && <span className={tables.sortArrow}>{desc ? '▼' : '▲'}</span>}
    </button>
  )
}

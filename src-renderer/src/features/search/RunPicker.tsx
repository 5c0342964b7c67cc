import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { RunSummary } from '@contract/model'
import { cx } from '../../lib/cx'
import { fmtInt } from '../../lib/format'
import chips from './SearchFilters.module.css'
import css from './RunPicker.module.css'

/** More runs than this and the search's run filter is a picker instead of a row of chips. */
export const MAX_RUN_CHIPS = 8

/** The runs whose name holds every word of `filter` (case-insensitive), in their order. */
export function filterRuns<R extends Pick<RunSummary, 'name'>>(runs: R[], filter: string): R[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean)
  return runs.filter((r) => words.every((w) => r.name.toLowerCase().includes(w)))
}

/** What the picker's button says: all runs, the one picked, or how many of how many. */
export function pickerLabel(runs: Pick<RunSummary, 'id' | 'name'>[], picked: string[]): string {
  if (picked.length === 0) return `all ${fmtInt(runs.length)} runs`
  if (picked.length === 1) return runs.find((r) => r.id === picked[0])?.name ?? '1 run'
  return `${fmtInt(picked.length)} of ${fmtInt(runs.length)} runs`
}

/**
 * The search's run filter when there are many runs: one button naming what is picked, opening a list to filter by
 * name and tick (Esc or a click outside closes it); the picked runs stay in view as chips that untick on click.
 */
export function RunPicker(props: {
  runs: RunSummary[]
  picked: string[]
  onChange: (runIds: string[]) => void
}): ReactNode {
  const { runs, picked, onChange } = props
  const [open, setOpen] = useState(false)
  const [filter, setFilter] = useState('')
  const root = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    if (!open) return
    const outside = (e: MouseEvent): void => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', outside)
    return () => document.removeEventListener('mousedown', outside)
  }, [open])
  const toggle = (id: string): void => onChange(picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id])
  const shown = filterRuns(runs, filter)

  return (
    <span className={css.picker} ref={root}>
      <button
        className={chips.chip}
        data-testid="search-run-picker"
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {pickerLabel(runs, picked)} ▾
      </button>
      {picked.map((id) => {
        const run = runs.find((r) => r.id === id)
        return run ? (
          <button
            key={id}
            className={cx(chips.chip, chips.on)}
            data-testid="search-run-picked"
            title={`${run.name} (click to drop)`}
            onClick={() => toggle(id)}
          >
            {run.name} ×
          </button>
        ) : null
      })}
      {open && (
        <div
          className={css.panel}
          data-testid="search-run-panel"
          // the panel's own Esc closes it: about the open list, not a shortcut
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation()
              setOpen(false)
            }
          }}
        >
          <div className={css.panelHead}>
            <input
              autoFocus
              className={css.filter}
              data-testid="search-run-filter"
              placeholder={`Filter ${fmtInt(runs.length)} runs by name`}
              aria-label="Filter runs by name"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            <button className={css.all} data-testid="search-run-all" onClick={() => onChange([])}>
              All runs
            </button>
          </div>
          <ul className={css.list} aria-label="Runs">
            {shown.map((r) => (
              <li key={r.id}>
                <label className={css.option} title={r.name}>
                  <input
                    type="checkbox"
                    data-testid="search-run-option"
                    checked={picked.includes(r.id)}
                    onChange={() => toggle(r.id)}
                  />
                  <span className={css.name}>{r.name}</span>
                  <span className={css.episodes}>{fmtInt(r.episodes)} ep</span>
                </label>
              </li>
            ))}
            {shown.length === 0 && <li className={css.none}>No run name holds “{filter}”.</li>}
          </ul>
        </div>
      )}
    </span>
  )
}

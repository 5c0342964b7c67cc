import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { RunSummary } from '@contract/model'
import { cx } from '../../lib/cx'
import { fmtInt } from '../../lib/format'
import { displayName, withNameHint } from '../../lib/run-list'
import chips from './SearchFilters.module.css'
import css from './RunPicker.module.css'

/** More runs than this and the search's run filter is a picker instead of a row of chips. */
export const MAX_RUN_CHIPS = 8

/** A run as the search's run filter names it. */
type NamedRun = Pick<RunSummary, 'id' | 'name' | 'checkpointStep'>

/**
 * A run's name as the runs table shows it (with its checkpoint step), and for a run whose name another shares what
 * tells it apart, from `hints` (runNameHints: its model, folder or file): "popularity 2024-10-15 12:53
 * (…/log_formats.eval)".
 */
export function runChoiceName(run: NamedRun, hints?: ReadonlyMap<string, string>): string {
  return withNameHint(displayName(run), hints?.get(run.id))
}

/**
 * A run's name on a chip of the run filter: the name gives way when the chip is narrow, what tells it from a namesake
 * stays in view (the chip's title holds both whole).
 */
export function RunChoiceText({ run, hint }: { run: NamedRun; hint: string | undefined }): ReactNode {
  return (
    <>
      <span className={chips.runName}>{displayName(run)}</span>
      {hint && <span className={chips.runHint}> ({hint})</span>}
    </>
  )
}

/** The runs whose name (with what tells namesakes apart) holds every word of `filter` (case-insensitive), in order. */
export function filterRuns<R extends NamedRun>(runs: R[], filter: string, hints?: ReadonlyMap<string, string>): R[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean)
  return runs.filter((r) => words.every((w) => runChoiceName(r, hints).toLowerCase().includes(w)))
}

/** What the picker's button says: all runs, the one picked, or how many of how many. */
export function pickerLabel(runs: NamedRun[], picked: string[], hints?: ReadonlyMap<string, string>): string {
  if (picked.length === 0) return `all ${fmtInt(runs.length)} runs`
  if (picked.length === 1) {
    const run = runs.find((r) => r.id === picked[0])
    return run ? runChoiceName(run, hints) : '1 run'
  }
  return `${fmtInt(picked.length)} of ${fmtInt(runs.length)} runs`
}

/**
 * The search's run filter when there are many runs: one button naming what is picked, opening a list to filter by
 * name and tick (Esc or a click outside closes it); the picked runs stay in view as chips that untick on click.
 * Runs of one name carry what tells them apart (`hints`, as the runs table shows it).
 */
export function RunPicker(props: {
  runs: RunSummary[]
  hints: ReadonlyMap<string, string>
  picked: string[]
  onChange: (runIds: string[]) => void
}): ReactNode {
  const { runs, hints, picked, onChange } = props
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
  const shown = filterRuns(runs, filter, hints)
  const label = pickerLabel(runs, picked, hints)

  return (
    <span className={css.picker} ref={root}>
      <button
        className={chips.chip}
        data-testid="search-run-picker"
        aria-haspopup="listbox"
        aria-expanded={open}
        // one run picked: its name, which a long one cuts
        title={picked.length === 1 ? label : undefined}
        onClick={() => setOpen(!open)}
      >
        {label} ▾
      </button>
      {picked.map((id) => {
        const run = runs.find((r) => r.id === id)
        return run ? (
          <button
            key={id}
            className={cx(chips.chip, chips.named, chips.on)}
            data-testid="search-run-picked"
            title={`${runChoiceName(run, hints)} (click to drop)`}
            onClick={() => toggle(id)}
          >
            <RunChoiceText run={run} hint={hints.get(id)} /> ×
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
            {shown.map((r) => {
              const hint = hints.get(r.id)
              return (
                <li key={r.id}>
                  <label className={css.option} title={runChoiceName(r, hints)}>
                    <input
                      type="checkbox"
                      data-testid="search-run-option"
                      checked={picked.includes(r.id)}
                      onChange={() => toggle(r.id)}
                    />
                    <span className={css.name}>{displayName(r)}</span>
                    {hint && (
                      <span className={css.hint} data-testid="search-run-hint">
                        {hint}
                      </span>
                    )}
                    <span className={css.episodes}>{fmtInt(r.episodes)} ep</span>
                  </label>
                </li>
              )
            })}
            {shown.length === 0 && <li className={css.none}>No run name holds “{filter}”.</li>}
          </ul>
        </div>
      )}
    </span>
  )
}

import { useEffect, useState, type MouseEvent, type ReactNode } from 'react'
import { fmtInt } from '../../lib/format'
import { useApp, useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import css from './EpisodesTable.module.css'
import toolbar from './EpisodesToolbar.module.css'
import txt from '../../styles/text.module.css'

/** Width of the pick column, px. */
export const PICK_WIDTH = 28

/** A row's pick box: a click picks or unpicks the row, Shift+click the range from the last row toggled. */
export function PickBox({ picked, onPick }: { picked: boolean; onPick(e: MouseEvent): void }): ReactNode {
  return (
    <div className={cx(css.td, css.pick)} role="gridcell" data-pick>
      <input
        type="checkbox"
        checked={picked}
        aria-label="Pick this row"
        data-testid="pick-row"
        tabIndex={-1}
        // the row's own click opens the episode: the box only picks
        onClick={(e) => {
          e.stopPropagation()
          onPick(e)
        }}
        // the box never takes the focus (Space on a focused box would toggle twice: natively and as the table's key);
        // the table keeps it, so Space, 1–9 and j / k go on working after a click
        onMouseDown={(e) => {
          e.preventDefault()
          e.currentTarget.closest<HTMLElement>('[role="grid"], [role="treegrid"]')?.focus({ preventScroll: true })
        }}
        onChange={() => undefined}
      />
    </div>
  )
}

/**
 * The pick column's header box. With 100k rows, "select all" would only be the filtered view, which Export… already
 * exports without a selection: so the header box shows whether rows are picked and clears them.
 */
export function PickHeader(): ReactNode {
  const store = useAppStore()
  const n = useApp((s) => s.picked.ids.length)
  return (
    <div className={cx(css.th, css.pick)} role="columnheader" data-pick>
      <input
        type="checkbox"
        checked={n > 0}
        disabled={n === 0}
        aria-label={n ? `Clear the ${fmtInt(n)} picked rows` : 'No rows picked'}
        title={
          n
            ? `Clear the ${fmtInt(n)} picked rows`
            : 'Pick rows with their boxes, Space, or Shift+click for a range; then Export… or 1–9 to label them'
        }
        data-testid="pick-header"
        onChange={() => store.getState().clearPicked()}
      />
    </div>
  )
}

/** Toolbar: "N selected · Clear" while rows are picked (kept across filter changes, so the count says what Export… takes). */
export function PickedCount(): ReactNode {
  const store = useAppStore()
  const ids = useApp((s) => s.picked.ids)
  const text = useApp((s) => s.episodes.query.text)
  const filter = useApp((s) => s.episodes.query.filter)
  // picked rows the filter or search hides stay picked: say how many, so the count matches what Export… takes
  const [hidden, setHidden] = useState(0)
  useEffect(() => {
    let live = true
    void store
      .getState()
      .countHiddenPicks()
      .then((h) => live && setHidden(h ?? 0))
    return () => {
      live = false
    }
  }, [store, ids, text, filter])
  const n = ids.length
  if (!n) return null
  return (
    <span className={toolbar.pickedCount} data-testid="picked-count">
      {fmtInt(n)} selected
      {hidden > 0 && (
        <span
          className={txt.hint}
          data-testid="picked-hidden"
          title="Picked before the filter or search changed: still picked, and exported with the others"
        >
          {' '}
          ({fmtInt(hidden)} not shown)
        </span>
      )}{' '}
      ·
      <button
        type="button"
        className={controls.linkBtn}
        data-testid="picked-clear"
        onClick={() => store.getState().clearPicked()}
      >
        Clear
      </button>
    </span>
  )
}

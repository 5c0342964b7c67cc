import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import type { RunSummary } from '@contract/model'
import { prefsFor } from '../../state/episode-prefs'
import { useApp, useAppStore } from '../../state/store-context'
import type { EpisodeColumn, EpisodeColumnSource } from './episode-columns'
import { useEpisodeColumns } from './use-episode-columns'
import txt from '../../styles/text.module.css'
import css from './ColumnChooser.module.css'

const SECTIONS: [EpisodeColumnSource, string][] = [
  ['fixed', 'Episode'],
  ['metric', 'Metrics'],
  ['info', 'Info fields']
]
/** With more columns than this, the list gets a search box (runs can carry dozens of metrics). */
const SEARCH_FROM = 14
/** Below the button when this much room is left there, else above it. */
const MIN_ROOM_PX = 260

/**
 * Where the panel goes: fixed to the viewport next to the button, so no scrolling container clips it (the table
 * sits low in the window when the runs pane is tall), opening upwards when the room below is short.
 */
function panelPlacement(button: HTMLElement): CSSProperties {
  const r = button.getBoundingClientRect()
  const right = Math.max(8, window.innerWidth - r.right)
  const below = window.innerHeight - r.bottom - 12
  if (below >= MIN_ROOM_PX || below >= r.top) return { top: r.bottom + 4, right, maxHeight: Math.min(560, below) }
  return { bottom: window.innerHeight - r.top + 4, right, maxHeight: Math.min(560, r.top - 12) }
}

/** The "Columns" button and its checklist of every column the run offers; choices persist per run format. */
export function ColumnChooser({ run }: { run: RunSummary }): ReactNode {
  const store = useAppStore()
  const { all, shown } = useEpisodeColumns(run)
  const customized = useApp((s) => Object.keys(prefsFor(s.episodePrefs, run.format).columns).length > 0)
  const [placement, setPlacement] = useState<CSSProperties | null>(null)
  const open = placement !== null
  const [search, setSearch] = useState('')
  const boxRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const firstBoxRef = useRef<HTMLInputElement>(null)
  const panelId = useId()

  // Closes on a click anywhere else, like a menu, and when the window resizes (the placement would be stale).
  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent): void => {
      if (!boxRef.current?.contains(e.target as Node)) setPlacement(null)
    }
    const onResize = (): void => setPlacement(null)
    window.addEventListener('mousedown', onDown)
    window.addEventListener('resize', onResize)
    return () => {
      window.removeEventListener('mousedown', onDown)
      window.removeEventListener('resize', onResize)
    }
  }, [open])

  // Keyboard users land in the panel; focusing must not scroll the panes behind it.
  useEffect(() => {
    if (open) (searchRef.current ?? firstBoxRef.current)?.focus({ preventScroll: true })
  }, [open])

  const shownIds = new Set(shown.map((c) => c.id))
  const needle = search.trim().toLowerCase()
  const matches = (c: EpisodeColumn): boolean =>
    !needle || c.label.toLowerCase().includes(needle) || c.id.toLowerCase().includes(needle)
  const toggle = (c: EpisodeColumn, on: boolean): void =>
    store.getState().setColumnShown(run.format, c.id, on, c.shownByDefault)
  const close = (): void => {
    setPlacement(null)
    buttonRef.current?.focus()
  }

  return (
    <div className={css.chooser} ref={boxRef}>
      <button
        ref={buttonRef}
        type="button"
        data-testid="columns-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title="Choose the columns of the table (kept for every run of this format)"
        onClick={(e) => setPlacement(open ? null : panelPlacement(e.currentTarget))}
      >
        Columns <span className={txt.mutedText}>{`${shown.length}/${all.length}`}</span>
      </button>
      {open && (
        <div
          id={panelId}
          className={css.panel}
          role="dialog"
          aria-label="Columns"
          data-testid="columns-panel"
          style={placement}
          // Esc closes the focused panel, and only it: a key of the panel, not a shortcut
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation()
              close()
            }
          }}
        >
          <div className={css.head}>
            <span>
              Columns for <b>{run.format}</b> runs
            </span>
            <button
              type="button"
              className={css.linkButton}
              data-testid="columns-reset"
              disabled={!customized}
              title="Back to the default columns"
              onClick={() => store.getState().resetColumns(run.format)}
            >
              Reset
            </button>
          </div>
          {all.length > SEARCH_FROM && (
            <input
              ref={searchRef}
              className={css.search}
              type="search"
              placeholder="Find a column…"
              value={search}
              spellCheck={false}
              data-testid="columns-search"
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
          <div className={css.list}>
            {SECTIONS.map(([source, title], sectionIndex) => {
              const cols = all.filter((c) => c.source === source && matches(c))
              if (cols.length === 0) return null
              return (
                <fieldset key={source} className={css.section}>
                  <legend>{title}</legend>
                  {cols.map((c, i) => {
                    const on = shownIds.has(c.id)
                    // The last shown column stays: a table without columns cannot be used to get one back.
                    const last = on && shown.length === 1
                    return (
                      <label key={c.id} className={css.item} title={c.hint}>
                        <input
                          ref={sectionIndex === 0 && i === 0 ? firstBoxRef : undefined}
                          type="checkbox"
                          checked={on}
                          disabled={last}
                          data-testid={`column-toggle-${c.id}`}
                          onChange={(e) => toggle(c, e.target.checked)}
                        />
                        <span className={source === 'fixed' ? undefined : txt.mono}>
                          {c.label === '#' ? '# (position)' : c.label}
                        </span>
                      </label>
                    )
                  })}
                </fieldset>
              )
            })}
          </div>
        </div>
      )}
    </div>
  )
}

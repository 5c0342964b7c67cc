import type { ReactNode } from 'react'
import { keyLabelsOf } from '../../keymap/binding'
import { TOGGLE_SIDEBAR } from '../../keymap/bindings/reading'
import { useApp, useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import css from './SidebarToggle.module.css'

/** The button that hides the workspace sidebar (in its header) or shows it again (on the rail left in its place). */
export function SidebarToggle(): ReactNode {
  const store = useAppStore()
  const hidden = useApp((s) => s.sidebarHidden)
  const key = keyLabelsOf(TOGGLE_SIDEBAR).join(' ')
  return (
    <button
      type="button"
      className={cx(controls.iconBtn, css.toggle)}
      data-testid="sidebar-toggle"
      aria-expanded={!hidden}
      aria-label={hidden ? 'Show the workspace sidebar' : 'Hide the workspace sidebar'}
      title={`${hidden ? 'Show' : 'Hide'} the workspace sidebar (${key})`}
      onClick={() => store.getState().toggleSidebar()}
    >
      {hidden ? '»' : '«'}
    </button>
  )
}

/** What stays of a hidden sidebar: a thin rail with the way back and the search. */
export function SidebarRail(): ReactNode {
  const store = useAppStore()
  return (
    <nav className={css.rail} data-testid="sidebar-rail" aria-label="Workspace (hidden)">
      <SidebarToggle />
      <button
        type="button"
        className={cx(controls.iconBtn, css.toggle)}
        aria-label="Search every turn"
        title="Search every turn (Ctrl+K)"
        onClick={() => store.getState().openSearch()}
      >
        ⌕
      </button>
    </nav>
  )
}

import { useEffect, type ReactNode } from 'react'
import { keyLabelsOf } from '../../keymap/binding'
import { SEARCH_ANYWHERE } from '../../keymap/bindings/global'
import { keyField } from '../../keymap/focus-field'
import { useApp, useAppStore } from '../../state/store-context'
import sidebar from '../workspace/Sidebar.module.css'
import controls from '../../styles/controls.module.css'

/** Typing pauses this long before the search runs by itself (Enter runs it at once). */
const TYPE_DEBOUNCE_MS = 300

/**
 * The search box in the sidebar (`bare`: in the search screen's head while the sidebar is hidden). Ctrl/Cmd+K focuses it from anywhere, `/` where the view has no box of its own (the
 * keymap's bindings/global.ts). Typing shows the search screen, ↓ goes on to the hits, Esc goes back.
 */
export function SearchBox({ bare }: { bare?: boolean } = {}): ReactNode {
  const store = useAppStore()
  const input = useApp((s) => s.search.input)
  const query = useApp((s) => s.search.query)

  useEffect(() => {
    if (input.trim() === query) return
    const t = setTimeout(() => void store.getState().runSearch(), TYPE_DEBOUNCE_MS)
    return () => clearTimeout(t)
  }, [input, query, store])

  return (
    <section className={bare ? undefined : sidebar.section}>
      <input
        {...keyField('search')}
        type="search"
        className={controls.searchInput}
        data-testid="search-input"
        placeholder={`Search every turn  (${keyLabelsOf(SEARCH_ANYWHERE).join(' ')})`}
        aria-label="Search every turn of every run"
        value={input}
        onFocus={() => store.getState().search.query && store.getState().openSearch()}
        onChange={(e) => {
          store.getState().setSearchInput(e.target.value)
          if (e.target.value.trim()) store.getState().openSearch()
        }}
        // the box's own Enter (search now) and Esc (leave the box too): about the focused box, not the window
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            store.getState().openSearch()
            void store.getState().runSearch()
          } else if (e.key === 'ArrowDown' && store.getState().search.hits.length > 0) {
            // on to the hits: the arrows and Enter go on there (the keymap's search bindings)
            e.preventDefault()
            e.currentTarget.blur()
            store.getState().openSearch()
            store.getState().moveSearchCursor(1)
          } else if (e.key === 'Escape') {
            e.preventDefault()
            store.getState().closeSearch()
            e.currentTarget.blur()
          }
        }}
      />
    </section>
  )
}

import { useEffect, useRef, type ReactNode } from 'react'
import { isTypingTarget } from '../../lib/keys'
import { useApp, useAppStore } from '../../state/store-context'
import './search.css'

/** Typing pauses this long before the search runs by itself (Enter runs it at once). */
const TYPE_DEBOUNCE_MS = 300

/**
 * The search box in the sidebar. Ctrl/Cmd+K focuses it from anywhere; `/` too when neither an episode (where `/` is
 * find in the episode) nor a run's episodes table (where `/` is its filter box) has it. Typing shows the search
 * screen, Esc goes back.
 */
export function SearchBox(): ReactNode {
  const store = useAppStore()
  const input = useApp((s) => s.search.input)
  const query = useApp((s) => s.search.query)
  const ref = useRef<HTMLInputElement>(null)

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented) return
      const s = store.getState()
      const ctrlK = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k'
      // `/` is find in an open episode, and the episodes table's own filter box when a run's table shows
      const tableShown = s.selectedRunId !== null && s.compare === null && s.series === null && !s.search.open
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTypingTarget(e.target) && s.openEpisodeId === null && !tableShown
      if (!ctrlK && !slash) return
      e.preventDefault()
      s.openSearch()
      ref.current?.focus()
      ref.current?.select()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [store])

  useEffect(() => {
    if (input.trim() === query) return
    const t = setTimeout(() => void store.getState().runSearch(), TYPE_DEBOUNCE_MS)
    return () => clearTimeout(t)
  }, [input, query, store])

  return (
    <section className="side-section search-box">
      <input
        ref={ref}
        type="search"
        className="search-input"
        data-testid="search-input"
        placeholder="Search every turn  (Ctrl+K)"
        aria-label="Search every turn of every run"
        value={input}
        onFocus={() => store.getState().search.query && store.getState().openSearch()}
        onChange={(e) => {
          store.getState().setSearchInput(e.target.value)
          if (e.target.value.trim()) store.getState().openSearch()
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            store.getState().openSearch()
            void store.getState().runSearch()
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

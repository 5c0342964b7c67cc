import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { RunSummary } from '@contract/model'
import { fmtInt } from '../../lib/format'
import { isTypingTarget } from '../../lib/keys'
import { useApp, useAppShallow, useAppStore } from '../../state/store-context'

const TEXT_DEBOUNCE_MS = 250

/** Free-text search, filter expression (applied on Enter) and the row count. */
export function EpisodesToolbar({ run }: { run: RunSummary }): ReactNode {
  const store = useAppStore()
  const total = useApp((s) => s.episodes.total)
  const loading = useApp((s) => s.episodes.loadingKeys.length > 0)
  const { text: appliedText, filter: appliedFilter } = useAppShallow((s) => ({
    text: s.episodes.query.text,
    filter: s.episodes.query.filter
  }))
  const filterError = useApp((s) => s.episodes.filterError)
  const [text, setText] = useState(appliedText)
  const [filter, setFilter] = useState(appliedFilter)
  const searchRef = useRef<HTMLInputElement>(null)

  // "/" jumps to the search box, as in most list tools.
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return
      e.preventDefault()
      searchRef.current?.focus()
      searchRef.current?.select()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  useEffect(() => {
    if (text === appliedText) return
    const t = setTimeout(() => store.getState().setEpisodeText(text), TEXT_DEBOUNCE_MS)
    return () => clearTimeout(t)
  }, [text, appliedText, store])

  const applyFilter = (): void => store.getState().setEpisodeFilter(filter)
  const filtered = appliedText.trim() !== '' || appliedFilter.trim() !== ''
  const pending = filter !== appliedFilter

  return (
    <div className="toolbar">
      <input
        ref={searchRef}
        className="search-input"
        type="search"
        data-testid="episode-text-filter"
        placeholder="Search task, preview, answer…  ( / )"
        value={text}
        spellCheck={false}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && store.getState().setEpisodeText(text)}
      />
      <div className="filter-box">
        <input
          className={`mono filter-input ${filterError ? 'invalid' : ''}`}
          data-testid="episode-filter"
          placeholder='Filter, e.g. reward < 0.5 and info.difficulty == "hard"'
          value={filter}
          spellCheck={false}
          aria-invalid={!!filterError}
          aria-describedby={filterError ? 'filter-error' : undefined}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') applyFilter()
            if (e.key === 'Escape') setFilter(appliedFilter)
          }}
          onBlur={applyFilter}
        />
        {pending && !filterError && <span className="filter-pending">↵ to apply</span>}
        {filterError && (
          <div id="filter-error" className="field-error filter-error" data-testid="filter-error" role="alert">
            {filterError}
          </div>
        )}
      </div>
      <span className="row-count" data-testid="episode-count">
        {loading && <span className="spinner" aria-label="loading" />}
        {filterError
          ? 'invalid filter'
          : `${total === null ? '…' : filtered ? `${fmtInt(total)} of ${fmtInt(run.episodes)}` : fmtInt(total)} ${
              (filtered ? run.episodes : total) === 1 ? 'episode' : 'episodes'
            }`}
      </span>
    </div>
  )
}

import { useEffect, useState, type ReactNode } from 'react'
import type { RunSummary } from '@contract/model'
import { fmtInt } from '../../lib/format'
import { keyLabelsOf } from '../../keymap/binding'
import { TABLE_TEXT } from '../../keymap/bindings/screens'
import { keyField } from '../../keymap/focus-field'
import { isGroupedView } from '../../state/episodes-slice'
import { useApp, useAppShallow, useAppStore } from '../../state/store-context'
import { ColumnChooser } from './ColumnChooser'
import { ExportSelect } from './ExportSelect'
import { PickedCount } from './PickBox'
import { TriageControls } from '../labels/TriageControls'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import txt from '../../styles/text.module.css'
import css from './EpisodesToolbar.module.css'

const TEXT_DEBOUNCE_MS = 250

/** What the count says: episodes, or tasks when grouped ("12 of 40 tasks" once filtered). */
function countText(n: number | null, of: number, filtered: boolean, noun: [string, string]): string {
  const shown = n === null ? '…' : filtered ? `${fmtInt(n)} of ${fmtInt(of)}` : fmtInt(n)
  return `${shown} ${(filtered ? of : n) === 1 ? noun[0] : noun[1]}`
}

/** Free-text search, filter expression (applied on Enter), the column chooser, grouping by task and the row count. */
export function EpisodesToolbar({ run }: { run: RunSummary }): ReactNode {
  const store = useAppStore()
  const total = useApp((s) => s.episodes.total)
  const groupTotal = useApp((s) => s.episodes.groupTotal)
  const grouped = useApp(isGroupedView)
  const loading = useApp((s) => s.episodes.loadingKeys.length > 0)
  const { text: appliedText, filter: appliedFilter } = useAppShallow((s) => ({
    text: s.episodes.query.text,
    filter: s.episodes.query.filter
  }))
  const filterError = useApp((s) => s.episodes.filterError)
  // a table of several runs lists flat: task groups belong to one run
  const severalRuns = useApp((s) => s.episodes.alsoRunIds.length > 0)
  const [text, setText] = useState(appliedText)
  const [filter, setFilter] = useState(appliedFilter)
  // the filter and the text may be set from elsewhere (a label filter, a saved view): show what is applied (the
  // text is applied only once the box is still, so this never takes back what is being typed)
  useEffect(() => setFilter(appliedFilter), [appliedFilter])
  useEffect(() => setText(appliedText), [appliedText])

  useEffect(() => {
    if (text === appliedText) return
    const t = setTimeout(() => store.getState().setEpisodeText(text), TEXT_DEBOUNCE_MS)
    return () => clearTimeout(t)
  }, [text, appliedText, store])

  const applyFilter = (): void => store.getState().setEpisodeFilter(filter)
  const filtered = appliedText.trim() !== '' || appliedFilter.trim() !== ''
  const pending = filter !== appliedFilter

  return (
    <div className={css.toolbar}>
      {/* `/` jumps here, as in most list tools (the keymap's TABLE_TEXT) */}
      <input
        {...keyField('episode-text')}
        className={controls.searchInput}
        type="search"
        data-testid="episode-text-filter"
        placeholder={`Search task, preview, answer…  ( ${keyLabelsOf(TABLE_TEXT).join(' ')} )`}
        value={text}
        spellCheck={false}
        onChange={(e) => setText(e.target.value)}
        // the box's own Enter searches at once: about the focused box, not a shortcut
        onKeyDown={(e) => e.key === 'Enter' && store.getState().setEpisodeText(text)}
      />
      <div className={css.filterBox}>
        <input
          className={cx(txt.mono, css.filterInput, !!filterError && controls.invalid)}
          data-testid="episode-filter"
          placeholder='Filter, e.g. reward < 0.5 and info.difficulty == "hard"'
          value={filter}
          spellCheck={false}
          aria-invalid={!!filterError}
          aria-describedby={filterError ? 'filter-error' : undefined}
          onChange={(e) => setFilter(e.target.value)}
          // the box's own Enter (apply) and Esc (revert): about the focused box, not shortcuts
          onKeyDown={(e) => {
            if (e.key === 'Enter') applyFilter()
            if (e.key === 'Escape') setFilter(appliedFilter)
          }}
          onBlur={applyFilter}
        />
        {pending && !filterError && <span className={css.filterPending}>↵ to apply</span>}
        {filterError && (
          <div
            id="filter-error"
            className={cx(txt.fieldError, css.filterError)}
            data-testid="filter-error"
            role="alert"
          >
            {filterError}
          </div>
        )}
      </div>
      <ColumnChooser run={run} />
      <TriageControls run={run} />
      <PickedCount />
      <ExportSelect run={run} />
      {!severalRuns && (
        <label
          className={css.groupToggle}
          title={
            'One row per task, its rollouts folded beneath (kept for every run of this format). The filter picks the ' +
            'rollouts; a sorted column orders the tasks by its mean (# by first rollout, Flags by rollouts not ok).'
          }
        >
          <input
            type="checkbox"
            checked={grouped}
            data-testid="group-by-task"
            onChange={(e) => store.getState().setGroupByTask(run.format, e.target.checked)}
          />
          Group by task
        </label>
      )}
      <span className={css.rowCount} data-testid="episode-count">
        {loading && <span className={controls.spinner} aria-label="loading" />}
        {filterError
          ? 'invalid filter'
          : grouped
            ? countText(groupTotal, run.tasks, filtered, ['task', 'tasks'])
            : countText(total, run.episodes, filtered, ['episode', 'episodes'])}
      </span>
    </div>
  )
}

import { useMemo, useRef, useState, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { SourceStatus } from '@contract/model'
import { Badge } from '../../components/Badge'
import { baseName, fmtBytes, fmtInt } from '../../lib/format'
import { sourceStateHint, sourceStateLabel, sourceStateTone } from '../../lib/tones'
import { useApp } from '../../state/store-context'
import { distinguishingFolders, stateCounts, visibleSources } from './source-stats'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import txt from '../../styles/text.module.css'
import { MeasuredRows } from '../../components/MeasuredRows'
import sidebar from './Sidebar.module.css'
import css from './SourcesList.module.css'
import { readable } from '../../lib/readable'

/** Per-file index status: collapsible, virtualized (a workspace can hold thousands of files). */
export function SourcesList(): ReactNode {
  const sources = useApp((s) => s.workspace?.sources)
  const [open, setOpen] = useState(true)
  const [problemsOnly, setProblemsOnly] = useState(false)
  const all = sources ?? []
  const counts = useMemo(() => stateCounts(all), [all])
  const list = useMemo(() => visibleSources(all, problemsOnly), [all, problemsOnly])
  const folders = useMemo(() => distinguishingFolders(all.map((s) => s.path)), [all])
  const shared = useMemo(() => sharedNames(all), [all])
  if (all.length === 0) return null
  return (
    <section className={cx(sidebar.section, css.sources, open && css.open)}>
      <div className={css.head}>
        <button
          className={controls.disclosure}
          data-testid="sources-toggle"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <span className={controls.chevron} aria-hidden>
            {open ? '▾' : '▸'}
          </span>
          Files ({fmtInt(all.length)})
        </button>
        <label
          className={controls.check}
          title="Show only files that failed, were skipped as unknown, or have warnings"
        >
          <input type="checkbox" checked={problemsOnly} onChange={(e) => setProblemsOnly(e.target.checked)} />
          problems
        </label>
      </div>
      <div className={css.stateCounts} data-testid="state-counts">
        {counts.map(([state, n]) => (
          <Badge key={state} tone={sourceStateTone(state)} title={sourceStateHint(state)}>
            {sourceStateLabel(state)} {fmtInt(n)}
          </Badge>
        ))}
      </div>
      {open && <SourceRows list={list} folders={folders} shared={shared} />}
    </section>
  )
}

/** The file names more than one file of the workspace has (`results.jsonl`). */
function sharedNames(sources: SourceStatus[]): Set<string> {
  const seen = new Set<string>()
  const shared = new Set<string>()
  for (const s of sources) {
    const name = baseName(s.path)
    if (seen.has(name)) shared.add(name)
    seen.add(name)
  }
  return shared
}

function SourceRows({
  list,
  folders,
  shared
}: {
  list: SourceStatus[]
  folders: Map<string, string>
  shared: ReadonlySet<string>
}): ReactNode {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: list.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 44,
    overscan: 8,
    getItemKey: (i) => list[i].path
  })
  if (list.length === 0) return <p className={txt.hint}>No files with problems.</p>
  return (
    // focusable (with a name) so that the list scrolls from the keyboard: its rows hold nothing to tab to
    <div
      className={css.scroll}
      ref={scrollRef}
      data-testid="sources-list"
      tabIndex={0}
      role="region"
      aria-label="Files"
    >
      <MeasuredRows virtualizer={virtualizer}>
        {(i) => (
          <SourceRow
            source={list[i]}
            folder={folders.get(list[i].path) ?? ''}
            shared={shared.has(baseName(list[i].path))}
          />
        )}
      </MeasuredRows>
    </div>
  )
}

/**
 * One file: its name, the folders that tell it apart from files of the same name (distinguishingFolders: on a line
 * of their own then, so they are never cut), else its parent folder beside it; its state and figures.
 */
function SourceRow({ source, folder, shared }: { source: SourceStatus; folder: string; shared: boolean }): ReactNode {
  const long = shared
  const [showWarnings, setShowWarnings] = useState(false)
  return (
    <div className={css.source} data-testid="source-row" data-state={source.state}>
      <div className={css.line}>
        <span className={cx(css.name, txt.mono)} title={readable(source.path)}>
          {readable(baseName(source.path))}
        </span>
        <span className={css.dir} title={readable(source.path)} data-testid="source-folder">
          {long ? '' : readable(folder)}
        </span>
        <Badge tone={sourceStateTone(source.state)} title={sourceStateHint(source.state)} testId="source-state">
          {sourceStateLabel(source.state)}
        </Badge>
      </div>
      {long && (
        <div className={css.folderLine} title={readable(source.path)} data-testid="source-folders">
          {readable(folder)}
        </div>
      )}
      {/* a place the walk could not go (a link, a folder) has no format, episodes or size to show */}
      <div className={css.meta} title={readable(source.path)}>
        {source.walkProblem
          ? 'nothing read'
          : `${source.format} · ${fmtInt(source.episodes)} ep · ${fmtBytes(source.size)}`}
        {source.warnings.length > 0 && (
          <>
            {' · '}
            {/* a button, not a tooltip: the lines and reasons are read by keyboard and touch too */}
            <button
              type="button"
              className={css.warningsToggle}
              aria-expanded={showWarnings}
              data-testid="source-warnings-toggle"
              onClick={() => setShowWarnings(!showWarnings)}
            >
              ⚠ {source.warnings.length} warning{source.warnings.length > 1 ? 's' : ''}
            </button>
          </>
        )}
      </div>
      {showWarnings && (
        <ul className={css.warnings} data-testid="source-warnings">
          {source.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}
      {source.error && (
        <div className={css.error} data-testid="source-error">
          {source.error}
        </div>
      )}
    </div>
  )
}

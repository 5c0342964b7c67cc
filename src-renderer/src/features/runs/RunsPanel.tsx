import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react'
import type { RunSummary } from '@contract/model'
import { handleElementKey } from '../../keymap/element-keys'
import { fmtInt } from '../../lib/format'
import { filterRuns, groupRuns, runNameHints, type RunGrouping } from '../../lib/run-list'
import { runProblems } from '../../lib/run-facts'
import { isIndexing } from '../../state/progress'
import { tableRuns } from '../../state/selection-slice'
import { useApp, useAppShallow, useAppStore } from '../../state/store-context'
import { ChoiceSelect } from '../../components/ChoiceSelect'
import { CompareBar } from './CompareBar'
import { RunsEmpty } from './RunsEmpty'
import { nextRunSort, RUN_COLUMNS, sortRuns, type RunSort } from './runs-columns'
import { cx } from '../../lib/cx'
import panels from '../../styles/panels.module.css'
import side from '../../styles/side-tag.module.css'
import tables from '../../styles/tables.module.css'
import txt from '../../styles/text.module.css'
import css from './RunsPanel.module.css'
import { readable } from '../../lib/readable'

/** The runs table: one row per run with its summary metrics; clicking a row shows its episodes. */
export function RunsPanel(): ReactNode {
  const runs = useApp((s) => s.runs)
  const loaded = useApp((s) => s.runsLoaded)
  // every run of the episodes table is marked (a table may list several)
  const tableRunIds = useAppShallow(tableRuns)
  const picks = useApp((s) => s.comparePicks)
  const indexing = useApp((s) => isIndexing(s.progress))
  const waiting = useApp((s) => s.progress?.state === 'waiting')
  const store = useAppStore()
  const [sort, setSort] = useState<RunSort>(null)
  const query = useApp((s) => s.runsQuery)
  const grouping = useApp((s) => s.runsGrouping)
  const hints = useMemo(() => runNameHints(runs), [runs])
  const groups = useMemo(
    () => groupRuns(sortRuns(filterRuns(runs, query), sort), grouping),
    [runs, query, sort, grouping]
  )
  // the rows in the order shown (group after group): what the arrow keys walk
  const sorted = useMemo(() => groups.flatMap((g) => g.runs), [groups])
  // one tab stop for the table (the arrows walk the rows, Space ticks one): the run shown, else the first row
  const tabStop = Math.max(
    0,
    sorted.findIndex((r) => tableRunIds.includes(r.id))
  )

  if (!loaded) return <div className={panels.placeholder}>Loading runs…</div>
  if (runs.length === 0) return <RunsEmpty indexing={indexing} />

  // a row's keys move the keyboard focus from row to row: they belong to the focused row (the keymap lists them)
  const onKeyDown = (e: KeyboardEvent, i: number): void => {
    const select = (j: number): void => {
      const run = sorted[j]
      if (!run) return
      store.getState().selectRun(run.id)
      // the first pick splits the window (runs over episodes), which mounts the table anew: focus the row once drawn
      const focus = (): void => document.querySelector<HTMLElement>(`[data-run-id="${CSS.escape(run.id)}"]`)?.focus()
      focus()
      requestAnimationFrame(focus)
    }
    handleElementKey('runs-row', e, {
      next: () => select(i + 1),
      previous: () => select(i - 1),
      open: () => select(i),
      pick: () => (sorted[i] ? store.getState().toggleComparePick(sorted[i].id) : false)
    })
  }

  return (
    <section className={css.panel} data-testid="runs-panel">
      <div className={css.head}>
        <h2 className={css.title}>
          Runs <span className={txt.count}>{fmtInt(runs.length)}</span>
        </h2>
        {indexing && (
          <span className={txt.hint}>
            {waiting ? 'waiting for another process indexing this database' : 'indexing — runs update as files finish'}
          </span>
        )}
        <RunsFinder shown={sorted.length} total={runs.length} />
        <CompareBar runs={runs} />
      </div>
      <div className={css.scroll}>
        <table className={css.table} data-testid="runs-table">
          <thead>
            <tr>
              <th
                className={css.pickCol}
                title="Tick runs to compare (Space on a row): the first is A, the base (the baseline of three or more)"
              >
                compare
              </th>
              {RUN_COLUMNS.map((c) => (
                <th
                  key={c.id}
                  className={cx(c.numeric && css.num, c.id === 'name' && css.colName)}
                  title={c.hint}
                  aria-sort={sort?.key === c.id ? (sort.desc ? 'descending' : 'ascending') : undefined}
                  onClick={() => setSort(nextRunSort(sort, c.id))}
                  data-testid={`runs-sort-${c.id}`}
                >
                  {c.label}
                  {sort?.key === c.id && <span className={tables.sortArrow}>{sort.desc ? '▼' : '▲'}</span>}
                </th>
              ))}
              <th
                className={css.warnCol}
                title="Warnings noticed while indexing, and producer headlines that differ from Rollscope’s"
              >
                ⚠
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <RunGroupRows
                key={g.key}
                grouping={grouping}
                groupKey={g.key}
                count={g.runs.length}
                rows={g.runs.map((run) => {
                  const i = sorted.indexOf(run)
                  return (
                    <RunRow
                      key={run.id}
                      run={run}
                      hint={hints.get(run.id)}
                      index={i}
                      tabStop={i === tabStop}
                      selected={tableRunIds.includes(run.id)}
                      pick={picks.indexOf(run.id)}
                      onSelect={() => store.getState().selectRun(run.id)}
                      onKeyDown={(e) => onKeyDown(e, i)}
                    />
                  )
                })}
              />
            ))}
          </tbody>
        </table>
        {sorted.length === 0 && (
          <p className={cx(txt.hint, css.noMatch)} data-testid="runs-no-match">
            No run matches “{query}”.
          </p>
        )}
      </div>
    </section>
  )
}

const GROUPINGS: { id: RunGrouping; label: string }[] = [
  { id: 'none', label: 'no grouping' },
  { id: 'env', label: 'by env' },
  { id: 'model', label: 'by model' },
  { id: 'folder', label: 'by folder' }
]

/** Search box and grouping of the runs table (both kept in the store). */
function RunsFinder({ shown, total }: { shown: number; total: number }): ReactNode {
  const store = useAppStore()
  const query = useApp((s) => s.runsQuery)
  const grouping = useApp((s) => s.runsGrouping)
  return (
    <span className={css.finder}>
      <input
        type="search"
        className={css.search}
        placeholder="Find runs (name, model, env, folder)"
        value={query}
        onChange={(e) => store.getState().setRunsQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && query) {
            e.stopPropagation()
            store.getState().setRunsQuery('')
          }
        }}
        aria-label="Find runs by name, model, env or folder"
        data-testid="runs-search"
      />
      {query && (
        <span className={txt.hint} data-testid="runs-shown">
          {fmtInt(shown)} of {fmtInt(total)}
        </span>
      )}
      <ChoiceSelect
        value={grouping}
        choices={GROUPINGS}
        onChange={(g) => store.getState().setRunsGrouping(g)}
        ariaLabel="Group runs"
        testId="runs-group"
      />
    </span>
  )
}

/** A group's heading row (when grouped) and its runs. */
function RunGroupRows(p: { grouping: RunGrouping; groupKey: string; count: number; rows: ReactNode[] }): ReactNode {
  if (p.grouping === 'none') return <>{p.rows}</>
  const none = { env: 'no env', model: 'no model', folder: 'no folder', none: '' }[p.grouping]
  return (
    <>
      <tr className={css.groupRow} data-testid="runs-group-row" data-group={p.groupKey}>
        <th colSpan={RUN_COLUMNS.length + 2} title={p.groupKey || none}>
          <span className={css.groupName}>{p.groupKey || none}</span>{' '}
          <span className={txt.count}>{fmtInt(p.count)}</span>
        </th>
      </tr>
      {p.rows}
    </>
  )
}

interface RunRowProps {
  run: RunSummary
  /** What tells this run apart from others of the same name (its model or folder); none when the name is unique. */
  hint: string | undefined
  index: number
  /** The row Tab reaches: the table is one stop, its rows walked by the arrows. */
  tabStop: boolean
  selected: boolean
  /** Position among the runs ticked for comparison, -1 when not ticked. */
  pick: number
  onSelect(): void
  onKeyDown(e: KeyboardEvent): void
}

function RunRow({ run, hint, index, tabStop, selected, pick, onSelect, onKeyDown }: RunRowProps): ReactNode {
  const store = useAppStore()
  // indexing warnings and producer headlines that disagree with Rollscope's figures
  const problems = runProblems(run)
  return (
    <tr
      className={selected ? css.selected : undefined}
      aria-selected={selected}
      tabIndex={tabStop ? 0 : -1}
      data-testid="run-row"
      data-run-id={run.id}
      data-run-row={index}
      onClick={onSelect}
      onKeyDown={onKeyDown}
    >
      <td className={css.pickCol} onClick={(e) => e.stopPropagation()}>
        <label className={css.pickLabel} title={pick === -1 ? 'Tick to compare' : `Picked as ${pickName(pick)}`}>
          <input
            type="checkbox"
            checked={pick !== -1}
            onChange={() => store.getState().toggleComparePick(run.id)}
            // no tab stop of its own: Space on the row ticks it (a stop per box doubled the table's stops)
            tabIndex={-1}
            aria-label={`Compare ${run.name}`}
            data-testid="run-pick"
          />
          {pick !== -1 && <span className={side.tag}>{pickName(pick)}</span>}
        </label>
      </td>
      {RUN_COLUMNS.map((c) =>
        c.id === 'name' ? (
          <td key={c.id} className={css.colName} title={readable(c.title?.(run) ?? '')} data-testid="run-col-name">
            <div className={css.nameBox}>
              <span className={css.nameText}>{readable(c.text(run))}</span>
              {hint && (
                <span className={css.nameHint} data-testid="run-name-hint">
                  {hint}
                </span>
              )}
            </div>
          </td>
        ) : (
          <td
            key={c.id}
            className={cx(c.numeric && css.num, COL_CLASS[c.id])}
            title={readable(c.title?.(run) ?? c.text(run))}
            data-testid={`run-col-${c.id}`}
          >
            {readable(c.text(run))}
          </td>
        )
      )}
      <td className={css.warnCol}>
        {problems.length > 0 && (
          <span
            className={css.warnIcon}
            title={problems.join('\n')}
            data-testid="run-warnings"
            aria-label={problems.join('; ')}
          >
            ⚠{problems.length > 1 ? problems.length : ''}
          </span>
        )}
      </td>
    </tr>
  )
}

/** Columns with a look of their own (the mean reward; the model and env, cut to a width). */
const COL_CLASS: Partial<Record<string, string>> = { reward: css.colReward, model: css.colLabel, env: css.colLabel }

/** A, B, then 3, 4… for the runs of a series. */
function pickName(i: number): string {
  return i === 0 ? 'A' : i === 1 ? 'B' : String(i + 1)
}

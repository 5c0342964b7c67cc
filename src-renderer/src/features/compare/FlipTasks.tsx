import { useMemo, useState, type ReactNode } from 'react'
import type { CompareReport, TaskFlipRow } from '@contract/compare'
import { fmtDelta, fmtValue } from '@contract/display'
import { fmtInt } from '../../lib/format'
import {
  DEFAULT_TASK_SORT,
  failureText,
  filterTaskRows,
  nextTaskSort,
  passCount,
  sortTaskRows,
  type TaskRowFilter,
  type TaskRowSort,
  type TaskRowSortKey
} from '../../lib/task-rows-view'
import { useApp, useAppStore } from '../../state/store-context'
import { ChoiceSelect } from '../../components/ChoiceSelect'
import { cx } from '../../lib/cx'
import { FLIP_CELLS } from './FlipTable'
import analysis from '../../styles/analysis.module.css'
import tables from '../../styles/tables.module.css'
import txt from '../../styles/text.module.css'
import verdict from '../../styles/verdict-colours.module.css'
import css from './FlipTasks.module.css'
import { readable } from '../../lib/readable'
import { ScrollX } from '../../components/ScrollX'

const FILTERS: { id: TaskRowFilter; label: string }[] = [
  { id: 'changed', label: 'broken and fixed' },
  { id: 'broken', label: 'broken' },
  { id: 'fixed', label: 'fixed' },
  { id: 'bothFail', label: 'still fail' },
  { id: 'bothPass', label: 'still pass' },
  { id: 'undecided', label: 'without a verdict' },
  { id: 'all', label: 'all shared tasks' }
]

/** Rows drawn at first; "show more" adds as many. */
const PAGE = 200

/**
 * The shared tasks one row each (the engine's CompareReport.taskRows): both runs' pass counts and mean rewards, the
 * change, the task's category and why the failing side failed (the harness or the model), most regressed first.
 * The flip cells above pick which rows show; a task opens A and B side by side, with these rows for [ ] / n p.
 */
export function FlipTasks({ report }: { report: CompareReport }): ReactNode {
  const store = useAppStore()
  const filter = useApp((s) => s.flipCell) ?? 'changed'
  const [sort, setSort] = useState<TaskRowSort>(DEFAULT_TASK_SORT)
  const [field, setField] = useState<string | null>(report.categoryFields[0] ?? null)
  const [shown, setShown] = useState(PAGE)
  const category = field !== null && report.categoryFields.includes(field) ? field : null
  const rows = useMemo(
    () => sortTaskRows(filterTaskRows(report.taskRows, filter), sort, category),
    [report.taskRows, filter, sort, category]
  )
  const keys = useMemo(() => rows.map((r) => r.taskKey), [rows])
  const harness = useMemo(() => rows.filter((r) => r.failure === 'harness' || r.failure === 'mixed').length, [rows])

  const head = (key: TaskRowSortKey, label: ReactNode, hint: string, num = false): ReactNode => (
    <th
      className={cx(num && tables.num, css.sortable)}
      title={hint}
      aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : undefined}
      onClick={() => setSort(nextTaskSort(sort, key))}
      data-testid={`flip-sort-${key}`}
    >
      {label}
      {sort.key === key && <span className={tables.sortArrow}>{sort.desc ? '▼' : '▲'}</span>}
    </th>
  )

  return (
    <section className={cx(analysis.section, verdict.palette)} data-testid="flip-task-list">
      <div className={analysis.sectionHead}>
        <h3>Tasks</h3>
        <label className={txt.hint}>
          show{' '}
          <ChoiceSelect
            value={filter}
            choices={FILTERS}
            onChange={(f) => {
              store.getState().setFlipCell(f === 'changed' ? null : f)
              setShown(PAGE)
            }}
            testId="flip-task-filter"
          />
        </label>
        <span className={txt.hint} data-testid="flip-task-count">
          {fmtInt(rows.length)} tasks
          {harness > 0 && ` · ${fmtInt(harness)} failed by the harness`}
          {sort.key === 'regression' &&
            (sort.desc ? ' · most improved first' : ' · most regressed first (pass change, then reward change)')}
        </span>
        {sort.key !== 'regression' && (
          <button className={css.linkButton} onClick={() => setSort(DEFAULT_TASK_SORT)} data-testid="flip-sort-reset">
            most regressed first
          </button>
        )}
      </div>
      <ScrollX label="Tasks">
        <table className={cx(tables.table, css.table)} data-testid="flip-task-table">
          <thead>
            <tr>
              {head('task', 'Task', 'Task key; ▼ broken, ▲ fixed, × still fail, = still pass')}
              {category !== null && (
                <th
                  className={css.sortable}
                  aria-sort={sort.key === 'category' ? (sort.desc ? 'descending' : 'ascending') : undefined}
                >
                  {report.categoryFields.length > 1 ? (
                    <select
                      value={category}
                      onChange={(e) => setField(e.target.value)}
                      aria-label="Category field"
                      data-testid="flip-task-category-field"
                    >
                      {report.categoryFields.map((f) => (
                        <option key={f}>{f}</option>
                      ))}
                    </select>
                  ) : (
                    category
                  )}
                  <button
                    className={css.sortButton}
                    onClick={() => setSort(nextTaskSort(sort, 'category'))}
                    title={`Sort by ${category}`}
                    data-testid="flip-sort-category"
                  >
                    {sort.key === 'category' ? (sort.desc ? '▼' : '▲') : '↕'}
                  </button>
                </th>
              )}
              {head('a', 'A pass', 'Rollouts of A that passed / rollouts with a verdict', true)}
              <th aria-hidden />
              {head('b', 'B pass', 'Rollouts of B that passed / rollouts with a verdict', true)}
              <th className={tables.num} title="Mean reward of the task's rollouts in A">
                A reward
              </th>
              <th className={tables.num} title="Mean reward of the task's rollouts in B">
                B reward
              </th>
              {head('rewardDelta', 'Δ reward', 'B − A mean reward of the task', true)}
              {head(
                'failure',
                'Why it failed',
                'harness: the harness failed the rollouts (no result recorded: a parse error, a test timeout; or an error status); model: scored, and short of a pass. B’s rollouts for a broken or failing task, A’s for a fixed one'
              )}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shown).map((r) => (
              <TaskRowView key={r.taskKey} row={r} category={category} keys={keys} />
            ))}
          </tbody>
        </table>
      </ScrollX>
      {rows.length === 0 && <p className={txt.hint}>No task here.</p>}
      {rows.length > shown && (
        <button className={css.more} onClick={() => setShown(shown + PAGE)} data-testid="flip-task-more">
          show {fmtInt(Math.min(PAGE, rows.length - shown))} more of {fmtInt(rows.length - shown)}
        </button>
      )}
      {report.taskRowsLeftOut > 0 && (
        <p className={txt.hint} data-testid="flip-task-left-out">
          {fmtInt(report.taskRowsLeftOut)} tasks that kept their verdict are not listed (the report lists every fixed
          and broken task and at most {fmtInt(report.taskRows.length)} in all); the counts above include them.
        </p>
      )}
    </section>
  )
}

function TaskRowView({
  row,
  category,
  keys
}: {
  row: TaskFlipRow
  category: string | null
  keys: string[]
}): ReactNode {
  const store = useAppStore()
  const cell = row.cell === 'undecided' ? null : FLIP_CELLS[row.cell]
  const tone = row.cell === 'broken' ? css.worse : row.cell === 'fixed' ? css.better : undefined
  const d = row.rewardDelta
  return (
    <tr data-testid="flip-task-row" data-task={row.taskKey} data-cell={row.cell} className={tone}>
      <td className={css.taskCell}>
        <span className={css.sign} title={cell?.label ?? 'no verdict in one run'} aria-label={cell?.label}>
          {cell?.sign ?? '?'}
        </span>
        <button
          className={analysis.taskButton}
          onClick={() => store.getState().openCompareTask(row.taskKey, keys)}
          data-testid="compare-task-link"
          title={`Open ${readable(row.taskKey)} for A and B side by side`}
        >
          {readable(row.taskKey)}
        </button>
      </td>
      {category !== null && <td className={txt.mutedText}>{readable(row.categories[category] ?? '–')}</td>}
      <td className={tables.num} data-testid="flip-task-a">
        {passCount(row.a)}
      </td>
      <td className={txt.mutedText} aria-hidden>
        →
      </td>
      <td className={tables.num} data-testid="flip-task-b">
        {passCount(row.b)}
      </td>
      <td className={tables.num}>{fmtValue('reward', row.a.meanReward)}</td>
      <td className={tables.num}>{fmtValue('reward', row.b.meanReward)}</td>
      <td className={cx(tables.num, d !== null && d < 0 && css.worseText, d !== null && d > 0 && css.betterText)}>
        <span data-testid="flip-task-delta">{fmtDelta('reward', d)}</span>
        <span className={css.deltaSign} aria-hidden>
          {d === null || d === 0 ? '' : d < 0 ? '▼' : '▲'}
        </span>
      </td>
      <td>
        {row.failure && (
          <span
            className={cx(css.failure, row.failure === 'model' ? css.model : css.harness)}
            data-testid="flip-task-failure"
            data-failure={row.failure}
            title={failureTitle(row)}
          >
            {/* whose rollouts: the failing side's (A's for a fixed task, B's for a broken or still failing one) */}
            {row.cell === 'fixed' ? 'A: ' : 'B: '}
            {failureText(row)}
          </span>
        )}
      </td>
    </tr>
  )
}

function failureTitle(row: TaskFlipRow): string {
  const side = row.cell === 'fixed' ? 'A' : 'B'
  const s = row.cell === 'fixed' ? row.a : row.b
  return `${side}: ${s.harnessFailures} rollouts failed by the harness (no result recorded, or an error), ${s.modelFailures} scored as failed`
}

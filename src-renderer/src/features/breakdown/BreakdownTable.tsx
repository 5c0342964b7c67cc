import { useMemo, type ReactNode } from 'react'
import { breakdownMetricNames, type BreakdownRow, type RunBreakdown } from '@contract/breakdown'
import { fmtFraction, fmtMeanStd, fmtPercent, fmtValue } from '@contract/display'
import {
  breakdownFilter,
  nextBreakdownSort,
  rowLabel,
  sortBreakdownRows,
  type BreakdownSort,
  type BreakdownSortKey
} from '../../lib/breakdown-view'
import { fmtInt } from '../../lib/format'
import { useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import tables from '../../styles/tables.module.css'
import txt from '../../styles/text.module.css'
import css from './BreakdownTable.module.css'
import { ScrollX } from '../../components/ScrollX'

/** Metric columns shown at most (the rows carry the mean of every per-episode metric). */
const MAX_METRICS = 6

/**
 * One row per value (or combination of values), best first (or by the column clicked: the most failures first, say,
 * for triage): episodes, tasks, mean reward (σ), passed / decided
 * ("expert: 2/3"), pass and perfect rates, failures, mean steps, and the run's own metrics. A row opens its episodes.
 */
export function BreakdownTable({
  report,
  sort,
  onSort
}: {
  report: RunBreakdown
  sort: BreakdownSort
  onSort: (sort: BreakdownSort) => void
}): ReactNode {
  const store = useAppStore()
  const metrics = useMemo(() => breakdownMetricNames(report).slice(0, MAX_METRICS), [report])
  const open = (r: BreakdownRow): void =>
    store.getState().openRunEpisodes(report.runId, breakdownFilter(report.fields, r.values))
  const rows = useMemo(() => sortBreakdownRows(report.rows, sort), [report.rows, sort])
  const head = (key: BreakdownSortKey, label: ReactNode, hint: string, num = true, extra?: string): ReactNode => (
    <th
      key={key}
      className={cx(num && tables.num, extra)}
      aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
    >
      <button
        type="button"
        className={css.sortButton}
        title={`${hint} — click to sort`}
        onClick={() => onSort(nextBreakdownSort(sort, key))}
        data-testid={`breakdown-sort-${key}`}
      >
        {label}
        {sort.key === key && <span className={tables.sortArrow}>{sort.desc ? '▼' : '▲'}</span>}
      </button>
    </th>
  )
  return (
    <ScrollX label="Breakdown">
      <table className={tables.table} data-testid="breakdown-table">
        <thead>
          <tr>
            {head('value', report.fields.join(' × '), 'The value (values) of the field(s); A to Z', false)}
            {head('episodes', 'episodes', 'Episodes with this value')}
            {head('tasks', 'tasks', 'Distinct tasks among them')}
            {head('meanReward', 'mean reward (σ)', "Mean reward (population σ) over the row's rewarded episodes")}
            {head('passed', 'passed', 'Episodes passed / episodes with a verdict')}
            {head('passRate', 'pass', 'Share of the episodes with a verdict that passed')}
            {head('perfectRate', 'perfect', 'Share of rewarded episodes with reward = 1')}
            {head('failed', 'failed', 'Episodes with a verdict that failed')}
            {head('meanSteps', 'steps', 'Mean agent actions per episode')}
            {metrics.map((m) => head(`metric:${m}`, m, `Mean of metric ${m}`, true, css.metricCol))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.values.join('\u0000')}
              className={tables.clickRow}
              tabIndex={0}
              onClick={() => open(r)}
              // Enter on the focused row opens it, as a click does: the row's own key
              onKeyDown={(e) => e.key === 'Enter' && open(r)}
              title="Open these episodes"
              data-testid="breakdown-row"
              data-values={r.values.join(' × ')}
            >
              <td className={css.value}>{rowLabel(r)}</td>
              <td className={tables.num}>{fmtInt(r.episodes)}</td>
              <td className={tables.num}>{fmtInt(r.tasks)}</td>
              <td className={tables.num}>{fmtMeanStd('reward', r.meanReward, r.rewardStd)}</td>
              <td className={tables.num} data-testid="breakdown-passed">
                {fmtFraction(r.passed, r.decided)}
              </td>
              <td className={tables.num}>{fmtPercent(r.passRate)}</td>
              <td className={tables.num}>{fmtPercent(r.perfectRate)}</td>
              <td className={cx(tables.num, r.failed > 0 && txt.badText)}>{fmtInt(r.failed)}</td>
              <td className={tables.num}>{fmtValue('steps', r.meanSteps)}</td>
              {metrics.map((m) => (
                <td key={m} className={tables.num}>
                  {fmtValue('plain', r.metrics?.[m])}
                </td>
              ))}
            </tr>
          ))}
          <TotalRow row={report.total} metrics={metrics} />
        </tbody>
      </table>
    </ScrollX>
  )
}

function TotalRow({ row, metrics }: { row: BreakdownRow; metrics: string[] }): ReactNode {
  return (
    <tr className={tables.totalRow} data-testid="breakdown-total-row">
      <td>all episodes</td>
      <td className={tables.num}>{fmtInt(row.episodes)}</td>
      <td className={tables.num}>{fmtInt(row.tasks)}</td>
      <td className={tables.num}>{fmtMeanStd('reward', row.meanReward, row.rewardStd)}</td>
      <td className={tables.num}>{fmtFraction(row.passed, row.decided)}</td>
      <td className={tables.num}>{fmtPercent(row.passRate)}</td>
      <td className={tables.num}>{fmtPercent(row.perfectRate)}</td>
      <td className={tables.num}>{fmtInt(row.failed)}</td>
      <td className={tables.num}>{fmtValue('steps', row.meanSteps)}</td>
      {metrics.map((m) => (
        <td key={m} className={tables.num}>
          {fmtValue('plain', row.metrics?.[m])}
        </td>
      ))}
    </tr>
  )
}

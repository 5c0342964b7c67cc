import { useCallback, useMemo, useState, type ReactNode } from 'react'
import type uPlot from 'uplot'
import type { SeriesReport } from '@contract/compare'
import { fmtValue } from '@contract/display'
import { EnvRefusal } from '../../components/EnvRefusal'
import { NotComparable } from '../../components/NotComparable'
import { TaskHistoryTable } from './TaskHistoryTable'
import { fmtInt } from '../../lib/format'
import { learnedForgotten } from '../../lib/curve-data'
import { shortRunLabels } from '../../lib/run-labels'
import { unitOfKey } from '../../lib/metric-unit'
import { useApp, useAppStore } from '../../state/store-context'
import { themedAxis, UPlotChart, type ChartTheme } from './charts/UPlotChart'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import tables from '../../styles/tables.module.css'
import txt from '../../styles/text.module.css'
import crumbs from '../../styles/crumbs.module.css'
import panels from '../../styles/panels.module.css'

/** A checkpoint series: every metric by step (chart for the chosen one, table for all), and per task when it flipped. */
export function SeriesView(): ReactNode {
  const store = useAppStore()
  const series = useApp((s) => s.series)
  if (!series) return null
  return (
    <div className={analysis.screen} data-testid="series-view">
      <div className={crumbs.crumbs}>
        <button className={crumbs.back} onClick={() => store.getState().closeCompare()} data-testid="compare-back">
          ← Runs
        </button>
        <span className={crumbs.crumb}>
          Checkpoint series of <b>{fmtInt(series.runIds.length)} runs</b>
        </span>
      </div>
      <div className={analysis.scroll}>
        {series.refused && (
          <EnvRefusal
            reason={series.refused}
            onAnyway={() => store.getState().seriesAnyway()}
            onBack={() => store.getState().closeCompare()}
          />
        )}
        {series.error && <div className={analysis.error}>Could not build the series: {series.error}</div>}
        {series.loading && <div className={panels.placeholder}>Computing the metrics of every checkpoint…</div>}
        {series.report?.envMismatch && <NotComparable envs={series.report.envMismatch.envs} />}
        {series.report && <SeriesBody report={series.report} />}
      </div>
    </div>
  )
}

function SeriesBody({ report }: { report: SeriesReport }): ReactNode {
  // tables keep the series order (the tasks' verdicts follow it); the chart needs ascending steps
  const points = report.points
  const byStep = useMemo(() => [...points].sort((a, b) => a.step - b.step), [points])
  const metrics = points[0]?.metrics ?? []
  const [metricKey, setMetricKey] = useState(metrics[0]?.key ?? '')
  const value = (p: (typeof points)[number], key: string): number | null =>
    p.metrics.find((m) => m.key === key)?.value ?? null
  const data = useMemo<uPlot.AlignedData>(
    () => [byStep.map((p) => p.step), byStep.map((p) => value(p, metricKey))],
    [byStep, metricKey]
  )
  const label = metrics.find((m) => m.key === metricKey)?.label ?? metricKey
  const heads = useMemo(() => pointHeads(report), [report])
  const options = useCallback(
    (t: ChartTheme): Omit<uPlot.Options, 'width' | 'height'> => {
      // runs without a checkpoint step sit at 0, 1, 2… in the order ticked: the axis names them
      const byOrder = report.axis === 'order'
      const tick = (v: number): string => (!Number.isInteger(v) ? '' : byOrder ? `#${v + 1}` : fmtInt(v))
      return {
        scales: { x: { time: false } },
        axes: [
          themedAxis(t, {
            label: byOrder ? 'run, in the order ticked (#1, #2… as in the table)' : 'step',
            values: (_u, splits) => splits.map(tick)
          }),
          themedAxis(t, { size: 52, values: (_u, splits) => splits.map((v) => fmtValue(unitOfKey(metricKey), v)) })
        ],
        legend: { live: false },
        series: [{ label: byOrder ? 'run' : 'step' }, { label, stroke: t.b, width: 2, points: { size: 6 } }]
      }
    },
    [label, report.axis, metricKey]
  )
  // one task, one count, as the training curve counts: learned (ends passing after failing before) or forgotten
  // (ends failing after passing before)
  const { learned, forgotten } = learnedForgotten(report)
  return (
    <>
      {report.warnings.length > 0 && (
        <ul className={analysis.warnings}>
          {report.warnings.map((w) => (
            <li key={w.code + w.message}>⚠ {w.message}</li>
          ))}
        </ul>
      )}
      <p className={analysis.shared} data-testid="series-basis">
        Each column is over its whole checkpoint (every episode counted once; a training step: its whole batch).{' '}
        <b>{fmtInt(report.sharedTasks)} tasks</b> are at two or more checkpoints: the flips below follow them.
      </p>
      <section className={analysis.section}>
        <div className={analysis.sectionHead}>
          <h3>{report.axis === 'order' ? 'By run' : 'By step'}</h3>
          <select
            value={metricKey}
            onChange={(e) => setMetricKey(e.target.value)}
            aria-label="Metric charted"
            data-testid="series-metric"
          >
            {metrics.map((m) => (
              <option key={m.key} value={m.key}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        <UPlotChart
          options={options}
          data={data}
          height={240}
          label={`${label} by checkpoint step`}
          testId="chart-series"
        />
        <table className={tables.table} data-testid="series-table">
          <thead>
            <tr>
              <th>Metric</th>
              {points.map((p, i) => (
                <th
                  key={`${p.runId}@${p.step}`}
                  className={cx(tables.num, tables.seriesHead)}
                  title={p.name}
                  data-testid="series-head"
                >
                  {heads[i].name}
                  {heads[i].step && <div className={txt.hint}>{heads[i].step}</div>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {metrics.map((m) => (
              <tr key={m.key} data-testid="series-row" data-key={m.key}>
                <td>{m.label}</td>
                {points.map((p) => (
                  <td key={`${p.runId}@${p.step}`} className={tables.num} data-testid="series-cell">
                    {fmtValue(unitOfKey(m.key), value(p, m.key))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className={analysis.section} data-testid="series-flips">
        <h3>
          Flips along the series: {fmtInt(learned)} learned, {fmtInt(forgotten)} forgotten
        </h3>
        <TaskHistoryTable
          steps={points.map((p) => p.step)}
          axis={report.axis}
          tasks={report.tasks}
          rowTestId="series-task"
        />
      </section>
    </>
  )
}

/**
 * What heads each point's column: the run's short name and its step; the steps of one training run are "@step"
 * alone (the run is named above); runs without a checkpoint step have their place in the order, as the chart's axis.
 */
function pointHeads(report: SeriesReport): { name: string; step: string | null }[] {
  const { points, axis } = report
  if (points.length > 0 && points.every((p) => p.runId === points[0].runId))
    return points.map((p) => ({ name: `@${fmtInt(p.step)}`, step: null }))
  const names = shortRunLabels(points.map((p) => p.name))
  return points.map((p, i) => ({ name: names[i], step: axis === 'step' ? `@${fmtInt(p.step)}` : `#${i + 1}` }))
}

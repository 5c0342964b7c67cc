import { useCallback, useMemo, type ReactNode } from 'react'
import type uPlot from 'uplot'
import type { RunBreakdown } from '@contract/breakdown'
import { fmtValue } from '@contract/display'
import { chartRows, rowScore, sortBreakdownRows, type BreakdownSort } from '../../lib/breakdown-view'
import { barPaths, categoryAxis, pctTicks, withAlpha } from '../compare/charts/chart-helpers'
import { themedAxis, UPlotChart, type ChartTheme } from '../compare/charts/UPlotChart'
import { scoreUnit } from './score-unit'
import txt from '../../styles/text.module.css'
import { readable } from '../../lib/readable'

/**
 * One bar per value of the field, in the table's order (ranked best first, or as a column sorts it: the first bar is
 * the table's first row):
 * the mean reward, and beside it the pass rate, both on a [0, 1] scale when the rewards are; the pass rate alone for
 * runs without rewards.
 */
export function BreakdownChart({ report, sort }: { report: RunBreakdown; sort: BreakdownSort }): ReactNode {
  const rows = useMemo(() => sortBreakdownRows(chartRows(report), sort), [report, sort])
  const unit = scoreUnit(report)
  const withPass = unit === 'reward' && rows.some((r) => r.passRate !== null)
  const unitRange = rows.every((r) => r.meanReward === null || (r.meanReward >= 0 && r.meanReward <= 1))
  const labels = useMemo(() => rows.map((r) => readable(r.values[0])), [rows])
  const data = useMemo<uPlot.AlignedData>(
    () => [
      rows.map((_, i) => i),
      rows.map((r) => rowScore(r, report.score)),
      ...(withPass ? [rows.map((r) => r.passRate)] : [])
    ],
    [rows, report.score, withPass]
  )
  const options = useCallback(
    (t: ChartTheme): Omit<uPlot.Options, 'width' | 'height'> => ({
      scales: {
        x: { time: false, range: [-0.5, rows.length - 0.5] },
        y:
          unit === 'rate' || unitRange
            ? { range: [0, 1] }
            : { range: (_u, min, max) => [Math.min(0, min), max * 1.1 || 1] }
      },
      axes: [
        themedAxis(t, { ...categoryAxis(labels), grid: { show: false } }),
        themedAxis(t, {
          size: 48,
          values: unit === 'rate' ? pctTicks : (_u, splits) => splits.map((v) => fmtValue('reward', v))
        })
      ],
      legend: { show: withPass, live: false },
      cursor: { show: false },
      series: [
        { label: report.fields[0] },
        {
          label: unit === 'rate' ? 'pass rate' : 'mean reward',
          stroke: t.accent,
          fill: withAlpha(t.accent, 0.55),
          width: 1,
          paths: barPaths(withPass ? 0.36 : 0.6, withPass ? -1 : 0),
          points: { show: false }
        },
        ...(withPass
          ? [
              {
                label: 'pass rate',
                stroke: t.good,
                fill: withAlpha(t.good, 0.5),
                width: 1,
                paths: barPaths(0.36, 1),
                points: { show: false }
              }
            ]
          : [])
      ]
    }),
    [rows.length, labels, unit, unitRange, withPass, report.fields]
  )
  if (rows.length === 0) return <p className={txt.hint}>Nothing to draw.</p>
  return (
    <UPlotChart
      options={options}
      data={data}
      height={220}
      label={`${unit === 'rate' ? 'Pass rate' : 'Mean reward and pass rate'} by ${report.fields[0]}`}
      testId="chart-breakdown"
    />
  )
}

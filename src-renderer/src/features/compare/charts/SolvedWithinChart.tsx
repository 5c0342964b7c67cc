import { useCallback, useMemo, type ReactNode } from 'react'
import type uPlot from 'uplot'
import type { SolvedWithin } from '@contract/compare'
import { fmtValue } from '@contract/display'
import { pctTicks } from './chart-helpers'
import { themedAxis, UPlotChart, type ChartTheme } from './UPlotChart'
import { cx } from '../../../lib/cx'
import analysis from '../../../styles/analysis.module.css'
import tables from '../../../styles/tables.module.css'
import txt from '../../../styles/text.module.css'

const MARKS = [5, 10, 15, 20]

/** RR@k: the share of episodes solved within k steps (agent actions), a curve for each run, and its value at 5 / 10 / 15 / 20. */
export function SolvedWithinChart({ rows }: { rows: SolvedWithin[] }): ReactNode {
  const sorted = useMemo(() => [...rows].sort((x, y) => x.k - y.k), [rows])
  const data = useMemo<uPlot.AlignedData>(
    () => [sorted.map((r) => r.k), sorted.map((r) => r.a), sorted.map((r) => r.b)],
    [sorted]
  )
  const options = useCallback(
    (t: ChartTheme): Omit<uPlot.Options, 'width' | 'height'> => ({
      scales: { x: { time: false }, y: { range: [0, 1] } },
      axes: [themedAxis(t, { label: 'steps (k)' }), themedAxis(t, { values: pctTicks, size: 56 })],
      legend: { live: false },
      series: [
        { label: 'k' },
        { label: 'A', stroke: t.a, width: 2, points: { size: 5 } },
        { label: 'B', stroke: t.b, width: 2, points: { size: 5 } }
      ]
    }),
    []
  )
  if (sorted.length === 0) return <p className={txt.hint}>No episode has a step count and a verdict.</p>
  const at = MARKS.map((k) => sorted.find((r) => r.k === k)).filter((r) => r !== undefined)
  return (
    <>
      <UPlotChart
        options={options}
        data={data}
        height={200}
        label="Share of episodes solved within k steps, A and B"
        testId="chart-rrk"
      />
      {at.length > 0 && (
        <table className={cx(tables.table, analysis.compact)} data-testid="compare-rrk">
          <thead>
            <tr>
              <th>RR@k</th>
              {at.map((r) => (
                <th key={r.k} className={tables.num}>
                  {r.k}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(['a', 'b'] as const).map((side) => (
              <tr key={side}>
                <td>{side.toUpperCase()}</td>
                {at.map((r) => (
                  <td key={r.k} className={tables.num}>
                    {fmtValue('rate', r[side])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}

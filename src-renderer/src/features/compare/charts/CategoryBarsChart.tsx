import { useCallback, useMemo, type ReactNode } from 'react'
import type uPlot from 'uplot'
import type { CategoryRow } from '@contract/compare'
import { barPaths, categoryAxis, withAlpha } from './chart-helpers'
import { themedAxis, UPlotChart, type ChartTheme } from './UPlotChart'
import { readable } from '../../../lib/readable'

/**
 * Per category, the change B − A as a bar (improvements and regressions in their own colours) with its 95% CI as a
 * whisker, drawn by a draw hook over the bars.
 */
export function CategoryBarsChart({ rows, field }: { rows: CategoryRow[]; field: string }): ReactNode {
  const labels = useMemo(() => rows.map((r) => readable(r.value)), [rows])
  const data = useMemo<uPlot.AlignedData>(
    () => [
      rows.map((_, i) => i),
      rows.map((r) => (r.delta !== null && r.delta >= 0 ? r.delta : null)),
      rows.map((r) => (r.delta !== null && r.delta < 0 ? r.delta : null))
    ],
    [rows]
  )
  const options = useCallback(
    (t: ChartTheme): Omit<uPlot.Options, 'width' | 'height'> => {
      const whiskers = (u: uPlot): void => {
        const ctx = u.ctx
        ctx.save()
        ctx.strokeStyle = t.fg
        ctx.lineWidth = Math.max(1, devicePixelRatio)
        const cap = 5 * devicePixelRatio
        rows.forEach((r, i) => {
          if (!r.ci95) return
          const x = u.valToPos(i, 'x', true)
          const lo = u.valToPos(r.ci95[0], 'y', true)
          const hi = u.valToPos(r.ci95[1], 'y', true)
          ctx.beginPath()
          ctx.moveTo(x, lo)
          ctx.lineTo(x, hi)
          ctx.moveTo(x - cap, lo)
          ctx.lineTo(x + cap, lo)
          ctx.moveTo(x - cap, hi)
          ctx.lineTo(x + cap, hi)
          ctx.stroke()
        })
        ctx.restore()
      }
      const ys = rows.flatMap((r) => [r.delta ?? 0, ...(r.ci95 ?? [])])
      const lo = Math.min(0, ...ys)
      const hi = Math.max(0, ...ys)
      const pad = (hi - lo || 1) * 0.08
      return {
        scales: { x: { time: false, range: [-0.5, rows.length - 0.5] }, y: { range: [lo - pad, hi + pad] } },
        axes: [
          themedAxis(t, { ...categoryAxis(labels), grid: { show: false } }),
          themedAxis(t, { label: 'Δ (B − A)', size: 48 })
        ],
        legend: { show: false },
        cursor: { show: false },
        series: [
          { label: field },
          {
            label: 'Δ ≥ 0',
            stroke: t.good,
            fill: withAlpha(t.good, 0.55),
            width: 1,
            paths: barPaths(0.6),
            points: { show: false }
          },
          {
            label: 'Δ < 0',
            stroke: t.bad,
            fill: withAlpha(t.bad, 0.55),
            width: 1,
            paths: barPaths(0.6),
            points: { show: false }
          }
        ],
        hooks: { draw: [whiskers] }
      }
    },
    [rows, labels, field]
  )
  if (rows.length === 0) return null
  return (
    <UPlotChart
      options={options}
      data={data}
      height={200}
      label={`Change per ${field} with 95% intervals`}
      testId="chart-categories"
    />
  )
}

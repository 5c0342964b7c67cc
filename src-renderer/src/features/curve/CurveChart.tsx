import { useCallback, useMemo, useRef, type ReactNode } from 'react'
import type uPlot from 'uplot'
import type { CurvePoint } from '@contract/training'
import { fmtValue } from '@contract/display'
import { panelData, type CurvePanel } from '../../lib/curve-data'
import { pctTicks, withAlpha } from '../compare/charts/chart-helpers'
import { themedAxis, UPlotChart, type ChartTheme } from '../compare/charts/UPlotChart'
import { cx } from '../../lib/cx'
import { stepTicks } from '../../lib/step-ticks'
import css from './CurveChart.module.css'

interface CurveChartProps {
  panel: CurvePanel
  points: readonly CurvePoint[]
  /** Panels with the same key move their cursors together (hovering one step shows it in every panel). */
  syncKey: string
  /** The point under the cursor (its index), or null when the cursor leaves. */
  onHover(index: number | null): void
  /** A click on the chart: the point under the cursor. */
  onPick(index: number): void
}

/** One panel of a training curve: a figure by step (its ±σ band, or a second line), hover to read, click to open. */
export function CurveChart({ panel, points, syncKey, onHover, onPick }: CurveChartProps): ReactNode {
  // the chart is built once per panel and theme; the callbacks it calls are read through a ref
  const handlers = useRef({ onHover, onPick })
  handlers.current = { onHover, onPick }
  const data = useMemo(() => panelData(points, panel) as uPlot.AlignedData, [points, panel])
  const options = useCallback(
    (t: ChartTheme): Omit<uPlot.Options, 'width' | 'height'> => {
      const rate = panel.unit === 'rate'
      const extra: uPlot.Series[] = panel.second
        ? [{ label: panel.second.label, stroke: t.b, width: 1.5, dash: [5, 4], points: { size: 4 } }]
        : panel.band
          ? [
              // the band's edges: drawn faintly, no cursor marker (the readout gives the σ)
              {
                label: 'mean − σ',
                class: 'band-edge',
                stroke: withAlpha(t.accent, 0.35),
                width: 1,
                points: { show: false }
              },
              {
                label: 'mean + σ',
                class: 'band-edge',
                stroke: withAlpha(t.accent, 0.35),
                width: 1,
                points: { show: false }
              }
            ]
          : []
      let last: number | null = null
      return {
        scales: {
          x: { time: false },
          y: rate ? { range: [0, 1] } : { range: (_u, min, max) => [Math.min(0, min), niceTop(Math.min(0, min), max)] }
        },
        axes: [
          // the x axis is the training step (the panels' caption says so): whole steps, the last one included
          themedAxis(t, {
            size: 30,
            splits: (_u, _axis, min, max, incr) => stepTicks(min, max, incr),
            values: (_u, splits) => splits.map((v) => String(v))
          }),
          themedAxis(t, {
            size: panel.unit === 'tokens' ? 62 : 52,
            values: rate ? pctTicks : (_u, splits) => splits.map((v) => fmtValue(panel.unit, v))
          })
        ],
        legend: { show: false },
        cursor: {
          sync: { key: syncKey },
          y: false,
          points: { size: 9 },
          // no zoom; and a click is a click: uPlot swallows one whose (snapped) cursor moved since mousedown
          drag: { x: false, y: false, click: () => undefined },
          // the cursor line sits on the nearest step, not between two
          move: (u, left, top) => {
            if (left < 0) return [left, top]
            const idx = u.posToIdx(left)
            const x = u.data[0][idx]
            return [x === undefined ? left : u.valToPos(x, 'x'), top]
          }
        },
        series: [{ label: 'step' }, { label: panel.label, stroke: t.accent, width: 2, points: { size: 6 } }, ...extra],
        bands: panel.band ? [{ series: [3, 2], fill: withAlpha(t.accent, 0.15) }] : undefined,
        hooks: {
          setCursor: [
            (u) => {
              // off the plot (left < 0) nothing is hovered, whatever index uPlot keeps
              const idx = (u.cursor.left ?? -1) < 0 ? null : (u.cursor.idx ?? null)
              if (idx === last) return
              last = idx
              handlers.current.onHover(idx)
            }
          ],
          ready: [
            (u) =>
              // the point nearest the click (not the cursor's state, which a snapped move may have reset)
              u.over.addEventListener('click', (e) => {
                const idx = u.posToIdx(e.offsetX)
                if (idx >= 0 && idx < u.data[0].length) handlers.current.onPick(idx)
              })
          ]
        }
      }
    },
    [panel, syncKey]
  )
  return (
    <div className={css.chart} data-testid={`curve-panel-${panel.key}`}>
      <h4>
        {panel.title}
        {(panel.second || panel.band) && (
          <span className={css.key}>
            <span className={css.line} /> {panel.label}
            {panel.second ? (
              <>
                <span className={cx(css.line, css.second)} /> {panel.second.label}
              </>
            ) : (
              <>
                <span className={css.band} title="mean ± σ, drawn within the step’s lowest and highest reward" /> ± σ
              </>
            )}
          </span>
        )}
      </h4>
      <UPlotChart
        options={options}
        data={data}
        height={150}
        label={`${panel.title} by training step; click a point to open that step's episodes`}
        testId={`chart-curve-${panel.key}`}
      />
    </div>
  )
}

/** Round tops of a scale, per power of ten: few enough that the axis's ticks land on them. */
const ROUND = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]

/**
 * The top of a panel's y scale: the first round number at or over the highest value (1.785 → 2, 1,234 → 1,500, a
 * reward of 1 → 1), so the axis has a tick at or over every point. A top 8% over the value put the last tick under
 * the point: ticks 0 and 1 for a mean reward of 1.785.
 */
export function niceTop(lo: number, max: number): number {
  const span = max - lo
  if (!(span > 0)) return lo + 1
  const unit = 10 ** Math.floor(Math.log10(span))
  const m = ROUND.find((r) => r * unit >= span - 1e-12 * unit) ?? 10
  return lo + m * unit
}

import { useMemo, useState, type MouseEvent, type ReactNode } from 'react'
import type { Turn } from '@contract/model'
import { fmtInt, fmtNum } from '../../lib/format'
import { metricSeries, nearestPosition, rewardSeries, stripContent } from '../../lib/reward-series'
import { useApp, useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import txt from '../../styles/text.module.css'
import css from './RewardStrip.module.css'

const W = 1000
const H = 56
const PAD = 4

/**
 * Per-step signals above the transcript: reward bars per turn, the cumulative reward as a line (on its own scale),
 * one step metric (partial progress, reward components) on its own scale, error / truncation
 * ticks, and the highlighted turn. A click jumps to the nearest turn with a signal. With nothing to draw but step
 * metrics, only the metric picker is shown (no empty chart) until one is picked.
 */
export function RewardStrip({ turns }: { turns: readonly Turn[] }): ReactNode {
  const store = useAppStore()
  const active = useApp((s) => s.episode.activeTurn)
  const series = useMemo(() => rewardSeries(turns), [turns])
  const [metric, setMetric] = useState<string>('')
  const metricPoints = useMemo(() => (metric ? metricSeries(turns, metric) : []), [turns, metric])
  const { points, flagged, metricNames } = series
  const content = stripContent(series, metricPoints.length)
  if (content === 'nothing') return null
  const picker = <MetricPicker names={metricNames} value={metric} onChange={setMetric} />
  if (content === 'picker')
    return (
      <div className={css.strip} data-testid="reward-strip">
        <div className={css.legend}>{picker}</div>
      </div>
    )

  const n = Math.max(1, turns.length)
  const x = (position: number): number => ((position + 0.5) / n) * W
  // bars and the running sum each get their own scale: a sum of many steps would flatten the bars
  const span = series.max - series.min || 1
  const y = (v: number): number => PAD + ((series.max - v) / span) * (H - 2 * PAD)
  const cumSpan = series.cumMax - series.cumMin || 1
  const yc = (v: number): number => PAD + ((series.cumMax - v) / cumSpan) * (H - 2 * PAD)
  const barW = Math.max(1.5, Math.min(24, (W / n) * 0.7))
  const mMin = Math.min(...metricPoints.map((p) => p.value))
  const mMax = Math.max(...metricPoints.map((p) => p.value))
  const my = (v: number): number => PAD + (mMax === mMin ? 0.5 : (mMax - v) / (mMax - mMin)) * (H - 2 * PAD)
  const last = points.at(-1)

  const onClick = (e: MouseEvent<SVGSVGElement>): void => {
    const rect = e.currentTarget.getBoundingClientRect()
    const at = Math.min(n - 1, Math.max(0, Math.floor(((e.clientX - rect.left) / rect.width) * n)))
    const signals = [
      ...points.map((p) => p.position),
      ...flagged.map((f) => f.position),
      ...metricPoints.map((p) => p.position)
    ]
    const target = nearestPosition(signals, at)
    // snap to a signal only when it is close (a few turns or 2% of the width), else go to the clicked turn
    store.getState().jumpToTurn(Math.abs(target - at) <= Math.max(2, n * 0.02) ? target : at)
  }

  return (
    <div className={css.strip} data-testid="reward-strip">
      <div className={css.legend}>
        {points.length > 0 && (
          <>
            <span className={css.legendItem}>
              <span className={cx(css.swatch, css.swatchBar)} /> reward per step ({fmtInt(points.length)})
            </span>
            <span className={css.legendItem}>
              <span className={cx(css.swatch, css.swatchLine)} /> cumulative{' '}
              <span className={txt.mono} data-testid="strip-total">
                Σ {fmtNum(last?.cumulative ?? 0, 4)}
              </span>
            </span>
          </>
        )}
        {flagged.length > 0 && (
          <span className={css.legendItem}>
            <span className={cx(css.swatch, css.swatchFlag)} /> {fmtInt(flagged.length)} error / truncated
          </span>
        )}
        {metricNames.length > 0 && (
          <span className={css.legendItem}>
            {picker}
            {metricPoints.length > 0 && (
              <span className={cx(txt.mutedText, txt.mono)}>
                {' '}
                {fmtNum(mMin, 3)} – {fmtNum(mMax, 3)}
              </span>
            )}
          </span>
        )}
        <span className={txt.spacer} />
        <span className={txt.mutedText}>click to jump</span>
      </div>
      <svg
        className={css.chart}
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label="Per-step reward; click to jump to a turn"
        onClick={onClick}
        data-testid="strip-chart"
      >
        <line className={css.zero} x1={0} x2={W} y1={y(0)} y2={y(0)} vectorEffect="non-scaling-stroke" />
        <rect className={css.active} x={x(active) - W / n / 2} width={Math.max(2, W / n)} y={0} height={H} />
        {flagged.map((f) => (
          <rect
            key={`f${f.position}`}
            className={f.kind === 'error' ? css.flagError : css.flagTruncated}
            x={x(f.position) - 1}
            width={2}
            y={0}
            height={H}
          >
            <title>{`#${turns[f.position].index}: ${f.kind}`}</title>
          </rect>
        ))}
        {points.map((p) => (
          <rect
            key={p.position}
            className={p.reward >= 0 ? css.barPos : css.barNeg}
            data-testid="strip-bar"
            x={x(p.position) - barW / 2}
            width={barW}
            y={Math.min(y(p.reward), y(0))}
            height={Math.max(1, Math.abs(y(p.reward) - y(0)))}
            data-turn={turns[p.position].index}
          >
            <title>{`#${turns[p.position].index}: reward ${fmtNum(p.reward, 4)}, cumulative ${fmtNum(p.cumulative, 4)}`}</title>
          </rect>
        ))}
        {points.length > 1 && (
          <polyline
            className={css.cumulative}
            vectorEffect="non-scaling-stroke"
            points={points.map((p) => `${x(p.position)},${yc(p.cumulative)}`).join(' ')}
          />
        )}
        {metricPoints.length > 0 && (
          <polyline
            className={css.metric}
            vectorEffect="non-scaling-stroke"
            points={metricPoints.map((p) => `${x(p.position)},${my(p.value)}`).join(' ')}
          />
        )}
      </svg>
    </div>
  )
}

/** The step metric drawn over the strip; none at first. */
function MetricPicker(props: { names: string[]; value: string; onChange(name: string): void }): ReactNode {
  return (
    <label className={css.legendItem}>
      step metric{' '}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)} data-testid="strip-metric">
        <option value="">none</option>
        {props.names.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
    </label>
  )
}

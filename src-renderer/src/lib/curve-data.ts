/**
 * The panels of a training run's curve (contract/training.ts): which per-step figure each draws, in what unit, and
 * the band around it (mean reward ± population σ of the step's batch), as aligned columns for a chart.
 */
import type { MetricUnit } from '@contract/compare'
import type { CurvePoint, TrainingCurve } from '@contract/training'

export interface CurvePanel {
  key: string
  title: string
  unit: MetricUnit
  /** What the line is, for the legend and the readout. */
  label: string
  value(p: CurvePoint): number | null
  /** A band around the line (mean ± σ), when the figure has one. */
  band?(p: CurvePoint): [number, number] | null
  /** A second line on the same panel, in the same unit (errored beside truncated, kept beside all). */
  second?: { label: string; value(p: CurvePoint): number | null }
}

/**
 * mean ± σ, kept inside the step's own rewards (its min and max): a reward in [0, 1] with σ 0.42 around 0.21 drew the
 * band down to −0.21, where no reward of that step, and none of any step, ever was.
 */
export const band = (p: CurvePoint): [number, number] | null => {
  if (p.meanReward === null || p.rewardStd === null) return null
  const lo = p.meanReward - p.rewardStd
  const hi = p.meanReward + p.rewardStd
  return [p.rewardMin === null ? lo : Math.max(lo, p.rewardMin), p.rewardMax === null ? hi : Math.min(hi, p.rewardMax)]
}

/** The panels, in reading order; a panel none of whose steps has a value is left out (see curvePanels). */
export const CURVE_PANELS: CurvePanel[] = [
  { key: 'reward', title: 'Mean reward ± σ', unit: 'reward', label: 'mean reward', value: (p) => p.meanReward, band },
  {
    // only where the dump says what its batch filters kept (prime-rl's `effective` subset)
    key: 'kept',
    title: 'Mean reward: whole batch vs kept by the filters',
    unit: 'reward',
    label: 'all rollouts',
    value: (p) => (p.kept ? p.meanReward : null),
    second: { label: 'kept (effective)', value: (p) => p.kept?.meanReward ?? null }
  },
  { key: 'passRate', title: 'Pass rate', unit: 'rate', label: 'pass rate', value: (p) => p.passRate },
  {
    key: 'noSignal',
    title: 'GRPO groups with no signal',
    unit: 'rate',
    label: 'no-signal share',
    value: (p) => p.noSignalShare
  },
  { key: 'steps', title: 'Steps per episode', unit: 'steps', label: 'mean steps', value: (p) => p.meanSteps },
  {
    key: 'tokensOut',
    title: 'Tokens out per episode (generated)',
    unit: 'tokens',
    label: 'tokens out',
    value: (p) => p.tokensOut
  },
  {
    key: 'tokensIn',
    title: 'Tokens in per episode (context)',
    unit: 'tokens',
    label: 'tokens in',
    value: (p) => p.tokensIn
  },
  {
    key: 'truncated',
    title: 'Truncated and errored',
    unit: 'rate',
    label: 'truncated',
    value: (p) => p.truncatedShare,
    second: { label: 'errored', value: (p) => p.errorShare }
  }
]

/** The panels the curve has values for. */
export function curvePanels(curve: Pick<TrainingCurve, 'points'>): CurvePanel[] {
  return CURVE_PANELS.filter((panel) =>
    curve.points.some((p) => panel.value(p) !== null || (panel.second?.value(p) ?? null) !== null)
  )
}

/** Aligned columns for a panel: steps, the line, then the second line or the band's low and high edges. */
export function panelData(points: readonly CurvePoint[], panel: CurvePanel): (number | null)[][] {
  const xs = points.map((p) => p.step)
  const ys = points.map((p) => panel.value(p))
  if (panel.second) return [xs, ys, points.map((p) => panel.second!.value(p))]
  if (panel.band) {
    const b = points.map((p) => panel.band!(p))
    return [xs, ys, b.map((x) => (x ? x[0] : null)), b.map((x) => (x ? x[1] : null))]
  }
  return [xs, ys]
}

/** The index of the point nearest to `step` (a chart's cursor), or -1 without points. */
export function nearestPoint(points: readonly CurvePoint[], step: number): number {
  let best = -1
  let dist = Infinity
  points.forEach((p, i) => {
    const d = Math.abs(p.step - step)
    if (d < dist) {
      dist = d
      best = i
    }
  })
  return best
}

/** Tasks learned (end passing after failing before) and forgotten (end failing after passing before): SeriesTask's. */
export function learnedForgotten(curve: Pick<TrainingCurve, 'tasks'>): { learned: number; forgotten: number } {
  let learned = 0
  let forgotten = 0
  for (const t of curve.tasks) {
    if (t.forgotten) forgotten++
    else if (t.learnedAt !== null) learned++
  }
  return { learned, forgotten }
}

/** The reward range over every step (lowest min to highest max), so reward cells of every step are coloured alike. */
export function curveRewardRange(points: readonly CurvePoint[]): [number, number] {
  let lo = Infinity
  let hi = -Infinity
  for (const p of points) {
    if (p.rewardMin !== null) lo = Math.min(lo, p.rewardMin)
    if (p.rewardMax !== null) hi = Math.max(hi, p.rewardMax)
  }
  return lo <= hi ? [Math.min(lo, 0), Math.max(hi, lo + 1e-9)] : [0, 1]
}

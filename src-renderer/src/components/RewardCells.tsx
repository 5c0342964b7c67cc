import type { CSSProperties, ReactNode } from 'react'
import { fmtNum } from '../lib/format'
import rollout from '../styles/rollout-cells.module.css'

/**
 * A group's rollouts as little squares coloured by reward over `range` (red low, green high, grey without a reward),
 * each titled with its reward. The Groups tab of a comparison and the best / worst groups of a training step.
 */
export function RewardCells({
  rewards,
  range,
  label = 'rollout'
}: {
  rewards: readonly (number | null)[]
  range: [number, number]
  /** What one square is, for its tooltip. */
  label?: string
}): ReactNode {
  return rewards.map((r, i) => (
    <span
      key={i}
      className={rollout.cell}
      style={cellStyle(r, range)}
      title={`${label} ${i}: reward ${fmtNum(r)}`}
      data-testid="rollout-cell"
    />
  ))
}

function cellStyle(r: number | null, [lo, hi]: [number, number]): CSSProperties {
  if (r === null) return { background: 'var(--muted-bg)' }
  const p = Math.round(Math.min(1, Math.max(0, (r - lo) / (hi - lo || 1))) * 100)
  return { background: `color-mix(in srgb, var(--good) ${p}%, var(--bad))` }
}

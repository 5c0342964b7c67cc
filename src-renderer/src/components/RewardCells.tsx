import type { CSSProperties, ReactNode } from 'react'
import { fmtNum } from '../lib/format'
import { cx } from '../lib/cx'
import rollout from '../styles/rollout-cells.module.css'
import verdict from '../styles/verdict-colours.module.css'

/**
 * A group's rollouts as little squares, each titled with its reward. The Groups tab of a comparison and the best /
 * worst groups of a training step.
 *
 * With `passed`, a square says what pass means: filled blue for a passed rollout, an orange outline for a failed one
 * (filled in part by its reward: partial credit that is still a fail), dashed grey without a verdict. Without it,
 * the reward over `range` from orange (low) to blue (high). Blue and orange, not red and green: colour-blind readers
 * tell them apart, and the shape says pass / fail without any colour.
 */
export function RewardCells({
  rewards,
  passed,
  range,
  label = 'rollout'
}: {
  rewards: readonly (number | null)[]
  passed?: readonly (boolean | null)[]
  range: [number, number]
  /** What one square is, for its tooltip. */
  label?: string
}): ReactNode {
  return rewards.map((r, i) => {
    const p = passed?.[i]
    const mark = passed === undefined ? undefined : p === true ? 'pass' : p === false ? 'fail' : 'none'
    return (
      <span
        key={i}
        className={cx(rollout.cell, verdict.palette, mark && rollout[mark])}
        style={mark ? passStyle(mark, r, range) : gradientStyle(r, range)}
        title={`${label} ${i}: reward ${fmtNum(r)}${mark ? ` · ${MARK_WORD[mark]}` : ''}`}
        data-testid="rollout-cell"
        data-pass={mark}
      />
    )
  })
}

const MARK_WORD = { pass: 'passed', fail: 'failed', none: 'no verdict' }

const share = (r: number, [lo, hi]: [number, number]): number =>
  Math.round(Math.min(1, Math.max(0, (r - lo) / (hi - lo || 1))) * 100)

function gradientStyle(r: number | null, range: [number, number]): CSSProperties {
  if (r === null) return { background: 'var(--muted-bg)' }
  return { background: `color-mix(in srgb, var(--better) ${share(r, range)}%, var(--worse))` }
}

function passStyle(mark: 'pass' | 'fail' | 'none', r: number | null, range: [number, number]): CSSProperties {
  if (mark !== 'fail' || r === null) return {}
  // a failed rollout's partial credit: the outline's colour fills up to 60% with its reward
  return { background: `color-mix(in srgb, var(--worse) ${Math.round(share(r, range) * 0.6)}%, transparent)` }
}

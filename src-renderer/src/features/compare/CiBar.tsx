import type { ReactNode } from 'react'
import type { ChangeTone } from './compare-format'
import { cx } from '../../lib/cx'
import { toneClass } from './tone-class'
import css from './CiBar.module.css'

const W = 120
const H = 14

/**
 * A delta and its 95% CI on a little axis centred on zero (scaled to this row's own numbers): whether the interval
 * crosses zero is seen at a glance.
 */
export function CiBar({
  delta,
  ci,
  tone
}: {
  delta: number | null
  ci: [number, number]
  tone: ChangeTone
}): ReactNode {
  const extent = Math.max(Math.abs(ci[0]), Math.abs(ci[1]), Math.abs(delta ?? 0)) * 1.1 || 1
  const x = (v: number): number => W / 2 + (v / extent) * (W / 2 - 3)
  return (
    <svg
      className={cx(css.bar, toneClass(tone))}
      data-testid="ci-bar"
      width={W}
      height={H}
      viewBox={`0 0 ${W} ${H}`}
      aria-hidden
    >
      <line className={css.zero} x1={W / 2} x2={W / 2} y1={1} y2={H - 1} />
      <line className={css.range} x1={x(ci[0])} x2={x(ci[1])} y1={H / 2} y2={H / 2} />
      <line className={css.range} x1={x(ci[0])} x2={x(ci[0])} y1={H / 2 - 3} y2={H / 2 + 3} />
      <line className={css.range} x1={x(ci[1])} x2={x(ci[1])} y1={H / 2 - 3} y2={H / 2 + 3} />
      {delta !== null && <circle className={css.point} cx={x(delta)} cy={H / 2} r={3} />}
    </svg>
  )
}

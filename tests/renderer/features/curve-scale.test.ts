/** The y scale of a training curve panel ends on a round number at or over its highest point. */
import { describe, expect, it } from 'vitest'
import { niceTop } from '../../../src-renderer/src/features/curve/CurveChart'

describe('niceTop', () => {
  it('rounds the top up to a number the axis has a tick at', () => {
    // the hosted-RL run's mean reward: ticks 0 and 1 stood under its point at 1.785
    expect(niceTop(0, 1.785)).toBe(2)
    expect(niceTop(0, 1)).toBe(1)
    expect(niceTop(0, 1234)).toBe(1500)
    expect(niceTop(0, 37)).toBe(40)
    expect(niceTop(0, 0.42)).toBeCloseTo(0.5, 12)
    expect(niceTop(-0.5, 0.8)).toBeCloseTo(1, 12)
    // nothing to span: one unit over
    expect(niceTop(0, 0)).toBe(1)
  })
})

import { describe, expect, it } from 'vitest'
import {
  CURVE_PANELS,
  curvePanels,
  learnedForgotten,
  nearestPoint,
  panelData
} from '../../../src-renderer/src/lib/curve-data'
import { fakeCurve } from '../fake-analysis'

describe('training curve panels', () => {
  const curve = fakeCurve('rl')
  const panel = (key: string) => CURVE_PANELS.find((p) => p.key === key)!

  it('draws the mean reward with its ±σ band (population σ of each batch) as the band’s edges', () => {
    const [xs, ys, lo, hi] = panelData(curve.points, panel('reward'))
    expect(xs).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(ys[0]).toBe(0.21)
    // 0.21 − 0.26 is below the step's lowest reward (0): the band stops there
    expect(lo[0]).toBe(0)
    expect(lo[5]).toBeCloseTo(Math.max(0, ys[5]! - (0.26 + 5 * 0.015)), 9)
    expect(hi[9]).toBeCloseTo(Math.min(1, 0.701 + 0.26 + 9 * 0.015), 9)
  })

  it('keeps the band inside the step’s own rewards: no reward of [0, 1] drawn below 0 or above 1', () => {
    const reward = panel('reward')
    const p = { ...curve.points[0], meanReward: 0.21, rewardStd: 0.42, rewardMin: 0, rewardMax: 1 }
    expect(reward.band!(p)).toEqual([0, 0.63])
    expect(reward.band!({ ...p, meanReward: 0.9 })![1]).toBe(1)
    // without a known range, mean ± σ as it is
    expect(reward.band!({ ...p, rewardMin: null, rewardMax: null })![0]).toBeCloseTo(-0.21, 12)
  })

  it('a second line in the same unit rather than a band; one column for a plain figure', () => {
    expect(panelData(curve.points, panel('truncated'))).toHaveLength(3)
    expect(panelData(curve.points, panel('noSignal'))).toEqual([
      curve.points.map((p) => p.step),
      curve.points.map((p) => p.noSignalShare)
    ])
  })

  it('leaves out panels without a value at any step', () => {
    expect(curvePanels(curve).map((p) => p.key)).toEqual([
      'reward',
      'passRate',
      'noSignal',
      'steps',
      'tokensOut',
      'tokensIn',
      'truncated'
    ])
    const bare = { points: curve.points.map((p) => ({ ...p, tokensIn: null, tokensOut: null, meanSteps: null })) }
    expect(curvePanels(bare).map((p) => p.key)).toEqual(['reward', 'passRate', 'noSignal', 'truncated'])
  })

  it('finds the point nearest a step, and counts tasks learned (kept) and forgotten', () => {
    expect(nearestPoint(curve.points, 6.4)).toBe(6)
    expect(nearestPoint(curve.points, 42)).toBe(9)
    expect(nearestPoint([], 1)).toBe(-1)
    expect(learnedForgotten(curve)).toEqual({ learned: 2, forgotten: 1 })
  })
})

import { describe, expect, it } from 'vitest'
import {
  hasSignal,
  metricSeries,
  nearestPosition,
  rewardSeries,
  stripContent
} from '../../../src-renderer/src/lib/reward-series'
import { makeTurn } from '../../helpers/make-turn'

describe('reward series', () => {
  const turns = [
    makeTurn({ index: 0, role: 'user' }),
    makeTurn({ index: 1, reward: 0.5, meta: { metrics: { progress: 0.2 } } }),
    makeTurn({ index: 2, role: 'tool', meta: { error: 'boom' } }),
    makeTurn({ index: 3, reward: -1, meta: { metrics: { progress: 0.4, penalty: 1 } } }),
    makeTurn({ index: 4, reward: 2, meta: { truncated: true } })
  ]

  it('collects per-step rewards with their running sum, and both ranges including zero', () => {
    const s = rewardSeries(turns)
    expect(s.points).toEqual([
      { position: 1, reward: 0.5, cumulative: 0.5 },
      { position: 3, reward: -1, cumulative: -0.5 },
      { position: 4, reward: 2, cumulative: 1.5 }
    ])
    expect([s.min, s.max]).toEqual([-1, 2])
    expect([s.cumMin, s.cumMax]).toEqual([-0.5, 1.5])
    expect(s.metricNames).toEqual(['penalty', 'progress'])
    expect(s.flagged).toEqual([
      { position: 2, kind: 'error' },
      { position: 4, kind: 'truncated' }
    ])
  })

  it('is empty for a transcript without per-step signals, with a zero-based range', () => {
    const s = rewardSeries([makeTurn({}), makeTurn({ index: 1 })])
    expect(s).toEqual({ points: [], metricNames: [], flagged: [], min: 0, max: 0, cumMin: 0, cumMax: 0 })
  })

  it('has no signal to draw when every per-step reward is zero and nothing is flagged', () => {
    expect(hasSignal(rewardSeries(turns))).toBe(true)
    const zeros = [makeTurn({ index: 0, reward: 0 }), makeTurn({ index: 1, reward: 0 })]
    expect(rewardSeries(zeros).points).toHaveLength(2)
    expect(hasSignal(rewardSeries(zeros))).toBe(false)
    expect(hasSignal(rewardSeries([...zeros, makeTurn({ index: 2, meta: { error: 'x' } })]))).toBe(true)
    // a step metric is drawn only once picked (the picker starts at none): alone it is nothing to draw
    expect(hasSignal(rewardSeries([makeTurn({ index: 0, reward: 0, meta: { metrics: { p: 0 } } })]))).toBe(false)
  })

  it('shows the chart with a signal or a picked metric, only the picker with unpicked metrics, else nothing', () => {
    expect(stripContent(rewardSeries(turns), 0)).toBe('chart')
    expect(stripContent(rewardSeries([makeTurn({}), makeTurn({ index: 1, reward: 0 })]), 0)).toBe('nothing')
    // ATIF Terminus-2 and mini-swe-agent: no per-step reward, per-step token counts
    const costs = rewardSeries(
      [682, 750].map((n, index) => makeTurn({ index, meta: { metrics: { prompt_tokens: n } } }))
    )
    expect(stripContent(costs, 0)).toBe('picker')
    expect(stripContent(costs, 2)).toBe('chart')
  })

  it('extracts one step metric and snaps to the nearest signal', () => {
    expect(metricSeries(turns, 'progress')).toEqual([
      { position: 1, value: 0.2 },
      { position: 3, value: 0.4 }
    ])
    expect(nearestPosition([1, 3, 4], 2)).toBe(1)
    expect(nearestPosition([1, 3, 4], 10)).toBe(4)
    expect(nearestPosition([], 7)).toBe(7)
  })
})

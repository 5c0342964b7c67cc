/** Which producer metrics a breakdown shows as columns, in the app and the reports alike. */
import { describe, expect, it } from 'vitest'
import { breakdownMetricNames, type BreakdownRow } from '@contract/breakdown'

const row = (meanReward: number, meanSteps: number, metrics: Record<string, number>): BreakdownRow => ({
  values: ['x'],
  episodes: 2,
  tasks: 2,
  meanReward,
  rewardStd: 0,
  passed: 1,
  decided: 2,
  passRate: 0.5,
  failed: 1,
  perfectRate: null,
  meanSteps,
  metrics
})

describe('breakdownMetricNames', () => {
  it('leaves out a metric that is the reward or the producer step count, keeps the others sorted', () => {
    const rows = [
      row(0.5, 3, { exact_match: 0.5, num_turns: 3, max_progress: 0.9, hint_used: 1 }),
      row(1, 2, { exact_match: 1, num_turns: 2, max_progress: 1 })
    ]
    expect(
      breakdownMetricNames({
        rows,
        total: row(0.75, 2.5, { exact_match: 0.75, num_turns: 2.5, max_progress: 0.95, hint_used: 0.5 })
      })
    ).toEqual(['hint_used', 'max_progress'])
  })

  it('keeps a metric that only sometimes equals the reward, or a count named otherwise', () => {
    const rows = [row(0.5, 3, { accuracy: 0.5, tool_calls: 3 }), row(1, 2, { accuracy: 0.8, tool_calls: 2 })]
    expect(breakdownMetricNames({ rows, total: row(0.75, 2.5, {}) })).toEqual(['accuracy', 'tool_calls'])
  })
})

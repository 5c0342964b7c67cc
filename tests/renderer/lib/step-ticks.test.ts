import { describe, expect, it } from 'vitest'
import { stepTicks } from '../../../src-renderer/src/lib/step-ticks'

describe('the training-step axis ticks', () => {
  it('are whole steps at the spacing asked, and the last step, in place of a tick too near it', () => {
    expect(stepTicks(0, 499, 50)).toEqual([0, 50, 100, 150, 200, 250, 300, 350, 400, 450, 499])
    // the last step too near the tick before it for both labels: it takes that tick's place
    expect(stepTicks(0, 460, 50)).toEqual([0, 50, 100, 150, 200, 250, 300, 350, 400, 460])
    expect(stepTicks(0, 9, 2)).toEqual([0, 2, 4, 6, 9])
    expect(stepTicks(0, 1, 2)).toEqual([0, 1])
    expect(stepTicks(0, 500, 50)).toEqual([0, 50, 100, 150, 200, 250, 300, 350, 400, 450, 500])
    // steps from 10, every 5: starts at the first multiple
    expect(stepTicks(12, 40, 5)).toEqual([15, 20, 25, 30, 35, 40])
  })

  it('never put a tick between two steps', () => {
    expect(stepTicks(0, 3, 0.5)).toEqual([0, 1, 2, 3])
    expect(stepTicks(0, 9, 2.5)).toEqual([0, 3, 6, 9])
    expect(stepTicks(0, 10, 2.5)).toEqual([0, 3, 6, 10])
    for (const t of stepTicks(0, 7, 0.2)) expect(Number.isInteger(t)).toBe(true)
  })

  it('label a single step, and nothing for an empty range', () => {
    expect(stepTicks(7, 7, 1)).toEqual([7])
    expect(stepTicks(Number.NaN, 5, 1)).toEqual([])
    expect(stepTicks(5, 4, 1)).toEqual([])
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { choiceAfterKey } from '../../../src-renderer/src/lib/roving-choice'

describe('a radio group’s keys', () => {
  it('arrows step and wrap round; Home / End go to the ends; other keys are not the group’s', () => {
    expect(choiceAfterKey('ArrowRight', 0, 3)).toBe(1)
    expect(choiceAfterKey('ArrowDown', 2, 3)).toBe(0)
    expect(choiceAfterKey('ArrowLeft', 0, 3)).toBe(2)
    expect(choiceAfterKey('ArrowUp', 1, 3)).toBe(0)
    expect(choiceAfterKey('Home', 2, 3)).toBe(0)
    expect(choiceAfterKey('End', 0, 3)).toBe(2)
    expect(choiceAfterKey('j', 0, 3)).toBeNull()
    expect(choiceAfterKey(' ', 0, 3)).toBeNull()
    expect(choiceAfterKey('ArrowRight', 0, 0)).toBeNull()
  })

  it('always lands on a choice, and forward then back is where it started', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.nat(), (count, at) => {
        const i = at % count
        for (const k of ['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', 'Home', 'End']) {
          const j = choiceAfterKey(k, i, count)!
          expect(j).toBeGreaterThanOrEqual(0)
          expect(j).toBeLessThan(count)
        }
        expect(choiceAfterKey('ArrowLeft', choiceAfterKey('ArrowRight', i, count)!, count)).toBe(i)
      })
    )
  })
})

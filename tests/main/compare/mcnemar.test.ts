/** McNemar's exact p against values from exact integer arithmetic (python: fractions + math.comb, see each case). */
import { describe, expect, it } from 'vitest'
import { mcnemarExactP } from '../../../src-main/compare/mcnemar'

describe('mcnemarExactP', () => {
  it('matches hand-computed small cases', () => {
    // 1 fixed, 5 broken: 2 · (C(6,0) + C(6,1)) / 2^6 = 2 · 7/64
    expect(mcnemarExactP(1, 5)).toBeCloseTo(14 / 64, 12)
    expect(mcnemarExactP(5, 1)).toBeCloseTo(14 / 64, 12)
    // 0 vs 3: 2 · 1/8
    expect(mcnemarExactP(0, 3)).toBeCloseTo(0.25, 12)
    // balanced: capped at 1
    expect(mcnemarExactP(2, 2)).toBe(1)
    // 3 vs 9: 2 · (1 + 12 + 66 + 220) / 4096
    expect(mcnemarExactP(3, 9)).toBeCloseTo((2 * 299) / 4096, 12)
  })

  it('is null without discordant tasks', () => {
    expect(mcnemarExactP(0, 0)).toBeNull()
  })

  it('stays accurate where 2^-n underflows (exact values from python fractions)', () => {
    expect(mcnemarExactP(10, 30)).toBeCloseTo(0.0022214337732293643, 14)
    expect(mcnemarExactP(400, 480) ?? NaN).toBeCloseTo(0.007707305043339141, 10)
    // 2,200 discordant tasks: 2^-2200 is 0 in doubles
    const p = mcnemarExactP(1200, 1000) ?? NaN
    expect(p / 2.1817026407914712e-5).toBeCloseTo(1, 8)
    expect(mcnemarExactP(30000, 30000)).toBe(1)
  })
})

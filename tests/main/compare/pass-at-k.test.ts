/** pass@k and pass^k against the binomial definitions evaluated with exact BigInt binomials (a separate, direct route). */
import { describe, expect, it } from 'vitest'
import { meanPassAtK, passAtK, passHatK } from '../../../src-main/compare/pass-at-k'

function comb(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n
  let r = 1n
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i)
  return r
}
const ratio = (num: bigint, den: bigint): number => Number((num * 10n ** 15n) / den) / 1e15

describe('pass@k / pass^k of one task', () => {
  it('matches hand values', () => {
    // 3 rollouts, 1 pass
    expect(passAtK(3, 1, 1)).toBeCloseTo(1 / 3, 12)
    expect(passAtK(3, 1, 2)).toBeCloseTo(2 / 3, 12) // 1 - C(2,2)/C(3,2)
    expect(passAtK(3, 1, 3)).toBe(1)
    expect(passHatK(3, 2, 2)).toBeCloseTo(1 / 3, 12) // C(2,2)/C(3,2)
    expect(passHatK(3, 2, 3)).toBe(0)
    expect(passAtK(4, 0, 2)).toBe(0)
    expect(passHatK(4, 4, 4)).toBe(1)
  })

  it('matches 1 - C(n-c,k)/C(n,k) and C(c,k)/C(n,k) for every n <= 40', () => {
    for (let n = 1; n <= 40; n += 3)
      for (let c = 0; c <= n; c++)
        for (let k = 1; k <= n; k += 2) {
          const den = comb(n, k)
          expect(passAtK(n, c, k)).toBeCloseTo(1 - ratio(comb(n - c, k), den), 9)
          expect(passHatK(n, c, k)).toBeCloseTo(ratio(comb(c, k), den), 9)
        }
  })
})

describe('meanPassAtK', () => {
  it('averages over tasks, null without tasks', () => {
    // tasks (3 rollouts, 2 passes) and (3, 0): pass@1 = (2/3 + 0)/2, pass^2 = (1/3 + 0)/2
    expect(
      meanPassAtK(
        [
          { n: 3, c: 2 },
          { n: 3, c: 0 }
        ],
        1
      ).passAtK
    ).toBeCloseTo(1 / 3, 12)
    expect(
      meanPassAtK(
        [
          { n: 3, c: 2 },
          { n: 3, c: 0 }
        ],
        2
      ).passHatK
    ).toBeCloseTo(1 / 6, 12)
    expect(meanPassAtK([], 1)).toEqual({ passAtK: null, passHatK: null })
  })
})

/**
 * The bootstrap and normal CIs: the PRNG against the generators' independent mulberry32 (tests/generators/prng.mjs),
 * quantiles and normal CIs against hand values, the bootstrap's seeding and its agreement with the CLT.
 */
import { describe, expect, it } from 'vitest'
import { bootstrapMeanCis, meanOf, mulberry32, normalMeanCi, quantileSorted } from '../../../src-main/compare/bootstrap'
import { mulberry32 as reference } from '../../generators/prng.mjs'

describe('mulberry32', () => {
  it('draws the same stream as the generators’ own implementation', () => {
    for (const seed of [1, 42, 0xdeadbeef]) {
      const a = mulberry32(seed)
      const b = reference(seed)
      for (let i = 0; i < 1000; i++) expect(a()).toBe(b())
    }
  })
})

describe('quantileSorted (type 7)', () => {
  it('interpolates between order statistics', () => {
    const xs = [10, 20, 30, 40, 50]
    expect(quantileSorted(xs, 0)).toBe(10)
    expect(quantileSorted(xs, 1)).toBe(50)
    expect(quantileSorted(xs, 0.5)).toBe(30)
    // h = 4 · 0.025 = 0.1 → 10 + 0.1 · 10
    expect(quantileSorted(xs, 0.025)).toBeCloseTo(11, 12)
    expect(quantileSorted(xs, 0.975)).toBeCloseTo(49, 12)
  })
})

describe('normalMeanCi', () => {
  it('is mean ± 1.96 · s / √n', () => {
    // 1,2,3,4: mean 2.5, s = √(5/3) = 1.2909944, se = 0.6454972, half = 1.959964 · se = 1.2651513
    const ci = normalMeanCi([1, 2, 3, 4])!
    expect(ci[0]).toBeCloseTo(2.5 - 1.2651513, 6)
    expect(ci[1]).toBeCloseTo(2.5 + 1.2651513, 6)
    // 3, 5 (NaN = no value): mean 4, s = √2, se = 1
    expect(normalMeanCi([NaN, 3, NaN, 5])![0]).toBeCloseTo(4 - 1.959964, 5)
    expect(normalMeanCi([7])).toBeNull()
  })
})

/** Deterministic skewed differences (no PRNG shared with the code under test). */
function skewed(n: number): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => ((i * 7919) % 101) / 100 - 0.3 + (i % 13 === 0 ? 2 : 0))
}

describe('bootstrapMeanCis', () => {
  const opts = { seed: 1, resamples: 2000 }

  it('is reproducible with the same seed and moves with another seed', () => {
    const d = skewed(60)
    const a = bootstrapMeanCis([d], opts)[0]
    const b = bootstrapMeanCis([d], opts)[0]
    const c = bootstrapMeanCis([d], { seed: 2, resamples: 2000 })[0]
    expect(a).toEqual(b)
    expect(c).not.toEqual(a)
  })

  it('contains the point estimate', () => {
    for (const n of [2, 3, 5, 17, 60, 300]) {
      const d = skewed(n)
      const mean = meanOf(d).mean
      for (const seed of [1, 2, 3]) {
        const [lo, hi] = bootstrapMeanCis([d], { seed, resamples: 500 })[0]!
        expect(lo).toBeLessThanOrEqual(mean)
        expect(hi).toBeGreaterThanOrEqual(mean)
      }
    }
  })

  it('gives the two values for two tasks (each resample mean is d1, the midpoint or d2; P(d1) = 1/4 > 2.5%)', () => {
    expect(bootstrapMeanCis([Float64Array.from([0, 1])], opts)[0]).toEqual([0, 1])
  })

  it('collapses on constant differences and is null below 2 values', () => {
    expect(bootstrapMeanCis([new Float64Array(10).fill(0.25)], opts)[0]).toEqual([0.25, 0.25])
    expect(bootstrapMeanCis([Float64Array.from([NaN, 0.5, NaN])], opts)[0]).toBeNull()
  })

  it('agrees with the normal approximation on many tasks (CLT): ends within 10% of the half-width', () => {
    const d = skewed(2000)
    const boot = bootstrapMeanCis([d], opts)[0]!
    const norm = normalMeanCi(d)!
    const half = (norm[1] - norm[0]) / 2
    expect(Math.abs(boot[0] - norm[0])).toBeLessThan(0.1 * half)
    expect(Math.abs(boot[1] - norm[1])).toBeLessThan(0.1 * half)
  })

  it('resamples columns with missing values over the tasks that have them', () => {
    // Column 2 is column 1 on even tasks only: its CI is that of a mean over those tasks, so it contains their mean.
    const d = skewed(40)
    const half = Float64Array.from(d, (x, i) => (i % 2 ? NaN : x))
    const [, ci2] = bootstrapMeanCis([d, half], opts)
    const m = meanOf(half).mean
    expect(ci2![0]).toBeLessThanOrEqual(m)
    expect(ci2![1]).toBeGreaterThanOrEqual(m)
    expect(ci2![1] - ci2![0]).toBeGreaterThan(0)
  })
})

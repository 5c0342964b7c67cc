import { describe, expect, it } from 'vitest'
import { createRng, hashSeed, mulberry32 } from '../../generators/prng.mjs'

describe('prng', () => {
  it('matches an independent mulberry32 / FNV-1a implementation', () => {
    // Reference values computed with a separate Python implementation of the same algorithms.
    const g = mulberry32(42)
    expect([g(), g(), g()]).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099])
    expect(hashSeed('hello')).toBe(1335831723)
    expect(hashSeed('')).toBe(2166136261)
  })

  it('is deterministic per seed and differs between seeds', () => {
    const a = createRng('demo')
    const b = createRng('demo')
    const c = createRng('other')
    const seqA = Array.from({ length: 50 }, () => a.next())
    expect(Array.from({ length: 50 }, () => b.next())).toEqual(seqA)
    expect(Array.from({ length: 50 }, () => c.next())).not.toEqual(seqA)
    expect(createRng(7).hex(20)).toBe(createRng(7).hex(20))
  })

  it('int covers [min, max] inclusively and nothing else', () => {
    const r = createRng(1)
    const seen = new Set<number>()
    for (let i = 0; i < 2000; i++) seen.add(r.int(3, 7))
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7])
  })

  it('pick, weighted, shuffle and hex behave', () => {
    const r = createRng(2)
    const items = ['a', 'b', 'c', 'd']
    for (let i = 0; i < 100; i++) expect(items).toContain(r.pick(items))
    const counts = { x: 0, y: 0 }
    for (let i = 0; i < 4000; i++) counts[r.weighted(['x', 'y'] as const, [1, 3])]++
    expect(counts.y / 4000).toBeGreaterThan(0.7)
    expect(counts.y / 4000).toBeLessThan(0.8)
    const shuffled = r.shuffle(items)
    expect([...shuffled].sort()).toEqual(items)
    expect(items).toEqual(['a', 'b', 'c', 'd'])
    expect(r.hex(13)).toMatch(/^[0-9a-f]{13}$/)
  })

  it('gaussian has the requested mean and spread', () => {
    const r = createRng(3)
    const xs = Array.from({ length: 20000 }, () => r.gaussian(10, 2))
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length)
    expect(mean).toBeCloseTo(10, 1)
    expect(sd).toBeGreaterThan(1.9)
    expect(sd).toBeLessThan(2.1)
  })

  it('fork gives independent but reproducible streams', () => {
    const a = createRng(5).fork('x')
    const b = createRng(5).fork('x')
    const c = createRng(5).fork('y')
    expect(a.next()).toBe(b.next())
    expect(createRng(5).fork('x').next()).not.toBe(c.next())
  })
})

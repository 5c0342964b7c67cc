import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { countLines, groupThousands, isLongText, previewText, sizeLabel } from '../../../src-renderer/src/lib/long-text'

const lines = (n: number): string => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n')

describe('long texts', () => {
  it('are texts over 40 lines or over 4000 characters', () => {
    expect(isLongText(lines(40))).toBe(false)
    expect(isLongText(lines(41))).toBe(true)
    expect(isLongText('x'.repeat(4000))).toBe(false)
    expect(isLongText('x'.repeat(4001))).toBe(true)
  })
  it('counts lines', () => {
    expect(countLines('')).toBe(0)
    expect(countLines('a')).toBe(1)
    expect(countLines('a\nb\n')).toBe(3)
    expect(countLines(lines(100), 41)).toBe(41)
  })
  it('previews the first 12 lines', () => {
    const p = previewText(lines(80))
    expect(p.split('\n')).toHaveLength(12)
    expect(p.endsWith('line 12')).toBe(true)
  })
  it('previews a single huge line by characters', () => {
    expect(previewText('y'.repeat(10_000))).toHaveLength(1500)
  })
  it('labels the size', () => {
    // 9 × "line N" (6 chars) + 71 × "line NN" (7 chars) + 79 newlines = 630
    expect(sizeLabel(lines(80))).toBe('80 lines · 630 chars')
    expect(sizeLabel('x'.repeat(4500))).toBe('1 line · 4.5k chars')
    expect(sizeLabel('abc')).toBe('1 line · 3 chars')
  })
})

describe('groupThousands', () => {
  it("writes every integer as toLocaleString('en-US') does, without Intl", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer(),
          fc.maxSafeInteger(),
          fc.integer({ min: Number.MIN_SAFE_INTEGER, max: 0 }),
          fc.nat(2_000_000)
        ),
        (n) => {
          expect(groupThousands(n)).toBe(n.toLocaleString('en-US'))
        }
      )
    )
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, -1000, -999])
      expect(groupThousands(n)).toBe(n.toLocaleString('en-US'))
  })

  it('leaves other numbers to toLocaleString', () => {
    for (const n of [1234.5, -0.25, Number.MAX_SAFE_INTEGER + 2, Infinity, NaN])
      expect(groupThousands(n)).toBe(n.toLocaleString('en-US'))
  })
})

/**
 * Where the full-text pass cuts a long text into rows. The cut must not move (the read-back of a hit cuts the same
 * text again and finds its row by number: migration 0017), and finding it must not scan back to the text's start.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chunks, CHUNK_CHARS } from '../../../src-main/search/search-rows'

/** The cut as it was first written (lastIndexOf from the limit): the oracle for where rows end. */
function chunksAsBefore(clean: string): string[] {
  const out: string[] = []
  let start = 0
  while (clean.length - start > CHUNK_CHARS) {
    let end = start + CHUNK_CHARS
    const cut = Math.max(clean.lastIndexOf(' ', end), clean.lastIndexOf('\n', end))
    if (cut > start + CHUNK_CHARS / 2) end = cut
    out.push(clean.slice(start, end))
    start = end
  }
  out.push(clean.slice(start))
  return out
}

describe('cutting a long text into rows', () => {
  it('cuts where it always cut: at the last space or newline past half a row, else at the limit', () => {
    // long runs without a break, breaks near the limit, at half a row exactly, at the very end
    const piece = fc.oneof(
      fc.constantFrom(' ', '\n', 'x'.repeat(CHUNK_CHARS / 2), 'y'.repeat(CHUNK_CHARS - 1), 'é'),
      fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n'), maxLength: 200 }),
      fc.integer({ min: 1, max: 3 * CHUNK_CHARS }).map((n) => 'z'.repeat(n))
    )
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 12 }), (parts) => {
        const text = `w${parts.join('')}`
        expect(chunks(text)).toEqual(chunksAsBefore(text))
      }),
      { numRuns: 300 }
    )
  })

  it('a 50 MB line without a space (minified JSON, base64) is cut at the limit, every row whole', () => {
    const line = 'A'.repeat(50 * 1024 * 1024)
    const rows = chunks(line)
    expect(rows).toHaveLength(Math.ceil(line.length / CHUNK_CHARS))
    expect(rows.every((r) => r.length <= CHUNK_CHARS)).toBe(true)
    expect(rows.reduce((n, r) => n + r.length, 0)).toBe(line.length)
  })

  it('cuts a long paragraph of Chinese after its last clause mark, and never between the halves of a character', () => {
    const sentence = '我们需要修复这个错误，然后再运行测试。'
    const zh = sentence.repeat(Math.ceil((2.5 * CHUNK_CHARS) / sentence.length))
    const rows = chunks(zh)
    expect(rows.join('')).toBe(zh)
    expect(rows.length).toBeGreaterThan(2)
    for (const r of rows.slice(0, -1)) {
      expect(r.length).toBeLessThanOrEqual(CHUNK_CHARS)
      expect(r.at(-1)).toMatch(/[。，]/)
    }
    // ideographs past the BMP, no clause mark: cut at the limit or one code unit before it, each character whole
    for (const lead of [0, 1]) {
      const astral = 'x'.repeat(lead) + '𠀀'.repeat(CHUNK_CHARS * 2)
      const cut = chunks(astral)
      expect(cut.join('')).toBe(astral)
      for (const r of cut) expect(r).not.toMatch(/[\ud800-\udbff]$|^[\udc00-\udfff]/)
    }
  })
})

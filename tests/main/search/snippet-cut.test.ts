import { describe, expect, it } from 'vitest'
import { CLOSE, cutSnippet, OPEN, parseSnippet } from '../../../src-main/search/snippet'

const mark = (w: string): string => `${OPEN}${w}${CLOSE}`
const words = (n: number, from = 0): string[] => Array.from({ length: n }, (_, i) => `w${from + i}`)

describe('cutSnippet', () => {
  it('keeps a short row whole', () => {
    expect(cutSnippet(`a ${mark('b')} c`, 24)).toBe(`a ${mark('b')} c`)
  })

  it('picks the window with the most matches, a few words of context before it, … where cut', () => {
    const row = [
      ...words(50),
      mark('x'),
      ...words(40, 50),
      mark('x'),
      'w90',
      mark('x'),
      mark('x'),
      ...words(30, 91)
    ].join(' ')
    const s = parseSnippet(cutSnippet(row, 10))
    // the three close x's, not the lone one; whole words at both ends; some context before the first x
    expect(s.matches.map(([a, b]) => s.text.slice(a, b))).toEqual(['x', 'x', 'x'])
    expect(s.text).toMatch(/^…w\d+ [\w ]*x w90 x x( w\d+)*…$/)
    expect(s.text.indexOf('x')).toBeGreaterThan(5)
    expect(s.text.length).toBeLessThanOrEqual(10 * 8 + 35)
  })

  it('keeps the marks of a phrase cut at the window edge balanced', () => {
    const row = [...words(30), `${OPEN}p1`, `p2${CLOSE}`, ...words(30, 30)].join(' ')
    const cut = cutSnippet(row, 5)
    expect(cut.split(OPEN).length).toBe(cut.split(CLOSE).length)
    const s = parseSnippet(cut)
    expect(s.matches.map(([a, b]) => s.text.slice(a, b))).toEqual(['p1 p2'])
  })

  it('cuts a row without spaces (a minified line) to a short piece around the first match', () => {
    const row = 'x'.repeat(10_000) + mark('needle') + 'y'.repeat(10_000)
    const s = parseSnippet(cutSnippet(row, 24))
    expect(s.text.length).toBeLessThanOrEqual(245)
    expect(s.matches.map(([a, b]) => s.text.slice(a, b))).toEqual(['needle'])
    expect(s.text.startsWith('…') && s.text.endsWith('…')).toBe(true)
  })

  it('never cuts between the two halves of a character past the BMP', () => {
    for (let lead = 0; lead < 6; lead++) {
      const row = 'x'.repeat(lead) + '𠀀𠀁𠀂中'.repeat(400) + `${OPEN}错误${CLOSE}` + '𠀀𠀁𠀂中'.repeat(400)
      const cut = cutSnippet(row, 24)
      expect(cut.length).toBeLessThan(row.length)
      expect(cut, `lead ${lead}`).not.toMatch(
        /(?:[^\ud800-\udbff]|^)[\udc00-\udfff]|[\ud800-\udbff](?![\udc00-\udfff])/
      )
      expect(cut).toContain(`${OPEN}错误${CLOSE}`)
    }
  })

  it('keeps half as many characters of Chinese, Japanese or Korean text (twice as wide, a word each or two)', () => {
    const zh = '我们需要修复这个错误然后再运行测试'.repeat(200)
    const at = zh.length / 2
    const row = `${zh.slice(0, at)}${mark('错误')}${zh.slice(at)}`
    const latin = `${'word '.repeat(1000)}${mark('error')}${' word'.repeat(1000)}`
    const zhCut = parseSnippet(cutSnippet(row, 24)).text
    const latinCut = parseSnippet(cutSnippet(latin, 24)).text
    expect(zhCut).toContain('错误')
    expect(zhCut.length).toBeLessThanOrEqual(latinCut.length * 0.6)
    expect(zhCut.length).toBeGreaterThan(latinCut.length / 3)
    // a Latin row with one CJK character keeps the Latin width
    const one = `${'word '.repeat(1000)}中 ${mark('error')}${' word'.repeat(1000)}`
    expect(parseSnippet(cutSnippet(one, 24)).text.length).toBeGreaterThan(latinCut.length - 5)
  })
})

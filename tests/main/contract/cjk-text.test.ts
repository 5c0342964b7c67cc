/** cjk-text.ts: which characters are a token of their own in the full-text index, how a row and a term are spaced. */
import { describe, expect, it } from 'vitest'
import { cjkCharAt, cjkCount, cjkTerm, spaceCjk } from '../../../src-main/contract/cjk-text'

const SCRIPTS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u
const LETTER = /[\p{L}\p{Nl}]/u

describe('CJK characters', () => {
  it('are every letter of Han, Hiragana, Katakana, Hangul and Bopomofo up to U+3FFFF, and no letter of another script', () => {
    const missed: string[] = []
    const extra: string[] = []
    for (let cp = 0; cp <= 0x3ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue
      const ch = String.fromCodePoint(cp)
      if (!LETTER.test(ch)) continue
      const ours = cjkCount(ch) === 1
      if (SCRIPTS.test(ch) && !ours) missed.push(cp.toString(16))
      // ー and the kana repeat marks are Common or Inherited by script, Hiragana / Katakana by use (scx)
      if (ours && !SCRIPTS.test(ch) && !/[\p{scx=Hira}\p{scx=Kana}\p{scx=Han}]/u.test(ch)) extra.push(cp.toString(16))
    }
    expect(missed).toEqual([])
    expect(extra).toEqual([])
  })

  it('each become a token: a row is spaced around them, the rest as it is', () => {
    expect(spaceCjk('plain ascii, café')).toBe('plain ascii, café')
    expect(spaceCjk('修复错误 now')).toBe(' 修  复  错  误  now')
    expect(spaceCjk('エラーが発生', '|')).toBe('|エ||ラ||ー||が||発||生|')
    expect(spaceCjk('か\u3099き', '|')).toBe('|か|\u3099|き|')
    expect(spaceCjk('오류가 났다', '|')).toBe('|오||류||가| |났||다|')
    expect(spaceCjk('a𠀀b', '|')).toBe('a|𠀀|b')
    expect(cjkCharAt('a𠀀b', 1)).toBe(2)
    expect(cjkCharAt('か\u3099', 0)).toBe(1)
    expect(cjkCharAt('abc', 1)).toBe(0)
  })

  it('make a term the phrase of its characters, as the search box shows it', () => {
    expect(cjkTerm('错误')).toBe('错 误')
    expect(cjkTerm('test错误')).toBe('test 错 误')
    expect(cjkTerm('修复 错误')).toBe('修 复 错 误')
    expect(cjkTerm('plain  words')).toBe('plain  words')
  })
})

/**
 * Marks in JS must agree with what FTS5 matched: checked against highlight() of a real FTS5 table with the index's
 * tokenizer, on handmade rows and on random ones (fast-check), for words, phrases and prefixes.
 */
import Database from 'better-sqlite3'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { spaceCjk } from '../../../src-main/contract/cjk-text'
import { fold, markMatches, tokenSpans, wordSpans, type Phrase } from '../../../src-main/search/mark-matches'
import { parseSearch } from '../../../src-main/search/search-query'
import { CLOSE, OPEN } from '../../../src-main/search/snippet'

const db = new Database(':memory:')
db.exec(`CREATE VIRTUAL TABLE t USING fts5(text, tokenize = 'unicode61 remove_diacritics 2', prefix = '3 4')`)
afterAll(() => db.close())
const insert = db.prepare('INSERT INTO t (rowid, text) VALUES (1, ?)')
const clear = db.prepare('DELETE FROM t')
const highlight = db.prepare(`SELECT highlight(t, 0, '${OPEN}', '${CLOSE}') h FROM t WHERE t MATCH ?`)

const SEPARATOR = '\u0001'

/** highlight() of `text` for `input`, or null when FTS5 does not match the row at all. */
function fts(text: string, input: string): string | null {
  // one row in the table at a time (FTS5 ignored a `rowid = ?` next to MATCH here)
  clear.run()
  // indexed as the full-text pass gives it (CJK characters one token each: contract/cjk-text.ts), with a separator no
  // row holds, taken out of highlight()'s text again
  insert.run(spaceCjk(text, SEPARATOR))
  const r = highlight.get(parseSearch(input).query) as { h: string } | undefined
  return r ? r.h.replaceAll(SEPARATOR, '') : null
}
const ours = (text: string, input: string): string => markMatches(text, parseSearch(input).terms)

describe('markMatches', () => {
  it.each([
    ['The Parser failed; the parser retried', 'parser'],
    ['Café au lait, CAFE noir', 'cafe'],
    ['array_return = array return', '"array return"'],
    ['testing tests tested', 'test*'],
    ['a b c a b', '"a b" OR c'],
    ['timeout after retry', 'timeout -zzz'],
    ['col:x and col x', 'col:x'],
    ['naïve NAIVE naive', 'naive']
  ])('%s / %s: the same marks as highlight()', (text, input) => {
    expect(ours(text, input)).toBe(fts(text, input))
  })

  it('agrees with highlight() on random rows and queries that match them', () => {
    agreesOnRandomRows(
      ['alpha', 'Alpha', 'beta', 'béta', 'gamma', 'alphabet', 'al', 'x1', '42'],
      [' ', ', ', '\n', '_', '-', '.', ' (', ') '],
      ['alpha', 'alph*', 'beta', '"alpha beta"', 'gamma OR alpha', '"beta gamma"*', 'x1', '42 alpha']
    )
  })

  it('agrees with highlight() on rows beyond ASCII: accents, other scripts, astral letters, combining marks', () => {
    agreesOnRandomRows(
      [
        'alpha',
        'ALPHA',
        'Привет',
        'привет',
        'ñandú',
        'nandu',
        'naïve',
        'e\u0301te',
        'ete',
        '𝐀lpha',
        '漢字',
        'x²',
        'Ωmega'
      ],
      // 😀, not 🙂: unicode61 knows Unicode 6.1 and takes a character added since (🙂, 7.0) for a letter, where V8's
      // \p{L} does not (a known difference of marks, not of hits: both implementations here have it)
      [' ', ' — ', '😀', '\u00a0', ', ', '\n', '…', '_'],
      ['alpha', 'alp*', 'привет', 'при*', 'nandu', 'naive', 'ete', '"ete alpha"', 'omega', '漢字']
    )
  })

  it('agrees with highlight() on Chinese, Japanese and Korean: each character a token, a word the phrase of them', () => {
    agreesOnRandomRows(
      [
        '修复',
        '这个',
        '错误',
        '错',
        '误差',
        'エラー',
        'が',
        'か\u3099',
        '発生',
        '오류가',
        '오류',
        '𠀀',
        'test',
        'ok',
        'é',
        '错\u0301误',
        'e\u0301'
      ],
      // a Latin accent after a CJK character or a space separates (it starts no token)
      [' ', '', '，', '。', '\n', '、', '_', '・', '\u0301', ' \u0301'],
      [
        '错误',
        '错*',
        '误',
        '"修复 错误"',
        '修复错误',
        'エラー',
        'エラーが',
        'が',
        '오류',
        '오*',
        'test',
        'test错误',
        '𠀀',
        'ok*',
        'か',
        'e',
        'エ\u0323',
        'e*'
      ]
    )
  })

  it('agrees with highlight() on scripts whose combining marks separate tokens: Hebrew, Arabic, Devanagari, Thai', () => {
    agreesOnRandomRows(
      ['שָׁלוֹם', 'שלום', 'كَتَبَ', 'كتب', 'हिन्दी', 'क़', 'ภาษาไทย', 'e\u0301te', 'ete', 'a\u0305b'],
      [' ', '', ', ', '\n'],
      ['שלום', 'ש*', 'كتب', 'ك', 'हिन्दी', 'ह', 'क़', 'ไทย', 'ete', 'a', 'b']
    )
  })

  it('folds every letter unicode61 knows as unicode61 does (a letter that it takes for a separator aside)', () => {
    const letters = new Database(':memory:')
    letters.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'unicode61 remove_diacritics 2')`)
    letters.exec(`CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')`)
    const add = letters.prepare('INSERT INTO t (rowid, x) VALUES (?, ?)')
    const LETTER = /\p{L}/u
    const all: string[] = []
    for (let cp = 0x80; cp <= 0x3ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue
      const c = String.fromCodePoint(cp)
      if (LETTER.test(c)) all.push(c)
    }
    letters.transaction(() => all.forEach((c, i) => add.run(i + 1, `q${c}q`)))()
    const terms = new Map<number, string[]>()
    for (const [doc, term] of letters.prepare('SELECT doc, term FROM v').raw().iterate() as Iterable<[number, string]>)
      terms.set(doc, [...(terms.get(doc) ?? []), term])
    const differ = all.filter((c, i) => {
      const t = terms.get(i + 1) ?? []
      return t.length === 1 && fold(`q${c}q`) !== t[0]
    })
    letters.close()
    expect(all.length).toBeGreaterThan(100_000)
    expect(differ.map((c) => c.codePointAt(0)!.toString(16))).toEqual([])
  })
})

describe('wordSpans (single words in a row beyond ASCII)', () => {
  it('marks what the token-by-token path marks, on any text', () => {
    // letters that fold (É, ñ, the Kelvin sign, İ whose lower case is longer), combining marks, astral and lone
    // surrogates, other scripts, punctuation beyond ASCII
    const unit = fc.constantFrom(
      'a',
      'b',
      'e',
      'T',
      ' ',
      '-',
      '1',
      'É',
      'é',
      '\u0301',
      'ñ',
      '\u212a',
      'İ',
      '𝐀',
      '\ud800',
      '\udc00',
      '😀',
      '—',
      '中',
      '错',
      'エ',
      '\u3099',
      '오',
      '𠀀',
      'ß'
    )
    const word = fc.constantFrom('a', 'ab', 'e', 'te', 'k', 'be', 'ea', 'n', '1')
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 40 }),
        fc.array(fc.tuple(word, fc.boolean()), { minLength: 1, maxLength: 3 }),
        (text, words) => {
          const phrases: Phrase[] = words.map(([w, prefix]) => ({ words: [w], prefix }))
          const fast = wordSpans(text, phrases)
          if (fast !== null) expect(fast).toEqual(tokenSpans(text, phrases))
        }
      ),
      { numRuns: 3000 }
    )
  })

  it('leaves phrases of several words, and rows whose lower case is longer, to the token-by-token path', () => {
    expect(wordSpans('alpha beta', [{ words: ['alpha', 'beta'], prefix: false }])).toBeNull()
    expect(wordSpans('İstanbul test', [{ words: ['test'], prefix: false }])).toBeNull()
    expect(
      wordSpans('Éxito — TEST testé', [
        { words: ['exito'], prefix: false },
        { words: ['test'], prefix: false }
      ])
    ).toEqual([
      [0, 5],
      [8, 12]
    ])
  })
})

/** Rows of `words` joined by `separators`, each asked every query: our marks are highlight()'s wherever FTS5 matches. */
function agreesOnRandomRows(words: string[], separators: string[], queries: string[]): void {
  const row = fc
    .array(fc.tuple(fc.constantFrom(...words), fc.constantFrom(...separators)), { minLength: 1, maxLength: 25 })
    .map((p) => p.map(([w, s]) => w + s).join(''))
  fc.assert(
    fc.property(row, fc.constantFrom(...queries), (text, input) => {
      const expected = fts(text, input)
      if (expected === null) return // FTS5 does not match the row: such a row is never a hit
      expect(ours(text, input)).toBe(expected)
    }),
    { numRuns: 1500 }
  )
}

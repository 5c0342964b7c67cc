/**
 * Chinese, Japanese and Korean in the full-text index. The index's tokenizer (unicode61) makes a run of letters one
 * token, and these scripts put no space between words: "修复这个错误" was a single word, so a search for 错误 found
 * nothing, nor エラー in "エラーが発生", nor 오류 in "오류가". Each CJK character is a token of its own instead, as
 * Lucene's and Elasticsearch's CJK analyzers cut them (one gram; they add pairs of characters, which would need a
 * tokenizer of our own): the index is given a row's text with a separator around every such character, and a query's
 * term the same way, so `错误` is the phrase 错 then 误, those two characters side by side (search-query.ts), and
 * the marks of a hit are cut the same way (mark-matches.ts).
 *
 * Which characters: the letters of the Han, Hiragana, Katakana, Bopomofo and Hangul blocks, listed by code point
 * (checked against Unicode's script property in cjk-text.test.ts): a row is tested against these ranges in ~15-25 µs
 * per 16,000 characters, against the script property classes in ~100 µs (measured here); only a row that is not ASCII
 * is tested (search/row-batch.ts).
 */
/** The code points of CJK characters, [first, last] (the Hiragana block without its combining (han)dakuten). */
export const CJK_BLOCKS: readonly (readonly [number, number])[] = [
  [0x1100, 0x11ff], // Hangul Jamo
  [0x3005, 0x3007], // 々〆〇
  [0x3021, 0x3029], // Hangzhou numerals
  [0x3031, 0x3035], // kana repeat marks
  [0x3038, 0x303c],
  [0x3040, 0x3098], // Hiragana
  [0x309b, 0x30ff], // Katakana (ー included)
  [0x3100, 0x318f], // Bopomofo, Hangul compatibility Jamo
  [0x31a0, 0x31ff], // Bopomofo extended, Katakana phonetic extension
  [0x3400, 0x4dbf], // CJK unified ideographs extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xa960, 0xa97f], // Hangul Jamo extended A
  [0xac00, 0xd7ff], // Hangul syllables, Jamo extended B
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xff66, 0xffdc], // halfwidth Katakana and Hangul
  [0x16fe2, 0x16fe3], // ideographic iteration marks
  [0x16ff0, 0x16fff],
  [0x1aff0, 0x1b16f], // historic and small kana
  [0x20000, 0x3ffff] // CJK unified ideographs extensions B to H, compatibility supplement
]
const hex = (cp: number): string => `\\u{${cp.toString(16)}}`
const RANGES = CJK_BLOCKS.map(([a, b]) => `${hex(a)}-${hex(b)}`).join('')

/** The test of a whole row. */
const ANY = new RegExp(`[${RANGES}]`, 'u')
const EVERY = new RegExp(`[${RANGES}]`, 'gu')
/** Sticky: the character at lastIndex, its length in code units the match's. */
const AT = new RegExp(`[${RANGES}]`, 'uy')

/** How many CJK characters `text` holds. */
export function cjkCount(text: string): number {
  return ANY.test(text) ? (text.match(EVERY)?.length ?? 0) : 0
}

/**
 * `text` with `separator` on both sides of each CJK character: what the index is given, and a query's term, so that
 * each is one token. `separator` is anything the tokenizer does not keep in a token (a space here; the tests use a
 * character no row holds, to map FTS5's highlight() back).
 */
export function spaceCjk(text: string, separator = ' '): string {
  return ANY.test(text) ? text.replace(EVERY, `${separator}$&${separator}`) : text
}

/**
 * Code units of the CJK character at `i` (a surrogate pair: 2), 0 when there is none. A combining mark after it is
 * not part of it: unicode61 takes the Japanese (han)dakuten (U+3099, U+309A) for separators, and a Latin accent
 * continues a token but never starts one (after a CJK character it separates, as after a space).
 */
export function cjkCharAt(text: string, i: number): number {
  AT.lastIndex = i
  return AT.test(text) ? AT.lastIndex - i : 0
}

/**
 * A query's term (a word or a quoted phrase) as the index holds it: its CJK characters each a word, one space between
 * words (`错误` → `错 误`, `test错误` → `test 错 误`; shown to the user as what was searched); other terms as they are.
 */
export function cjkTerm(term: string): string {
  return ANY.test(term) ? spaceCjk(term).trim().replace(/\s+/g, ' ') : term
}

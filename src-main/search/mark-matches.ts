import { cjkCharAt, spaceCjk } from '@contract/cjk-text'
import type { SearchTerm } from './search-query'
import { CLOSE, OPEN } from './snippet'

/**
 * The combining marks unicode61 (remove_diacritics 2) keeps inside a token, and folds away: these 25 of U+0300-U+0331.
 * Every other combining mark it knows (Hebrew and Arabic points, Indic vowel signs and viramas, Thai vowels, the kana
 * (han)dakuten: ~1,000 of them) separates tokens, as a space does (each mark tried between two letters, FTS5 of this
 * SQLite, 2026-11-30).
 */
const DIACRITICS = '\\u0300-\\u0304\\u0306-\\u030c\\u030f\\u0311\\u031b\\u0323-\\u0328\\u032d\\u032e\\u0330\\u0331'
/**
 * A token as the index's tokenizer (unicode61, remove_diacritics 2) sees it: letters, digits, private use, and
 * DIACRITICS after one of those (a mark never starts a token: after a space or a CJK character it separates).
 */
const TOKEN = new RegExp(`[\\p{L}\\p{N}\\p{Co}][\\p{L}\\p{N}\\p{Co}${DIACRITICS}]*`, 'gu')

/**
 * What unicode61 (remove_diacritics 2) folds a token to, character by character (each rule below is what FTS5 of this
 * SQLite does to every letter it knows: mark-matches.test.ts asks it for all of them):
 * - a Latin letter (Latin-1 to Extended-B, Extended Additional, the Ångström sign) loses the DIACRITICS its
 *   decomposition has (é, ệ, ǖ: e, e, u), except LATIN_KEPT; one of those marks on its own (e + U+0301) goes, after
 *   any letter;
 * - every other letter is only lower-cased: Greek, Cyrillic, が, a Hangul syllable keep their marks and their parts;
 * - a letter whose lower case Unicode added after 6.1 (unicode61's tables) keeps its case: NEW_CASE;
 * - a few fold further than toLowerCase: ς to σ, ſ to s, µ to μ, the Greek symbol forms (FOLDED).
 */
export function fold(s: string): string {
  // most tokens are ASCII: skip the per-character work (per token of a 16,000-character row)
  // nor does a token with no character the rules below treat apart (Σ: toLowerCase makes a final one ς)
  if (ASCII.test(s) || !SPECIAL.test(s)) return s.toLowerCase()
  let out = ''
  for (const c of s) {
    const code = c.codePointAt(0)!
    if (code < 0xc0) out += code < 0x80 ? c.toLowerCase() : c
    else if (code >= 0x300 && code <= 0x331 && DIACRITIC.test(c))
      continue // a mark on its own: dropped
    else if ((code <= 0x24f || (code >= 0x1e00 && code <= 0x1eff) || code === 0x212b) && !LATIN_KEPT.test(c)) {
      const parts = c.normalize('NFD')
      out += (DIACRITIC.test(parts) ? parts.replace(DIACRITIC_ALL, '').normalize('NFC') : c).toLowerCase()
    } else out += code >= 0x37f && NEW_CASE.test(c) ? c : c.toLowerCase() // per character: Σ is σ, final or not
  }
  return out.replace(FOLDS_FURTHER, (c) => FOLDED[c])
}
/** Any character fold treats apart from toLowerCase: Latin beyond ASCII, the marks, NEW_CASE's blocks, FOLDED, Σ. */
const SPECIAL =
  /[\u00b5\u00c0-\u024f\u0300-\u0331\u037f\u03a3\u03c2\u03d0-\u03f5\u0528-\u052e\u13a0-\u13f5\u1c89-\u1cbf\u1e00-\u1eff\u1fbe\u212b\u2c2f\ua698-\ua7f5\u{104b0}-\u{1e921}]/u
const DIACRITIC = new RegExp(`[${DIACRITICS}]`, 'u')
const DIACRITIC_ALL = new RegExp(`[${DIACRITICS}]`, 'gu')
/** Those it keeps whole: two marks or a ligature and a mark (Ǡ, Ǯ, Ǽ, Ǿ and their lower cases). */
const LATIN_KEPT = /[\u01e0-\u01e3\u01ee\u01ef\u01fc-\u01ff]/u
/** Upper-case letters whose lower case came after Unicode 6.1: Cherokee, Georgian Mtavruli, Latin Extended-D... */
const NEW_CASE = new RegExp(
  '[\\u037f\\u0528\\u052a\\u052c\\u052e\\u13a0-\\u13f5\\u1c89\\u1c90-\\u1cba\\u1cbd-\\u1cbf\\u2c2f\\ua698\\ua69a' +
    '\\ua796\\ua798\\ua79a\\ua79c\\ua79e\\ua7ab-\\ua7ae\\ua7b0-\\ua7b4\\ua7b6\\ua7b8\\ua7ba\\ua7bc\\ua7be\\ua7c0\\ua7c2' +
    '\\ua7c4-\\ua7c7\\ua7c9\\ua7cb-\\ua7cc\\ua7ce\\ua7d0\\ua7d2\\ua7d4\\ua7d6\\ua7d8\\ua7da\\ua7dc\\ua7f5' +
    '\\u{104b0}-\\u{104d3}\\u{10570}-\\u{1057a}\\u{1057c}-\\u{1058a}\\u{1058c}-\\u{10592}\\u{10594}-\\u{10595}' +
    '\\u{10c80}-\\u{10cb2}\\u{10d50}-\\u{10d65}\\u{118a0}-\\u{118bf}\\u{16e40}-\\u{16e5f}\\u{16ea0}-\\u{16eb8}' +
    '\\u{1e900}-\\u{1e921}]',
  'u'
)
const FOLDED: Record<string, string> = {
  µ: 'μ',
  ſ: 's',
  ς: 'σ',
  ϐ: 'β',
  ϑ: 'θ',
  ϕ: 'φ',
  ϖ: 'π',
  ϰ: 'κ',
  ϱ: 'ρ',
  ϵ: 'ε',
  '\u1fbe': 'ι'
}
const FOLDS_FURTHER = new RegExp(`[${Object.keys(FOLDED).join('')}]`, 'gu')
const ASCII = /^[\x00-\x7f]*$/

/**
 * The row's text with every instance of a wanted term between OPEN and CLOSE, as FTS5's highlight() would mark it:
 * a term is a phrase of tokens (one word is a phrase of one), consecutive in the row, the last one a prefix when
 * the term is. Done here rather than by highlight() because highlight() needs the MATCH evaluated again for each
 * hit's row, which for a page of 50 relevance hits cost 25-50 ms on 1 GB of text (one seek per row); this is
 * one pass over the row's tokens.
 */
export function markMatches(text: string, terms: SearchTerm[]): string {
  const phrases = terms.map(phraseOf).filter((p) => p.words.length > 0)
  const spans = ASCII.test(text) ? asciiSpans(text, phrases) : (wordSpans(text, phrases) ?? tokenSpans(text, phrases))
  let out = ''
  let at = 0
  for (const [a, b] of spans) {
    out += text.slice(at, a) + OPEN + text.slice(a, b) + CLOSE
    at = b
  }
  return out + text.slice(at)
}

export type Phrase = { words: string[]; prefix: boolean }

/** A term as the index's tokenizer reads it in a query: its tokens, folded (a CJK character is one). */
export function phraseOf(term: SearchTerm): Phrase {
  return { words: [...spaceCjk(term.text).matchAll(TOKEN)].map((m) => fold(m[0])), prefix: term.prefix }
}

/** An ASCII letter or digit: the only token characters an ASCII row has. */
const isWordCode = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90)

/**
 * The fast path for an ASCII row (most rows): indexOf of each phrase's first word in the lower-cased row, checked
 * at token boundaries, instead of a token object per word (70 ms for 50 rows of 16,000 characters, measured).
 */
function asciiSpans(text: string, phrases: Phrase[]): [number, number][] {
  const lower = text.toLowerCase()
  const n = lower.length
  const found: [number, number][] = []
  for (const p of phrases) {
    const last = p.words.length - 1
    for (let at = lower.indexOf(p.words[0]); at >= 0; at = lower.indexOf(p.words[0], at + 1)) {
      if (at > 0 && isWordCode(lower.charCodeAt(at - 1))) continue
      let pos = at
      let end = -1
      for (let k = 0; k <= last; k++) {
        if (k > 0) while (pos < n && !isWordCode(lower.charCodeAt(pos))) pos++
        const w = p.words[k]
        if (!lower.startsWith(w, pos)) break
        let e = pos + w.length
        if (k === last && p.prefix) while (e < n && isWordCode(lower.charCodeAt(e))) e++
        else if (e < n && isWordCode(lower.charCodeAt(e))) break
        if (k === last) end = e
        pos = e
      }
      if (end >= 0) found.push([at, end])
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1])
  return merge(found)
}

/** One token character of the index's tokenizer, tried at lastIndex (sticky): a code point, one or two code units. */
const TOKEN_CHAR = new RegExp(`[\\p{L}\\p{N}\\p{Co}${DIACRITICS}]`, 'uy')

/** Code units of the token character at `i`, 0 when none starts there. */
function tokenCharAt(text: string, i: number): number {
  const c = text.charCodeAt(i)
  if (c < 0x80) return isWordCode(c) ? 1 : 0
  TOKEN_CHAR.lastIndex = i
  return TOKEN_CHAR.test(text) ? TOKEN_CHAR.lastIndex - i : 0
}

/**
 * Code units of the CJK character at `i`, 0 when none starts there: a token of its own, as the index has it
 * (contract/cjk-text.ts). The ranges start at U+1100: a lower code is never one.
 */
function cjkAt(text: string, i: number): number {
  return text.charCodeAt(i) < 0x1100 ? 0 : cjkCharAt(text, i)
}

/** Code units of the code point at `i` (a surrogate pair is one character). */
function charWidth(text: string, i: number): number {
  const c = text.charCodeAt(i)
  if (c < 0xd800 || c > 0xdbff || i + 1 >= text.length) return 1
  const d = text.charCodeAt(i + 1)
  return d >= 0xdc00 && d <= 0xdfff ? 2 : 1
}

/**
 * The general path (a row with a non-ASCII character): the row's tokens as unicode61 cuts them (runs of letters,
 * digits, marks, private use), phrases matched token by token. An ASCII token is compared in place, lower-cased code
 * by code (what fold gives it); only a token with a non-ASCII character is folded. A token object and a folded string
 * per word cost ~1 ms a row of 16,000 characters, 40-50 ms of a relevance page on the 1 GB search corpus (whose rows
 * nearly all hold an "é" or a "—" somewhere); this is one scan.
 */
export function tokenSpans(text: string, phrases: Phrase[]): [number, number][] {
  const starts: number[] = []
  const ends: number[] = []
  /** A token's folded text when it has a non-ASCII character; null for one compared in place (ASCII, or CJK). */
  const folded: (string | null)[] = []
  const n = text.length
  for (let i = 0; i < n;) {
    let w = tokenCharAt(text, i)
    if (w === 0) {
      i += charWidth(text, i)
      continue
    }
    if (isDiacritic(text.charCodeAt(i))) {
      i++ // a mark that starts no token: a separator
      continue
    }
    const start = i
    const cjk = cjkAt(text, i)
    if (cjk > 0) {
      i += cjk
      starts.push(start)
      ends.push(i)
      folded.push(null) // folds to itself (no case, no diacritic): compared in place, as an ASCII token is
      continue
    }
    let ascii = true
    do {
      if (w > 1 || text.charCodeAt(i) >= 0x80) ascii = false
      i += w
    } while (i < n && (w = tokenCharAt(text, i)) > 0 && cjkAt(text, i) === 0)
    starts.push(start)
    ends.push(i)
    folded.push(ascii ? null : fold(text.slice(start, i)))
  }
  /** Whether token `t` is `word` (folded), or starts with it for a prefix. */
  const is = (t: number, word: string, prefix: boolean): boolean =>
    tokenIs(text, starts[t], ends[t], folded[t], word, prefix)
  const found: [number, number][] = []
  const count = starts.length
  for (let i = 0; i < count; i++) {
    let longest = 0
    for (const p of phrases) {
      if (i + p.words.length > count || p.words.length <= longest) continue
      const last = p.words.length - 1
      if (p.words.every((w, k) => is(i + k, w, k === last && p.prefix))) longest = p.words.length
    }
    if (longest === 0) continue
    found.push([starts[i], ends[i + longest - 1]])
  }
  return merge(found)
}

/**
 * The tokens tokenSpans would mark, found without cutting the whole row into tokens, for a query of single ASCII
 * words (after folding: `café` is `cafe`), the most common kind: each word's occurrences in the row lower-cased that
 * start a token, and every token holding a non-ASCII character (which may fold to a word: `Éxito`), each checked
 * whole as tokenSpans checks it. A row of agent output has a non-ASCII character or two (an "é", a "—"), so nearly
 * every row took the general path: ~0.2 ms a row of 16,000 characters, 11 ms of a relevance page of 50 on the 1 GB
 * search corpus (2026-11-30). Null for anything else (a phrase of several words, a row whose lower case changes
 * its length): tokenSpans.
 */
export function wordSpans(text: string, phrases: Phrase[]): [number, number][] | null {
  if (phrases.some((p) => p.words.length !== 1 || !ASCII.test(p.words[0]))) return null
  const lower = text.toLowerCase()
  if (lower.length !== text.length) return null
  const starts = new Set<number>()
  const found: [number, number][] = []
  const mark = (start: number, end: number, folded: string | null): void => {
    if (starts.has(start)) return
    for (const { words, prefix } of phrases) {
      if (!tokenIs(text, start, end, folded, words[0], prefix)) continue
      starts.add(start)
      found.push([start, end])
      return
    }
  }
  for (const { words } of phrases) {
    const w = words[0]
    for (let at = lower.indexOf(w); at >= 0; at = lower.indexOf(w, at + 1)) {
      if (tokenCharBefore(text, at) > 0) continue
      const end = tokenEnd(text, at)
      const token = text.slice(at, end)
      mark(at, end, ASCII.test(token) ? null : fold(token))
      at = end - 1
    }
  }
  NON_ASCII.lastIndex = 0
  for (let m = NON_ASCII.exec(text); m; m = NON_ASCII.exec(text)) {
    const i = m.index
    // a CJK character is a token of its own (contract/cjk-text.ts), never an ASCII word; a mark with no letter of a
    // token before it separates
    if (tokenCharAt(text, i) === 0 || cjkAt(text, i) > 0) continue
    if (isDiacritic(text.charCodeAt(i)) && tokenCharBefore(text, i) === 0) {
      let j = i + 1 // and the marks after it (each walked back once only: a row of 16,000 marks stays linear)
      while (j < text.length && isDiacritic(text.charCodeAt(j))) j++
      NON_ASCII.lastIndex = j
      continue
    }
    const start = tokenStart(text, i)
    const end = tokenEnd(text, i)
    mark(start, end, fold(text.slice(start, end)))
    NON_ASCII.lastIndex = end // the rest of this token is done
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1])
  return merge(found)
}
const NON_ASCII = /[^\x00-\x7f]/g

/**
 * Whether the token [start, end) is `word` (folded) or, for a prefix, starts with it: `folded` is the token folded
 * when it has a non-ASCII character, null for an ASCII or a CJK one (compared in place, lower-cased code by code).
 */
function tokenIs(
  text: string,
  start: number,
  end: number,
  folded: string | null,
  word: string,
  prefix: boolean
): boolean {
  if (folded !== null) return prefix ? folded.startsWith(word) : folded === word
  const len = end - start
  if (prefix ? len < word.length : len !== word.length) return false
  for (let k = 0; k < word.length; k++) {
    let c = text.charCodeAt(start + k)
    if (c >= 65 && c <= 90) c += 32
    if (c !== word.charCodeAt(k)) return false
  }
  return true
}

/** Where the token starting at `i` (not a CJK one) ends: before a character that is no token's, or a CJK one. */
function tokenEnd(text: string, i: number): number {
  let end = i
  for (let w = tokenCharAt(text, end); w > 0 && end < text.length; w = tokenCharAt(text, end)) {
    if (end > i && cjkAt(text, end) > 0) break
    end += w
  }
  return end
}

/**
 * Code units of the token character that ends at `i` (a surrogate pair: 2) and is in the same token as what starts
 * at `i`, 0 when none does: a CJK character is a token of its own.
 */
function tokenCharBefore(text: string, i: number): number {
  const w = charBefore(text, i)
  if (w === 1 && isDiacritic(text.charCodeAt(i - 1))) {
    // marks are in a token only after a letter of it: walk back over them to what they follow
    let k = i - 1
    while (k > 0 && isDiacritic(text.charCodeAt(k - 1))) k--
    if (charBefore(text, k) === 0) return 0
  }
  return w
}

/** Code units of the token character (a mark included, not a CJK one) that ends at `i`, 0 when none does. */
function charBefore(text: string, i: number): number {
  if (i <= 0) return 0
  const c = text.charCodeAt(i - 1)
  let w = 0
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) {
    const h = text.charCodeAt(i - 2)
    if (h >= 0xd800 && h <= 0xdbff) w = tokenCharAt(text, i - 2) === 2 ? 2 : 0
  } else w = tokenCharAt(text, i - 1) === 1 ? 1 : 0
  return w > 0 && cjkAt(text, i - w) > 0 ? 0 : w
}

/**
 * Where the token holding the token character at `i` (not a CJK one, not a mark that starts none) begins: back over
 * its characters, then on past the marks it cannot begin with. One walk, whatever the marks.
 */
function tokenStart(text: string, i: number): number {
  let start = i
  for (let w = charBefore(text, start); w > 0; w = charBefore(text, start)) start -= w
  while (start < i && isDiacritic(text.charCodeAt(start))) start++
  return start
}

/** Whether the code unit is one of the DIACRITICS (a token character that never starts a token). */
function isDiacritic(c: number): boolean {
  return c >= 0x300 && c <= 0x331 && DIACRITIC.test(String.fromCharCode(c))
}

/** Overlapping instances (a phrase inside a longer one) become one mark; `found` is sorted by start. */
function merge(found: [number, number][]): [number, number][] {
  const spans: [number, number][] = []
  for (const [start, end] of found) {
    const prev = spans[spans.length - 1]
    if (prev && start < prev[1]) prev[1] = Math.max(prev[1], end)
    else spans.push([start, end])
  }
  return spans
}

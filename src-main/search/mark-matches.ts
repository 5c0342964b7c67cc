import type { SearchTerm } from './search-query'
import { CLOSE, OPEN } from './snippet'

/** A token as the index's tokenizer (unicode61, remove_diacritics 2) sees it: letters, digits, private use. */
const TOKEN = /[\p{L}\p{N}\p{Co}\p{Mn}]+/gu

/** Lower case without diacritics: what unicode61 with remove_diacritics folds a token to. */
export function fold(s: string): string {
  // most tokens are ASCII: skip the normalization (the costly part, per token of a 16,000-character row)
  return ASCII.test(s)
    ? s.toLowerCase()
    : s
        .normalize('NFD')
        .replace(/\p{Mn}/gu, '')
        .toLowerCase()
}
const ASCII = /^[\x00-\x7f]*$/

/**
 * The row's text with every instance of a wanted term between OPEN and CLOSE, as FTS5's highlight() would mark it:
 * a term is a phrase of tokens (one word is a phrase of one), consecutive in the row, the last one a prefix when
 * the term is. Done here rather than by highlight() because highlight() needs the MATCH evaluated again for each
 * hit's row, which for a page of 50 relevance hits cost 25-50 ms on 1 GB of text (one seek per row); this is
 * one pass over the row's tokens.
 */
export function markMatches(text: string, terms: SearchTerm[]): string {
  const phrases = terms
    .map((t) => ({ words: [...t.text.matchAll(TOKEN)].map((m) => fold(m[0])), prefix: t.prefix }))
    .filter((p) => p.words.length > 0)
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
const TOKEN_CHAR = /[\p{L}\p{N}\p{Co}\p{Mn}]/uy

/** Code units of the token character at `i`, 0 when none starts there. */
function tokenCharAt(text: string, i: number): number {
  const c = text.charCodeAt(i)
  if (c < 0x80) return isWordCode(c) ? 1 : 0
  TOKEN_CHAR.lastIndex = i
  return TOKEN_CHAR.test(text) ? TOKEN_CHAR.lastIndex - i : 0
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
  /** A token's folded text when it has a non-ASCII character; null for an ASCII one (compared in place). */
  const folded: (string | null)[] = []
  const n = text.length
  for (let i = 0; i < n;) {
    let w = tokenCharAt(text, i)
    if (w === 0) {
      i += charWidth(text, i)
      continue
    }
    const start = i
    let ascii = true
    do {
      if (w > 1 || text.charCodeAt(i) >= 0x80) ascii = false
      i += w
    } while (i < n && (w = tokenCharAt(text, i)) > 0)
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
    if (tokenCharAt(text, i) === 0) continue
    let start = i
    for (let w = tokenCharBefore(text, start); w > 0; w = tokenCharBefore(text, start)) start -= w
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
 * when it has a non-ASCII character, null for an ASCII one (compared in place, lower-cased code by code).
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

/** Where the token starting at `i` ends. */
function tokenEnd(text: string, i: number): number {
  let end = i
  for (let w = tokenCharAt(text, end); w > 0 && end < text.length; w = tokenCharAt(text, end)) end += w
  return end
}

/** Code units of the token character that ends at `i` (a surrogate pair: 2), 0 when none does. */
function tokenCharBefore(text: string, i: number): number {
  if (i <= 0) return 0
  const c = text.charCodeAt(i - 1)
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) {
    const h = text.charCodeAt(i - 2)
    if (h >= 0xd800 && h <= 0xdbff) return tokenCharAt(text, i - 2) === 2 ? 2 : 0
  }
  return tokenCharAt(text, i - 1) === 1 ? 1 : 0
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

import type { SearchTerm } from './search-query'
import { CLOSE, OPEN } from './snippet'

/** A token as the index's tokenizer (unicode61, remove_diacritics 2) sees it: letters, digits, private use. */
const TOKEN = /[\p{L}\p{N}\p{Co}\p{Mn}]+/gu

/** Lower case without diacritics: what unicode61 with remove_diacritics folds a token to. */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase()
}

/**
 * The row's text with every instance of a wanted term between OPEN and CLOSE, as FTS5's highlight() would mark it:
 * a term is a phrase of tokens (one word is a phrase of one), consecutive in the row, the last one a prefix when
 * the term is. Done here rather than by highlight() because highlight() needs the MATCH evaluated again for each
 * hit's row, which for a page of 50 relevance hits cost 25-50 ms on 1 GB of text (one seek per row); this is
 * one pass over the row's tokens.
 */
export function markMatches(text: string, terms: SearchTerm[]): string {
  const tokens = [...text.matchAll(TOKEN)].map((m) => ({ start: m.index, end: m.index + m[0].length, word: fold(m[0]) }))
  const phrases = terms
    .map((t) => ({ words: [...t.text.matchAll(TOKEN)].map((m) => fold(m[0])), prefix: t.prefix }))
    .filter((p) => p.words.length > 0)
  const spans: [number, number][] = []
  for (let i = 0; i < tokens.length; i++) {
    let longest = 0
    for (const p of phrases) {
      if (i + p.words.length > tokens.length || p.words.length <= longest) continue
      const last = p.words.length - 1
      const ok = p.words.every((w, k) => (k === last && p.prefix ? tokens[i + k].word.startsWith(w) : tokens[i + k].word === w))
      if (ok) longest = p.words.length
    }
    if (longest === 0) continue
    const start = tokens[i].start
    const end = tokens[i + longest - 1].end
    // overlapping instances (a phrase inside a longer one) merge into one mark
    if (spans.length && start <= spans[spans.length - 1][1]) spans[spans.length - 1][1] = Math.max(end, spans[spans.length - 1][1])
    else spans.push([start, end])
  }
  let out = ''
  let at = 0
  for (const [a, b] of spans) {
    out += text.slice(at, a) + OPEN + text.slice(a, b) + CLOSE
    at = b
  }
  return out + text.slice(at)
}

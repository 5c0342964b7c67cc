import { cjkCount } from '@contract/cjk-text'
import type { SearchSnippet } from '@contract/model'

/** The marks FTS5's snippet() is asked to put around matches; the indexed text never holds them (search-rows.ts). */
export const OPEN = '\u0002'
export const CLOSE = '\u0003'

/** Turns a marked snippet into plain text and the [start, end) offsets of its matches. */
export function parseSnippet(marked: string): SearchSnippet {
  let text = ''
  const matches: [number, number][] = []
  let start = -1
  for (const ch of marked) {
    if (ch === OPEN) start = text.length
    else if (ch === CLOSE) {
      if (start >= 0 && text.length > start) matches.push([start, text.length])
      start = -1
    } else text += ch
  }
  // one line of text: line breaks and tabs become spaces, one for one, so the offsets stay right
  return { text: text.replace(/[\r\n\t\v\f]/g, ' '), matches }
}

/** Longest snippet text: a "word" can be a whole minified line. */
const SNIPPET_CHARS = 240
/** Characters of context kept before the window's first match, cut at a space. */
const LEAD_CHARS = 30

/**
 * A snippet cut from a row marked whole (markMatches): the stretch of about `words` words (8 characters a word)
 * holding the most matches, the first such, from a little before its first match, at most SNIPPET_CHARS, cut at
 * spaces where there are any; `…` where text was cut. Works on the mark positions only (indexOf), not on every
 * word: FTS5's own snippet() scored a window per match against every match (300+ ms a page of rows of 16,000
 * characters full of a common word), a word-by-word pass still cost 20+ ms a page.
 */
export function cutSnippet(marked: string, words: number): string {
  let width = Math.min(words * 8, SNIPPET_CHARS - LEAD_CHARS)
  if (marked.length <= width + LEAD_CHARS) return marked
  const marks: number[] = []
  for (let i = marked.indexOf(OPEN); i >= 0; i = marked.indexOf(OPEN, i + 1)) marks.push(i)
  // the window starting at a mark with the most marks inside it (two pointers over the positions)
  let best = marks.length ? marks[0] : 0
  let bestCount = 0
  for (let i = 0, j = 0; i < marks.length; i++) {
    while (j < marks.length && marks[j] < marks[i] + width) j++
    if (j - i > bestCount) {
      bestCount = j - i
      best = marks[i]
    }
  }
  // Chinese, Japanese and Korean characters are twice as wide and a word each or two: half as many of them show
  // as much as the Latin text, in the same two or three lines
  const wide = cjkCount(marked.slice(best, best + width)) * 3 > width
  const lead = wide ? LEAD_CHARS / 2 : LEAD_CHARS
  width = wide ? Math.ceil(width / 2) : width
  let from = Math.max(0, best - lead)
  if (from > 0) {
    const space = marked.slice(from, best).search(/\s/)
    if (space >= 0) from += space + 1 // start on a word
  }
  let to = Math.min(marked.length, best + width)
  if (to < marked.length) {
    const space = marked.slice(best, to).search(/\s\S*$/)
    if (space > 0) to = best + space // end after a whole word
  }
  // never between the two halves of a character past the BMP (an ideograph of CJK extension B, an emoji)
  if (isLowSurrogate(marked.charCodeAt(from)) && from > 0) from--
  if (to < marked.length && isLowSurrogate(marked.charCodeAt(to))) to++
  let text = marked.slice(from, to)
  // keep the marks balanced where a marked phrase was cut
  const before = marked.slice(Math.max(0, from - SNIPPET_CHARS * 4), from)
  if (before.lastIndexOf(OPEN) > before.lastIndexOf(CLOSE)) text = OPEN + text
  if (text.lastIndexOf(OPEN) > text.lastIndexOf(CLOSE)) text += CLOSE
  return `${from > 0 ? '…' : ''}${text}${to < marked.length ? '…' : ''}`
}

const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff

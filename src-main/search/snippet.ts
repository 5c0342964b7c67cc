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

/**
 * A snippet cut from a row marked whole (markMatches): the window of `words` words holding the most
 * matches, the first such, starting a few words before its first match, at most SNIPPET_CHARS; `…` where text was
 * cut. FTS5's own snippet() scores a window per match against every other match, so a 16,000-character row full
 * of a common word cost it tens of ms per hit (300+ ms a page, measured); this is one pass over the row.
 */
export function cutSnippet(highlighted: string, words: number): string {
  const spans = [...highlighted.matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length, match: m[0].includes(OPEN) }))
  let from = 0
  let to = highlighted.length
  if (spans.length > words) {
    // sliding window: how many matches start inside [i, i + words); the first window with the most wins
    let best = 0
    let bestCount = -1
    let count = 0
    for (let i = 0; i < spans.length; i++) {
      if (spans[i].match) count++
      if (i >= words && spans[i - words].match) count--
      if (i >= words - 1 && count > bestCount) {
        bestCount = count
        best = i - words + 1
      }
    }
    // a little context before the window's first match
    const first = Math.max(0, spans.slice(best, best + words).findIndex((s) => s.match))
    const startWord = Math.max(0, best + first - Math.min(first, 3))
    const endWord = Math.min(spans.length, startWord + words)
    from = startWord > 0 ? spans[startWord].start : 0
    to = endWord < spans.length ? spans[endWord - 1].end : highlighted.length
  }
  if (to - from > SNIPPET_CHARS) {
    const mark = highlighted.indexOf(OPEN, from)
    const at = mark >= 0 && mark < to ? mark : from
    from = Math.max(from, at - SNIPPET_CHARS / 4)
    to = Math.min(to, from + SNIPPET_CHARS)
  }
  let text = highlighted.slice(from, to)
  // keep the marks balanced where a marked phrase was cut
  const before = highlighted.slice(0, from)
  if (before.lastIndexOf(OPEN) > before.lastIndexOf(CLOSE)) text = OPEN + text
  if (text.lastIndexOf(OPEN) > text.lastIndexOf(CLOSE)) text += CLOSE
  return `${from > 0 ? '…' : ''}${text}${to < highlighted.length ? '…' : ''}`
}

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

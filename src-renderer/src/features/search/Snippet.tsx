import type { ReactNode } from 'react'
import type { SearchSnippet } from '@contract/model'
import { readable } from '../../lib/readable'
import css from './Snippet.module.css'

/**
 * A hit's snippet with its matches in <mark>: built from the plain text and the offsets as React text nodes, so
 * trace content (which may hold HTML) is never parsed as markup. Each piece is made readable on its own (a bidi
 * override written out as `<U+202E RLO>`), so the offsets, which count the text as sent, still fall between pieces.
 */
export function Snippet({ snippet }: { snippet: SearchSnippet }): ReactNode {
  const parts: ReactNode[] = []
  let at = 0
  for (const [start, end] of snippet.matches) {
    if (start < at || end > snippet.text.length) continue // overlapping or out of range: skip, never throw
    if (start > at) parts.push(readable(snippet.text.slice(at, start)))
    parts.push(<mark key={start}>{readable(snippet.text.slice(start, end))}</mark>)
    at = end
  }
  if (at < snippet.text.length) parts.push(readable(snippet.text.slice(at)))
  return <span className={css.snippet}>{parts}</span>
}

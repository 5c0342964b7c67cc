import type { SearchSnippet } from '@contract/model'
import type { SearchRow } from './search-rows'

/**
 * The snippet last made of a row, for the terms it was made for. Marking a row costs a pass over it (mark-matches.ts:
 * ~0.5 ms a row of 16,000 characters with a non-ASCII letter, 15-30 ms a page of 50 on the 1 GB search corpus), and
 * a page asked again or the next page of the same search shows the same rows for the same terms. Keyed by the row
 * object HitRowCache keeps (hit-rows.ts): a row read anew (its file changed) or dropped from that cache takes its
 * snippet with it, so this holds no more than that cache does.
 */
const memo = new WeakMap<SearchRow, { terms: string; snippet: SearchSnippet }>()

export function memoSnippet(row: SearchRow, terms: string, make: () => SearchSnippet): SearchSnippet {
  const kept = memo.get(row)
  if (kept?.terms === terms) return kept.snippet
  const snippet = make()
  memo.set(row, { terms, snippet })
  return snippet
}

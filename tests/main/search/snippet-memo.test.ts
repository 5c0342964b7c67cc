/** snippet-memo.ts: a row's snippet is made once per terms, and again for other terms or another row object. */
import { describe, expect, it } from 'vitest'
import { memoSnippet } from '../../../src-main/search/snippet-memo'
import type { SearchRow } from '../../../src-main/search/search-rows'

const row = (text: string): SearchRow => ({ turn: 0, role: 'assistant', tool: null, text })

describe('memoSnippet', () => {
  it('makes a row’s snippet once for the same terms', () => {
    const r = row('a heron')
    let made = 0
    const make = () => ({ text: `made ${++made}`, matches: [] as [number, number][] })
    expect(memoSnippet(r, '["heron"]', make).text).toBe('made 1')
    expect(memoSnippet(r, '["heron"]', make).text).toBe('made 1')
    // other terms: made anew (and kept in its place)
    expect(memoSnippet(r, '["egret"]', make).text).toBe('made 2')
    expect(memoSnippet(r, '["heron"]', make).text).toBe('made 3')
    // the same text in another row object (read anew from a changed file) is not taken for the kept one
    expect(memoSnippet(row('a heron'), '["heron"]', make).text).toBe('made 4')
  })
})

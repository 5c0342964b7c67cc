import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { groupByRun, groupHits } from '../../../src-renderer/src/features/search/SearchView'
import { Snippet } from '../../../src-renderer/src/features/search/Snippet'
import snippetCss from '../../../src-renderer/src/features/search/Snippet.module.css'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { FAKE_SEARCH_TURNS, fakeSearch } from '../../helpers/fake-search'
import { fakeApi, flush } from '../fake-api'

describe('search slice', () => {
  it('runs the typed query with the filters, groups hits by run, and a hit opens the viewer at its turn', async () => {
    const api = fakeApi({ 'run-a': 3, 'run-b': 2 })
    const store = createAppStore(api)
    store.getState().openSearch()
    store.getState().setSearchInput('  crane ')
    await store.getState().runSearch()
    const s = store.getState().search
    expect(s.query).toBe('crane')
    expect(s.hits).toHaveLength(3)
    expect(groupByRun(s.hits).map((g) => [g.runName, g.hits.length])).toEqual([
      ['Run A', 2],
      ['Run B', 1]
    ])
    expect(groupHits(s.hits, 'index').map((g) => g.runName)).toEqual(['Run A', 'Run B'])
    // best match is one list in rank order: grouping would put every hit of the first run before better ones
    expect(groupHits(s.hits, 'relevance')).toEqual([{ runId: '', runName: '', hits: s.hits }])
    expect(groupHits([], 'relevance')).toEqual([])

    store.getState().setSearchFilters({ role: 'tool' })
    await flush()
    expect(api.search).toHaveBeenLastCalledWith('crane', { limit: 100, offset: 0, order: 'relevance', role: 'tool' })
    expect(store.getState().search.hits.map((h) => h.episodeId)).toEqual(['run-a:1'])
    store.getState().setSearchFilters({ role: null, runIds: ['run-b'], tool: ' python ' })
    await flush()
    expect(api.search).toHaveBeenLastCalledWith('crane', {
      limit: 100,
      offset: 0,
      order: 'relevance',
      runIds: ['run-b'],
      tool: 'python'
    })
    store.getState().setSearchFilters({ order: 'index' })
    await flush()
    expect(api.search).toHaveBeenLastCalledWith('crane', {
      limit: 100,
      offset: 0,
      order: 'index',
      runIds: ['run-b'],
      tool: 'python'
    })
    expect(store.getState().search.page?.order).toBe('index')

    store.getState().openSearchHit(store.getState().search.hits[0])
    const after = store.getState()
    expect(after.search.open).toBe(false)
    expect(after.selectedRunId).toBe('run-b')
    expect(after.openEpisodeId).toBe('run-b:0')
    expect(after.search.query).toBe('crane') // kept for going back
  })

  it('says why a query is refused, and a newer query wins over an older answer', async () => {
    const store = createAppStore(fakeApi({}))
    store.getState().setSearchInput('***')
    await store.getState().runSearch()
    expect(store.getState().search.error).toMatch(/no words/)
    expect(store.getState().search.hits).toEqual([])

    let release: () => void = () => {}
    const slow = fakeSearch()
    const api = fakeApi({})
    vi.mocked(api.search).mockImplementationOnce(async (q, o) => {
      await new Promise<void>((r) => (release = r))
      return slow(q, o)
    })
    const s2 = createAppStore(api)
    s2.getState().setSearchInput('crane')
    const first = s2.getState().runSearch()
    s2.getState().setSearchInput('traceback')
    await s2.getState().runSearch()
    release()
    await first
    expect(s2.getState().search.query).toBe('traceback')
    expect(s2.getState().search.hits.map((h) => h.episodeId)).toEqual(['run-a:1'])
  })

  it('pages: more hits are appended', async () => {
    const api = fakeApi({})
    vi.mocked(api.search).mockImplementation(
      fakeSearch(Array.from({ length: 150 }, (_, i) => ({ ...FAKE_SEARCH_TURNS[0], episodeId: `run-a:${i}` })))
    )
    const store = createAppStore(api)
    store.getState().setSearchInput('crane')
    await store.getState().runSearch()
    expect(store.getState().search.hits).toHaveLength(100)
    await store.getState().loadMoreSearch()
    expect(
      store
        .getState()
        .search.hits.map((h) => h.episodeId)
        .slice(99, 101)
    ).toEqual(['run-a:99', 'run-a:100'])
    expect(store.getState().search.hits).toHaveLength(150)
  })
})

describe('Snippet', () => {
  it('marks the matches as text, never as markup', () => {
    const html = renderToStaticMarkup(
      createElement(Snippet, {
        snippet: {
          text: '<b>x</b> crane <script>',
          matches: [
            [9, 14],
            [3, 4]
          ]
        }
      })
    )
    expect(html).toBe(
      `<span class="${snippetCss.snippet}">&lt;b&gt;x&lt;/b&gt; <mark>crane</mark> &lt;script&gt;</span>`
    )
  })
})

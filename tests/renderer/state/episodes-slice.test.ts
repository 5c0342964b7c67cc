import { describe, expect, it, vi } from 'vitest'
import type { EpisodeQuery, Page, EpisodeSummary } from '@contract/model'
import { pageQuery } from '../../../src-renderer/src/state/episodes-slice'
import { rowAt } from '../../../src-renderer/src/state/page-cache'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { episode, fakeApi, flush } from '../fake-api'

describe('episodes table state', () => {
  it('loads only the pages covering the visible range, with offset/limit windows', async () => {
    const api = fakeApi({ big: 100_000 })
    const store = createAppStore(api)
    store.getState().selectRun('big')
    await store.getState().ensureEpisodeRange(0, 40)
    expect(store.getState().episodes.total).toBe(100_000)
    expect(api.queries).toEqual([{ runId: 'big', sort: 'ordinal', desc: false, offset: 0, limit: 200 }])

    await store.getState().ensureEpisodeRange(50_010, 50_050)
    expect(api.queries.map((q) => q.offset)).toEqual([0, 50_000])
    expect(rowAt(store.getState().episodes.pages, 50_020)?.ordinal).toBe(50_020)

    // Already loaded: no new request.
    await store.getState().ensureEpisodeRange(50_000, 50_100)
    expect(api.queries).toHaveLength(2)

    await store.getState().ensureEpisodeRange(50_190, 50_230)
    expect(api.queries.map((q) => q.offset)).toEqual([0, 50_000, 50_200])
  })

  it('does not request the same page twice while it is in flight', async () => {
    const api = fakeApi({ r: 1000 })
    const store = createAppStore(api)
    store.getState().selectRun('r')
    await Promise.all([store.getState().ensureEpisodeRange(0, 10), store.getState().ensureEpisodeRange(5, 20)])
    expect(api.listEpisodes).toHaveBeenCalledTimes(1)
  })

  it('sorting resets the cache; the same header again flips the direction', async () => {
    const api = fakeApi({ r: 500 })
    const store = createAppStore(api)
    store.getState().selectRun('r')
    await store.getState().ensureEpisodeRange(0, 10)
    store.getState().setEpisodeSort('reward')
    await flush()
    expect(store.getState().episodes.query).toMatchObject({ sort: 'reward', desc: false })
    store.getState().setEpisodeSort('reward')
    await flush()
    expect(store.getState().episodes.query).toMatchObject({ sort: 'reward', desc: true })
    store.getState().setEpisodeSort('metric:score')
    await flush()
    expect(api.queries.slice(1).map((q) => [q.sort, q.desc, q.offset])).toEqual([
      ['reward', false, 0],
      ['reward', true, 0],
      ['metric:score', false, 0]
    ])
    // The fake serves descending order by reversing: row 0 of the desc query was ordinal 499.
    expect(store.getState().episodes.queryVersion).toBe(store.getState().episodes.generation)
  })

  it('sends text and filter only when set, trimmed', () => {
    expect(pageQuery('r', { sort: 'turns', desc: true, text: '  river ', filter: ' reward < 0.5 ' }, 3)).toEqual({
      runId: 'r',
      sort: 'turns',
      desc: true,
      offset: 600,
      limit: 200,
      text: 'river',
      filter: 'reward < 0.5'
    })
    expect(pageQuery('r', { sort: 'ordinal', desc: false, text: ' ', filter: '' }, 0)).not.toHaveProperty('text')
  })

  it('shows an invalid filter under the box, not in the banner, and clears it when fixed', async () => {
    const api = fakeApi({ r: 30 })
    const store = createAppStore(api)
    store.getState().selectRun('r')
    store.getState().setEpisodeFilter('reward !! 1')
    await flush()
    expect(store.getState().episodes.filterError).toBe('filter: unexpected "!!" at 0')
    expect(store.getState().episodes.total).toBe(0)
    expect(store.getState().notices).toEqual([])
    store.getState().setEpisodeFilter('reward < 1')
    await flush()
    expect(store.getState().episodes.filterError).toBeNull()
    expect(store.getState().episodes.total).toBe(30)
    expect(api.queries.at(-1)?.filter).toBe('reward < 1')
  })

  it('other failures go to the banner', async () => {
    const api = fakeApi({ r: 30 })
    vi.mocked(api.listEpisodes).mockRejectedValueOnce(new Error('database is locked'))
    const store = createAppStore(api)
    store.getState().selectRun('r')
    await store.getState().ensureEpisodeRange(0, 10)
    expect(store.getState().episodes.error).toBe('database is locked')
    expect(store.getState().notices.map((n) => n.message)).toEqual(['Could not load episodes: database is locked'])
  })

  it('drops an answer that arrives after the query changed', async () => {
    const api = fakeApi({ r: 100 })
    let release: (p: Page<EpisodeSummary>) => void = () => {}
    vi.mocked(api.listEpisodes).mockImplementationOnce(
      (q: EpisodeQuery) =>
        new Promise((resolve) => (release = () => resolve({ items: [episode(q.runId, 77)], total: 1, offset: 0 })))
    )
    const store = createAppStore(api)
    store.getState().selectRun('r')
    const slow = store.getState().ensureEpisodeRange(0, 10)
    store.getState().setEpisodeText('question 5')
    await flush()
    release({ items: [], total: 0, offset: 0 })
    await slow
    expect(store.getState().episodes.total).toBe(100)
    expect(rowAt(store.getState().episodes.pages, 0)?.ordinal).toBe(0)
    expect(store.getState().episodes.loadingKeys).toEqual([])
  })

  it('selecting another run starts a fresh table', async () => {
    const store = createAppStore(fakeApi({ a: 10, b: 20 }))
    store.getState().selectRun('a')
    await store.getState().ensureEpisodeRange(0, 5)
    store.getState().setEpisodeActive(7)
    store.getState().selectRun('b')
    expect(store.getState().episodes).toMatchObject({ runId: 'b', total: null, activeIndex: 0, pages: {} })
    await store.getState().ensureEpisodeRange(0, 5)
    expect(store.getState().episodes.total).toBe(20)
  })

  it('remembers the scroll position of the current run only', () => {
    const store = createAppStore(fakeApi({ a: 10, b: 20 }))
    store.getState().selectRun('a')
    store.getState().rememberEpisodeScroll('a', 520)
    expect(store.getState().episodes.scrollTop).toBe(520)
    store.getState().selectRun('b')
    // The old table unmounts after the new run was selected: its position must not leak into run b.
    store.getState().rememberEpisodeScroll('a', 800)
    expect(store.getState().episodes.scrollTop).toBe(0)
  })

  it('refresh refetches the visible pages but keeps the old rows meanwhile', async () => {
    const api = fakeApi({ r: 1000 })
    const store = createAppStore(api)
    store.getState().selectRun('r')
    await store.getState().ensureEpisodeRange(400, 420)
    expect(api.queries.map((q) => q.offset)).toEqual([400])
    const refreshing = store.getState().refreshEpisodes()
    expect(rowAt(store.getState().episodes.pages, 410)?.ordinal).toBe(410)
    await refreshing
    expect(api.queries.map((q) => q.offset)).toEqual([400, 400])
  })
})

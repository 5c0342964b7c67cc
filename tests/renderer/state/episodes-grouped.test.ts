/** The episodes table grouped by task: flat row mapping, paging of groups and of unfolded rollouts, and switching. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isGroupedView } from '../../../src-renderer/src/state/episodes-slice'
import {
  flatCount,
  groupRowIndex,
  rowOf,
  withOpenGroup,
  type OpenGroup
} from '../../../src-renderer/src/state/grouped-rows'
import { rowAt } from '../../../src-renderer/src/state/page-cache'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, flush } from '../fake-api'

const open = (taskKey: string, index: number, count: number): OpenGroup => ({
  taskKey,
  index,
  count,
  pages: {},
  pageGen: {}
})

describe('grouped rows', () => {
  // groups 0..9; group 2 unfolded with 3 rollouts, group 5 with 2
  const groups = [open('b', 5, 2), open('a', 2, 3)].reduce<OpenGroup[]>((acc, g) => withOpenGroup(acc, g), [])

  it('keeps unfolded groups sorted and maps every flat row', () => {
    expect(groups.map((g) => g.index)).toEqual([2, 5])
    expect(flatCount(10, groups)).toBe(15)
    const rows = Array.from({ length: 15 }, (_, i) => rowOf(i, groups))
    expect(rows.map((r) => (r.kind === 'group' ? `g${r.group}` : `${r.taskKey}${r.child}`))).toEqual([
      'g0',
      'g1',
      'g2',
      'a0',
      'a1',
      'a2',
      'g3',
      'g4',
      'g5',
      'b0',
      'b1',
      'g6',
      'g7',
      'g8',
      'g9'
    ])
    expect([0, 2, 3, 5, 6, 9].map((g) => groupRowIndex(g, groups))).toEqual([0, 2, 6, 8, 11, 14])
    expect(rowOf(3, [])).toEqual({ kind: 'group', group: 3 })
  })

  it('replaces an unfolded group by task key', () => {
    const moved = withOpenGroup(groups, open('a', 7, 4))
    expect(moved.map((g) => [g.taskKey, g.index, g.count])).toEqual([
      ['b', 5, 2],
      ['a', 7, 4]
    ])
  })
})

describe('grouped table state', () => {
  afterEach(() => vi.unstubAllGlobals())

  /** A store with run `r` (`n` episodes, 2 per task) selected and grouped. */
  async function groupedStore(n: number) {
    vi.stubGlobal('localStorage', undefined)
    const api = fakeApi({ r: n })
    const store = createAppStore(api)
    await store.getState().loadRuns()
    store.getState().selectRun('r')
    store.getState().setGroupByTask('verifiers', true)
    await flush()
    return { api, store }
  }

  it('lists task groups by page, and refetches them when grouping is switched on', async () => {
    const { api, store } = await groupedStore(100_000)
    expect(isGroupedView(store.getState())).toBe(true)
    expect(api.groupQueries).toEqual([{ runId: 'r', sort: 'ordinal', desc: false, offset: 0, limit: 200 }])
    expect(store.getState().episodes.groupTotal).toBe(50_000)
    await store.getState().ensureGroupedRange(30_010, 30_040)
    expect(api.groupQueries.map((q) => q.offset)).toEqual([0, 30_000])
    expect(rowAt(store.getState().episodes.groupPages, 30_020)?.taskKey).toBe('t30020')
    expect(api.listEpisodes).not.toHaveBeenCalled()
  })

  it('unfolds a group beneath itself, loads its rollouts, and folds it again', async () => {
    const { api, store } = await groupedStore(20)
    store.getState().toggleTaskGroup(3)
    await flush()
    const st = store.getState().episodes
    expect(st.openGroups.map((g) => [g.taskKey, g.index, g.count])).toEqual([['t3', 3, 2]])
    expect(api.queries.at(-1)).toMatchObject({ runId: 'r', taskKey: 't3', offset: 0 })
    expect(flatCount(st.groupTotal!, st.openGroups)).toBe(12)
    const g = st.openGroups[0]
    expect([rowAt(g.pages, 0)?.id, rowAt(g.pages, 1)?.id]).toEqual(['r:6', 'r:7'])
    expect(rowOf(4, st.openGroups)).toEqual({ kind: 'episode', group: 3, taskKey: 't3', child: 0 })
    store.getState().toggleTaskGroup(3)
    expect(store.getState().episodes.openGroups).toEqual([])
  })

  it('applies the filter to groups and rollouts, and a new sort folds the groups', async () => {
    const { api, store } = await groupedStore(20)
    store.getState().toggleTaskGroup(0)
    await flush()
    store.getState().setEpisodeSort('reward')
    await flush()
    expect(store.getState().episodes.openGroups).toEqual([])
    expect(api.groupQueries.at(-1)).toMatchObject({ sort: 'reward', offset: 0 })
    store.getState().setEpisodeFilter('reward !! 1')
    await flush()
    expect(store.getState().episodes.filterError).toBe('filter: unexpected "!!" at 0')
    expect(store.getState().episodes.groupTotal).toBe(0)
    expect(store.getState().notices).toEqual([])
  })

  it('a refresh refetches the groups and the unfolded rollouts in view', async () => {
    const { api, store } = await groupedStore(20)
    store.getState().toggleTaskGroup(1)
    await flush()
    await store.getState().ensureGroupedRange(0, 11)
    const groupCalls = api.groupQueries.length
    const episodeCalls = api.queries.length
    await store.getState().refreshEpisodes()
    expect(api.groupQueries.length).toBe(groupCalls + 1)
    expect(api.queries.slice(episodeCalls).map((q) => q.taskKey)).toEqual(['t1'])
    expect(store.getState().episodes.openGroups[0].count).toBe(2)
  })

  it('n / p step through the rollouts shown, over task rows, into the next unfolded task', async () => {
    const { store } = await groupedStore(20)
    store.getState().toggleTaskGroup(1)
    store.getState().toggleTaskGroup(4)
    await flush()
    // rows: t0, t1, r:2, r:3, t2, t3, t4, r:8, r:9, ...
    store.getState().openEpisode('r:2', 2)
    await store.getState().openAdjacentEpisode(1)
    expect(store.getState().openEpisodeId).toBe('r:3')
    await store.getState().openAdjacentEpisode(1)
    expect(store.getState().openEpisodeId).toBe('r:8')
    expect(store.getState().episodes.activeIndex).toBe(7)
    await store.getState().openAdjacentEpisode(-1)
    expect(store.getState().openEpisodeId).toBe('r:3')
    await store.getState().openAdjacentEpisode(-1)
    await store.getState().openAdjacentEpisode(-1)
    // nothing above r:2 is shown (t0 is folded): stays put
    expect(store.getState().openEpisodeId).toBe('r:2')
  })

  it('switching grouping off goes back to episode pages; the choice is per format', async () => {
    const { api, store } = await groupedStore(20)
    store.getState().setGroupByTask('verifiers', false)
    await flush()
    expect(isGroupedView(store.getState())).toBe(false)
    expect(store.getState().episodes.total).toBe(20)
    expect(api.queries.at(-1)).toEqual({ runId: 'r', sort: 'ordinal', desc: false, offset: 0, limit: 200 })
    store.getState().setGroupByTask('inspect', true)
    expect(isGroupedView(store.getState())).toBe(false)
  })
})

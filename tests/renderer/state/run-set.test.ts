/** One episodes table over several runs: the route, the queries, the flat list, saved views and merged columns. */
import { describe, expect, it } from 'vitest'
import type { RunSummary } from '@contract/model'
import { episodeColumns } from '../../../src-renderer/src/features/episodes/episode-columns'
import { mergeRuns } from '../../../src-renderer/src/lib/merge-runs'
import { shortRunLabels } from '../../../src-renderer/src/lib/run-labels'
import { isGroupedView } from '../../../src-renderer/src/state/episodes-slice'
import { formatHash, parseHash } from '../../../src-renderer/src/state/hash-route'
import { bindHashRoute } from '../../../src-renderer/src/state/hash-sync'
import { tableRuns } from '../../../src-renderer/src/state/selection-slice'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, flush, run } from '../fake-api'

describe('a table over several runs', () => {
  it('is a route of its own: #/run/a,b (ids encoded), with an episode and turn as for one run', () => {
    const route = { runId: 'a', alsoRunIds: ['b/1', 'c'], episodeId: 'e', turn: 3 }
    expect(formatHash(route)).toBe('#/run/a,b%2F1,c/episode/e/turn/3')
    expect(parseHash('#/run/a,b%2F1,c/episode/e/turn/3')).toEqual(route)
    expect(parseHash('#/run/a')).toEqual({ runId: 'a', episodeId: null, turn: null })
    expect(parseHash('#/run/a,,b')).toEqual({ runId: null, episodeId: null, turn: null })
  })

  it('lists the runs in one flat, paged query and keeps them across a filter change', async () => {
    const api = fakeApi({ a: 3, b: 2 })
    const store = createAppStore(api)
    await store.getState().loadRuns()
    store.getState().setGroupByTask('verifiers', true)
    store.getState().selectRun('a', ['b', 'a'])
    expect(tableRuns(store.getState())).toEqual(['a', 'b'])
    expect(isGroupedView(store.getState())).toBe(false) // task groups belong to one run
    await store.getState().ensureEpisodeRange(0, 10)
    expect(api.queries.at(-1)).toMatchObject({ runId: 'a', runIds: ['b'] })
    expect(store.getState().episodes.total).toBe(5)
    store.getState().setEpisodeFilter('reward > 0')
    await flush()
    expect(api.queries.at(-1)).toMatchObject({ runId: 'a', runIds: ['b'], filter: 'reward > 0' })
    // one run again: no runIds in the query
    store.getState().selectRun('b')
    await store.getState().ensureEpisodeRange(0, 10)
    expect(api.queries.at(-1)?.runIds).toBeUndefined()
  })

  it('writes and follows the hash', async () => {
    const api = fakeApi({ a: 3, b: 2 })
    const store = createAppStore(api)
    const listeners = new Set<() => void>()
    const host = {
      location: { hash: '#/run/a,b' },
      addEventListener: (_: 'hashchange', fn: () => void) => void listeners.add(fn),
      removeEventListener: (_: 'hashchange', fn: () => void) => void listeners.delete(fn)
    }
    const unbind = bindHashRoute(store, host)
    expect(tableRuns(store.getState())).toEqual(['a', 'b'])
    store.getState().selectRun('b')
    expect(host.location.hash).toBe('#/run/b')
    store.getState().selectRun('b', ['a'])
    expect(host.location.hash).toBe('#/run/b,a')
    unbind()
  })

  it('saves a view with every run of the table, and applying it lists them again (runs gone are left out)', async () => {
    const api = fakeApi({ a: 3, b: 2 })
    const store = createAppStore(api)
    await store.getState().loadRuns()
    store.getState().selectRun('a', ['b'])
    await store.getState().saveCurrentView('both', ['task'])
    expect((await api.listSavedViews()).find((v) => v.name === 'both')?.runIds).toEqual(['a', 'b'])
    store.getState().selectRun('a')
    store.getState().applyView({
      id: 1,
      name: 'both',
      runIds: ['gone', 'b', 'a'],
      filter: '',
      sort: null,
      desc: false,
      columns: [],
      updatedAt: 0
    })
    expect(tableRuns(store.getState())).toEqual(['b', 'a'])
  })

  it('short run labels drop the shared prefix up to its last " · ", never merging two names', () => {
    expect(shortRunLabels(['repo-repair · qwen3-8b (base)', 'repo-repair · qwen3-8b-grpo-step400 (trained)'])).toEqual([
      'qwen3-8b (base)',
      'qwen3-8b-grpo-step400 (trained)'
    ])
    expect(shortRunLabels(['a · x · 1', 'a · x · 2', 'a · y'])).toEqual(['x · 1', 'x · 2', 'y'])
    expect(shortRunLabels(['math · m', 'math · m'])).toEqual(['m', 'm']) // equal names stay equal
    expect(shortRunLabels(['base', 'tuned'])).toEqual(['base', 'tuned'])
    expect(shortRunLabels(['a · b', 'a · b · c'])).toEqual(['b', 'b · c'])
    expect(shortRunLabels(['x · ', 'x · y'])).toEqual(['x · ', 'x · y']) // would leave one empty
  })

  it('columns: a Run column first naming each row’s run, metrics and info fields of every run', () => {
    const a: RunSummary = {
      ...run({ id: 'a', episodes: 3 }),
      name: 'base',
      metrics: [{ name: 'acc', count: 3, mean: 0.5, std: 0.1, min: 0, max: 1 }],
      infoFields: ['level']
    }
    const b: RunSummary = {
      ...run({ id: 'b', episodes: 1 }),
      name: 'tuned',
      metrics: [
        { name: 'acc', count: 1, mean: 1, std: null, min: 1, max: 1 },
        { name: 'len', count: 1, mean: 9, std: null, min: 9, max: 9 }
      ],
      infoFields: ['level', 'topic']
    }
    const merged = mergeRuns([a, b])
    expect(merged).toMatchObject({ id: 'a', name: 'base + tuned', episodes: 4, infoFields: ['level', 'topic'] })
    expect(merged.metrics.find((m) => m.name === 'acc')).toMatchObject({ count: 4, mean: 0.625, min: 0, max: 1 })
    const cols = episodeColumns(
      merged,
      new Map([
        ['a', 'base'],
        ['b', 'tuned']
      ])
    )
    expect(cols[0].id).toBe('run')
    expect(cols[0].text({ runId: 'b' } as never)).toBe('tuned')
    expect(cols.map((c) => c.id)).toEqual(
      expect.arrayContaining(['metric:acc', 'metric:len', 'info:level', 'info:topic'])
    )
    expect(episodeColumns(a).some((c) => c.id === 'run')).toBe(false)
  })
})

import { describe, expect, it, vi } from 'vitest'
import { formatHash, parseHash, sameRoute } from '../../../src-renderer/src/state/hash-route'
import { bindHashRoute, restoreLastRoute } from '../../../src-renderer/src/state/hash-sync'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, flush } from '../fake-api'

describe('compare and series hash routes', () => {
  it('round-trips two runs and an open task, encoding ids with / # and spaces', () => {
    const route = {
      runId: null,
      episodeId: null,
      turn: null,
      compare: { runA: 'runs/a b', runB: 'b#1', taskKey: null }
    }
    expect(formatHash(route)).toBe('#/compare/runs%2Fa%20b/b%231')
    expect(parseHash('#/compare/runs%2Fa%20b/b%231')).toEqual(route)
    const withTask = { ...route, compare: { ...route.compare, taskKey: 'repo/t 3' } }
    expect(formatHash(withTask)).toBe('#/compare/runs%2Fa%20b/b%231/task/repo%2Ft%203')
    expect(parseHash(formatHash(withTask))).toEqual(withTask)
    expect(sameRoute(route, withTask)).toBe(false)
  })

  it('round-trips a series, ids with commas included', () => {
    const route = { runId: null, episodeId: null, turn: null, series: ['base', 'sft,v2', 'rl/400'] }
    expect(formatHash(route)).toBe('#/series/base,sft%2Cv2,rl%2F400')
    expect(parseHash('#/series/base,sft%2Cv2,rl%2F400')).toEqual(route)
    expect(sameRoute(route, { ...route, series: ['base', 'rl/400', 'sft,v2'] })).toBe(false)
  })

  it('reads a one-run series (the steps inside a hosted-RL export)', () => {
    expect(parseHash('#/series/export-1')).toEqual({ runId: null, episodeId: null, turn: null, series: ['export-1'] })
  })

  it('treats incomplete or broken compare and series hashes as no selection', () => {
    const none = { runId: null, episodeId: null, turn: null }
    expect(parseHash('#/compare/a')).toEqual(none)
    expect(parseHash('#/compare/a/%E0%A4%A')).toEqual(none)
    expect(parseHash('#/series/')).toEqual(none)
    expect(parseHash('#/series/a,,b')).toEqual(none)
    // a task part without a key is the comparison itself
    expect(parseHash('#/compare/a/b/task/').compare).toEqual({ runA: 'a', runB: 'b', taskKey: null })
  })
})

function fakeHost(hash: string) {
  const listeners = new Set<() => void>()
  const host = {
    location: { hash },
    history: {
      replaceState: vi.fn((_d: unknown, _u: string, url: string) => {
        host.location.hash = url
      })
    },
    addEventListener: vi.fn((_t: 'hashchange', fn: () => void) => void listeners.add(fn)),
    removeEventListener: vi.fn((_t: 'hashchange', fn: () => void) => void listeners.delete(fn)),
    navigate(h: string) {
      host.location.hash = h
      for (const l of listeners) l()
    }
  }
  return host
}

describe('bindHashRoute with the compare screen', () => {
  it('a reloaded compare link opens the comparison and its task', async () => {
    const api = fakeApi({ base: 8, trained: 8 })
    const store = createAppStore(api)
    const host = fakeHost('#/compare/base/trained/task/t5')
    bindHashRoute(store, host)
    expect(store.getState().compare).toMatchObject({ runA: 'base', runB: 'trained', taskKey: 't5', loading: true })
    await flush()
    expect(api.compareRuns).toHaveBeenCalledWith('base', 'trained', {})
    expect(store.getState().compare?.report?.sharedTasks).toBe(16)
    expect(host.location.hash).toBe('#/compare/base/trained/task/t5')
  })

  it('writes compare state to the hash: opening a task adds an entry, stepping replaces it, closing goes back to the runs', async () => {
    const store = createAppStore(fakeApi({ base: 8, trained: 8 }))
    const host = fakeHost('#/run/base')
    bindHashRoute(store, host)
    store.getState().openCompare('base', 'trained')
    expect(host.location.hash).toBe('#/compare/base/trained')
    await flush()
    store.getState().openCompareTask('t3', ['t3', 't7'])
    expect(host.location.hash).toBe('#/compare/base/trained/task/t3')
    expect(host.history.replaceState).not.toHaveBeenCalled()
    expect(store.getState().stepCompareTask(1)).toBe(true)
    expect(host.location.hash).toBe('#/compare/base/trained/task/t7')
    expect(host.history.replaceState).toHaveBeenCalledTimes(1)
    store.getState().closeCompareTask()
    expect(host.location.hash).toBe('#/compare/base/trained')
    store.getState().closeCompare()
    expect(host.location.hash).toBe('#/run/base')
  })

  it('keeps the Groups tab in the link: a link names the tab it opens on', async () => {
    const api = fakeApi({ base: 8, trained: 8 })
    const store = createAppStore(api)
    const host = fakeHost('#/compare/base/trained?tab=groups')
    bindHashRoute(store, host)
    expect(store.getState().compareTab).toBe('groups')
    await flush()
    expect(host.location.hash).toBe('#/compare/base/trained?tab=groups')
    store.getState().setCompareTab('summary')
    expect(host.location.hash).toBe('#/compare/base/trained')
    store.getState().setCompareTab('groups')
    expect(host.location.hash).toBe('#/compare/base/trained?tab=groups')
    // a link without the tab opens the report
    host.navigate('#/compare/base/trained')
    expect(store.getState().compareTab).toBe('summary')
    expect(parseHash('#/compare/a/b?stepA=1&stepB=2&tab=groups').compare).toEqual({
      runA: 'a',
      runB: 'b',
      taskKey: null,
      steps: { a: 1, b: 2 },
      groups: true
    })
    await flush()
  })

  it('back from a comparison to the browser, and from nothing selected to a series', () => {
    const store = createAppStore(fakeApi({ a: 4, b: 4, c: 4 }))
    const host = fakeHost('')
    bindHashRoute(store, host)
    store.getState().openSeries(['a', 'b', 'c'])
    expect(host.location.hash).toBe('#/series/a,b,c')
    host.navigate('#/run/b')
    expect(store.getState().series).toBeNull()
    expect(store.getState().selectedRunId).toBe('b')
    host.navigate('#/compare/a/c')
    expect(store.getState().compare).toMatchObject({ runA: 'a', runB: 'c' })
    host.navigate('#/')
    expect(store.getState().compare).toBeNull()
    // leaving the comparison for "nothing selected" still writes the hash
    store.getState().openCompare('a', 'b')
    expect(host.location.hash).toBe('#/compare/a/b')
    store.getState().closeCompare()
    expect(host.location.hash).toBe('#/')
  })

  it('restores the last comparison at the next start only while both runs exist', async () => {
    const storage = new Map<string, string>()
    const mem = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v)
    }
    const store1 = createAppStore(fakeApi({ a: 4, b: 4 }))
    bindHashRoute(store1, fakeHost(''), mem)
    store1.getState().openCompare('a', 'b')
    expect([...storage.values()]).toEqual(['#/compare/a/b'])

    const store2 = createAppStore(fakeApi({ a: 4, b: 4 }))
    const host2 = fakeHost('')
    bindHashRoute(store2, host2, mem)
    await store2.getState().loadRuns()
    restoreLastRoute(store2, host2, mem)
    expect(store2.getState().compare).toMatchObject({ runA: 'a', runB: 'b' })
    expect(host2.location.hash).toBe('#/compare/a/b')

    const store3 = createAppStore(fakeApi({ a: 4 }))
    const host3 = fakeHost('')
    await store3.getState().loadRuns()
    restoreLastRoute(store3, host3, mem)
    expect(store3.getState().compare).toBeNull()
    await flush()
  })
})

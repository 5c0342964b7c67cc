import { describe, expect, it, vi } from 'vitest'
import { formatHash, parseHash } from '../../../src-renderer/src/state/hash-route'
import { bindHashRoute, restoreLastRoute } from '../../../src-renderer/src/state/hash-sync'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, flush } from '../fake-api'

describe('hash routes', () => {
  it('round-trips run and episode ids, including characters that need encoding', () => {
    const route = { runId: 'runs/a b#1', episodeId: 'ep:42/x', turn: null }
    const hash = formatHash(route)
    expect(hash).toBe('#/run/runs%2Fa%20b%231/episode/ep%3A42%2Fx')
    expect(parseHash(hash)).toEqual(route)
    const withTurn = { ...route, turn: 17 }
    expect(formatHash(withTurn)).toBe(`${hash}/turn/17`)
    expect(parseHash(`${hash}/turn/17`)).toEqual(withTurn)
  })
  it('parses a run alone, and treats anything else as no selection', () => {
    expect(parseHash('#/run/r1')).toEqual({ runId: 'r1', episodeId: null, turn: null })
    expect(parseHash('#/run/r1/episode/')).toEqual({ runId: 'r1', episodeId: null, turn: null })
    expect(parseHash('#/run/r1/episode/e/turn/x')).toEqual({ runId: 'r1', episodeId: 'e', turn: null })
    expect(parseHash('#/run/r1/turn/3')).toEqual({ runId: 'r1', episodeId: null, turn: null })
    expect(parseHash('')).toEqual({ runId: null, episodeId: null, turn: null })
    expect(parseHash('#/settings')).toEqual({ runId: null, episodeId: null, turn: null })
    expect(parseHash('#/run/%E0%A4%A')).toEqual({ runId: null, episodeId: null, turn: null })
    expect(formatHash({ runId: null, episodeId: 'x', turn: 2 })).toBe('')
  })
})

function fakeHost(hash: string) {
  const listeners = new Set<() => void>()
  const host = {
    location: { hash },
    /** Every hash written as a new history entry. */
    pushed: [] as string[],
    history: {
      replaceState: vi.fn((_d: unknown, _u: string, url: string) => {
        host.location.hash = url
      })
    },
    addEventListener: vi.fn((_t: 'hashchange', fn: () => void) => void listeners.add(fn)),
    removeEventListener: vi.fn((_t: 'hashchange', fn: () => void) => void listeners.delete(fn)),
    /** Simulates the user navigating (back button, pasted link). */
    navigate(h: string) {
      host.location.hash = h
      for (const l of listeners) l()
    }
  }
  return host
}

describe('bindHashRoute', () => {
  it('restores the selection from the hash at start (reload) and loads the episode', async () => {
    const api = fakeApi({ r1: 10 })
    const store = createAppStore(api)
    bindHashRoute(store, fakeHost('#/run/r1/episode/r1%3A4'))
    expect(store.getState().selectedRunId).toBe('r1')
    expect(store.getState().openEpisodeId).toBe('r1:4')
    await flush()
    expect(api.getEpisode).toHaveBeenCalledWith('r1:4')
    expect(store.getState().episode.detail?.ordinal).toBe(4)
  })

  it('writes selection changes to the hash', () => {
    const store = createAppStore(fakeApi({ r1: 10 }))
    const host = fakeHost('')
    bindHashRoute(store, host)
    store.getState().selectRun('r1')
    expect(host.location.hash).toBe('#/run/r1')
    store.getState().openEpisode('r1:2')
    expect(host.location.hash).toBe('#/run/r1/episode/r1%3A2')
    store.getState().closeEpisode()
    expect(host.location.hash).toBe('#/run/r1')
    store.getState().selectRun(null)
    expect(host.location.hash).toBe('#/')
  })

  it('a deep link restores the highlighted turn once the transcript arrives', async () => {
    const api = fakeApi({ r1: 10 })
    const store = createAppStore(api)
    const host = fakeHost('#/run/r1/episode/r1%3A4/turn/3')
    bindHashRoute(store, host)
    expect(store.getState().episode.pendingTurnIndex).toBe(3)
    expect(host.location.hash).toBe('#/run/r1/episode/r1%3A4/turn/3')
    await flush()
    expect(store.getState().episode).toMatchObject({ activeTurn: 3, pendingTurnIndex: null })
    expect(store.getState().episode.scrollSeq).toBeGreaterThan(0)
    expect(host.location.hash).toBe('#/run/r1/episode/r1%3A4/turn/3')
  })

  it('turn moves replace the hash (no history entry per turn); the first turn has no /turn part', async () => {
    const store = createAppStore(fakeApi({ r1: 10 }))
    const host = fakeHost('#/run/r1/episode/r1%3A2')
    bindHashRoute(store, host)
    await flush()
    store.getState().moveActiveTurn(2)
    expect(host.location.hash).toBe('#/run/r1/episode/r1%3A2/turn/2')
    store.getState().moveActiveTurn(-2)
    expect(host.location.hash).toBe('#/run/r1/episode/r1%3A2')
    expect(host.history.replaceState).toHaveBeenCalledTimes(2)
  })

  it('follows hashchange (back / forward) and stops after unbinding', () => {
    const store = createAppStore(fakeApi({ r1: 10, r2: 5 }))
    const host = fakeHost('#/run/r1')
    const unbind = bindHashRoute(store, host)
    host.navigate('#/run/r2/episode/r2%3A1')
    expect(store.getState().selectedRunId).toBe('r2')
    expect(store.getState().openEpisodeId).toBe('r2:1')
    host.navigate('#/run/r2')
    expect(store.getState().openEpisodeId).toBeNull()
    unbind()
    host.navigate('#/run/r1')
    expect(store.getState().selectedRunId).toBe('r2')
  })

  it('keeps the last view and restores it at the next start when the URL has none and its run still exists', async () => {
    const storage = new Map<string, string>()
    const store1 = createAppStore(fakeApi({ r1: 10 }))
    bindHashRoute(store1, fakeHost(''), {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v)
    })
    store1.getState().selectRun('r1')
    store1.getState().openEpisode('r1:3')
    await flush()
    store1.getState().moveActiveTurn(2)
    expect([...storage.values()]).toEqual(['#/run/r1/episode/r1%3A3/turn/2'])

    const mem = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v)
    }
    const store2 = createAppStore(fakeApi({ r1: 10 }))
    const host2 = fakeHost('')
    bindHashRoute(store2, host2, mem)
    await store2.getState().loadRuns()
    restoreLastRoute(store2, host2, mem)
    await flush()
    expect(store2.getState()).toMatchObject({ selectedRunId: 'r1', openEpisodeId: 'r1:3' })
    expect(store2.getState().episode.activeTurn).toBe(2)
    expect(host2.location.hash).toBe('#/run/r1/episode/r1%3A3/turn/2')

    // a link in the URL wins; a run gone from the workspace is not restored
    const store3 = createAppStore(fakeApi({ r1: 10 }))
    const host3 = fakeHost('#/run/r1')
    bindHashRoute(store3, host3, mem)
    await store3.getState().loadRuns()
    restoreLastRoute(store3, host3, mem)
    expect(store3.getState().openEpisodeId).toBeNull()
    const store4 = createAppStore(fakeApi({ other: 1 }))
    const host4 = fakeHost('')
    await store4.getState().loadRuns()
    restoreLastRoute(store4, host4, mem)
    expect(store4.getState().selectedRunId).toBeNull()
  })
})

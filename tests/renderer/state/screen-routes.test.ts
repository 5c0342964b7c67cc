import { describe, expect, it, vi } from 'vitest'
import {
  formatHash,
  isCompareRoute,
  parseHash,
  routeRunIds,
  sameRoute
} from '../../../src-renderer/src/state/hash-route'
import { bindHashRoute, restoreLastRoute } from '../../../src-renderer/src/state/hash-sync'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, flush } from '../fake-api'

const none = { runId: null, episodeId: null, turn: null }

describe('analysis screen routes', () => {
  it('round-trips a breakdown by one field, two fields (a cross-tab), or none yet; odd names encoded', () => {
    const one = { ...none, breakdown: { runId: 'runs/a b', fields: ['difficulty'] } }
    expect(formatHash(one)).toBe('#/breakdown/runs%2Fa%20b/difficulty')
    expect(parseHash('#/breakdown/runs%2Fa%20b/difficulty')).toEqual(one)
    const two = { ...none, breakdown: { runId: 'r', fields: ['arche,type', 'difficulty'] } }
    expect(formatHash(two)).toBe('#/breakdown/r/arche%2Ctype,difficulty')
    expect(parseHash(formatHash(two))).toEqual(two)
    expect(parseHash('#/breakdown/r')).toEqual({ ...none, breakdown: { runId: 'r', fields: [] } })
    expect(formatHash({ ...none, breakdown: { runId: 'r', fields: [] } })).toBe('#/breakdown/r')
    expect(parseHash('#/breakdown/')).toEqual(none)
  })

  it('round-trips N runs with their baseline and the insistence on different environments', () => {
    const many = { ...none, many: { runIds: ['a', 'b/1', 'c?x'], baseline: 'b/1' } }
    expect(formatHash(many)).toBe('#/many/a,b%2F1,c%3Fx?base=b%2F1')
    expect(parseHash(formatHash(many))).toEqual(many)
    const forced = { ...none, many: { runIds: ['a', 'b', 'c'], baseline: null, anyway: true as const } }
    expect(formatHash(forced)).toBe('#/many/a,b,c?envs=any')
    expect(parseHash('#/many/a,b,c?envs=any')).toEqual(forced)
    // a baseline that is not one of the runs is the first; one run is not "several"
    expect(parseHash('#/many/a,b?base=z').many).toEqual({ runIds: ['a', 'b'], baseline: null })
    expect(parseHash('#/many/a')).toEqual(none)
    expect(sameRoute(many, { ...many, many: { ...many.many, baseline: 'a' } })).toBe(false)
  })

  it('round-trips a training curve, and a forced comparison of two runs', () => {
    const curve = { ...none, curve: { runId: 'rl 1' } }
    expect(formatHash(curve)).toBe('#/curve/rl%201')
    expect(parseHash('#/curve/rl%201')).toEqual(curve)
    // the step picked on it
    const picked = { ...none, curve: { runId: 'rl 1', step: 120 } }
    expect(formatHash(picked)).toBe('#/curve/rl%201?step=120')
    expect(parseHash('#/curve/rl%201?step=120')).toEqual(picked)
    expect(sameRoute(picked, curve)).toBe(false)
    // not a step: the curve without one
    for (const bad of ['-1', '1.5', 'x', '']) expect(parseHash(`#/curve/rl%201?step=${bad}`)).toEqual(curve)
    const forced = { ...none, compare: { runA: 'a', runB: 'b', taskKey: 't', anyway: true as const } }
    expect(formatHash(forced)).toBe('#/compare/a/b/task/t?envs=any')
    expect(parseHash('#/compare/a/b/task/t?envs=any')).toEqual(forced)
    expect(sameRoute(forced, { ...none, compare: { runA: 'a', runB: 'b', taskKey: 't' } })).toBe(false)
    const forcedSeries = { ...none, series: ['a', 'b'], seriesAnyway: true as const }
    expect(formatHash(forcedSeries)).toBe('#/series/a,b?envs=any')
    expect(parseHash('#/series/a,b?envs=any')).toEqual(forcedSeries)
    expect(sameRoute(forcedSeries, { ...none, series: ['a', 'b'] })).toBe(false)
    expect([curve, forced].every(isCompareRoute)).toBe(true)
    expect(routeRunIds({ ...none, many: { runIds: ['a', 'b', 'c'], baseline: null } })).toEqual(['a', 'b', 'c'])
    expect(routeRunIds(curve)).toEqual(['rl 1'])
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

describe('bindHashRoute with the analysis screens', () => {
  it('a breakdown link without a field gets the run’s default field, replacing the entry', async () => {
    const api = fakeApi({ base: 8 })
    const store = createAppStore(api)
    const host = fakeHost('#/breakdown/base')
    bindHashRoute(store, host)
    expect(store.getState().breakdown).toMatchObject({ runId: 'base', fields: [], loading: true })
    await flush()
    // the fake run has no info field: how episodes ended
    expect(api.breakdownRun).toHaveBeenCalledWith('base', ['status'])
    await flush()
    expect(host.location.hash).toBe('#/breakdown/base/status')
    expect(host.history.replaceState).toHaveBeenCalledTimes(1)
  })

  it('links to N runs and to a curve open those screens; Back leaves them; one screen at a time', async () => {
    const api = fakeApi({ a: 4, b: 4, c: 4 })
    const store = createAppStore(api)
    const host = fakeHost('#/many/a,b,c?base=b')
    bindHashRoute(store, host)
    expect(store.getState().many).toMatchObject({ runIds: ['a', 'b', 'c'], baseline: 'b', anyway: false })
    await flush()
    expect(api.compareMany).toHaveBeenCalledWith(['a', 'b', 'c'], { baseline: 'b' })
    host.navigate('#/curve/a')
    expect(store.getState().many).toBeNull()
    expect(store.getState().curve).toMatchObject({ runId: 'a' })
    store.getState().openBreakdown('a', ['difficulty'])
    expect(store.getState().curve).toBeNull()
    expect(host.location.hash).toBe('#/breakdown/a/difficulty')
    host.navigate('#/run/a')
    expect(store.getState().breakdown).toBeNull()
    expect(store.getState().selectedRunId).toBe('a')
    await flush()
  })

  it('a curve link with a step picks it (its groups load); picking another replaces the entry; a link without none', async () => {
    const api = fakeApi({ a: 4 })
    const store = createAppStore(api)
    const host = fakeHost('#/curve/a?step=3')
    bindHashRoute(store, host)
    expect(store.getState().curve).toMatchObject({ runId: 'a' })
    expect(store.getState().curveStep).toMatchObject({ runId: 'a', step: 3, loading: true })
    await flush()
    expect(api.listTaskGroups).toHaveBeenCalledWith(expect.objectContaining({ runId: 'a', filter: 'step == 3' }))
    store.getState().selectCurveStep('a', 5)
    expect(host.location.hash).toBe('#/curve/a?step=5')
    expect(host.history.replaceState).toHaveBeenCalledTimes(1)
    store.getState().clearCurveStep()
    expect(host.location.hash).toBe('#/curve/a')
    host.navigate('#/curve/a?step=7')
    expect(store.getState().curveStep).toMatchObject({ step: 7 })
    host.navigate('#/curve/a')
    expect(store.getState().curveStep).toBeNull()
    await flush()
  })

  it('restores the last screen at the next start while its runs exist', async () => {
    const storage = new Map<string, string>()
    const mem = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v)
    }
    const store1 = createAppStore(fakeApi({ a: 4, b: 4, c: 4 }))
    bindHashRoute(store1, fakeHost(''), mem)
    store1.getState().openMany(['a', 'b', 'c'], 'a')
    expect([...storage.values()]).toEqual(['#/many/a,b,c?base=a'])
    await flush()
    const store2 = createAppStore(fakeApi({ a: 4, b: 4, c: 4 }))
    const host2 = fakeHost('')
    bindHashRoute(store2, host2, mem)
    await store2.getState().loadRuns()
    restoreLastRoute(store2, host2, mem)
    expect(store2.getState().many).toMatchObject({ runIds: ['a', 'b', 'c'], baseline: 'a' })
    await flush()
  })
})

import { describe, expect, it, vi } from 'vitest'
import type { CompareReport } from '@contract/compare'
import {
  compareReportRequest,
  compareTaskList,
  noSignal,
  rolloutKey
} from '../../../src-renderer/src/state/compare-slice'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, flush, taskGroup } from '../fake-api'
import { fakeCompareReport } from '../fake-compare'

describe('compare slice', () => {
  it('picks runs in click order, swaps A and B, unticks', () => {
    const store = createAppStore(fakeApi({ a: 4, b: 4, c: 4 }))
    const s = () => store.getState()
    s().toggleComparePick('b')
    s().toggleComparePick('a')
    expect(s().comparePicks).toEqual(['b', 'a'])
    s().swapComparePicks()
    expect(s().comparePicks).toEqual(['a', 'b'])
    s().toggleComparePick('c')
    s().toggleComparePick('a')
    expect(s().comparePicks).toEqual(['b', 'c'])
    s().clearComparePicks()
    expect(s().comparePicks).toEqual([])
  })

  it('loads the report, keeps it while a category re-fetch runs, and re-fetches with options.category', async () => {
    const api = fakeApi({ a: 4, b: 4 })
    const store = createAppStore(api)
    store.getState().openCompare('a', 'b')
    await flush()
    const first = store.getState().compare!.report!
    expect(first.perCategory.map((r) => r.field)).toContain('archetype')
    store.getState().setCompareCategory('difficulty')
    expect(store.getState().compare).toMatchObject({ category: 'difficulty', loading: true, report: first })
    await flush()
    expect(api.compareRuns).toHaveBeenLastCalledWith('a', 'b', { category: 'difficulty' })
    expect(store.getState().compare!.report!.perCategory.every((r) => r.field === 'difficulty')).toBe(true)
    expect(store.getState().compare!.loading).toBe(false)
  })

  it('drops a slower answer for runs no longer compared', async () => {
    const api = fakeApi({ a: 4, b: 4, c: 4 })
    let release: (r: CompareReport) => void = () => {}
    vi.mocked(api.compareRuns).mockImplementationOnce(() => new Promise((r) => (release = r)))
    const store = createAppStore(api)
    store.getState().openCompare('a', 'b')
    store.getState().openCompare('a', 'c')
    await flush()
    release(fakeCompareReport('a', 'b'))
    await flush()
    expect(store.getState().compare!.report!.runB.id).toBe('c')
  })

  it('shows an error in the view when the comparison fails', async () => {
    const api = fakeApi({ a: 4, b: 4 })
    vi.mocked(api.compareRuns).mockRejectedValueOnce(new Error('no run with id b'))
    const store = createAppStore(api)
    store.getState().openCompare('a', 'b')
    await flush()
    expect(store.getState().compare).toMatchObject({ loading: false, error: 'no run with id b', report: null })
  })

  it('steps through the list a task was opened from; after a reload, through the flipped tasks', async () => {
    const store = createAppStore(fakeApi({ a: 4, b: 4 }))
    store.getState().openCompare('a', 'b', 't9')
    await flush()
    const c = store.getState().compare!
    expect(compareTaskList(c)).toEqual(['t3', 't7', 't9', 't12', 't5'])
    expect(store.getState().stepCompareTask(1)).toBe(true)
    expect(store.getState().compare!.taskKey).toBe('t12')
    store.getState().openCompareTask('t0', ['t0', 't1'])
    expect(store.getState().stepCompareTask(-1)).toBe(false)
    expect(store.getState().stepCompareTask(1)).toBe(true)
    expect(store.getState().stepCompareTask(1)).toBe(false)
    expect(store.getState().compare!.taskKey).toBe('t1')
  })

  it('a task opened by link that did not flip steps through every shared task of the Tasks table', async () => {
    const store = createAppStore(fakeApi({ a: 4, b: 4 }))
    store.getState().openCompare('a', 'b', 't8') // both fail: no flip
    await flush()
    const c = store.getState().compare!
    expect(compareTaskList(c)).toEqual(c.report!.taskRows.map((r) => r.taskKey))
    expect(compareTaskList(c)).toContain('t8')
    const at = compareTaskList(c).indexOf('t8')
    expect(store.getState().stepCompareTask(1)).toBe(at + 1 < compareTaskList(c).length)
  })

  it("loads both runs' task groups for the Groups tab and each task's rollout rewards once", async () => {
    const api = fakeApi({ a: 6, b: 8 })
    const store = createAppStore(api)
    store.getState().openCompare('a', 'b')
    store.getState().setCompareTab('groups')
    await flush()
    const g = store.getState().compareGroups!
    expect(g.loading).toBe(false)
    expect([...g.a.keys()]).toEqual(['t0', 't1', 't2'])
    expect([...g.b.keys()]).toEqual(['t0', 't1', 't2', 't3'])
    expect(api.groupQueries.map((q) => q.runId).sort()).toEqual(['a', 'b'])
    // a page of tasks: one request per run for all of them, whatever their number; asked twice at once, once
    await Promise.all([
      store.getState().loadGroupRollouts(['t0', 't1', 't3']),
      store.getState().loadGroupRollouts(['t0', 't1', 't3'])
    ])
    const asked = vi.mocked(api.groupRollouts).mock.calls.map(([q]) => [q.runId, q.taskKeys])
    // t3 is not in run a: its side is not asked for it
    expect(asked).toEqual([
      ['a', ['t0', 't1']],
      ['b', ['t0', 't1', 't3']]
    ])
    const now = store.getState().compareGroups!
    expect(now.rollouts.get(rolloutKey('a', 't1'))).toEqual([1, 0])
    expect(now.rolloutPassed.get(rolloutKey('a', 't1'))).toEqual([true, false])
    expect(now.rollouts.get(rolloutKey('b', 't3'))).toEqual([0, 0.5])
    expect(now.rollouts.has(rolloutKey('a', 't3'))).toBe(false)
    // the next page asks only for what it lacks; no request per task
    await store.getState().loadGroupRollouts(['t1', 't2'])
    expect(
      vi
        .mocked(api.groupRollouts)
        .mock.calls.slice(2)
        .map(([q]) => [q.runId, q.taskKeys])
    ).toEqual([
      ['a', ['t2']],
      ['b', ['t2']]
    ])
    expect(vi.mocked(api.listEpisodes).mock.calls.filter(([q]) => q.taskKey !== undefined)).toHaveLength(0)
  })

  it('keeps the tasks whose rollouts failed to load askable again, and says so', async () => {
    const api = fakeApi({ a: 4, b: 4 })
    const store = createAppStore(api)
    store.getState().openCompare('a', 'b')
    store.getState().setCompareTab('groups')
    await flush()
    vi.mocked(api.groupRollouts).mockRejectedValueOnce(new Error('reader stopped'))
    await store.getState().loadGroupRollouts(['t0'])
    expect(store.getState().compareGroups!.rollouts.has(rolloutKey('a', 't0'))).toBe(false)
    expect(store.getState().notices.at(-1)?.message).toBe('Could not load the rollouts of 1 task: reader stopped')
    await store.getState().loadGroupRollouts(['t0'])
    expect(store.getState().compareGroups!.rollouts.get(rolloutKey('a', 't0'))).toEqual([0, 0.5])
  })

  it('flags a group without GRPO signal: two or more rollouts, all with the same reward', () => {
    const g = taskGroup('a', 0, 2)
    expect(noSignal({ ...g, rollouts: 4, minReward: 0.5, maxReward: 0.5 })).toBe(true)
    expect(noSignal({ ...g, rollouts: 4, minReward: 0, maxReward: 1 })).toBe(false)
    expect(noSignal({ ...g, rollouts: 1, minReward: 1, maxReward: 1 })).toBe(false)
    expect(noSignal({ ...g, rollouts: 3, minReward: null, maxReward: null })).toBe(false)
    expect(noSignal(undefined)).toBe(false)
  })

  it('asks for the HTML report of the comparison on screen, with the chosen category', () => {
    const store = createAppStore(fakeApi({ a: 4, b: 4 }))
    store.getState().openCompare('a', 'b')
    store.getState().setCompareCategory('archetype')
    expect(compareReportRequest(store.getState().compare!)).toEqual({
      kind: 'compareReport',
      runA: 'a',
      runB: 'b',
      options: { category: 'archetype' }
    })
  })
})

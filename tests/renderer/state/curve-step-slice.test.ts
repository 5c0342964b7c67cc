/**
 * The training curve's step panel: the step's best and worst groups, each with its rollouts' rewards, fetched in one
 * groupRollouts request for every group shown (not one request per group).
 */
import { describe, expect, it, vi } from 'vitest'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { episode, fakeApi, flush, taskGroup } from '../fake-api'

describe('curve step panel', () => {
  it('ranks the groups of the step and loads every shown group’s rewards in one request', async () => {
    const api = fakeApi({ r: 40 })
    // ranked by mean reward: the fake's first groups are the best, its last ones the worst
    vi.mocked(api.listTaskGroups).mockImplementation(async (q) => {
      const all = Array.from({ length: 20 }, (_, g) => taskGroup('r', g, 40))
      const ranked = q.desc ? all : [...all].reverse()
      return { items: ranked.slice(0, q.limit), total: all.length, offset: 0, rollouts: 40 }
    })
    const store = createAppStore(api)
    store.getState().selectCurveStep('r', 3)
    await flush()
    const v = store.getState().curveStep!
    expect(v.loading).toBe(false)
    expect(v.error).toBeNull()
    expect(v.groups).toBe(20)
    expect(v.best.length).toBe(5)
    expect(v.worst.length).toBe(5)
    expect(vi.mocked(api.groupRollouts)).toHaveBeenCalledTimes(1)
    const [q] = vi.mocked(api.groupRollouts).mock.calls[0]
    expect(q).toMatchObject({ runId: 'r', sort: 'reward', desc: true, filter: 'step == 3' })
    expect(v.best.map((g) => g.taskKey)).toEqual(['t0', 't1', 't2', 't3', 't4'])
    expect(v.worst.map((g) => g.taskKey)).toEqual(['t19', 't18', 't17', 't16', 't15'])
    expect(q.taskKeys).toEqual([...v.best, ...v.worst].map((g) => g.taskKey))
    // each group's cells, best reward first (the fake's task tN holds episodes 2N and 2N + 1), no per-group listEpisodes
    for (const g of [...v.best, ...v.worst]) {
      const n = Number(g.taskKey.slice(1))
      const rewards = [episode('r', 2 * n).reward!, episode('r', 2 * n + 1).reward!]
      expect(g.rewards).toEqual(rewards.sort((x, y) => y - x))
    }
    expect(vi.mocked(api.listEpisodes)).not.toHaveBeenCalled()
  })

  it('says why when the rollouts cannot be read', async () => {
    const api = fakeApi({ r: 4 })
    vi.mocked(api.groupRollouts).mockRejectedValueOnce(new Error('no run with id r'))
    const store = createAppStore(api)
    store.getState().selectCurveStep('r', 0)
    await flush()
    expect(store.getState().curveStep).toMatchObject({ loading: false, error: 'no run with id r', best: [], worst: [] })
  })
})

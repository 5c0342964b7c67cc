import { describe, expect, it, vi } from 'vitest'
import type { EpisodePreview } from '@contract/model'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, flush } from '../fake-api'

describe('side-by-side slice', () => {
  it('opens rollout 0 of the task in both runs, with every rollout offered', async () => {
    const api = fakeApi({ a: 6, cut: 6 })
    const store = createAppStore(api)
    await store.getState().openSideBySide('a', 'cut', 't1')
    const s = store.getState().sideBySide!
    expect(api.listEpisodes).toHaveBeenCalledWith(expect.objectContaining({ runId: 'a', taskKey: 't1' }))
    expect(s.a.rollouts?.map((e) => e.rollout)).toEqual([0, 1])
    expect([s.a.episodeId, s.b.episodeId]).toEqual(['a:2', 'cut:2'])
    expect(s.a.detail?.id).toBe('a:2')
    expect(s.b.detail?.complete).toBe(false)
    expect(s.a.loading || s.b.loading).toBe(false)
  })

  it('fetches a cut side in full once, however many ask', async () => {
    const api = fakeApi({ a: 6, cut: 6 })
    const store = createAppStore(api)
    await store.getState().openSideBySide('a', 'cut', 't0')
    await Promise.all([
      store.getState().ensureSideFull('b'),
      store.getState().ensureSideFull('b'),
      store.getState().ensureSideFull('a')
    ])
    expect(api.getEpisodeTurns).toHaveBeenCalledTimes(1)
    expect(api.getEpisodeTurns).toHaveBeenCalledWith('cut:0')
    const b = store.getState().sideBySide!.b
    expect(b.detail?.complete).toBe(true)
    expect(b.detail?.turns.some((t) => t.elided)).toBe(false)
  })

  it('another rollout replaces one side and resets the row and diff; a late answer for the old one is dropped', async () => {
    const api = fakeApi({ a: 6, b: 6 })
    const store = createAppStore(api)
    await store.getState().openSideBySide('a', 'b', 't2')
    store.getState().selectRow(3, true)
    store.getState().openDiff({ kind: 'answers' })
    // the first choice answers last: it must not overwrite the second
    let release: (d: EpisodePreview) => void = () => {}
    const real = api.getEpisodePreview
    vi.mocked(api.getEpisodePreview).mockImplementationOnce(
      (id) => new Promise((r) => (release = r)).then(() => real(id)) as Promise<EpisodePreview>
    )
    const slow = store.getState().chooseRollout('a', 'a:5')
    await store.getState().chooseRollout('a', 'a:4')
    release({} as EpisodePreview)
    await slow
    const s = store.getState().sideBySide!
    expect(s.a.episodeId).toBe('a:4')
    expect(s.a.detail?.id).toBe('a:4')
    expect(s.selectedRow).toBe(0)
    expect(s.diff).toBeNull()
  })

  it('a task missing from a run says so on that side; opening another task drops answers for the old one', async () => {
    const api = fakeApi({ a: 6, b: 2 })
    const store = createAppStore(api)
    const first = store.getState().openSideBySide('a', 'b', 't2')
    void store.getState().openSideBySide('a', 'b', 't0')
    await first
    await flush()
    const s = store.getState().sideBySide!
    expect(s.taskKey).toBe('t0')
    expect(s.a.detail?.taskKey).toBe('t0')
    await store.getState().openSideBySide('a', 'b', 't2')
    expect(store.getState().sideBySide!.b.error).toBe('This run has no episode of this task.')
    expect(store.getState().sideBySide!.a.detail?.taskKey).toBe('t2')
  })
})

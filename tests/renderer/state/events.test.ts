import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TraceEvent } from '@contract/api'
import { wireEvents } from '../../../src-renderer/src/state/events'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, progress } from '../fake-api'

afterEach(() => vi.useRealTimers())

function setup() {
  const api = fakeApi({ a: 10, b: 5 })
  const store = createAppStore(api)
  let emit: (e: TraceEvent) => void = () => {}
  const off = vi.fn()
  const unwire = wireEvents(store, (l) => ((emit = l), off), 400)
  return { api, store, emit: (e: TraceEvent) => emit(e), unwire, off }
}

describe('wireEvents', () => {
  it('applies progress events directly', () => {
    const { store, emit } = setup()
    emit({ name: 'indexProgress', payload: progress({ state: 'indexing', startedAt: 5, filesDone: 2, filesTotal: 9 }) })
    expect(store.getState().progress).toMatchObject({ state: 'indexing', filesDone: 2 })
  })

  it('coalesces a burst of workspaceChanged into one refresh', async () => {
    vi.useFakeTimers()
    const { api, store, emit } = setup()
    store.getState().selectRun('a')
    await store.getState().ensureEpisodeRange(0, 5)
    for (let i = 0; i < 5; i++) emit({ name: 'workspaceChanged', payload: { runIds: [i === 3 ? 'a' : 'b'] } })
    expect(api.listRuns).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(400)
    expect(api.listRuns).toHaveBeenCalledTimes(1)
    expect(api.getWorkspace).toHaveBeenCalledTimes(1)
    // The selected run changed, so its visible page was refetched.
    expect(api.listEpisodes).toHaveBeenCalledTimes(2)
  })

  it('does not refetch episodes when other runs changed', async () => {
    vi.useFakeTimers()
    const { api, store, emit } = setup()
    store.getState().selectRun('a')
    await store.getState().ensureEpisodeRange(0, 5)
    emit({ name: 'workspaceChanged', payload: { runIds: ['b'] } })
    await vi.advanceTimersByTimeAsync(400)
    expect(api.listRuns).toHaveBeenCalledTimes(1)
    expect(api.listEpisodes).toHaveBeenCalledTimes(1)
  })

  it("reloads the open episode's labels when its run was read again (a re-run may have changed its content)", async () => {
    const { api, store, emit } = setup()
    const labels = vi.spyOn(api, 'getEpisodeLabels')
    store.getState().selectRun('a')
    store.getState().openEpisode('a:1', 1)
    await vi.waitFor(() => expect(store.getState().episode.detail?.id).toBe('a:1'))
    await store.getState().loadEpisodeLabels('a:1')
    vi.useFakeTimers()
    const before = labels.mock.calls.length
    emit({ name: 'workspaceChanged', payload: { runIds: ['b'] } })
    await vi.advanceTimersByTimeAsync(400)
    expect(labels.mock.calls.length).toBe(before) // another run: nothing to reload
    emit({ name: 'workspaceChanged', payload: { runIds: ['a'] } })
    await vi.advanceTimersByTimeAsync(400)
    expect(labels.mock.calls.slice(before)).toEqual([['a:1']])
  })

  it('refreshes once when a job finishes', async () => {
    vi.useFakeTimers()
    const { api, emit } = setup()
    emit({ name: 'indexProgress', payload: progress({ state: 'indexing', startedAt: 1 }) })
    emit({ name: 'indexProgress', payload: progress({ state: 'done', startedAt: 1, finishedAt: 2 }) })
    emit({ name: 'indexProgress', payload: progress({ state: 'done', startedAt: 1, finishedAt: 2 }) })
    await vi.advanceTimersByTimeAsync(400)
    expect(api.getWorkspace).toHaveBeenCalledTimes(1)
  })

  it('unwiring unsubscribes and cancels a pending refresh', async () => {
    vi.useFakeTimers()
    const { api, emit, unwire, off } = setup()
    emit({ name: 'workspaceChanged', payload: { runIds: [] } })
    unwire()
    await vi.advanceTimersByTimeAsync(1000)
    expect(off).toHaveBeenCalledTimes(1)
    expect(api.listRuns).not.toHaveBeenCalled()
  })
})

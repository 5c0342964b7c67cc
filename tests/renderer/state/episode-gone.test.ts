/**
 * An open episode whose file was rewritten without it (or deleted) is said to be gone, shown as it was, with no
 * error banner; a run that went is named, not shown by its id.
 */
import { describe, expect, it, vi } from 'vitest'
import { ApiCallError } from '../../../src-renderer/src/api/api-error'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, flush } from '../fake-api'

describe('an open episode gone from its file', () => {
  it('is marked gone when its labels are asked again and the engine no longer knows it', async () => {
    const api = fakeApi({ a: 5 })
    const store = createAppStore(api)
    store.getState().selectRun('a')
    await store.getState().ensureEpisodeRange(0, 4)
    store.getState().openEpisode('a:1', 1)
    await flush()
    await store.getState().loadEpisode('a:1')
    expect(store.getState().episode.gone).toBe(false)
    vi.spyOn(api, 'getEpisodeLabels').mockRejectedValue(
      new ApiCallError('not-found', 'no episode with id a:1', 'getEpisodeLabels')
    )
    await store.getState().loadEpisodeLabels('a:1')
    expect(store.getState().episode.gone).toBe(true)
    expect(store.getState().episode.detail).not.toBeNull() // shown as it was
    expect(store.getState().notices).toEqual([])
    // another failure is still an error
    vi.spyOn(api, 'getEpisodeLabels').mockRejectedValue(new ApiCallError('internal', 'disk', 'getEpisodeLabels'))
    await store.getState().loadEpisodeLabels('a:1')
    expect(store.getState().notices.at(-1)?.message).toMatch(/Could not load the labels: disk/)
  })

  it('remembers the names of runs listed before, for a run that went', async () => {
    const api = fakeApi({ a: 5, b: 2 })
    const store = createAppStore(api)
    await store.getState().loadRuns()
    vi.spyOn(api, 'listRuns').mockResolvedValue([])
    await store.getState().loadRuns()
    expect(store.getState().runs).toEqual([])
    expect(store.getState().runNamesSeen).toEqual({ a: 'a', b: 'b' })
  })
})

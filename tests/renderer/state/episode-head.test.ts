import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EpisodePreview } from '@contract/model'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { HEAD_SHOWN_FROM_BYTES, IN_APP_HEAD_TURNS } from '../../../src-renderer/src/state/episode-slice'
import { takeFirstScriptHead, type PendingHead } from '../../../src-renderer/src/boot/pending-head'
import { episodeAtRow } from '../../../src-renderer/src/state/episodes-slice'
import { fakeApi, flush } from '../fake-api'

/** The next call of an API mock answers when the test says so (release), as a slow disk would. */
function holdNext<A extends unknown[], R>(fn: (...args: A) => Promise<R>): { release(): void } {
  const mock = vi.mocked(fn)
  const real = mock.getMockImplementation()!
  let release = (): void => undefined
  const gate = new Promise<void>((done) => (release = done))
  mock.mockImplementationOnce(async (...args: A) => {
    await gate
    return real(...args)
  })
  return { release: () => release() }
}

const heldPreview = (api: ReturnType<typeof fakeApi>) => holdNext(api.getEpisodePreview)

describe('an in-app open shows the first turns while the preview is read', () => {
  it('asks for the head before the preview, shows it, and drops it when the preview is in', async () => {
    const api = fakeApi({ long: 3 })
    const held = heldPreview(api)
    const store = createAppStore(api)
    const loaded = store.getState().loadEpisode('long:0')
    expect(api.getEpisodeHead).toHaveBeenCalledWith('long:0', 0, IN_APP_HEAD_TURNS)
    expect(vi.mocked(api.getEpisodeHead).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(api.getEpisodePreview).mock.invocationCallOrder[0]
    )
    await flush()
    let e = store.getState().episode
    expect(e.detail).toBeNull()
    expect(e.loading).toBe(true)
    expect(e.head?.turns.map((t) => t.index)).toEqual([0, 1, 2, 3, 4, 5])
    expect(e.head?.turnCount).toBe(6)
    held.release()
    await loaded
    e = store.getState().episode
    expect(e.head).toBeNull()
    expect(e.detail?.turns).toHaveLength(6)
  })

  it('a head answered after the preview is not shown', async () => {
    const api = fakeApi({ long: 3 })
    const head = holdNext(api.getEpisodeHead)
    const store = createAppStore(api)
    await store.getState().loadEpisode('long:0')
    head.release()
    await flush()
    expect(store.getState().episode.head).toBeNull()
    expect(store.getState().episode.detail).not.toBeNull()
  })

  it('an open at a turn further down waits for the preview (its jump would move the rows)', async () => {
    const api = fakeApi({ long: 3 })
    const held = heldPreview(api)
    const store = createAppStore(api)
    const loaded = store.getState().loadEpisode('long:0')
    store.getState().jumpToTurnIndex(4)
    await flush()
    expect(store.getState().episode.head).toBeNull()
    held.release()
    await loaded
    expect(store.getState().episode.activeTurn).toBe(4)
  })

  it('a head for another episode, or one that failed, changes nothing', async () => {
    const api = fakeApi({ long: 3 })
    vi.mocked(api.getEpisodeHead).mockRejectedValueOnce(new Error('disk gone'))
    const held = heldPreview(api)
    const store = createAppStore(api)
    const first = store.getState().loadEpisode('long:0')
    await flush()
    expect(store.getState().episode.head).toBeNull()
    held.release()
    await first
    expect(store.getState().episode.error).toBeNull()
    expect(store.getState().notices.filter((n) => /disk gone/.test(n.message))).toEqual([])

    const held2 = heldPreview(api)
    const held3 = heldPreview(api)
    const firstHead = holdNext(api.getEpisodeHead)
    const second = store.getState().loadEpisode('long:1')
    const third = store.getState().loadEpisode('long:2')
    await flush()
    expect(store.getState().episode.head?.id).toBe('long:2')
    // long:1's head comes back after long:2 was opened: it is not shown
    firstHead.release()
    await flush()
    expect(store.getState().episode.id).toBe('long:2')
    expect(store.getState().episode.head?.id).toBe('long:2')
    held2.release()
    held3.release()
    await Promise.all([second, third])
    expect(store.getState().episode.detail?.id).toBe('long:2')
  })

  it('an episode the table shows as short is opened by its preview alone', async () => {
    const api = fakeApi({ long: 3 })
    const store = createAppStore(api)
    store.getState().selectRun('long')
    await store.getState().ensureEpisodeRange(0, 2)
    expect(episodeAtRow(store.getState(), 0)?.turns).toBeLessThanOrEqual(IN_APP_HEAD_TURNS)
    store.getState().openEpisode('long:0', 0)
    await flush()
    expect(api.getEpisodeHead).not.toHaveBeenCalled()
    expect(store.getState().episode.detail?.id).toBe('long:0')
  })
})

describe('the first open after a deep link', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('asks no head when the page’s first script asked for it; later opens, the same link included, do', async () => {
    const hash = '#/run/long/episode/long%3A0'
    const fakeWindow = {
      location: { hash },
      __rollscopeHead: { hash, turn: 0, head: Promise.resolve(null) } as PendingHead | null
    }
    vi.stubGlobal('window', fakeWindow)
    const api = fakeApi({ long: 3 })
    const store = createAppStore(api)
    await store.getState().loadEpisode('long:0')
    expect(api.getEpisodeHead).not.toHaveBeenCalled()
    expect(fakeWindow.__rollscopeHead).toBeNull()
    await store.getState().loadEpisode('long:1')
    await store.getState().loadEpisode('long:0')
    expect(vi.mocked(api.getEpisodeHead).mock.calls.map((c) => c[0])).toEqual(['long:1', 'long:0'])
  })

  it('a first script that asked for another location’s head does not hold the app’s back', () => {
    vi.stubGlobal('window', {
      location: { hash: '#/run/long/episode/long%3A1' },
      __rollscopeHead: { hash: '#/run/long/episode/long%3A0', turn: 0, head: Promise.resolve(null) }
    })
    expect(takeFirstScriptHead()).toBe(false)
    expect(takeFirstScriptHead()).toBe(false)
  })
})

describe('when the preview follows a head', () => {
  it('the header comes folded (the reader is on the turns), unless it was set by hand', async () => {
    const api = fakeApi({ long: 3 })
    const held = heldPreview(api)
    const store = createAppStore(api)
    const loaded = store.getState().loadEpisode('long:0')
    await flush()
    expect(store.getState().episode.head).not.toBeNull()
    held.release()
    await loaded
    expect(store.getState().episode.headerFolded).toBe(true)

    // opened by hand (i) while the head showed: it stays open
    const again = heldPreview(api)
    const reopened = store.getState().loadEpisode('long:1')
    await flush()
    expect(store.getState().episode.head).not.toBeNull()
    store.getState().toggleHeader()
    store.getState().toggleHeader()
    again.release()
    await reopened
    expect(store.getState().episode).toMatchObject({ headerFolded: false, headerByHand: true })

    // no head shown (it came too late): the header opens as usual
    const late = fakeApi({ long: 3 })
    const lateHead = holdNext(late.getEpisodeHead)
    const other = createAppStore(late)
    await other.getState().loadEpisode('long:0')
    lateHead.release()
    expect(other.getState().episode.headerFolded).toBe(false)
  })

  it('a cut text opened while the head showed gets the full turns', async () => {
    const api = fakeApi({ cut: 3 })
    const held = heldPreview(api)
    const store = createAppStore(api)
    const loaded = store.getState().loadEpisode('cut:0')
    await flush()
    expect(store.getState().episode.head?.turns[3].elided).toBeDefined()
    store.getState().toggleExpanded('3:text')
    expect(api.getEpisodeTurns).not.toHaveBeenCalled()
    held.release()
    await loaded
    await flush()
    expect(api.getEpisodeTurns).toHaveBeenCalledTimes(1)
    expect(store.getState().episode.detail?.complete).toBe(true)
    expect(store.getState().episode.expanded).toEqual({ '3:text': true })
  })
})

describe('which heads are shown', () => {
  it('not a small record’s (its preview follows in a frame), nor one read whole (its preview comes at once)', async () => {
    for (const recordBytes of [HEAD_SHOWN_FROM_BYTES - 1, null]) {
      const api = fakeApi({ long: 3 })
      const realHead = vi.mocked(api.getEpisodeHead).getMockImplementation()!
      vi.mocked(api.getEpisodeHead).mockImplementationOnce(async (...args: [string, number, number]) => ({
        ...(await realHead(...args)),
        recordBytes
      }))
      const held = heldPreview(api)
      const store = createAppStore(api)
      const loaded = store.getState().loadEpisode('long:0')
      await flush()
      expect(api.getEpisodeHead).toHaveBeenCalledTimes(1)
      expect(store.getState().episode.head).toBeNull()
      held.release()
      await loaded
      expect(store.getState().episode.headerFolded).toBe(false)
    }
  })
})

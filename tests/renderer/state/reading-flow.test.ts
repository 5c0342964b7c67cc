import { afterEach, describe, expect, it, vi } from 'vitest'
import { dispatchKey } from '../../../src-renderer/src/keymap/dispatch'
import { SIDEBAR_HIDDEN_KEY } from '../../../src-renderer/src/state/layout-slice'
import { hitTerm } from '../../../src-renderer/src/state/search-slice'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, flush } from '../fake-api'
import { keydown, keyEnv } from '../keymap/key-fixtures'

describe('search hits by keyboard', () => {
  it('arrows move over the hits, Enter opens one with its term in the find bar, Esc comes back to the hits', async () => {
    const env = keyEnv()
    const store = createAppStore(fakeApi({ 'run-a': 3, 'run-b': 2 }))
    Object.assign(env, { store })
    store.getState().openSearch()
    store.getState().setSearchInput('crane')
    await store.getState().runSearch()
    expect(store.getState().search.cursor).toBe(-1)
    expect(dispatchKey(keydown('Enter'), env, [])).toBeNull() // no hit under the cursor yet
    dispatchKey(keydown('ArrowDown'), env, [])
    dispatchKey(keydown('ArrowDown'), env, [])
    dispatchKey(keydown('ArrowUp'), env, [])
    dispatchKey(keydown('ArrowUp'), env, [])
    expect(store.getState().search.cursor).toBe(0)
    dispatchKey(keydown('ArrowDown'), env, [])
    const hit = store.getState().search.hits[1]
    expect(dispatchKey(keydown('Enter'), env, [])?.id).toBe('search.open')
    await flush()
    const s = store.getState()
    expect(s.search.open).toBe(false)
    expect(s.openEpisodeId).toBe(hit.episodeId)
    expect(s.episode.find).toMatchObject({ open: true, query: hitTerm(hit) })
    expect(hitTerm(hit)).not.toBe('')

    expect(dispatchKey(keydown('Escape'), env, [])?.id).toBe('episode.back')
    expect(store.getState().search.open).toBe(true)
    expect(store.getState().search.cursor).toBe(1)
    expect(store.getState().episode.find.open).toBe(false)
    // the episode stays where it was under the hits: Esc on the hits goes back to it, a second Esc to the table
    dispatchKey(keydown('Escape'), env, [])
    expect(store.getState().search.open).toBe(false)
    dispatchKey(keydown('Escape'), env, [])
    expect(store.getState().openEpisodeId).toBeNull()
  })
})

describe('auto-advance says what it did, and undoes it', () => {
  it('labelling with auto-advance on records the label and episode; u takes it off and goes back', async () => {
    const env = keyEnv()
    const store = env.store
    store.getState().selectRun('a')
    await store.getState().ensureEpisodeRange(0, 5)
    store.getState().openEpisode('a:1', 1)
    await flush()
    await store.getState().loadTaxonomy()
    await store.getState().loadEpisodeLabels('a:1')
    store.getState().setAutoAdvance(true)
    await store.getState().applyLabelKey(2, false)
    await flush()
    expect(store.getState().openEpisodeId).toBe('a:2')
    expect(store.getState().labels.advanced).toMatchObject({ episodeId: 'a:1', label: 'loop', nextEpisodeId: 'a:2' })
    expect(store.getState().labels.badges['a:1']).toEqual(['loop'])

    expect(dispatchKey(keydown('u'), env, [])?.id).toBe('episode.undo-advance')
    await flush()
    await flush()
    expect(store.getState().openEpisodeId).toBe('a:1')
    expect(store.getState().labels.badges['a:1']).toEqual([])
    expect(store.getState().labels.advanced).toBeNull()
    // nothing left to undo: u is not taken
    expect(dispatchKey(keydown('u'), env, [])).toBeNull()
    store.getState().setAutoAdvance(false)
  })
})

describe('the transcript gets the height', () => {
  it('the header folds once the reading moves off the first turn, unless the user set it by hand', async () => {
    const env = keyEnv()
    const store = env.store
    store.getState().selectRun('a')
    store.getState().openEpisode('a:1')
    await flush()
    expect(store.getState().episode.headerFolded).toBe(false)
    dispatchKey(keydown('j'), env, [])
    expect(store.getState().episode.headerFolded).toBe(true)
    expect(dispatchKey(keydown('i'), env, [])?.id).toBe('episode.header')
    expect(store.getState().episode.headerFolded).toBe(false)
    dispatchKey(keydown('j'), env, [])
    store.getState().foldHeaderWhileReading()
    expect(store.getState().episode.headerFolded).toBe(false) // opened by hand: stays open
    store.getState().openEpisode('a:2')
    await flush()
    expect(store.getState().episode).toMatchObject({ headerFolded: false, headerByHand: false })
  })

  afterEach(() => vi.unstubAllGlobals())

  it('Ctrl+B hides the sidebar anywhere and the choice is stored', () => {
    const map = new Map<string, string>()
    vi.stubGlobal('localStorage', { getItem: (k: string) => map.get(k) ?? null, setItem: map.set.bind(map) })
    const env = keyEnv()
    expect(dispatchKey(keydown('b', { ctrlKey: true }), env, [])?.id).toBe('global.sidebar')
    expect(env.store.getState().sidebarHidden).toBe(true)
    expect(localStorage.getItem(SIDEBAR_HIDDEN_KEY)).toBe('1')
    expect(createAppStore(fakeApi({})).getState().sidebarHidden).toBe(true)
    env.store.getState().toggleSidebar()
    expect(localStorage.getItem(SIDEBAR_HIDDEN_KEY)).toBe('0')
  })
})

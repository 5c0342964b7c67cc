import { describe, expect, it, vi } from 'vitest'
import { labelKeyOf, textOn } from '../../../src-renderer/src/lib/label-keys'
import { taxonomyProblem } from '../../../src-renderer/src/features/labels/TaxonomyEditor'
import { labelFilter } from '../../../src-renderer/src/features/labels/TriageControls'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, flush } from '../fake-api'

/** A store with run `a` (5 episodes) loaded, episode `a:1` open from row 1, taxonomy and its labels fetched. */
async function openStore() {
  const api = fakeApi({ a: 5 })
  const store = createAppStore(api)
  store.getState().selectRun('a')
  await store.getState().ensureEpisodeRange(0, 4)
  store.getState().openEpisode('a:1', 1)
  await flush()
  await store.getState().loadTaxonomy()
  await store.getState().loadEpisodeLabels('a:1')
  return { api, store }
}

describe('labels slice', () => {
  it('a number key toggles the taxonomy label with that key on the episode; Shift puts it on the highlighted turn', async () => {
    const { store } = await openStore()
    await store.getState().applyLabelKey(2, false) // key 2 = "loop" in the fake taxonomy
    expect(store.getState().labels.current?.labels).toEqual(['loop'])
    expect(store.getState().labels.badges['a:1']).toEqual(['loop'])
    store.getState().setActiveTurn(3)
    await store.getState().applyLabelKey(1, true)
    expect(store.getState().labels.current?.turns).toEqual([{ turn: 3, labels: ['format error'], note: null }])
    await store.getState().applyLabelKey(2, false) // again: takes it off
    expect(store.getState().labels.current?.labels).toEqual([])
    // a key no label has says so instead of doing anything
    await store.getState().applyLabelKey(9, false)
    expect(store.getState().notices.at(-1)?.message).toContain('No label has key 9')
    expect(store.getState().openEpisodeId).toBe('a:1')
  })

  it("the table's turn badges: from the open episode's labels, and fetched with the episode badges", async () => {
    const { store } = await openStore()
    store.getState().setActiveTurn(3)
    await store.getState().applyLabelKey(1, true)
    expect(store.getState().labels.turnBadges['a:1']).toEqual(['format error'])
    expect(store.getState().labels.badges['a:1']).toEqual([])
    // a row not opened: asked in the next batch, with its episode labels
    store.getState().requestBadges('a:1')
    store.getState().requestBadges('a:4')
    await new Promise((r) => setTimeout(r, 60))
    expect(store.getState().labels.turnBadges).toMatchObject({ 'a:1': ['format error'], 'a:4': [] })
  })

  it("a key pressed before the episode's labels came back labels that episode, not the one before", async () => {
    const { store } = await openStore()
    store.getState().openEpisode('a:2', 2)
    await flush()
    expect(store.getState().labels.current?.episodeId).toBe('a:1') // the previous episode's, until a:2's arrive
    await store.getState().applyLabelKey(3, false)
    expect(store.getState().labels.current?.episodeId).toBe('a:2')
    expect(store.getState().labels.current?.labels).toHaveLength(1)
    expect(store.getState().labels.badges['a:2']).toEqual(store.getState().labels.current?.labels)
    expect(store.getState().labels.badges['a:1'] ?? []).toEqual([])
  })

  it('auto-advance opens the next row after labelling the episode, not after removing a label or labelling a turn', async () => {
    const { store } = await openStore()
    store.getState().setAutoAdvance(true)
    await store.getState().applyLabelKey(1, true)
    expect(store.getState().openEpisodeId).toBe('a:1')
    await store.getState().applyLabelKey(3, false)
    expect(store.getState().openEpisodeId).toBe('a:2')
    await store.getState().loadEpisodeLabels('a:2')
    await store.getState().applyLabelKey(3, false)
    expect(store.getState().openEpisodeId).toBe('a:3')
    store.getState().setAutoAdvance(false)
  })

  it('notes are set and cleared; badges are fetched in one batch per burst of rows', async () => {
    const { api, store } = await openStore()
    await store.getState().setEpisodeNote('odd board', null)
    expect(store.getState().labels.current?.note).toBe('odd board')
    await store.getState().setEpisodeNote(' ', null)
    expect(store.getState().labels.current?.note).toBeNull()
    await store.getState().applyLabelKey(3, false)
    const spy = vi.spyOn(api, 'labelsOfEpisodes')
    const s = store.getState()
    ;['a:0', 'a:2', 'a:3'].forEach((id) => s.requestBadges(id))
    s.requestBadges('a:1') // already known from labelling
    await new Promise((r) => setTimeout(r, 60))
    expect(spy).toHaveBeenCalledTimes(1)
    expect(spy).toHaveBeenCalledWith(['a:0', 'a:2', 'a:3'])
    expect(store.getState().labels.badges).toMatchObject({ 'a:0': [], 'a:1': ['good example'] })
  })

  it('saves the current filter and sort as a view and applies it back', async () => {
    const { store } = await openStore()
    store.getState().closeEpisode()
    store.getState().setEpisodeFilter(labelFilter('loop'))
    store.getState().setEpisodeText('flight')
    store.getState().setEpisodeSort('reward')
    store.getState().setEpisodeSort('reward')
    await store.getState().saveCurrentView('loops by reward', ['ordinal', 'reward', 'labels'])
    const [view] = store.getState().labels.views
    expect(view).toMatchObject({
      name: 'loops by reward',
      runIds: ['a'],
      filter: 'label == "loop"',
      text: 'flight',
      sort: 'reward',
      desc: true
    })
    store.getState().setEpisodeFilter('')
    store.getState().setEpisodeText('')
    store.getState().setEpisodeSort('turns')
    expect(store.getState().applyView(view)).toEqual(['ordinal', 'reward', 'labels'])
    expect(store.getState().episodes.query).toMatchObject({
      filter: 'label == "loop"',
      text: 'flight',
      sort: 'reward',
      desc: true
    })
    // a view from before the text was kept clears the search rather than leaving it under the view
    store.getState().applyView({ ...view, text: undefined })
    expect(store.getState().episodes.query.text).toBe('')
    await store.getState().deleteSavedView(view.id)
    expect(store.getState().labels.views).toEqual([])
  })
})

describe('label keys and taxonomy checks', () => {
  it('reads the digit from the key code, with or without Shift', () => {
    expect(labelKeyOf({ code: 'Digit3', shiftKey: false })).toEqual({ key: 3, onTurn: false })
    expect(labelKeyOf({ code: 'Numpad9', shiftKey: true })).toEqual({ key: 9, onTurn: true })
    expect(labelKeyOf({ code: 'Digit0', shiftKey: false })).toBeNull()
    expect(labelKeyOf({ code: 'KeyJ', shiftKey: false })).toBeNull()
  })
  it('finds blank names, repeated names and repeated keys; picks readable chip text', () => {
    const d = (name: string, key: number | null) => ({ name, color: '#000000', key })
    expect(taxonomyProblem([d('a', 1), d('b', 2)])).toBeNull()
    expect(taxonomyProblem([d('a', 1), d(' ', 2)])).toBe('Every label needs a name')
    expect(taxonomyProblem([d('Loop', 1), d('loop ', 2)])).toBe('Two labels are named "loop"')
    expect(taxonomyProblem([d('a', 1), d('b', 1)])).toBe('Key 1 is given to two labels')
    expect(textOn('#ffffff')).toBe('#111')
    expect(textOn('#16a34a')).toBe('#fff')
    expect(labelFilter('say "hi"')).toBe('label == "say \\"hi\\""')
  })
})

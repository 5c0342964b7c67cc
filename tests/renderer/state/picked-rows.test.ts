/** Picking rows of the episodes table: toggle, Shift ranges, clearing, the export request, labelling the picked rows. */
import { describe, expect, it, vi } from 'vitest'
import { exportRequest } from '../../../src-renderer/src/features/episodes/export-request'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, flush } from '../fake-api'

async function tableOf(runs: Record<string, number>, runId = 'a', also: string[] = []) {
  const api = fakeApi(runs)
  const store = createAppStore(api)
  store.getState().selectRun(runId, also)
  await store.getState().ensureEpisodeRange(0, 9)
  await store.getState().loadTaxonomy()
  return { api, store }
}

describe('picked rows', () => {
  it('a click toggles a row by id; Shift+click picks the range from the last row toggled', async () => {
    const { store } = await tableOf({ a: 10 })
    const s = store.getState()
    s.togglePicked(2)
    s.togglePicked(5)
    s.togglePicked(2) // again: unpicked, and the anchor moves to row 2
    expect(store.getState().picked.ids).toEqual(['a:5'])
    await store.getState().pickRange(4)
    expect(store.getState().picked.ids).toEqual(['a:5', 'a:2', 'a:3', 'a:4'])
    // the anchor stays at row 2: a second Shift+click extends from it the other way
    await store.getState().pickRange(0)
    expect([...store.getState().picked.ids].sort()).toEqual(['a:0', 'a:1', 'a:2', 'a:3', 'a:4', 'a:5'])
    store.getState().clearPicked()
    expect(store.getState().picked).toEqual({ ids: [], anchor: null })
  })

  it('Shift+click with no anchor ranges from the highlighted row; a query change makes the old anchor moot', async () => {
    const { store } = await tableOf({ a: 10 })
    store.getState().setEpisodeActive(7)
    await store.getState().pickRange(8)
    expect(store.getState().picked.ids).toEqual(['a:7', 'a:8'])
    store.getState().togglePicked(1)
    store.getState().setEpisodeSort('reward')
    await flush()
    await store.getState().ensureEpisodeRange(0, 9)
    store.getState().setEpisodeActive(3)
    const row3 = store.getState().episodes.pages[0][3].id
    await store.getState().pickRange(3) // from the highlighted row, not from old row 1
    expect(store.getState().picked.ids).toEqual([
      'a:7',
      'a:8',
      'a:1',
      ...(['a:7', 'a:8', 'a:1'].includes(row3) ? [] : [row3])
    ])
  })

  it('is kept across a filter change (by id) and cleared when the table shows other runs', async () => {
    const { store } = await tableOf({ a: 10, b: 4 })
    store.getState().togglePicked(1)
    store.getState().togglePicked(3)
    store.getState().setEpisodeFilter('reward > 0.5')
    await flush()
    expect(store.getState().picked.ids).toEqual(['a:1', 'a:3'])
    store.getState().selectRun('a', ['b'])
    expect(store.getState().picked.ids).toEqual([])
    store.getState().togglePicked(0) // page not loaded yet under the new table: nothing to pick
    expect(store.getState().picked.ids).toEqual([])
  })

  it('Export… sends the picked ids and not the filter; without picks, the view', () => {
    const table = { runId: 'a', also: ['b'], filter: 'reward > 0.5', picked: ['a:3', 'b:1', 'a:0'] }
    expect(exportRequest(table, 'jsonl')).toEqual({
      kind: 'episodes',
      format: 'jsonl',
      runId: 'a',
      runIds: ['b'],
      episodeIds: ['a:3', 'b:1', 'a:0']
    })
    expect(exportRequest({ ...table, picked: [] }, 'sft', { passedOnly: true, dropLabelled: 'loop' })).toEqual({
      kind: 'episodes',
      format: 'sft',
      runId: 'a',
      runIds: ['b'],
      filter: 'reward > 0.5',
      passedOnly: true,
      dropLabelled: 'loop'
    })
    // the search box's text and the table's order go with the view; picked rows keep their own order and no text
    const view = { ...table, picked: [], text: ' sleep ', sort: 'reward' as const, desc: true }
    expect(exportRequest(view, 'csv')).toMatchObject({
      filter: 'reward > 0.5',
      text: ' sleep ',
      sort: 'reward',
      desc: true
    })
    expect(exportRequest({ ...view, picked: ['a:3'] }, 'csv')).not.toHaveProperty('text')
  })

  it('1–9 put the label on every picked episode, or take it off when all have it; the badges follow', async () => {
    const { api, store } = await tableOf({ a: 10 })
    await api.addLabel('a:2', 'loop', null) // one of them has it already: not all do, so it is added to the others
    ;[1, 2, 3].forEach((i) => store.getState().togglePicked(i))
    const add = vi.spyOn(api, 'addLabel')
    await store.getState().labelPicked(2) // key 2 = "loop" in the fake taxonomy
    expect(add.mock.calls.map((c) => c[0]).sort()).toEqual(['a:1', 'a:3'])
    expect(await api.labelsOfEpisodes(['a:1', 'a:2', 'a:3'])).toEqual({
      'a:1': ['loop'],
      'a:2': ['loop'],
      'a:3': ['loop']
    })
    expect(store.getState().labels.badges['a:1']).toEqual(['loop'])
    expect(store.getState().notices.at(-1)?.message).toBe('Labelled 3 episodes loop')
    await store.getState().labelPicked(2)
    expect(await api.labelsOfEpisodes(['a:1', 'a:2', 'a:3'])).toEqual({})
    expect(store.getState().labels.badges['a:2']).toEqual([])
    expect(store.getState().notices.at(-1)?.message).toBe('Removed loop from 3 episodes')
    await store.getState().labelPicked(9)
    expect(store.getState().notices.at(-1)?.message).toContain('No label has key 9')
  })
})

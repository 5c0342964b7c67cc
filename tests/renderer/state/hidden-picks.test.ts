/**
 * Picked rows that the filter or search then hides stay picked (Export… takes them): the toolbar says how many are
 * not shown. Counted by the real engine on the real tau-bench run (12 episodes, 3 of them with reward 1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppStore, type AppStore } from '../../../src-renderer/src/state/store'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const { engine } = tempEngine()
let store: AppStore
beforeAll(async () => {
  await engine.indexPaths([fixture('tau-bench/gpt-4o-airline.first3tasks.json')])
  store = createAppStore(engine.api)
  const [run] = await engine.api.listRuns()
  store.setState({ runs: [run] })
  store.getState().selectRun(run.id)
  await store.getState().ensureEpisodeRange(0, 11)
})
afterAll(() => engine.close())

describe('countHiddenPicks', () => {
  it('counts the picked rows the filter and the search hide, none without either', async () => {
    const s = store.getState()
    for (const row of [0, 1, 2, 3, 4, 5]) s.togglePicked(row)
    expect(await store.getState().countHiddenPicks()).toBe(0)
    const rewarded = (await engine.api.listEpisodes({ runId: store.getState().episodes.runId!, filter: 'reward > 0' }))
      .items
    const picked = store.getState().picked.ids
    store.getState().setEpisodeFilter('reward > 0')
    const hidden = await store.getState().countHiddenPicks()
    expect(hidden).toBeGreaterThan(0)
    expect(hidden).toBeLessThan(6)
    expect(hidden).toBe(picked.filter((id) => !rewarded.some((e) => e.id === id)).length)
    store.getState().setEpisodeFilter('')
    store.getState().setEpisodeText('no such text anywhere')
    expect(await store.getState().countHiddenPicks()).toBe(6)
    expect(store.getState().picked.ids).toHaveLength(6) // still picked
  })
})

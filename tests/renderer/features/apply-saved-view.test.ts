/**
 * A saved view applied from another run's table sets its columns on the view's run, for that run's format, and
 * leaves the columns of the run the user came from alone (they were rewritten, and the view's run kept its own).
 */
import { describe, expect, it } from 'vitest'
import type { SavedView } from '@contract/labels'
import { applySavedView } from '../../../src-renderer/src/features/labels/apply-saved-view'
import { episodeColumns } from '../../../src-renderer/src/features/episodes/episode-columns'
import { isColumnShown, prefsFor } from '../../../src-renderer/src/state/episode-prefs'
import { createAppStore } from '../../../src-renderer/src/state/store'
import type { AppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, run } from '../fake-api'

const shownOf = (store: AppStore, runId: string): string[] => {
  const s = store.getState()
  const r = s.runs.find((x) => x.id === runId)!
  const prefs = prefsFor(s.episodePrefs, r.format)
  return episodeColumns(r)
    .filter((c) => isColumnShown(prefs, c.id, c.shownByDefault))
    .map((c) => c.id)
}

const view = (p: Partial<SavedView>): SavedView => ({
  id: 1,
  name: 'failing long',
  runIds: ['tau'],
  filter: 'not passed',
  sort: 'steps',
  desc: true,
  columns: [],
  updatedAt: 0,
  ...p
})

function twoFormats(): AppStore {
  const store = createAppStore(fakeApi({}))
  store.setState({ runs: [run({ id: 'tau', format: 'tau-bench' }), run({ id: 'swe', format: 'mini-swe-agent' })] })
  return store
}

describe('applySavedView', () => {
  it("sets the view's columns on the view's run, applied from another run's table", () => {
    const store = twoFormats()
    const tau = store.getState().runs[0]
    const swe = store.getState().runs[1]
    const sweBefore = shownOf(store, 'swe')
    const wanted = shownOf(store, 'tau').filter((id) => id !== 'turns')
    expect(wanted.length).toBeGreaterThan(2)
    applySavedView(store.getState(), view({ columns: wanted }), swe)
    expect(store.getState().episodes.runId).toBe('tau')
    expect(store.getState().episodes.query).toMatchObject({ filter: 'not passed', sort: 'steps', desc: true })
    expect(shownOf(store, 'tau')).toEqual(wanted) // the view's run: its columns as saved
    expect(shownOf(store, 'swe')).toEqual(sweBefore) // the run it was applied from: untouched
    expect(tau.format).not.toBe(swe.format)
  })

  it('a view whose runs are gone applies its filter and columns to the table it was applied from', () => {
    const store = twoFormats()
    const swe = store.getState().runs[1]
    const wanted = shownOf(store, 'swe').filter((id) => id !== 'turns')
    applySavedView(store.getState(), view({ runIds: ['gone'], columns: wanted }), swe)
    expect(shownOf(store, 'swe')).toEqual(wanted)
    expect(store.getState().notices.at(-1)?.message).toMatch(/not in this workspace/)
  })

  it('a view of none of the columns the run has keeps its own choice', () => {
    const store = twoFormats()
    const before = shownOf(store, 'tau')
    applySavedView(store.getState(), view({ columns: ['no-such-column'] }), store.getState().runs[1])
    expect(shownOf(store, 'tau')).toEqual(before)
  })
})

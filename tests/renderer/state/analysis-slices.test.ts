import { describe, expect, it, vi } from 'vitest'
import type { TraceEvent } from '@contract/api'
import type { TrainingCurve } from '@contract/training'
import { wireEvents } from '../../../src-renderer/src/state/events'
import { compareReportRequest, compareRouteOf } from '../../../src-renderer/src/state/compare-slice'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, flush, run } from '../fake-api'

describe('breakdown slice', () => {
  it('opens by the run’s most telling field, then by other fields; keeps the report while one loads', async () => {
    const api = fakeApi({ base: 8 })
    api.listRuns = async () => [run({ id: 'base', infoFields: ['repo', 'archetype', 'difficulty'] })]
    const store = createAppStore(api)
    await store.getState().loadRuns()
    store.getState().openBreakdown('base')
    await flush()
    expect(api.breakdownRun).toHaveBeenLastCalledWith('base', ['difficulty'])
    const b = store.getState().breakdown!
    expect(b.fields).toEqual(['difficulty'])
    expect(b.report?.rows.map((r) => r.values[0])).toEqual(['hard', 'medium', 'easy'])
    store.getState().setBreakdownFields(['archetype', 'difficulty'])
    expect(store.getState().breakdown).toMatchObject({ loading: true, fields: ['archetype', 'difficulty'] })
    expect(store.getState().breakdown?.report?.fields).toEqual(['difficulty'])
    await flush()
    expect(store.getState().breakdown?.report?.fields).toEqual(['archetype', 'difficulty'])
  })

  it('says why a field cannot be broken down by', async () => {
    const store = createAppStore(fakeApi({ base: 8 }))
    store.getState().openBreakdown('base', ['nope'])
    await flush()
    expect(store.getState().breakdown?.error).toMatch(/no field "nope"/)
  })
})

describe('N runs slice', () => {
  it('compares against the chosen baseline, and again when another is chosen', async () => {
    const api = fakeApi({ a: 4, b: 4, c: 4 })
    const store = createAppStore(api)
    store.getState().openMany(['a', 'b', 'c'])
    expect(store.getState().comparePicks).toEqual(['a', 'b', 'c'])
    await flush()
    expect(api.compareMany).toHaveBeenLastCalledWith(['a', 'b', 'c'], { baseline: 'a' })
    expect(store.getState().many?.report?.baseline).toBe(0)
    store.getState().setManyBaseline('c')
    await flush()
    expect(api.compareMany).toHaveBeenLastCalledWith(['a', 'b', 'c'], { baseline: 'c' })
    expect(store.getState().many?.report?.baseline).toBe(2)
  })

  it('shows the refusal of runs of different environments; "Compare anyway" insists and marks the report', async () => {
    const api = fakeApi({ a: 4, b: 4, 'other-env:s': 4 })
    const store = createAppStore(api)
    store.getState().openMany(['a', 'b', 'other-env:s'])
    await flush()
    const m = store.getState().many!
    expect(m.refused).toMatch(/different environments/)
    expect(m.error).toBeNull()
    expect(m.report).toBeNull()
    store.getState().compareManyAnyway()
    await flush()
    expect(api.compareMany).toHaveBeenLastCalledWith(['a', 'b', 'other-env:s'], {
      baseline: 'a',
      allowDifferentEnvs: true
    })
    expect(store.getState().many).toMatchObject({ anyway: true, refused: null })
    expect(store.getState().many?.report?.envMismatch).toEqual({ envs: ['repo-repair', 'sokoban'] })
  })
})

describe('compare slice: runs of different environments', () => {
  it('keeps the refusal apart from errors and compares anyway on request (the HTML report too)', async () => {
    const api = fakeApi({ a: 4, 'other-env:s': 4 })
    const store = createAppStore(api)
    store.getState().openCompare('a', 'other-env:s')
    await flush()
    expect(store.getState().compare).toMatchObject({
      refused: expect.stringMatching(/different environments/),
      error: null,
      report: null
    })
    store.getState().compareAnyway()
    await flush()
    expect(api.compareRuns).toHaveBeenLastCalledWith('a', 'other-env:s', { allowDifferentEnvs: true })
    expect(store.getState().compare?.report?.warnings[0].severity).toBe('forced')
    expect(compareReportRequest(store.getState().compare!)).toMatchObject({
      runA: 'a',
      runB: 'other-env:s',
      options: { allowDifferentEnvs: true }
    })
  })
})

describe('series: runs of different environments', () => {
  it('keeps the refusal apart from errors, follows anyway on request, and the route keeps it', async () => {
    const api = fakeApi({ a: 4, 'other-env:s': 4 })
    const store = createAppStore(api)
    store.getState().openSeries(['a', 'other-env:s'])
    await flush()
    expect(store.getState().series).toMatchObject({
      refused: expect.stringMatching(/different environments/),
      error: null,
      report: null,
      anyway: false
    })
    store.getState().seriesAnyway()
    await flush()
    expect(api.compareSeries).toHaveBeenLastCalledWith(['a', 'other-env:s'], { allowDifferentEnvs: true })
    expect(store.getState().series).toMatchObject({ anyway: true, refused: null })
    expect(store.getState().series?.report?.envMismatch).toEqual({ envs: ['repo-repair', 'sokoban'] })
    expect(compareRouteOf(store.getState())).toEqual({ series: ['a', 'other-env:s'], seriesAnyway: true })
  })
})

describe('training curve slice', () => {
  it('loads the curve; a step opens the run’s episodes filtered to it, with the Step column', async () => {
    const api = fakeApi({ rl: 320 })
    const store = createAppStore(api)
    await store.getState().loadRuns()
    store.getState().openCurve('rl')
    await flush()
    expect(store.getState().curve?.report?.points).toHaveLength(10)
    store.getState().openStepEpisodes('rl', 3)
    expect(store.getState().curve).toBeNull()
    expect(store.getState().selectedRunId).toBe('rl')
    expect(store.getState().episodes.query.filter).toBe('step == 3')
    const prefs = store.getState().episodePrefs.formats.verifiers
    expect(JSON.stringify(prefs)).toContain('step')
    await flush()
    expect(api.queries.at(-1)).toMatchObject({ runId: 'rl', filter: 'step == 3' })
  })

  it('refreshes the open curve in place when its run changes (a live run’s new step), never blank meanwhile', async () => {
    const api = fakeApi({ rl: 320 })
    const store = createAppStore(api)
    let emit: (e: TraceEvent) => void = () => undefined
    const unwire = wireEvents(store, (l) => ((emit = l), () => undefined), 0)
    store.getState().openCurve('rl')
    await flush()
    const first = store.getState().curve!.report!
    expect(first.points).toHaveLength(10)
    // the engine now has an 11th step
    const grown = { ...first, points: [...first.points, { ...first.points[9], step: 10 }] }
    let answer: (c: TrainingCurve) => void = () => undefined
    vi.mocked(api.trainingCurve).mockImplementationOnce(() => new Promise<TrainingCurve>((r) => (answer = r)))
    emit({ name: 'workspaceChanged', payload: { runIds: ['rl'] } })
    await vi.waitFor(() => expect(api.trainingCurve).toHaveBeenCalledTimes(2))
    // while the new curve is read, the old one stays on screen
    expect(store.getState().curve).toMatchObject({ report: first, loading: false, error: null })
    answer(grown)
    await flush()
    expect(store.getState().curve?.report?.points.map((p) => p.step)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    // other runs' changes leave it alone; a failed refresh keeps the curve shown
    emit({ name: 'workspaceChanged', payload: { runIds: ['other'] } })
    await flush()
    expect(api.trainingCurve).toHaveBeenCalledTimes(2)
    vi.mocked(api.trainingCurve).mockRejectedValueOnce(new Error('busy'))
    emit({ name: 'workspaceChanged', payload: { runIds: ['rl'] } })
    await vi.waitFor(() => expect(api.trainingCurve).toHaveBeenCalledTimes(3))
    await flush()
    expect(store.getState().curve).toMatchObject({ report: grown, error: null })
    unwire()
  })

  it('a run without steps says so', async () => {
    const store = createAppStore(fakeApi({ 'eval:x': 4 }))
    store.getState().openCurve('eval:x')
    await flush()
    expect(store.getState().curve?.error).toMatch(/no training steps/)
  })
})

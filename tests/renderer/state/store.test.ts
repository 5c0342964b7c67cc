import { describe, expect, it, vi } from 'vitest'
import { bootstrap, createAppStore } from '../../../src-renderer/src/state/store'
import { newerProgress, progressFraction, isIndexing } from '../../../src-renderer/src/state/progress'
import { fakeApi, flush, progress } from '../fake-api'

describe('app store', () => {
  it('bootstrap loads app info, workspace, progress and runs', async () => {
    const api = fakeApi({ a: 3, b: 4 }, { roots: ['/evals'] })
    vi.mocked(api.getProgress).mockResolvedValue(
      progress({ state: 'indexing', startedAt: 10, filesDone: 4, filesTotal: 8 })
    )
    const store = createAppStore(api)
    expect(store.getState().runsLoaded).toBe(false)
    await bootstrap(store)
    const s = store.getState()
    expect(s.appInfo?.version).toBe('9.9.9')
    expect(s.workspace?.roots).toEqual(['/evals'])
    expect(s.runs.map((r) => [r.id, r.episodes])).toEqual([
      ['a', 3],
      ['b', 4]
    ])
    expect(s.runsLoaded).toBe(true)
    // The workspace's idle snapshot (no job) must not hide the running job from getProgress.
    expect(s.progress).toMatchObject({ state: 'indexing', filesDone: 4 })
  })

  it('adding paths trims them, updates the workspace and reloads runs', async () => {
    const api = fakeApi({ a: 1 })
    const store = createAppStore(api)
    expect(await store.getState().addPaths(['  /new/folder ', ''])).toBe(true)
    expect(api.addPaths).toHaveBeenCalledWith(['/new/folder'])
    expect(store.getState().workspace?.roots).toEqual(['/data', '/new/folder'])
    await flush()
    expect(api.listRuns).toHaveBeenCalledTimes(1)
    expect(await store.getState().addPaths(['   '])).toBe(false)
    expect(api.addPaths).toHaveBeenCalledTimes(1)
  })

  it('a failed call shows a dismissible error, deduplicated', async () => {
    const api = fakeApi({})
    vi.mocked(api.addPaths).mockRejectedValue(new Error('path does not exist: /nope'))
    const store = createAppStore(api)
    expect(await store.getState().addPaths(['/nope'])).toBe(false)
    await store.getState().addPaths(['/nope'])
    const notices = store.getState().notices
    expect(notices.map((n) => n.message)).toEqual(['Could not add: path does not exist: /nope'])
    expect(store.getState().workspaceBusy).toBe(false)
    store.getState().dismissNotice(notices[0].id)
    expect(store.getState().notices).toEqual([])
  })

  it('setPassThreshold replaces the run and refetches its episodes', async () => {
    const api = fakeApi({ a: 10 })
    const store = createAppStore(api)
    await store.getState().loadRuns()
    store.getState().selectRun('a')
    await store.getState().ensureEpisodeRange(0, 5)
    expect(await store.getState().setPassThreshold('a', 0.8)).toBe(true)
    expect(api.setPassThreshold).toHaveBeenCalledWith('a', 0.8)
    expect(store.getState().runs[0]).toMatchObject({ passThreshold: 0.8, passThresholdIsUser: true })
    await flush()
    expect(api.listEpisodes).toHaveBeenCalledTimes(2)
    await store.getState().setPassThreshold('a', null)
    expect(store.getState().runs[0]).toMatchObject({ passThreshold: 0.5, passThresholdIsUser: false })
  })

  it('opening an episode loads its detail; closing keeps the table state', async () => {
    const api = fakeApi({ a: 10 })
    const store = createAppStore(api)
    store.getState().selectRun('a')
    await store.getState().ensureEpisodeRange(0, 9)
    store.getState().openEpisode('a:3', 3)
    await flush()
    expect(store.getState().episode.detail?.id).toBe('a:3')
    expect(store.getState().episodes.activeIndex).toBe(3)
    store.getState().closeEpisode()
    expect(store.getState().openEpisodeId).toBeNull()
    expect(store.getState().episodes.total).toBe(10)
    // Re-opening the same episode does not fetch it again.
    store.getState().openEpisode('a:3', 3)
    await flush()
    expect(api.getEpisode).toHaveBeenCalledTimes(1)
  })

  it('n / p move to the neighbouring row of the table, within bounds', async () => {
    const store = createAppStore(fakeApi({ a: 3 }))
    store.getState().selectRun('a')
    await store.getState().ensureEpisodeRange(0, 2)
    store.getState().openEpisode('a:1', 1)
    await store.getState().openAdjacentEpisode(1)
    expect(store.getState().openEpisodeId).toBe('a:2')
    await store.getState().openAdjacentEpisode(1)
    expect(store.getState().openEpisodeId).toBe('a:2')
    await store.getState().openAdjacentEpisode(-1)
    await store.getState().openAdjacentEpisode(-1)
    expect(store.getState().openEpisodeId).toBe('a:0')
  })

  it('n / p do nothing for an episode opened from a link (its row is unknown)', async () => {
    const store = createAppStore(fakeApi({ a: 3 }))
    store.getState().selectRun('a')
    await store.getState().ensureEpisodeRange(0, 2)
    store.getState().openEpisode('a:2')
    await store.getState().openAdjacentEpisode(1)
    expect(store.getState().openEpisodeId).toBe('a:2')
  })

  it('a failed episode load shows the error', async () => {
    const api = fakeApi({ a: 3 })
    vi.mocked(api.getEpisode).mockRejectedValueOnce(new Error('no episode a:9'))
    const store = createAppStore(api)
    store.getState().selectRun('a')
    store.getState().openEpisode('a:9')
    await flush()
    expect(store.getState().episode).toMatchObject({ loading: false, error: 'no episode a:9', detail: null })
    expect(store.getState().notices[0].message).toBe('Could not open the episode: no episode a:9')
  })

  it('j / k clamp the highlighted turn to the transcript', async () => {
    const api = fakeApi({ a: 3 })
    vi.mocked(api.getEpisode).mockImplementation(async (id) => ({
      ...(await fakeApi({ a: 3 }).getEpisode(id)),
      turns: [0, 1, 2].map((index) => ({
        index,
        role: 'user' as const,
        text: '',
        reasoning: null,
        toolCalls: [],
        toolCallId: null,
        toolName: null,
        isPrompt: false,
        isObservation: false,
        reward: null,
        done: null,
        tokens: null
      }))
    }))
    const store = createAppStore(api)
    await store.getState().loadEpisode('a:0')
    store.getState().moveActiveTurn(1)
    store.getState().moveActiveTurn(5)
    expect(store.getState().episode.activeTurn).toBe(2)
    store.getState().moveActiveTurn(-9)
    expect(store.getState().episode.activeTurn).toBe(0)
    store.getState().toggleExpanded('1:text')
    expect(store.getState().episode.expanded).toEqual({ '1:text': true })
    store.getState().toggleExpanded('1:text')
    expect(store.getState().episode.expanded).toEqual({})
  })
})

describe('find in the episode', () => {
  it('counts matches, starts at the highlighted turn, wraps with next / prev, and reveals each match', async () => {
    const store = createAppStore(fakeApi({ a: 3 }))
    await store.getState().loadEpisode('a:0')
    store.getState().jumpToTurn(2)
    store.getState().setFindQuery('needle')
    let find = store.getState().episode.find
    expect(find.matches.map((m) => `${m.position}:${m.part}`)).toEqual([
      '0:text',
      '1:text',
      '4:text',
      '4:text',
      '4:call:0'
    ])
    expect(find.current).toBe(2)
    expect(store.getState().episode.activeTurn).toBe(4)
    expect(store.getState().episode.expanded).toMatchObject({ '4:text': true, '4:prompt': true })
    store.getState().stepFind(1)
    store.getState().stepFind(1)
    expect(store.getState().episode.expanded['4:call:0']).toBe(true)
    store.getState().stepFind(1)
    find = store.getState().episode.find
    expect(find.current).toBe(0)
    expect(store.getState().episode.activeTurn).toBe(0)
    store.getState().stepFind(-1)
    expect(store.getState().episode.find.current).toBe(4)
    store.getState().setFindQuery('absent')
    expect(store.getState().episode.find).toMatchObject({ matches: [], current: -1, open: true })
    store.getState().closeFind()
    expect(store.getState().episode.find).toMatchObject({ open: false, query: '' })
  })

  it('keeps the query across episodes (n / p while hunting a string) and searches the new one', async () => {
    const store = createAppStore(fakeApi({ a: 3 }))
    await store.getState().loadEpisode('a:0')
    store.getState().setFindQuery('nothing')
    await store.getState().loadEpisode('a:1')
    expect(store.getState().episode.find).toMatchObject({ open: true, query: 'nothing', current: 0 })
    expect(store.getState().episode.find.matches).toHaveLength(2)
  })
})

describe('an episode opened as a preview', () => {
  it('fetches the full turns once, when a cut text is expanded (or find / e / the editor need them)', async () => {
    const api = fakeApi({ cut: 3 })
    const store = createAppStore(api)
    await store.getState().loadEpisode('cut:0')
    let e = store.getState().episode
    expect(e.detail?.complete).toBe(false)
    expect(e.detail?.turns[1].text).toBe('a n')
    expect(api.getEpisodePreview).toHaveBeenCalledWith('cut:0')
    expect(api.getEpisodeTurns).not.toHaveBeenCalled()
    store.getState().toggleExpanded('1:text')
    store.getState().setAllExpanded(true)
    store.getState().openFind()
    await flush()
    e = store.getState().episode
    expect(api.getEpisodeTurns).toHaveBeenCalledTimes(1)
    expect(e.detail?.complete).toBe(true)
    expect(e.detail?.turns[1].text).toBe('a needle here')
    expect(e.fullLoading).toBe(false)
  })

  it('find searches the full texts once they arrive', async () => {
    const store = createAppStore(fakeApi({ cut: 3 }))
    await store.getState().loadEpisode('cut:0')
    store.getState().openFind()
    store.getState().setFindQuery('needle')
    await flush()
    expect(store.getState().episode.find.matches).toHaveLength(5)
  })

  it('opens a cut text in the editor whole, and loads the raw record once for the Raw tab', async () => {
    const api = fakeApi({ cut: 3 })
    const store = createAppStore(api)
    await store.getState().loadEpisode('cut:0')
    await store.getState().openEditor({ title: '#4 user', position: 4, part: 'text' })
    expect(store.getState().episode.editor).toEqual({ title: '#4 user', text: 'needle and NEEDLE' })
    // a text given as is reads like the transcript too: terminal colours dropped
    await store.getState().openEditor({ title: 'call', text: '\u001b[31mFAILED\u001b[0m x' })
    expect(store.getState().episode.editor).toEqual({ title: 'call', text: 'FAILED x' })
    await store.getState().loadRaw()
    await store.getState().loadRaw()
    expect(store.getState().episode.raw).toBe('{}')
    expect(api.getEpisodeRaw).toHaveBeenCalledTimes(1)
  })
})

describe('progress', () => {
  it('keeps the newer snapshot of the same job', () => {
    const a = progress({ state: 'indexing', startedAt: 100, filesDone: 5, filesTotal: 10 })
    const older = progress({ state: 'indexing', startedAt: 100, filesDone: 3, filesTotal: 10 })
    expect(newerProgress(a, older)).toBe(a)
    const done = progress({ state: 'done', startedAt: 100, filesDone: 10, filesTotal: 10, finishedAt: 200 })
    expect(newerProgress(a, done)).toBe(done)
    expect(newerProgress(done, a)).toBe(done)
    const next = progress({ state: 'scanning', startedAt: 300 })
    expect(newerProgress(done, next)).toBe(next)
    expect(newerProgress(null, a)).toBe(a)
  })
  it('fraction by bytes, else files; indexing states', () => {
    expect(progressFraction(progress({ bytesTotal: 200, bytesDone: 50, filesTotal: 2, filesDone: 2 }))).toBe(0.25)
    expect(progressFraction(progress({ filesTotal: 4, filesDone: 1 }))).toBe(0.25)
    expect(progressFraction(progress())).toBe(0)
    expect(isIndexing(progress({ state: 'scanning' }))).toBe(true)
    expect(isIndexing(progress({ state: 'done' }))).toBe(false)
    expect(isIndexing(null)).toBe(false)
  })
  it('cancel applies the returned progress', async () => {
    const store = createAppStore(fakeApi({}))
    store.getState().applyProgress(progress({ state: 'indexing', startedAt: 1 }))
    await store.getState().cancelIndex()
    expect(store.getState().progress?.state).toBe('cancelled')
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  EPISODE_PREFS_KEY,
  isColumnShown,
  loadPrefs,
  prefsFor,
  savePrefs,
  withColumnShown,
  withColumnsReset,
  withGroupByTask,
  type PrefsStorage
} from '../../../src-renderer/src/state/episode-prefs'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, run } from '../fake-api'

/** A Storage stand-in over a Map (what survives a "restart" is the map). */
function memoryStorage(map = new Map<string, string>()): NonNullable<PrefsStorage> & { map: Map<string, string> } {
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v))
  }
}

describe('episode table prefs', () => {
  it('stores only departures from the defaults, per format', () => {
    let p = loadPrefs(memoryStorage())
    p = withColumnShown(p, 'verifiers', 'metric:format_reward', false, true)
    p = withColumnShown(p, 'verifiers', 'tokensIn', true, false)
    expect(p.formats.verifiers.columns).toEqual({ 'metric:format_reward': false, tokensIn: true })
    // choosing the default again forgets the choice
    p = withColumnShown(p, 'verifiers', 'tokensIn', false, false)
    expect(p.formats.verifiers.columns).toEqual({ 'metric:format_reward': false })
    const v = prefsFor(p, 'verifiers')
    expect(isColumnShown(v, 'metric:format_reward', true)).toBe(false)
    expect(isColumnShown(v, 'metric:brand_new', true)).toBe(true) // a metric a new run brings shows up
    expect(isColumnShown(v, 'status', false)).toBe(false)
    // another format is untouched
    expect(isColumnShown(prefsFor(p, 'inspect'), 'metric:format_reward', true)).toBe(true)
  })

  it('survives a round trip through storage; Reset forgets the columns but keeps the grouping', () => {
    const storage = memoryStorage()
    let p = withGroupByTask(
      withColumnShown(loadPrefs(storage), 'chat-jsonl', 'info:repo', false, true),
      'chat-jsonl',
      true
    )
    savePrefs(storage, p)
    const again = loadPrefs(memoryStorage(storage.map))
    expect(again).toEqual(p)
    expect(prefsFor(again, 'chat-jsonl')).toEqual({ columns: { 'info:repo': false }, groupByTask: true })
    p = withColumnsReset(again, 'chat-jsonl')
    expect(prefsFor(p, 'chat-jsonl')).toEqual({ columns: {}, groupByTask: true })
  })

  it('reads junk, wrong shapes and a refusing storage as "no choices"', () => {
    for (const raw of ['{', '[]', '"x"', '{"formats": 3}', 'null']) {
      expect(loadPrefs(memoryStorage(new Map([[EPISODE_PREFS_KEY, raw]])))).toEqual({ formats: {} })
    }
    const mixed = JSON.stringify({
      formats: { a: { columns: { x: false, y: 'yes', z: 1 }, groupByTask: 'true' }, b: 7 }
    })
    expect(loadPrefs(memoryStorage(new Map([[EPISODE_PREFS_KEY, mixed]])))).toEqual({
      formats: { a: { columns: { x: false }, groupByTask: false } }
    })
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      }
    }
    expect(loadPrefs(throwing)).toEqual({ formats: {} })
    expect(() => savePrefs(throwing, { formats: {} })).not.toThrow()
    expect(loadPrefs(null)).toEqual({ formats: {} })
  })

  it('a format named like an Object property is just a key', () => {
    const p = loadPrefs(memoryStorage(new Map([[EPISODE_PREFS_KEY, '{"formats":{}}']])))
    expect(prefsFor(p, 'constructor')).toEqual({ columns: {}, groupByTask: false })
    expect(prefsFor(p, '__proto__')).toEqual({ columns: {}, groupByTask: false })
  })
})

describe('episode table prefs in the store', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('are loaded from localStorage at start and written on every change', async () => {
    const storage = memoryStorage()
    vi.stubGlobal('localStorage', storage)
    const api = fakeApi({ r: 10 })
    vi.mocked(api.listRuns).mockResolvedValue([run({ id: 'r', episodes: 10, format: 'inspect' })])
    const first = createAppStore(api)
    first.getState().setColumnShown('inspect', 'tokensIn', true, false)
    first.getState().setGroupByTask('inspect', true)
    expect(JSON.parse(storage.map.get(EPISODE_PREFS_KEY)!)).toEqual({
      formats: { inspect: { columns: { tokensIn: true }, groupByTask: true } }
    })
    // a new window (restart) reads them back
    const second = createAppStore(api)
    expect(prefsFor(second.getState().episodePrefs, 'inspect')).toEqual({
      columns: { tokensIn: true },
      groupByTask: true
    })
    second.getState().resetColumns('inspect')
    expect(prefsFor(createAppStore(api).getState().episodePrefs, 'inspect')).toEqual({ columns: {}, groupByTask: true })
  })
})

/** Notes go by themselves after a while; errors stay until dismissed; the same message is not stacked twice. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiCallError } from '../../../src-renderer/src/api/api-error'
import { INFO_NOTICE_MS } from '../../../src-renderer/src/state/notices-slice'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi } from '../fake-api'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('notices', () => {
  it('a note goes after INFO_NOTICE_MS, an error stays', () => {
    const store = createAppStore(fakeApi({}))
    store.getState().pushInfo('Saved view "loops"')
    store.getState().pushError(new Error('disk full'), 'Export failed')
    store.getState().pushInfo('Saved view "loops"') // once
    expect(store.getState().notices.map((n) => n.kind)).toEqual(['info', 'error'])
    vi.advanceTimersByTime(INFO_NOTICE_MS - 1)
    expect(store.getState().notices).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(store.getState().notices.map((n) => n.message)).toEqual(['Export failed: disk full'])
  })

  it('a page of another build than its server: one error, whatever call met it, saying what to do', () => {
    const store = createAppStore(fakeApi({}))
    const stale = (m: string) =>
      new ApiCallError('other-build', 'This page comes from an older build: reload the page.', m)
    store.getState().pushError(stale('listRuns'), 'Could not load runs')
    store.getState().pushError(stale('getEpisode'), 'Could not open the episode')
    expect(store.getState().notices.map((n) => n.message)).toEqual([
      'This page comes from an older build: reload the page.'
    ])
  })

  it('a note dismissed by hand, or pushed again after it went, is not harmed by the old timer', () => {
    const store = createAppStore(fakeApi({}))
    store.getState().pushInfo('a')
    store.getState().dismissNotice(store.getState().notices[0].id)
    vi.advanceTimersByTime(INFO_NOTICE_MS / 2)
    store.getState().pushInfo('a')
    vi.advanceTimersByTime(INFO_NOTICE_MS / 2)
    expect(store.getState().notices.map((n) => n.message)).toEqual(['a']) // the second one: its own time
    vi.advanceTimersByTime(INFO_NOTICE_MS / 2)
    expect(store.getState().notices).toEqual([])
  })

  it("an action that succeeds takes off its own earlier errors, not others'", async () => {
    const api = fakeApi({})
    const store = createAppStore(api)
    vi.spyOn(api, 'addPaths').mockRejectedValueOnce(new Error('not found: /nope'))
    expect(await store.getState().addPaths(['/nope'])).toBe(false)
    store.getState().pushError(new Error('disk full'), 'Export failed')
    expect(store.getState().notices.map((n) => n.message)).toEqual([
      'Could not add: not found: /nope',
      'Export failed: disk full'
    ])
    expect(await store.getState().addPaths(['/data'])).toBe(true)
    expect(store.getState().notices.map((n) => n.message)).toEqual(['Export failed: disk full'])
  })
})

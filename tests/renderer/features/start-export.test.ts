/** The Export… select's action: desktop save-dialog path and the browser path's check before the download. */
import { describe, expect, it, vi } from 'vitest'
import type { DesktopApi, ExportViewRequest } from '@contract/api'
import { checkExport } from '../../../src-renderer/src/api/export-check'
import { startExport } from '../../../src-renderer/src/features/episodes/start-export'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi } from '../fake-api'

const REQUEST: ExportViewRequest = { format: 'sft', runId: 'a', filter: 'reward > 0.5' }
const notices = () => createAppStore(fakeApi({ a: 3 }))
const desktop = (exportToFile: DesktopApi['exportToFile']): DesktopApi => ({ pickPaths: async () => [], pathForFile: () => '', exportLabelsToFile: async () => null, exportToFile })

describe('startExport on the desktop', () => {
  it('passes the request to the save-dialog export and says how many episodes went where', async () => {
    const store = notices()
    const exportToFile = vi.fn(async () => ({ episodes: 1234, path: '/tmp/out.jsonl' }))
    const download = vi.fn()
    await startExport(REQUEST, { desktop: desktop(exportToFile) }, store.getState(), download)
    expect(exportToFile).toHaveBeenCalledExactlyOnceWith(REQUEST)
    expect(download).not.toHaveBeenCalled()
    expect(store.getState().notices.map((n) => [n.kind, n.message])).toEqual([['info', 'Exported 1,234 episodes to /tmp/out.jsonl']])
  })

  it('one episode is singular; a cancelled dialog shows nothing; a failure shows its message', async () => {
    const store = notices()
    await startExport(REQUEST, { desktop: desktop(async () => ({ episodes: 1, path: '/x.jsonl' })) }, store.getState())
    expect(store.getState().notices.at(-1)?.message).toBe('Exported 1 episode to /x.jsonl')
    store.getState().dismissAllNotices()
    await startExport(REQUEST, { desktop: desktop(async () => null) }, store.getState())
    expect(store.getState().notices).toEqual([])
    await startExport(REQUEST, { desktop: desktop(async () => Promise.reject(new Error('unknown field "rewrd"'))) }, store.getState())
    expect(store.getState().notices.map((n) => [n.kind, n.message])).toEqual([['error', 'Export failed: unknown field "rewrd"']])
  })
})

describe('startExport in the browser', () => {
  it('checks first, then downloads the export URL', async () => {
    const store = notices()
    const order: string[] = []
    const transport = {
      desktop: null,
      exportUrl: (r: ExportViewRequest) => `/api/export?run=${r.runId}`,
      checkExport: async () => void order.push('check')
    }
    await startExport(REQUEST, transport, store.getState(), (url) => order.push(url))
    expect(order).toEqual(['check', '/api/export?run=a'])
    expect(store.getState().notices).toEqual([])
  })

  it('a refused check shows the engine message in the notice area and starts no download', async () => {
    const store = notices()
    const download = vi.fn()
    const fetch400 = async (): Promise<Response> =>
      new Response(JSON.stringify({ ok: false, error: { code: 'bad-request', message: 'filter: unknown field "rewrd"' } }), { status: 400 })
    const transport = { desktop: null, exportUrl: () => '/api/export', checkExport: (r: ExportViewRequest) => checkExport('t', r, fetch400) }
    await startExport(REQUEST, transport, store.getState(), download)
    expect(download).not.toHaveBeenCalled()
    expect(store.getState().notices.map((n) => [n.kind, n.message])).toEqual([['error', 'Export failed: filter: unknown field "rewrd"']])
  })
})

describe('checkExport', () => {
  it('asks the export URL with check=1 and the token; an ok answer passes', async () => {
    const seen: string[] = []
    const ok = async (url: string | URL | Request): Promise<Response> => {
      seen.push(String(url))
      return new Response(JSON.stringify({ ok: true, value: { fileName: 'f.jsonl' } }))
    }
    await checkExport('t0k', REQUEST, ok as typeof fetch)
    const url = new URL(seen[0], 'http://x')
    expect(url.pathname).toBe('/api/export')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ format: 'sft', run: 'a', filter: 'reward > 0.5', token: 't0k', check: '1' })
  })

  it('a 404 says what is missing; a non-JSON failure says the status; an unreachable server says so', async () => {
    const answer = (body: string, status: number) => (async () => new Response(body, { status, statusText: 'Nope' })) as typeof fetch
    await expect(checkExport(null, REQUEST, answer(JSON.stringify({ ok: false, error: { code: 'not-found', message: 'no run with id a' } }), 404))).rejects.toThrow(
      'no run with id a'
    )
    await expect(checkExport(null, REQUEST, answer('<html>', 502))).rejects.toThrow('export: HTTP 502 Nope')
    await expect(checkExport(null, REQUEST, (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch)).rejects.toThrow(
      'Cannot reach the Rollscope server (Failed to fetch)'
    )
  })
})

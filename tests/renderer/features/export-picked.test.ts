/** Exports of picked rows in the browser: a POST to /api/export-prepare, then the one-time ticket URL is downloaded. */
import { describe, expect, it, vi } from 'vitest'
import type { ExportViewRequest } from '@contract/api'
import { prepareExport } from '../../../src-renderer/src/api/export-prepare'
import { startExport } from '../../../src-renderer/src/features/episodes/start-export'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi } from '../fake-api'

const PICKED: ExportViewRequest = { format: 'jsonl', runId: 'a', episodeIds: ['a:1', 'a:7', 'a:3'] }

describe('startExport with picked rows (browser)', () => {
  it('prepares instead of checking, and downloads the ticket URL', async () => {
    const store = createAppStore(fakeApi({ a: 3 }))
    const checkExport = vi.fn(async () => undefined)
    const prepare = vi.fn(async () => '/api/export?ticket=T')
    const download = vi.fn()
    await startExport(PICKED, { desktop: null, exportUrl: () => '/api/export?view', checkExport, prepareExport: prepare }, store.getState(), download)
    expect(prepare).toHaveBeenCalledExactlyOnceWith(PICKED)
    expect(checkExport).not.toHaveBeenCalled()
    expect(download).toHaveBeenCalledExactlyOnceWith('/api/export?ticket=T')
  })
})

describe('prepareExport', () => {
  it('POSTs the whole request with the token header and returns the ticket URL with the token', async () => {
    const calls: [string, RequestInit][] = []
    const ok = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      calls.push([String(url), init!])
      return new Response(JSON.stringify({ ok: true, value: { ticket: 'tk-1', fileName: 'f.jsonl' } }))
    }
    const url = await prepareExport('t0k', PICKED, ok as typeof fetch)
    expect(calls[0][0]).toBe('/api/export-prepare')
    expect(calls[0][1].method).toBe('POST')
    expect((calls[0][1].headers as Record<string, string>)['x-rollscope-token']).toBe('t0k')
    expect(JSON.parse(calls[0][1].body as string)).toEqual(PICKED)
    const u = new URL(url, 'http://x')
    expect(u.pathname).toBe('/api/export')
    expect(Object.fromEntries(u.searchParams)).toEqual({ ticket: 'tk-1', token: 't0k' })
  })

  it('a refusal throws the engine message', async () => {
    const refuse = (async () =>
      new Response(JSON.stringify({ ok: false, error: { code: 'not-found', message: 'no episode with id a:7' } }), { status: 404 })) as typeof fetch
    await expect(prepareExport(null, PICKED, refuse)).rejects.toThrow('no episode with id a:7')
  })
})

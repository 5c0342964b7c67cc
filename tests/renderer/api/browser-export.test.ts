/**
 * Browser mode's "save this export": the request (any kind; picked rows too, whose ids do not fit in a URL) is
 * POSTed to /api/export-prepare, and the one-time ticket URL is handed to the browser as a download.
 */
import { describe, expect, it, vi } from 'vitest'
import type { ExportRequest } from '@contract/export'
import { downloadExport } from '../../../src-renderer/src/api/browser-export'

const PICKED: ExportRequest = { kind: 'episodes', format: 'jsonl', runId: 'a', episodeIds: ['a:1', 'a:7', 'a:3'] }
const answer = (body: unknown, status = 200, statusText = '') =>
  (async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, statusText })) as typeof fetch

describe('downloadExport', () => {
  it('POSTs the whole request, then downloads the ticket URL (the ticket only: the session cookie goes along)', async () => {
    const calls: [string, RequestInit][] = []
    const ok = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      calls.push([String(url), init!])
      return new Response(
        JSON.stringify({
          ok: true,
          value: { ticket: 'tk-1', fileName: 'f.jsonl', contentType: 'x', title: 'Export jsonl', summary: null }
        })
      )
    }
    const download = vi.fn()
    expect(await downloadExport(PICKED, download, ok as typeof fetch)).toEqual({
      path: 'f.jsonl',
      summary: null
    })
    expect(calls).toHaveLength(1)
    expect(calls[0][0]).toBe('/api/export-prepare')
    expect(calls[0][1].method).toBe('POST')
    expect(calls[0][1].headers).toEqual({ 'content-type': 'application/json' })
    expect(JSON.parse(calls[0][1].body as string)).toEqual(PICKED)
    const u = new URL(download.mock.calls[0][0] as string, 'http://x')
    expect(u.pathname).toBe('/api/export')
    expect(Object.fromEntries(u.searchParams)).toEqual({ ticket: 'tk-1' })
  })

  it('passes on what the plan already knows (the labels file’s counts)', async () => {
    const summary = { kind: 'labels', labels: 3, notes: 1 }
    const saved = await downloadExport(
      { kind: 'labels' },
      () => undefined,
      answer({ ok: true, value: { ticket: 't', fileName: 'rollscope-labels.json', summary } })
    )
    expect(saved).toEqual({ path: 'rollscope-labels.json', summary })
  })

  it('a refusal throws the engine message and starts no download; so do a broken answer and an unreachable server', async () => {
    const download = vi.fn()
    await expect(
      downloadExport(
        PICKED,
        download,
        answer({ ok: false, error: { code: 'not-found', message: 'no episode with id a:7' } }, 404)
      )
    ).rejects.toThrow('no episode with id a:7')
    await expect(downloadExport(PICKED, download, answer('<html>', 502, 'Nope'))).rejects.toThrow(
      'export: HTTP 502 Nope'
    )
    await expect(downloadExport(PICKED, download, answer({ ok: true, value: { fileName: 'f' } }))).rejects.toThrow(
      'export: unexpected response (no ticket)'
    )
    await expect(
      downloadExport(PICKED, download, (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch)
    ).rejects.toThrow('Cannot reach the Rollscope server (Failed to fetch)')
    expect(download).not.toHaveBeenCalled()
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PreloadBridge, TraceEvent } from '@contract/api'
import { createTransport } from '../../../src-renderer/src/api/transport'

afterEach(() => vi.unstubAllGlobals())

describe('createTransport', () => {
  it('uses the Electron bridge when the preload exposed one', async () => {
    let listener: ((e: TraceEvent) => void) | null = null
    const bridge = {
      invoke: vi.fn(async (method: string, ...args: unknown[]) =>
        method === 'getRun'
          ? { ok: false, error: { code: 'not-found', message: `no run with id ${args[0]}` } }
          : { ok: true, value: args }
      ),
      onEvent: vi.fn((l: (e: TraceEvent) => void) => {
        listener = l
        return () => (listener = null)
      }),
      invokeDesktop: vi.fn(async (method: string, ...args: unknown[]) =>
        method === 'pickPaths'
          ? { ok: true, value: ['/picked'] }
          : args[0] && (args[0] as { kind: string }).kind === 'labels'
            ? {
                ok: true,
                value: { path: '/saved/rollscope-labels.json', summary: { kind: 'labels', labels: 2, notes: 0 } }
              }
            : { ok: false, error: { code: 'not-found', message: 'no run with id gone' } }
      ),
      pathForFile: vi.fn(() => '/dropped.jsonl')
    }
    const t = createTransport({ rollscope: bridge as unknown as PreloadBridge } as Window)
    expect(t.mode).toBe('desktop')
    expect(await t.api.setPassThreshold('r1', 0.7)).toEqual(['r1', 0.7])
    expect(bridge.invoke).toHaveBeenCalledWith('setPassThreshold', 'r1', 0.7)
    await expect(t.api.getRun('zz')).rejects.toThrow('no run with id zz')
    const got: TraceEvent[] = []
    const off = t.onEvent((e) => got.push(e))
    listener!({ name: 'workspaceChanged', payload: { runIds: ['a'] } })
    off()
    expect(got).toHaveLength(1)
    expect(listener).toBeNull()
    expect(await t.desktop?.pickPaths('folder')).toEqual(['/picked'])
    expect(bridge.invokeDesktop).toHaveBeenLastCalledWith('pickPaths', 'folder')
    expect(t.desktop?.pathForFile({})).toBe('/dropped.jsonl')
    // saving an export is the desktop method of the same name: the native dialog, then the engine writes the file
    expect(await t.saveExport({ kind: 'labels' })).toEqual({
      path: '/saved/rollscope-labels.json',
      summary: { kind: 'labels', labels: 2, notes: 0 }
    })
    expect(bridge.invokeDesktop).toHaveBeenLastCalledWith('saveExport', { kind: 'labels' })
    await expect(t.saveExport({ kind: 'compareReport', runA: 'a', runB: 'gone' })).rejects.toMatchObject({
      code: 'not-found',
      message: 'no run with id gone'
    })
  })

  it('falls back to HTTP in a plain browser, the session cookie and no token in the page', async () => {
    const fetchMock = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) =>
        new Response(JSON.stringify({ ok: true, value: [] }), { status: 200 })
    )
    vi.stubGlobal('fetch', fetchMock)
    const win = { location: { href: 'http://127.0.0.1:4173/#/run/x' } } as unknown as Window
    const t = createTransport(win)
    expect(t.mode).toBe('browser')
    expect(t.desktop).toBeNull()
    expect(await t.api.listRuns()).toEqual([])
    // saving an export is prepare → ticket → download in a browser
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ ok: false, error: { code: 'bad-request', message: 'unknown label "x"' } }), {
        status: 400
      })
    )
    await expect(t.saveExport({ kind: 'episodes', format: 'csv', runId: 'a', label: 'x' })).rejects.toThrow(
      'unknown label "x"'
    )
    expect(String(fetchMock.mock.calls[1][0])).toBe('/api/export-prepare')
    expect(fetchMock.mock.calls[0][1]?.headers).toEqual({ 'content-type': 'application/json' })
  })
})

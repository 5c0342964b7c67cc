import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  IPC_DESKTOP_CHANNEL,
  IPC_EVENT_CHANNEL,
  IPC_INVOKE_CHANNEL,
  type PreloadBridge,
  type TraceEvent
} from '@contract/api'

const m = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn(), send: vi.fn(), sendSync: vi.fn() },
  webUtils: { getPathForFile: vi.fn() }
}))
vi.mock('electron', () => ({ contextBridge: m.contextBridge, ipcRenderer: m.ipcRenderer, webUtils: m.webUtils }))

describe('preload', () => {
  let bridge: PreloadBridge
  let exposed: unknown[][]
  beforeAll(async () => {
    await import('../../../src-main/preload/index')
    // Copied now: mock call records are cleared between tests.
    exposed = [...m.contextBridge.exposeInMainWorld.mock.calls]
    bridge = exposed[0][1] as PreloadBridge
  })
  beforeEach(() => {
    m.ipcRenderer.invoke.mockReset()
    m.ipcRenderer.on.mockReset()
    m.ipcRenderer.removeListener.mockReset()
  })

  it('exposes exactly window.rollscope = { invoke, invokeDesktop, onEvent, pathForFile }', () => {
    expect(exposed.length).toBe(1)
    expect(exposed[0][0]).toBe('rollscope')
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'invokeDesktop', 'onEvent', 'pathForFile'])
    // Nothing that would hand the renderer raw IPC.
    expect(Object.values(bridge)).not.toContain(m.ipcRenderer)
    expect(m.ipcRenderer.send).not.toHaveBeenCalled()
  })

  it('invoke forwards (method, args array) on the invoke channel and returns main’s Result', async () => {
    m.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { id: 'r1' } })
    await expect(bridge.invoke('getRun', 'r1')).resolves.toEqual({ ok: true, value: { id: 'r1' } })
    expect(m.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(IPC_INVOKE_CHANNEL, 'getRun', ['r1'])
    m.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: [] })
    await bridge.invoke('listRuns')
    expect(m.ipcRenderer.invoke).toHaveBeenLastCalledWith(IPC_INVOKE_CHANNEL, 'listRuns', [])
  })

  it('invoke refuses unknown method names without touching IPC', async () => {
    const call = bridge.invoke as unknown as (m: string, ...a: unknown[]) => Promise<unknown>
    await expect(call('dropDatabase', 1)).resolves.toEqual({
      ok: false,
      error: { code: 'bad-request', message: 'unknown method: dropDatabase' }
    })
    await expect(call('toString')).resolves.toMatchObject({ ok: false, error: { code: 'bad-request' } })
    expect(m.ipcRenderer.invoke).not.toHaveBeenCalled()
  })

  it('onEvent hands listeners the TraceEvent only, and unsubscribes the same function', () => {
    const listener = vi.fn()
    const off = bridge.onEvent(listener)
    expect(m.ipcRenderer.on).toHaveBeenCalledTimes(1)
    const [channel, forward] = m.ipcRenderer.on.mock.calls[0]
    expect(channel).toBe(IPC_EVENT_CHANNEL)
    const event: TraceEvent = { name: 'workspaceChanged', payload: { runIds: ['r1'] } }
    forward({ sender: 'ipcRenderer internals', senderId: 0 }, event)
    expect(listener.mock.calls).toEqual([[event]])
    off()
    expect(m.ipcRenderer.removeListener).toHaveBeenCalledExactlyOnceWith(IPC_EVENT_CHANNEL, forward)
  })

  it('invokeDesktop forwards (method, args array) of the desktop method list on the desktop channel and returns main’s Result', async () => {
    m.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: ['/runs/a'] })
    await expect(bridge.invokeDesktop('pickPaths', 'folder')).resolves.toEqual({ ok: true, value: ['/runs/a'] })
    expect(m.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(IPC_DESKTOP_CHANNEL, 'pickPaths', ['folder'])
    const request = { kind: 'episodes' as const, format: 'csv' as const, runId: 'r1', filter: 'reward > 0' }
    m.ipcRenderer.invoke.mockResolvedValueOnce({
      ok: false,
      error: { code: 'bad-request', message: 'unknown label "x"' }
    })
    await expect(bridge.invokeDesktop('saveExport', request)).resolves.toEqual({
      ok: false,
      error: { code: 'bad-request', message: 'unknown label "x"' }
    })
    expect(m.ipcRenderer.invoke).toHaveBeenLastCalledWith(IPC_DESKTOP_CHANNEL, 'saveExport', [request])
  })

  it('invokeDesktop refuses names outside the desktop method list without touching IPC (API methods included)', async () => {
    const call = bridge.invokeDesktop as unknown as (m: string, ...a: unknown[]) => Promise<unknown>
    await expect(call('openShell', 'rm -rf')).resolves.toEqual({
      ok: false,
      error: { code: 'bad-request', message: 'unknown method: openShell' }
    })
    await expect(call('listRuns')).resolves.toMatchObject({ ok: false, error: { code: 'bad-request' } })
    await expect(call('hasOwnProperty')).resolves.toMatchObject({ ok: false, error: { code: 'bad-request' } })
    expect(m.ipcRenderer.invoke).not.toHaveBeenCalled()
  })

  it("pathForFile asks webUtils for a dropped file's path, and gives '' for anything else", () => {
    m.webUtils.getPathForFile.mockReturnValueOnce('/runs/dropped.jsonl')
    const file = { name: 'dropped.jsonl' }
    expect(bridge.pathForFile(file)).toBe('/runs/dropped.jsonl')
    expect(m.webUtils.getPathForFile).toHaveBeenCalledExactlyOnceWith(file)
    m.webUtils.getPathForFile.mockImplementationOnce(() => {
      throw new TypeError('not a File')
    })
    expect(bridge.pathForFile('nope')).toBe('')
  })

  it('imports only electron and the contract (it must bundle into one sandbox-loadable CJS file)', () => {
    const src = readFileSync(resolve(import.meta.dirname, '../../../src-main/preload/index.ts'), 'utf8')
    const specifiers = [...src.matchAll(/^\s*(?:import|export)[^'"]*?from\s+'([^']+)'/gm)].map((x) => x[1])
    expect(specifiers).toEqual(['electron', '@contract/api', '@contract/desktop'])
    expect(src).not.toMatch(/\brequire\(|import\(/)
  })
})

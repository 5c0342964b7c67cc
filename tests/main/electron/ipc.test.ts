import { pathToFileURL } from 'node:url'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { IPC_DESKTOP_CHANNEL, IPC_INVOKE_CHANNEL, type TraceApi } from '@contract/api'
import type { ExportRequest, ExportSaved } from '@contract/export'
import { NotFoundError } from '@contract/guards'
import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron'
import { createSenderCheck, registerApi, registerDesktopApi } from '../../../src-main/electron/ipc'
import { FakeWindow, makeFakeApi, workspace } from './fakes'

const rendererFile = '/app/out/renderer/index.html'
const pageUrl = pathToFileURL(rendererFile).href
type Handler = (event: unknown, ...args: unknown[]) => unknown

function fakeIpcMain() {
  const handlers = new Map<string, Handler>()
  const ipcMain = { handle: vi.fn((channel: string, fn: Handler) => void handlers.set(channel, fn)) }
  return { handlers, ipcMain: ipcMain as unknown as Pick<IpcMain, 'handle'> }
}

/** An IPC event as Electron builds it: the sender's WebContents and its frame. */
const eventFrom = (win: FakeWindow, url = pageUrl, parent: unknown = null) =>
  ({ sender: win.webContents, senderFrame: { url, parent } }) as unknown as IpcMainInvokeEvent

describe('createSenderCheck', () => {
  let win: FakeWindow
  let check: (e: IpcMainInvokeEvent) => boolean
  beforeEach(() => {
    win = new FakeWindow({})
    check = createSenderCheck(() => win as unknown as BrowserWindow, { file: rendererFile, devUrl: null })
  })

  it('trusts the top frame of our window showing our page', () => {
    expect(check(eventFrom(win))).toBe(true)
    expect(check(eventFrom(win, `${pageUrl}#/runs/r1`))).toBe(true)
  })

  it('trusts our page installed where Chromium and Node spell the file URL differently (`~`, `[ ]`)', () => {
    const file = '/home/u/JOHNDO~1/x[1]/out/renderer/index.html'
    const short = createSenderCheck(() => win as unknown as BrowserWindow, { file, devUrl: null })
    expect(short(eventFrom(win, 'file:///home/u/JOHNDO~1/x[1]/out/renderer/index.html#/runs'))).toBe(true)
  })

  it('refuses other web contents, sub-frames, other pages, a gone frame, a destroyed window', () => {
    expect(check(eventFrom(new FakeWindow({})))).toBe(false)
    expect(check(eventFrom(win, pageUrl, { url: pageUrl }))).toBe(false)
    expect(check(eventFrom(win, 'file:///tmp/evil.html'))).toBe(false)
    expect(check(eventFrom(win, 'https://example.com/'))).toBe(false)
    expect(check({ sender: win.webContents, senderFrame: null } as unknown as IpcMainInvokeEvent)).toBe(false)
    const throwing = {
      sender: win.webContents,
      get senderFrame(): never {
        throw new Error('Render frame was disposed')
      }
    }
    expect(check(throwing as unknown as IpcMainInvokeEvent)).toBe(false)
    win.destroyed = true
    expect(check(eventFrom(win))).toBe(false)
  })

  it('refuses everything when there is no window, and follows the window getter', () => {
    let current: FakeWindow | null = null
    const follow = createSenderCheck(() => current as unknown as BrowserWindow, { file: rendererFile, devUrl: null })
    expect(follow(eventFrom(win))).toBe(false)
    current = win
    expect(follow(eventFrom(win))).toBe(true)
  })

  it('in dev trusts the dev server origin instead of the file', () => {
    const devCheck = createSenderCheck(() => win as unknown as BrowserWindow, {
      file: rendererFile,
      devUrl: 'http://localhost:5173'
    })
    expect(devCheck(eventFrom(win, 'http://localhost:5173/'))).toBe(true)
    expect(devCheck(eventFrom(win, pageUrl))).toBe(false)
  })
})

describe('registerApi', () => {
  let api: ReturnType<typeof makeFakeApi>
  let invoke: (event: unknown, method: unknown, args: unknown) => Promise<unknown>
  let win: FakeWindow
  beforeEach(() => {
    const { handlers, ipcMain } = fakeIpcMain()
    api = makeFakeApi()
    win = new FakeWindow({})
    registerApi(
      ipcMain,
      { api },
      createSenderCheck(() => win as unknown as BrowserWindow, { file: rendererFile, devUrl: null })
    )
    expect([...handlers.keys()]).toEqual([IPC_INVOKE_CHANNEL])
    invoke = async (...a) => handlers.get(IPC_INVOKE_CHANNEL)!(...a)
  })

  it('dispatches a valid call to the engine and wraps the value', async () => {
    const res = await invoke(eventFrom(win), 'addPaths', [['/runs/a', '/runs/b']])
    expect(res).toEqual({ ok: true, value: workspace(['/runs/a', '/runs/b']) })
    expect(api.addPaths).toHaveBeenCalledExactlyOnceWith(['/runs/a', '/runs/b'])
    expect(await invoke(eventFrom(win), 'reindex', [{ force: true }])).toMatchObject({ ok: true })
    expect(api.reindex).toHaveBeenCalledWith({ force: true })
  })

  it('answers bad-request for invalid arguments without calling the engine', async () => {
    expect(await invoke(eventFrom(win), 'addPaths', [[]])).toMatchObject({
      ok: false,
      error: { code: 'bad-request', message: expect.stringMatching(/^addPaths: argument 0/) }
    })
    expect(await invoke(eventFrom(win), 'getRun', [42])).toMatchObject({ ok: false, error: { code: 'bad-request' } })
    expect(await invoke(eventFrom(win), 'reindex', [{ force: true, extra: 1 }])).toMatchObject({
      ok: false,
      error: { code: 'bad-request' }
    })
    expect(await invoke(eventFrom(win), 'listRuns', 'not an array')).toMatchObject({
      ok: false,
      error: { code: 'bad-request' }
    })
    expect(api.addPaths).not.toHaveBeenCalled()
    expect(api.getRun).not.toHaveBeenCalled()
    expect(api.reindex).not.toHaveBeenCalled()
  })

  it('answers bad-request for an unknown method, including prototype names', async () => {
    expect(await invoke(eventFrom(win), 'deleteEverything', [])).toEqual({
      ok: false,
      error: { code: 'bad-request', message: 'unknown method: deleteEverything' }
    })
    expect(await invoke(eventFrom(win), 'constructor', [])).toMatchObject({ ok: false, error: { code: 'bad-request' } })
    expect(await invoke(eventFrom(win), '__proto__', [])).toMatchObject({ ok: false, error: { code: 'bad-request' } })
  })

  it('maps engine errors to not-found / internal', async () => {
    api.getEpisode.mockRejectedValueOnce(new NotFoundError('no episode e9'))
    expect(await invoke(eventFrom(win), 'getEpisode', ['e9'])).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'no episode e9' }
    })
    api.listRuns.mockRejectedValueOnce(new Error('disk I/O error'))
    expect(await invoke(eventFrom(win), 'listRuns', [])).toEqual({
      ok: false,
      error: { code: 'internal', message: 'disk I/O error' }
    })
  })

  it('answers unauthorized to an untrusted sender and never reaches the engine', async () => {
    const stranger = new FakeWindow({})
    expect(await invoke(eventFrom(stranger), 'addPaths', [['/etc']])).toEqual({
      ok: false,
      error: { code: 'unauthorized', message: 'untrusted IPC sender' }
    })
    expect(await invoke(eventFrom(win, 'https://evil.example/'), 'listRuns', [])).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' }
    })
    expect(api.addPaths).not.toHaveBeenCalled()
    expect(api.listRuns).not.toHaveBeenCalled()
  })
})

describe('registerDesktopApi', () => {
  let pickPaths: ReturnType<typeof vi.fn<(kind: 'folder' | 'file') => Promise<string[]>>>
  let saveExport: ReturnType<typeof vi.fn<(request: ExportRequest) => Promise<ExportSaved | null>>>
  let call: (event: unknown, method: unknown, args: unknown) => Promise<unknown>
  let trusted: boolean
  beforeEach(() => {
    const { handlers, ipcMain } = fakeIpcMain()
    pickPaths = vi.fn(async (kind) => (kind === 'folder' ? ['/runs'] : ['/runs/a.jsonl', '/runs/b.jsonl']))
    saveExport = vi.fn(async () => ({
      path: '/out/a.jsonl',
      summary: { kind: 'episodes' as const, format: 'sft' as const, episodes: 3, skipped: 0 }
    }))
    trusted = true
    registerDesktopApi(ipcMain, { pickPaths, saveExport, setThemeSource: async () => {} }, () => trusted)
    expect([...handlers.keys()]).toEqual([IPC_DESKTOP_CHANNEL])
    call = async (...a) => handlers.get(IPC_DESKTOP_CHANNEL)!(...a)
  })

  it('pickPaths returns the chosen paths', async () => {
    expect(await call({}, 'pickPaths', ['folder'])).toEqual({ ok: true, value: ['/runs'] })
    expect(await call({}, 'pickPaths', ['file'])).toEqual({ ok: true, value: ['/runs/a.jsonl', '/runs/b.jsonl'] })
    expect(pickPaths.mock.calls).toEqual([['folder'], ['file']])
  })

  it('saveExport passes every kind of valid request through and returns what was saved (null = cancelled)', async () => {
    const requests: ExportRequest[] = [
      { kind: 'episodes', format: 'sft', runId: 'r1', filter: 'reward > 0', passedOnly: true, dropLabelled: 'loop' },
      { kind: 'episodes', format: 'csv', runId: 'r1', runIds: ['r2'], episodeIds: ['r1:0', 'r2:3'] },
      { kind: 'compareReport', runA: 'r1', runB: 'r2', options: { category: 'archetype', allowDifferentEnvs: true } },
      { kind: 'labels' }
    ]
    for (const request of requests)
      expect(await call({}, 'saveExport', [request])).toMatchObject({ ok: true, value: { path: '/out/a.jsonl' } })
    expect(saveExport.mock.calls).toEqual(requests.map((r) => [r]))
    saveExport.mockResolvedValueOnce(null)
    expect(await call({}, 'saveExport', [{ kind: 'labels' }])).toEqual({ ok: true, value: null })
  })

  it('checks names and arguments against the desktop method list before anything is called', async () => {
    const refused = async (method: unknown, args: unknown): Promise<string> => {
      const r = (await call({}, method, args)) as { ok: boolean; error: { code: string; message: string } }
      expect(r.ok).toBe(false)
      expect(r.error.code).toBe('bad-request')
      return r.error.message
    }
    expect(await refused('pickPaths', ['dir'])).toMatch(/^pickPaths: argument 0: /)
    expect(await refused('setThemeSource', ['purple'])).toMatch(/^setThemeSource: argument 0: /)
    expect(await refused('pickPaths', [])).toMatch(/^pickPaths: /)
    expect(await refused('pickPaths', 'folder')).toMatch(/^pickPaths: arguments: /)
    expect(await refused('saveExport', [{ kind: 'episodes', format: 'xml', runId: 'r1' }])).toBe(
      'saveExport: argument 0.format: format must be one of jsonl, sft, preference, csv, md, html'
    )
    expect(await refused('saveExport', [{ kind: 'episodes', format: 'csv' }])).toBe(
      'saveExport: argument 0.runId: run (a run id) is required'
    )
    expect(await refused('saveExport', [{ kind: 'labels', path: '/etc/passwd' }])).toMatch(
      /^saveExport: argument 0: .*path/
    )
    expect(await refused('saveExport', [{ kind: 'everything' }])).toMatch(/^saveExport: argument 0.kind: /)
    expect(
      await refused('saveExport', [
        { kind: 'episodes', format: 'csv', runId: 'r1', episodeIds: Array(10_001).fill('e') }
      ])
    ).toMatch(/at most 10000 picked episodes per export \(10001 sent\)/)
    expect(await refused('saveExport', ['sft'])).toMatch(/^saveExport: argument 0: /)
    expect(await refused('openShell', ['folder'])).toBe('unknown desktop method: openShell')
    expect(await refused('__proto__', [])).toBe('unknown desktop method: __proto__')
    expect(await refused('constructor', [])).toBe('unknown desktop method: constructor')
    expect(pickPaths).not.toHaveBeenCalled()
    expect(saveExport).not.toHaveBeenCalled()
  })

  it('refuses untrusted senders and reports failures', async () => {
    trusted = false
    expect(await call({}, 'pickPaths', ['folder'])).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    expect(await call({}, 'saveExport', [{ kind: 'labels' }])).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' }
    })
    expect(pickPaths).not.toHaveBeenCalled()
    expect(saveExport).not.toHaveBeenCalled()
    trusted = true
    pickPaths.mockRejectedValueOnce(new Error('dialog failed'))
    expect(await call({}, 'pickPaths', ['file'])).toEqual({
      ok: false,
      error: { code: 'internal', message: 'dialog failed' }
    })
    saveExport.mockRejectedValueOnce(new NotFoundError('no run with id r9'))
    expect(await call({}, 'saveExport', [{ kind: 'labels' }])).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'no run with id r9' }
    })
  })
})

// Keeps the fake honest: it must satisfy the real interface the handler is typed against.
const _typecheck: TraceApi = makeFakeApi()
void _typecheck

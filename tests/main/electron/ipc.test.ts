import { pathToFileURL } from 'node:url'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { IPC_DESKTOP_CHANNEL, IPC_INVOKE_CHANNEL, type ExportViewRequest, type LabelsExportSaved, type TraceApi } from '@contract/api'
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
    const devCheck = createSenderCheck(() => win as unknown as BrowserWindow, { file: rendererFile, devUrl: 'http://localhost:5173' })
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
    registerApi(ipcMain, { api }, createSenderCheck(() => win as unknown as BrowserWindow, { file: rendererFile, devUrl: null }))
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
    expect(await invoke(eventFrom(win), 'reindex', [{ force: true, extra: 1 }])).toMatchObject({ ok: false, error: { code: 'bad-request' } })
    expect(await invoke(eventFrom(win), 'listRuns', 'not an array')).toMatchObject({ ok: false, error: { code: 'bad-request' } })
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
    expect(await invoke(eventFrom(win), 'listRuns', [])).toEqual({ ok: false, error: { code: 'internal', message: 'disk I/O error' } })
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
  let exportToFile: ReturnType<typeof vi.fn<(request: ExportViewRequest) => Promise<{ episodes: number; path: string } | null>>>
  let exportLabelsToFile: ReturnType<typeof vi.fn<() => Promise<LabelsExportSaved | null>>>
  let call: (event: unknown, method: unknown, arg: unknown) => Promise<unknown>
  let trusted: boolean
  beforeEach(() => {
    const { handlers, ipcMain } = fakeIpcMain()
    pickPaths = vi.fn(async (kind) => (kind === 'folder' ? ['/runs'] : ['/runs/a.jsonl', '/runs/b.jsonl']))
    exportToFile = vi.fn(async () => ({ episodes: 3, path: '/out/a.jsonl' }))
    trusted = true
    exportLabelsToFile = vi.fn(async () => ({ path: '/out/rollscope-labels.json', labels: 4, notes: 1 }))
    registerDesktopApi(ipcMain, { pickPaths, exportToFile, exportLabelsToFile }, () => trusted)
    expect([...handlers.keys()]).toEqual([IPC_DESKTOP_CHANNEL])
    call = async (...a) => handlers.get(IPC_DESKTOP_CHANNEL)!(...a)
  })

  it('pickPaths returns the chosen paths', async () => {
    expect(await call({}, 'pickPaths', 'folder')).toEqual({ ok: true, value: ['/runs'] })
    expect(await call({}, 'pickPaths', 'file')).toEqual({ ok: true, value: ['/runs/a.jsonl', '/runs/b.jsonl'] })
    expect(pickPaths.mock.calls).toEqual([['folder'], ['file']])
  })

  it('exportToFile passes the request object through and returns what was written', async () => {
    const request: ExportViewRequest = { format: 'sft', runId: 'r1', filter: 'reward > 0' }
    expect(await call({}, 'exportToFile', request)).toEqual({ ok: true, value: { episodes: 3, path: '/out/a.jsonl' } })
    expect(exportToFile).toHaveBeenCalledExactlyOnceWith(request)
    exportToFile.mockResolvedValueOnce(null)
    expect(await call({}, 'exportToFile', request)).toEqual({ ok: true, value: null })
    for (const bad of [undefined, 'sft', ['sft']]) {
      expect(await call({}, 'exportToFile', bad)).toEqual({ ok: false, error: { code: 'bad-request', message: 'exportToFile: argument 0: expected an object' } })
    }
    trusted = false
    expect(await call({}, 'exportToFile', request)).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    expect(exportToFile).toHaveBeenCalledTimes(2)
  })

  it('exportLabelsToFile returns where the labels went (null = cancelled), for trusted senders only', async () => {
    expect(await call({}, 'exportLabelsToFile', undefined)).toEqual({ ok: true, value: { path: '/out/rollscope-labels.json', labels: 4, notes: 1 } })
    exportLabelsToFile.mockResolvedValueOnce(null)
    expect(await call({}, 'exportLabelsToFile', undefined)).toEqual({ ok: true, value: null })
    exportLabelsToFile.mockRejectedValueOnce(new Error('EACCES: permission denied'))
    expect(await call({}, 'exportLabelsToFile', undefined)).toEqual({ ok: false, error: { code: 'internal', message: 'EACCES: permission denied' } })
    trusted = false
    expect(await call({}, 'exportLabelsToFile', undefined)).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    expect(exportLabelsToFile).toHaveBeenCalledTimes(3)
  })

  it('validates the method and the kind', async () => {
    expect(await call({}, 'pickPaths', 'dir')).toMatchObject({ ok: false, error: { code: 'bad-request' } })
    expect(await call({}, 'pickPaths', undefined)).toMatchObject({ ok: false, error: { code: 'bad-request' } })
    expect(await call({}, 'openShell', 'folder')).toEqual({
      ok: false,
      error: { code: 'bad-request', message: 'unknown desktop method: openShell' }
    })
    expect(pickPaths).not.toHaveBeenCalled()
  })

  it('refuses untrusted senders and reports dialog failures', async () => {
    trusted = false
    expect(await call({}, 'pickPaths', 'folder')).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    expect(pickPaths).not.toHaveBeenCalled()
    trusted = true
    pickPaths.mockRejectedValueOnce(new Error('dialog failed'))
    expect(await call({}, 'pickPaths', 'file')).toEqual({ ok: false, error: { code: 'internal', message: 'dialog failed' } })
  })
})

// Keeps the fake honest: it must satisfy the real interface the handler is typed against.
const _typecheck: TraceApi = makeFakeApi()
void _typecheck

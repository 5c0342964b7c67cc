import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IPC_DESKTOP_CHANNEL, IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, type TraceEvent } from '@contract/api'
import type { MenuItemConstructorOptions } from 'electron'
import { defaultDbPath } from '../../../src-main/services/default-paths'
import type { EngineOptions } from '../../../src-main/services/engine-types'
import { progress, type FakeWindow } from './fakes'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers of several shapes, called directly
type Fn = (...a: any[]) => any

const m = await vi.hoisted(async () => {
  const f = await import('./fakes')
  const appHandlers = new Map<string, Fn>()
  const ipcHandlers = new Map<string, Fn>()
  const state = {
    userData: '',
    appPath: '/opt/rollscope',
    lock: true,
    isPackaged: false,
    engine: null as unknown,
    engineListener: null as Fn | null
  }
  const app = {
    get isPackaged() {
      return state.isPackaged
    },
    requestSingleInstanceLock: vi.fn(() => state.lock),
    whenReady: vi.fn(() => Promise.resolve()),
    on: vi.fn((name: string, fn: Fn) => {
      appHandlers.set(name, fn)
      return app
    }),
    quit: vi.fn(),
    getPath: vi.fn((name: string) => {
      if (name !== 'userData') throw new Error(`unexpected getPath(${name})`)
      return state.userData
    }),
    getVersion: vi.fn(() => '1.2.3'),
    getAppPath: vi.fn(() => state.appPath),
    addRecentDocument: vi.fn(),
    clearRecentDocuments: vi.fn()
  }
  return {
    f,
    state,
    appHandlers,
    ipcHandlers,
    createEngine: vi.fn((_options: unknown) => {
      if (state.engine instanceof Error) throw state.engine
      return state.engine
    }),
    electron: {
      app,
      ipcMain: { handle: vi.fn((channel: string, fn: Fn) => void ipcHandlers.set(channel, fn)) },
      BrowserWindow: f.FakeWindow,
      Menu: { buildFromTemplate: vi.fn((template: unknown) => ({ template })), setApplicationMenu: vi.fn() },
      dialog: {
        showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/picked'] })),
        showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: '/saved/rollscope-run-jsonl.jsonl' })),
        showErrorBox: vi.fn(),
        showMessageBox: vi.fn(async () => ({ response: 0 }))
      },
      shell: { openExternal: vi.fn(async () => {}) },
      session: { defaultSession: f.makeFakeSession() },
      nativeTheme: f.makeFakeTheme()
    }
  }
})
vi.mock('electron', () => ({ ...m.electron, default: m.electron }))
vi.mock('../../../src-main/services/worker-engine', () => ({ createWorkerEngine: m.createEngine }))

const electronDir = resolve(import.meta.dirname, '../../../src-main/electron')
const rendererUrl = pathToFileURL(resolve(electronDir, '../renderer/index.html')).href
const { app, dialog, ipcMain, Menu } = m.electron

function makeEngine(roots: string[]) {
  return {
    api: m.f.makeFakeApi(roots),
    onEvent: vi.fn((listener: Fn) => {
      m.state.engineListener = listener
      return () => {}
    }),
    close: vi.fn(async () => {}),
    indexPaths: vi.fn(),
    exportTo: vi.fn(async () => ({ kind: 'episodes' as const, format: 'jsonl' as const, episodes: 12, skipped: 0 }))
  }
}

describe('main.ts', () => {
  let userData: string
  let engine: ReturnType<typeof makeEngine>
  const saved = {
    argv: process.argv,
    url: process.env.ELECTRON_RENDERER_URL,
    db: process.env.ROLLSCOPE_DB,
    resources: process.resourcesPath
  }

  beforeEach(async () => {
    userData = await mkdtemp(join(tmpdir(), 'rollscope-main-'))
    Object.assign(m.state, {
      userData,
      appPath: '/opt/rollscope',
      lock: true,
      isPackaged: false,
      engineListener: null
    })
    engine = makeEngine([])
    m.state.engine = engine
    m.appHandlers.clear()
    m.ipcHandlers.clear()
    m.f.FakeWindow.instances = []
    delete process.env.ELECTRON_RENDERER_URL
    delete process.env.ROLLSCOPE_DB
    vi.clearAllMocks()
  })
  afterEach(async () => {
    process.argv = saved.argv
    if (saved.url === undefined) delete process.env.ELECTRON_RENDERER_URL
    else process.env.ELECTRON_RENDERER_URL = saved.url
    if (saved.db === undefined) delete process.env.ROLLSCOPE_DB
    else process.env.ROLLSCOPE_DB = saved.db
    Object.assign(process, { resourcesPath: saved.resources })
    await rm(userData, { recursive: true, force: true })
  })

  /** Imports a fresh main.ts with `argv` and waits until the ready handler built the menu. */
  async function boot(argv: string[] = ['/usr/lib/electron/electron', '.']): Promise<FakeWindow> {
    process.argv = argv
    vi.resetModules()
    await import('../../../src-main/electron/main')
    await vi.waitFor(() => expect(Menu.setApplicationMenu).toHaveBeenCalled())
    expect(m.f.FakeWindow.instances).toHaveLength(1)
    return m.f.FakeWindow.instances[0]
  }
  const trusted = (win: FakeWindow) => ({ sender: win.webContents, senderFrame: { url: rendererUrl, parent: null } })

  it('on ready: engine on <userData>/rollscope.db with the worker indexer, IPC, window, menu; demo on first start', async () => {
    const win = await boot()
    expect(app.requestSingleInstanceLock).toHaveBeenCalledTimes(1)
    expect(m.createEngine).toHaveBeenCalledTimes(1)
    expect(m.createEngine.mock.calls[0][0]).toEqual({
      dbPath: join(userData, 'rollscope.db'),
      mode: 'desktop',
      demoPath: resolve(electronDir, '../../resources/demo'),
      version: '1.2.3',
      indexer: 'worker',
      watch: true
    } satisfies EngineOptions)
    expect(ipcMain.handle.mock.calls.map((c) => c[0])).toEqual([IPC_INVOKE_CHANNEL, IPC_DESKTOP_CHANNEL])
    expect((win.options.webPreferences as { preload: string }).preload).toBe(
      resolve(electronDir, '../preload/index.cjs')
    )
    expect(win.loadFile).toHaveBeenCalledExactlyOnceWith(resolve(electronDir, '../renderer/index.html'))
    const template = Menu.buildFromTemplate.mock.calls.at(-1)![0] as MenuItemConstructorOptions[]
    expect(template.map((i) => i.label)).toEqual(['&File', '&Edit', '&View', '&Help'])
    await vi.waitFor(() => expect(engine.api.openDemo).toHaveBeenCalledTimes(1))
    expect(engine.api.getWorkspace).toHaveBeenCalledTimes(1)
    expect(engine.api.addPaths).not.toHaveBeenCalled()
    expect(
      ['window-all-closed', 'will-quit', 'second-instance', 'activate'].filter((e) => !m.appHandlers.has(e))
    ).toEqual([])
  })

  it('opens the existing paths named on the command line, and then no demo', async () => {
    await writeFile(join(userData, 'results.jsonl'), '{}\n')
    vi.spyOn(process, 'cwd').mockReturnValue(userData)
    await boot([
      '/usr/lib/electron/electron',
      '.',
      'results.jsonl',
      '--no-sandbox',
      join(userData, 'missing.jsonl'),
      userData
    ])
    vi.mocked(process.cwd).mockRestore()
    await vi.waitFor(() => expect(engine.api.addPaths).toHaveBeenCalledTimes(1))
    expect(engine.api.addPaths).toHaveBeenCalledWith([join(userData, 'results.jsonl'), userData])
    await m.f.flush()
    expect(engine.api.openDemo).not.toHaveBeenCalled()
    // The paths went through the recent-list hook.
    await vi.waitFor(async () =>
      expect(JSON.parse(await readFile(join(userData, 'recent.json'), 'utf8'))).toEqual([
        join(userData, 'results.jsonl'),
        userData
      ])
    )
    expect(app.addRecentDocument.mock.calls).toEqual([[join(userData, 'results.jsonl')], [userData]])
  })

  it('does not open the demo when the workspace already has roots', async () => {
    engine = makeEngine(['/runs/existing'])
    m.state.engine = engine
    await boot()
    await vi.waitFor(() => expect(engine.api.getWorkspace).toHaveBeenCalledTimes(1))
    await m.f.flush()
    expect(engine.api.openDemo).not.toHaveBeenCalled()
  })

  it('forwards engine events to the window and drives the taskbar progress', async () => {
    const win = await boot()
    const running: TraceEvent = {
      name: 'indexProgress',
      payload: progress({ state: 'indexing', bytesTotal: 400, bytesDone: 100 })
    }
    const done: TraceEvent = { name: 'indexProgress', payload: progress({ state: 'done' }) }
    m.state.engineListener!(running)
    m.state.engineListener!(done)
    expect(win.webContents.send.mock.calls).toEqual([
      [IPC_EVENT_CHANNEL, running],
      [IPC_EVENT_CHANNEL, done]
    ])
    expect(win.setProgressBar.mock.calls).toEqual([[0.25], [-1]])
  })

  it('IPC from the window reaches the engine, and added paths land in the recent list and menu', async () => {
    const win = await boot()
    const invoke = m.ipcHandlers.get(IPC_INVOKE_CHANNEL)!
    expect(await invoke(trusted(win), 'addPaths', [['/runs/a']])).toMatchObject({
      ok: true,
      value: { roots: ['/runs/a'] }
    })
    expect(
      await invoke({ ...trusted(win), senderFrame: { url: 'https://evil.example/', parent: null } }, 'listRuns', [])
    ).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' }
    })
    expect(await invoke(trusted(win), 'addPaths', ['/not-an-array'])).toMatchObject({
      ok: false,
      error: { code: 'bad-request' }
    })
    expect(engine.api.addPaths).toHaveBeenCalledExactlyOnceWith(['/runs/a'])
    expect(app.addRecentDocument).toHaveBeenCalledExactlyOnceWith('/runs/a')
    const template = Menu.buildFromTemplate.mock.calls.at(-1)![0] as MenuItemConstructorOptions[]
    const file = template[0].submenu as MenuItemConstructorOptions[]
    const recent = file.find((i) => i.label === 'Open Recent')!.submenu as MenuItemConstructorOptions[]
    expect(recent.map((i) => i.label)).toEqual(['/runs/a', undefined, 'Clear Recent'])
    await vi.waitFor(async () =>
      expect(JSON.parse(await readFile(join(userData, 'recent.json'), 'utf8'))).toEqual(['/runs/a'])
    )

    const desktop = m.ipcHandlers.get(IPC_DESKTOP_CHANNEL)!
    expect(await desktop(trusted(win), 'pickPaths', ['folder'])).toEqual({ ok: true, value: ['/picked'] })
    expect(dialog.showOpenDialog).toHaveBeenCalledWith(
      win,
      expect.objectContaining({ properties: ['openDirectory', 'multiSelections'] })
    )
  })

  it('Save export from the window: the engine plans, the save dialog asks (modal), the engine thread writes the file', async () => {
    const win = await boot()
    const desktop = m.ipcHandlers.get(IPC_DESKTOP_CHANNEL)!
    const request = { kind: 'episodes', format: 'jsonl', runId: 'r1', filter: 'reward > 0.5' }
    expect(await desktop(trusted(win), 'saveExport', [request])).toEqual({
      ok: true,
      value: {
        path: '/saved/rollscope-run-jsonl.jsonl',
        summary: { kind: 'episodes', format: 'jsonl', episodes: 12, skipped: 0 }
      }
    })
    expect(engine.api.planExport).toHaveBeenCalledExactlyOnceWith(request)
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(
      win,
      expect.objectContaining({ title: 'Export jsonl', defaultPath: 'rollscope-run-jsonl.jsonl' })
    )
    expect(engine.exportTo).toHaveBeenCalledExactlyOnceWith(request, { file: '/saved/rollscope-run-jsonl.jsonl' })
    // main reads nothing itself: the episodes are read and formatted behind engine.exportTo, on the engine's thread
    expect(engine.api.listEpisodes).not.toHaveBeenCalled()
    expect(engine.api.getEpisode).not.toHaveBeenCalled()
    // a malformed request never reaches the engine
    expect(await desktop(trusted(win), 'saveExport', [{ kind: 'episodes', format: 'exe', runId: 'r1' }])).toMatchObject(
      { ok: false, error: { code: 'bad-request' } }
    )
    expect(engine.exportTo).toHaveBeenCalledTimes(1)
  })

  it('a second instance hands its paths to the first, which comes to the front', async () => {
    const win = await boot()
    await writeFile(join(userData, 'b.jsonl'), '{}\n')
    win.minimized = true
    m.appHandlers.get('second-instance')!({}, ['/opt/Rollscope/rollscope', '--flag', 'b.jsonl', 'nope'], userData)
    expect(engine.api.addPaths).toHaveBeenCalledWith([join(userData, 'b.jsonl')])
    expect(win.restore).toHaveBeenCalledTimes(1)
    expect(win.focus).toHaveBeenCalledTimes(1)
    await vi.waitFor(async () =>
      expect(JSON.parse(await readFile(join(userData, 'recent.json'), 'utf8'))).toEqual([join(userData, 'b.jsonl')])
    )
  })

  it('a second `npm start`: the paths its own argv names, never the app folder, relative to its own directory', async () => {
    const win = await boot()
    m.state.appPath = userData // so the app folder exists and only the rule keeps it out
    await writeFile(join(userData, 'b.jsonl'), '{}\n')
    const electronArgv = ['/p/electron', '--no-sandbox', '--allow-file-access-from-files', userData, 'stale']
    const additional = { argv: ['/p/electron', '--no-sandbox', userData, 'b.jsonl'], cwd: userData }
    m.appHandlers.get('second-instance')!({}, electronArgv, '/', additional)
    expect(engine.api.addPaths).toHaveBeenCalledExactlyOnceWith([join(userData, 'b.jsonl')])
    expect(win.focus).toHaveBeenCalledTimes(1)
    // a malformed additionalData (another build): Electron's argv, switches skipped, the app folder dropped
    m.appHandlers.get('second-instance')!({}, electronArgv, userData, { argv: 'b.jsonl' })
    expect(engine.api.addPaths).toHaveBeenCalledTimes(1)
    expect(win.focus).toHaveBeenCalledTimes(2)
    await vi.waitFor(async () =>
      expect(JSON.parse(await readFile(join(userData, 'recent.json'), 'utf8'))).toEqual([join(userData, 'b.jsonl')])
    )
  })

  it('takes the single-instance lock with its own argv and directory, for the first instance to read', async () => {
    await boot(['/p/electron', '--no-sandbox', '/opt/rollscope', '/runs'])
    expect(app.requestSingleInstanceLock).toHaveBeenCalledExactlyOnceWith({
      argv: ['/p/electron', '--no-sandbox', '/opt/rollscope', '/runs'],
      cwd: process.cwd()
    })
  })

  it('does not open its own folder named on its command line (`npm start` passes it)', async () => {
    m.state.appPath = userData
    await boot(['/p/electron', '--no-sandbox', userData])
    await vi.waitFor(() => expect(engine.api.openDemo).toHaveBeenCalledTimes(1))
    expect(engine.api.addPaths).not.toHaveBeenCalled()
  })

  it('macOS open-file with the window closed: adds the path and opens a window for it', async () => {
    const first = await boot()
    first.emit('closed')
    m.appHandlers.get('open-file')!({ preventDefault: vi.fn() }, '/runs/dropped.jsonl')
    expect(engine.api.addPaths).toHaveBeenCalledExactlyOnceWith(['/runs/dropped.jsonl'])
    expect(m.f.FakeWindow.instances).toHaveLength(2)
    expect(m.f.FakeWindow.instances[1].focus).toHaveBeenCalledTimes(1)
    await vi.waitFor(async () =>
      expect(JSON.parse(await readFile(join(userData, 'recent.json'), 'utf8'))).toEqual(['/runs/dropped.jsonl'])
    )
  })

  it('uses ROLLSCOPE_DB when set, as the CLI does (a relative one against the working directory)', async () => {
    process.env.ROLLSCOPE_DB = join(userData, 'shared.db')
    await boot()
    expect((m.createEngine.mock.calls[0][0] as EngineOptions).dbPath).toBe(join(userData, 'shared.db'))
    expect(defaultDbPath(process.env)).toBe(join(userData, 'shared.db'))

    vi.clearAllMocks()
    m.f.FakeWindow.instances = []
    process.env.ROLLSCOPE_DB = 'rel/shared.db'
    await boot()
    expect((m.createEngine.mock.calls[0][0] as EngineOptions).dbPath).toBe(resolve(process.cwd(), 'rel/shared.db'))
  })

  it('a crashed renderer shows the window and asks Reload or Quit', async () => {
    const win = await boot()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    dialog.showMessageBox.mockResolvedValueOnce({ response: 1 })
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 11 })
    expect(win.show).toHaveBeenCalledTimes(1)
    expect(dialog.showMessageBox).toHaveBeenCalledWith(win, expect.objectContaining({ buttons: ['Reload', 'Quit'] }))
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1))
  })

  it('quits when all windows close (not macOS), and closes the engine before quitting', async () => {
    await boot()
    m.appHandlers.get('window-all-closed')!()
    expect(app.quit).toHaveBeenCalledTimes(process.platform === 'darwin' ? 0 : 1)
    app.quit.mockClear()
    const first = { preventDefault: vi.fn() }
    m.appHandlers.get('will-quit')!(first)
    expect(first.preventDefault).toHaveBeenCalledTimes(1)
    expect(engine.close).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1))
    const second = { preventDefault: vi.fn() }
    m.appHandlers.get('will-quit')!(second)
    expect(second.preventDefault).not.toHaveBeenCalled()
    expect(engine.close).toHaveBeenCalledTimes(1)
  })

  it('dev: loads ELECTRON_RENDERER_URL; packaged: ignores it and uses resources/demo', async () => {
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173'
    const dev = await boot()
    expect(dev.loadURL).toHaveBeenCalledExactlyOnceWith('http://localhost:5173')

    vi.clearAllMocks()
    m.f.FakeWindow.instances = []
    m.state.isPackaged = true
    Object.assign(process, { resourcesPath: '/opt/Rollscope/resources' })
    const packaged = await boot(['/opt/Rollscope/rollscope'])
    expect(packaged.loadURL).not.toHaveBeenCalled()
    expect(packaged.loadFile).toHaveBeenCalledTimes(1)
    expect((m.createEngine.mock.calls[0][0] as EngineOptions).demoPath).toBe('/opt/Rollscope/resources/demo')
  })

  it('a second launch without the lock quits at once', async () => {
    m.state.lock = false
    vi.resetModules()
    await import('../../../src-main/electron/main')
    await m.f.flush()
    expect(app.quit).toHaveBeenCalledTimes(1)
    expect(app.whenReady).not.toHaveBeenCalled()
    expect(m.createEngine).not.toHaveBeenCalled()
  })

  it('a startup failure is shown and quits', async () => {
    m.state.engine = new Error('database is locked')
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.resetModules()
    await import('../../../src-main/electron/main')
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1))
    expect(dialog.showErrorBox).toHaveBeenCalledExactlyOnceWith('Rollscope could not start', 'database is locked')
    expect(m.f.FakeWindow.instances).toHaveLength(0)
  })
})

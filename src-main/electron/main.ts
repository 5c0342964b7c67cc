/**
 * Electron main-process entry (built to out/main/index.js): app lifecycle and wiring only.
 * The logic lives in the sibling modules, which take their Electron dependencies as arguments.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeTheme, session, shell } from 'electron'
import { join, resolve } from 'node:path'
import type { TraceApi } from '@contract/api'
import { DB_FILE_NAME, PRODUCT_NAME } from '../services/default-paths'
import type { Engine } from '../services/engine-types'
import { createWorkerEngine } from '../services/worker-engine'
import { withAddPathsHook } from './api-hooks'
import { forwardedLaunch, pathsFromArgv, type ForwardedLaunch } from './cli-args'
import { createDesktopApi } from './desktop-api'
import { pickPaths, showAbout } from './dialogs'
import { forwardEngineEvents } from './events'
import { createSenderCheck, registerApi, registerDesktopApi } from './ipc'
import { buildMenuTemplate, createMenuActions, type MenuActions } from './menu'
import { createRecentStore, type RecentStore } from './recent'
import type { RendererLocation } from './security'
import { bundlePaths, createMainWindow } from './window'

const isDev = !app.isPackaged
// This file is the bundle's entry, so import.meta.dirname is out/main whatever chunks the bundler makes.
const files = bundlePaths(import.meta.dirname)
const renderer: RendererLocation = {
  file: files.rendererFile,
  devUrl: (isDev && process.env.ELECTRON_RENDERER_URL) || null
}
const demoPath = app.isPackaged
  ? join(process.resourcesPath, 'demo')
  : resolve(import.meta.dirname, '../../resources/demo')

let engine: Engine | null = null
let api: TraceApi | null = null
let recent: RecentStore | null = null
let mainWindow: BrowserWindow | null = null
let menuActions: MenuActions | null = null
/** Paths named before the engine existed (command line, macOS open-file, an early second instance). */
const pending = pathsFromArgv(process.argv, {
  isPackaged: app.isPackaged,
  cwd: process.cwd(),
  appPath: app.getAppPath()
})

const showError = (title: string, err: unknown): void => {
  console.error(`rollscope: ${title}:`, err)
  dialog.showErrorBox(title, err instanceof Error ? err.message : String(err))
}

function openPaths(paths: string[]): void {
  if (!paths.length) return
  if (!api) pending.push(...paths)
  else api.addPaths(paths).catch((err: unknown) => showError('Could not open', err))
}

function openWindow(): BrowserWindow {
  const win = createMainWindow({
    BrowserWindow,
    shell,
    session: session.defaultSession,
    nativeTheme,
    dialog,
    quit: () => app.quit(),
    preloadPath: files.preload,
    renderer,
    title: PRODUCT_NAME
  })
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null
  })
  mainWindow = win
  return win
}

function focusWindow(): void {
  const win = mainWindow ?? (api ? openWindow() : null)
  if (!win) return
  if (win.isMinimized()) win.restore()
  win.focus()
}

function buildMenu(): void {
  if (!menuActions) return
  const template = buildMenuTemplate({
    platform: process.platform,
    isDev,
    appName: PRODUCT_NAME,
    recent: recent?.items() ?? [],
    actions: menuActions
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

async function onReady(): Promise<void> {
  const userData = app.getPath('userData')
  // The engine runs on its own thread: a slow query must not freeze menus, window moves or IPC.
  engine = await createWorkerEngine({
    // The CLI's rule (defaultDbPath), so both open the same database; a relative one as the CLI reads it.
    dbPath: resolve(process.env.ROLLSCOPE_DB || join(userData, DB_FILE_NAME)),
    mode: 'desktop',
    demoPath,
    version: app.getVersion(),
    indexer: 'worker',
    watch: true
  })
  recent = await createRecentStore(join(userData, 'recent.json'), buildMenu)
  const store = recent
  api = withAddPathsHook(engine.api, (paths) => {
    store.add(paths)
    for (const path of paths) app.addRecentDocument(path)
  })

  const isTrustedSender = createSenderCheck(() => mainWindow, renderer)
  registerApi(ipcMain, { api }, isTrustedSender)
  registerDesktopApi(
    ipcMain,
    createDesktopApi({ dialog, getWindow: () => mainWindow, engine, nativeTheme }),
    isTrustedSender
  )
  forwardEngineEvents(engine, () => mainWindow)
  openWindow()

  menuActions = createMenuActions({
    api,
    pickPaths: (kind) => pickPaths(dialog, mainWindow, kind),
    clearRecent: () => {
      store.clear()
      app.clearRecentDocuments()
    },
    showAbout: () =>
      showAbout(dialog, mainWindow, { name: PRODUCT_NAME, version: app.getVersion(), versions: process.versions }),
    onError: showError
  })
  buildMenu()
  app.on('activate', () => {
    if (!mainWindow) openWindow()
  })
}

/** Opens what the command line named; on a first start with nothing named, the demo workspace instead. */
async function openInitial(current: Engine): Promise<void> {
  const initial = pending.splice(0)
  if (initial.length) return openPaths(initial)
  const workspace = await current.api.getWorkspace()
  if (!workspace.roots.length) await current.api.openDemo()
}

// The lock carries this instance's own argv: the one Electron hands the first instance has Chromium's switches mixed in.
const launch: ForwardedLaunch = { argv: process.argv, cwd: process.cwd() }
if (!app.requestSingleInstanceLock(launch)) {
  app.quit()
} else {
  app.on('second-instance', (_event, argv, workingDirectory, additionalData) => {
    const forwarded = forwardedLaunch(additionalData, argv, workingDirectory)
    openPaths(
      pathsFromArgv(forwarded.argv, { isPackaged: app.isPackaged, cwd: forwarded.cwd, appPath: app.getAppPath() })
    )
    focusWindow()
  })
  // macOS delivers files dropped on the dock icon or opened with the app this way, possibly before ready.
  app.on('open-file', (event, path) => {
    event.preventDefault()
    openPaths([path])
    // With the window closed (the app stays running on macOS) the paths would be added out of sight.
    focusWindow()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  let closing = false
  app.on('will-quit', (event) => {
    if (!engine || closing) return
    // engine.close() is async (it stops the indexer worker), so hold the quit until it is done.
    event.preventDefault()
    closing = true
    const done = Promise.all([engine.close(), recent?.flush()])
    const timeout = new Promise((r) => setTimeout(r, 5000).unref())
    Promise.race([done, timeout])
      .catch((err: unknown) => console.error('rollscope: closing the engine failed:', err))
      .finally(() => app.quit())
  })
  app
    .whenReady()
    .then(onReady)
    .then(
      () => engine && openInitial(engine).catch((err: unknown) => showError('Could not open the workspace', err)),
      (err: unknown) => {
        showError('Rollscope could not start', err)
        app.quit()
      }
    )
}

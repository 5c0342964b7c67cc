/**
 * The main window: locked-down webPreferences, navigation and pop-up guards, permissions (all refused but writing to
 * the clipboard), the CSP header, and a dialog when the renderer fails.
 */
import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  Dialog,
  NativeTheme,
  Session,
  Shell,
  WebContents
} from 'electron'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { withInlineScripts } from '../services/page-policy'
import { watchRendererTrouble } from './renderer-trouble'
import {
  buildCsp,
  isRendererPage,
  isRendererResource,
  isSafeExternalUrl,
  withCspHeader,
  withoutHash,
  type RendererLocation
} from './security'

/** Window background before the renderer paints, per OS theme (avoids a white flash in dark mode). */
export const BACKGROUND = { dark: '#1b1d23', light: '#ffffff' } as const

/** Built-file locations seen from the main entry's folder (out/main): the preload and the renderer page. */
export function bundlePaths(mainDir: string): { preload: string; rendererFile: string } {
  return {
    preload: resolve(mainDir, '../preload/index.cjs'),
    rendererFile: resolve(mainDir, '../renderer/index.html')
  }
}

/** What createMainWindow needs from Electron and the environment (injected so tests pass fakes). */
export interface WindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow
  shell: Pick<Shell, 'openExternal'>
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'webRequest'>
  nativeTheme: Pick<NativeTheme, 'shouldUseDarkColors' | 'on' | 'off'>
  /** Asks Reload or Quit when the renderer fails to load or dies. */
  dialog: Pick<Dialog, 'showMessageBox'>
  quit(): void
  preloadPath: string
  renderer: RendererLocation
  title?: string
}

/** The BrowserWindow options; exported so the security-relevant ones can be asserted. */
export function windowOptions(
  deps: Pick<WindowDeps, 'nativeTheme' | 'preloadPath' | 'title'>
): BrowserWindowConstructorOptions {
  return {
    width: 1400,
    height: 900,
    minWidth: 720,
    minHeight: 480,
    title: deps.title ?? 'Rollscope',
    show: false,
    backgroundColor: deps.nativeTheme.shouldUseDarkColors ? BACKGROUND.dark : BACKGROUND.light,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      preload: deps.preloadPath
    }
  }
}

/** Opens `url` in the OS browser when it is a plain http(s) link; anything else is dropped. */
export function openExternalIfSafe(shell: Pick<Shell, 'openExternal'>, url: string): boolean {
  if (!isSafeExternalUrl(url)) return false
  shell.openExternal(url).catch((err: unknown) => console.error('rollscope: openExternal failed:', err))
  return true
}

/** Keeps the window on our page: no navigation away, no new windows; web links go to the OS browser. */
export function guardNavigation(contents: WebContents, shell: Pick<Shell, 'openExternal'>): void {
  contents.on('will-navigate', (event, url) => {
    if (withoutHash(url) === withoutHash(contents.getURL())) return
    event.preventDefault()
    openExternalIfSafe(shell, url)
  })
  contents.setWindowOpenHandler(({ url }) => {
    openExternalIfSafe(shell, url)
    return { action: 'deny' }
  })
}

/** The one permission granted: writing text to the clipboard (copying a turn), and only to our own page. */
export function isPermissionAllowed(permission: string, url: string | null, renderer: RendererLocation): boolean {
  return permission === 'clipboard-sanitized-write' && url !== null && isRendererPage(url, renderer)
}

/**
 * Refuses every permission (camera, notifications, ...) but clipboard writes from our page, and adds the CSP header to
 * the renderer's responses.
 */
export function hardenSession(session: WindowDeps['session'], renderer: RendererLocation): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionAllowed(permission, details.requestingUrl || null, renderer))
  )
  session.setPermissionCheckHandler((contents, permission, _origin, details) => {
    // A cross-origin sub-frame's check carries no requestingUrl: its page's URL would not be its own.
    const url = details.requestingUrl || (details.isMainFrame ? (contents?.getURL() ?? null) : null)
    return isPermissionAllowed(permission, url, renderer)
  })
  const csp = renderer.devUrl ? buildCsp(renderer.devUrl) : withInlineScripts(buildCsp(null), builtPage(renderer.file))
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isRendererResource(details.url, renderer)) return callback({})
    callback({ responseHeaders: withCspHeader(details.responseHeaders, csp) })
  })
}

/** The built page's text, to allow its inline scripts (page-policy.ts); none when it cannot be read (loading fails). */
function builtPage(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

/** Creates the main window, hardened, and starts loading the renderer; it shows itself once painted. */
export function createMainWindow(deps: WindowDeps): BrowserWindow {
  hardenSession(deps.session, deps.renderer)
  const win = new deps.BrowserWindow(windowOptions(deps))
  guardNavigation(win.webContents, deps.shell)
  win.once('ready-to-show', () => win.show())

  const onTheme = (): void => {
    if (!win.isDestroyed())
      win.setBackgroundColor(deps.nativeTheme.shouldUseDarkColors ? BACKGROUND.dark : BACKGROUND.light)
  }
  deps.nativeTheme.on('updated', onTheme)
  win.on('closed', () => deps.nativeTheme.off('updated', onTheme))

  const load = (): void => {
    const loading = deps.renderer.devUrl ? win.loadURL(deps.renderer.devUrl) : win.loadFile(deps.renderer.file)
    // did-fail-load (renderer-trouble.ts) tells the user; this is the same failure seen from the promise.
    loading.catch((err: unknown) => console.error('rollscope: the renderer failed to load:', err))
  }
  watchRendererTrouble(win, { dialog: deps.dialog, reload: load, quit: deps.quit, appName: deps.title ?? 'Rollscope' })
  load()
  return win
}

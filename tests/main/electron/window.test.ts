import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { MessageBoxOptions } from 'electron'
import { BACKGROUND, bundlePaths, createMainWindow, type WindowDeps } from '../../../src-main/electron/window'
import { RENDERER_CSP } from '../../../src-main/electron/security'
import { FakeWindow, makeFakeSession, makeFakeTheme } from './fakes'

const rendererFile = '/app/out/renderer/index.html'
const pageUrl = pathToFileURL(rendererFile).href

function setup(over: { devUrl?: string | null; dark?: boolean; file?: string } = {}) {
  const session = makeFakeSession()
  const nativeTheme = makeFakeTheme(over.dark ?? false)
  const shell = { openExternal: vi.fn(async () => {}) }
  const dialog = { showMessageBox: vi.fn(async (_win: unknown, _options: MessageBoxOptions) => ({ response: 0 })) }
  const quit = vi.fn()
  const deps = {
    BrowserWindow: FakeWindow as unknown as WindowDeps['BrowserWindow'],
    shell,
    session: session as unknown as WindowDeps['session'],
    nativeTheme: nativeTheme as unknown as WindowDeps['nativeTheme'],
    dialog: dialog as unknown as WindowDeps['dialog'],
    quit,
    preloadPath: bundlePaths('/app/out/main').preload,
    renderer: { file: over.file ?? rendererFile, devUrl: over.devUrl ?? null }
  }
  const win = createMainWindow(deps) as unknown as FakeWindow
  return { win, session, nativeTheme, shell, dialog, quit }
}

const navigate = (win: FakeWindow, url: string) => {
  const event = { preventDefault: vi.fn() }
  win.webContents.emit('will-navigate', event, url)
  return event.preventDefault
}

describe('createMainWindow', () => {
  beforeEach(() => {
    FakeWindow.instances = []
  })
  afterEach(() => vi.restoreAllMocks())

  it('uses locked-down webPreferences and the built preload', () => {
    const { win } = setup()
    expect(FakeWindow.instances).toEqual([win])
    const prefs = win.options.webPreferences as Record<string, unknown>
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true })
    expect(prefs.preload).toBe('/app/out/preload/index.cjs')
    expect(String(prefs.preload).endsWith('preload/index.cjs')).toBe(true)
    expect(win.options.show).toBe(false)
    expect(bundlePaths('/app/out/main').rendererFile).toBe(rendererFile)
  })

  it('loads the built page in production and the dev server in dev', () => {
    const { win } = setup()
    expect(win.loadFile).toHaveBeenCalledWith(rendererFile)
    expect(win.loadURL).not.toHaveBeenCalled()
    const dev = setup({ devUrl: 'http://localhost:5173/' }).win
    expect(dev.loadURL).toHaveBeenCalledWith('http://localhost:5173/')
    expect(dev.loadFile).not.toHaveBeenCalled()
  })

  it('shows on ready-to-show, not before', () => {
    const { win } = setup()
    expect(win.show).not.toHaveBeenCalled()
    win.emit('ready-to-show')
    expect(win.show).toHaveBeenCalledTimes(1)
  })

  it('follows the OS theme for its background, and stops listening once closed', () => {
    const light = setup()
    expect(light.win.options.backgroundColor).toBe(BACKGROUND.light)
    const { win, nativeTheme } = setup({ dark: true })
    expect(win.options.backgroundColor).toBe(BACKGROUND.dark)
    expect(BACKGROUND.dark).not.toBe(BACKGROUND.light)
    nativeTheme.shouldUseDarkColors = false
    nativeTheme.emit('updated')
    expect(win.setBackgroundColor).toHaveBeenCalledWith(BACKGROUND.light)
    expect(nativeTheme.listenerCount('updated')).toBe(1)
    win.emit('closed')
    expect(nativeTheme.listenerCount('updated')).toBe(0)
  })

  it('blocks navigation away from the page; reloads and hash changes pass', () => {
    const { win, shell } = setup()
    win.webContents.url = pageUrl
    expect(navigate(win, pageUrl)).not.toHaveBeenCalled()
    expect(navigate(win, `${pageUrl}#/runs`)).not.toHaveBeenCalled()
    expect(navigate(win, 'file:///etc/passwd')).toHaveBeenCalledTimes(1)
    expect(navigate(win, 'javascript:alert(1)')).toHaveBeenCalledTimes(1)
    expect(shell.openExternal).not.toHaveBeenCalled()
    // A web link followed in place is prevented too, and handed to the OS browser instead.
    expect(navigate(win, 'https://example.com/docs')).toHaveBeenCalledTimes(1)
    expect(shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/docs')
  })

  it('denies every new window; only http(s) URLs go to the OS browser', () => {
    const { win, shell } = setup()
    const open = win.webContents.openHandler!
    expect(open({ url: 'https://github.com/' })).toEqual({ action: 'deny' })
    expect(open({ url: 'http://example.com/a?b=1' })).toEqual({ action: 'deny' })
    expect(open({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(open({ url: 'ms-msdt:/id PCWDiagnostic' })).toEqual({ action: 'deny' })
    expect(open({ url: 'about:blank' })).toEqual({ action: 'deny' })
    expect(shell.openExternal.mock.calls).toEqual([['https://github.com/'], ['http://example.com/a?b=1']])
  })

  it('a failing openExternal is logged, not thrown', async () => {
    const { win, shell } = setup()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    shell.openExternal.mockRejectedValueOnce(new Error('no browser'))
    win.webContents.openHandler!({ url: 'https://x.org' })
    await new Promise((r) => setImmediate(r))
    expect(error).toHaveBeenCalledTimes(1)
  })

  it('refuses every permission request but clipboard writes from our page (copying a turn)', () => {
    const { session } = setup()
    const ask = (permission: string, requestingUrl: string): boolean => {
      let answer: boolean | null = null
      session.permissionRequest!({}, permission, (granted) => (answer = granted), { requestingUrl, isMainFrame: true })
      return answer!
    }
    expect(ask('clipboard-sanitized-write', pageUrl)).toBe(true)
    expect(ask('clipboard-sanitized-write', `${pageUrl}#/runs/1`)).toBe(true)
    for (const url of ['https://evil.example/', 'file:///tmp/evil/index.html', 'file:///app/out/renderer/x.html', '']) {
      expect(ask('clipboard-sanitized-write', url), url).toBe(false)
    }
    for (const permission of ['media', 'notifications', 'geolocation', 'openExternal', 'clipboard-read']) {
      expect(ask(permission, pageUrl), permission).toBe(false)
    }
  })

  it('permission checks: the same rule; a sub-frame without its own URL is refused', () => {
    const { session } = setup()
    const ours = { getURL: () => pageUrl }
    const check = session.permissionCheck!
    expect(check(ours, 'clipboard-sanitized-write', 'file://', { requestingUrl: pageUrl, isMainFrame: true })).toBe(
      true
    )
    expect(check(ours, 'clipboard-sanitized-write', 'file://', { isMainFrame: true })).toBe(true)
    expect(check(ours, 'clipboard-sanitized-write', 'https://x.org', { isMainFrame: false })).toBe(false)
    expect(check(null, 'clipboard-sanitized-write', 'file://', { isMainFrame: true })).toBe(false)
    const evil = { requestingUrl: 'https://evil.example/', isMainFrame: true }
    expect(check(ours, 'clipboard-sanitized-write', 'https://evil.example', evil)).toBe(false)
    expect(check(ours, 'media', 'file://', { requestingUrl: pageUrl, isMainFrame: true })).toBe(false)
    expect(check(ours, 'clipboard-read', 'file://', { requestingUrl: pageUrl, isMainFrame: true })).toBe(false)
  })

  it('in dev, clipboard writes are allowed to the dev server page only', () => {
    const { session } = setup({ devUrl: 'http://localhost:5173/' })
    const answers: boolean[] = []
    for (const requestingUrl of ['http://localhost:5173/#/runs', 'http://localhost:5174/']) {
      session.permissionRequest!({}, 'clipboard-sanitized-write', (g) => answers.push(g), { requestingUrl })
    }
    expect(answers).toEqual([true, false])
  })

  it("allows the built page's inline first script by its hash in the header too (both policies must allow it)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollscope-window-'))
    const file = join(dir, 'index.html')
    const code = '(()=>{window.__rollscopeHead=null})();'
    writeFileSync(file, `<head><script data-first>${code}</script><script type="module" src="./b.js"></script></head>`)
    const { session } = setup({ file })
    const cb = vi.fn()
    session.headersListener!({ url: pathToFileURL(file).href }, cb)
    const hash = createHash('sha256').update(code).digest('base64')
    const policy = RENDERER_CSP.replace("script-src 'self';", `script-src 'self' 'sha256-${hash}';`)
    expect(cb).toHaveBeenCalledWith({ responseHeaders: { 'Content-Security-Policy': [policy] } })
  })

  it('adds the CSP header to the renderer responses only', () => {
    const { session } = setup()
    const cb = vi.fn()
    session.headersListener!({ url: pageUrl, responseHeaders: { 'Content-Type': ['text/html'] } }, cb)
    expect(cb).toHaveBeenCalledWith({
      responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [RENDERER_CSP] }
    })
    cb.mockClear()
    session.headersListener!({ url: 'file:///app/out/renderer/assets/editor.worker-x.js' }, cb)
    expect(cb).toHaveBeenCalledWith({ responseHeaders: { 'Content-Security-Policy': [RENDERER_CSP] } })
    cb.mockClear()
    session.headersListener!({ url: 'https://example.com/', responseHeaders: { a: ['b'] } }, cb)
    expect(cb).toHaveBeenCalledWith({})
  })

  it('in dev the CSP header allows the dev server', () => {
    const { session } = setup({ devUrl: 'http://localhost:5173/' })
    const cb = vi.fn()
    session.headersListener!({ url: 'http://localhost:5173/', responseHeaders: {} }, cb)
    const csp = cb.mock.calls[0][0].responseHeaders['Content-Security-Policy'][0] as string
    expect(csp).toContain("connect-src 'self' http://localhost:5173 ws://localhost:5173")
  })
})

describe('when the renderer fails', () => {
  beforeEach(() => {
    FakeWindow.instances = []
  })
  afterEach(() => vi.restoreAllMocks())
  const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {})

  it('a failed main-frame load shows the hidden window and asks; Reload loads the page again', async () => {
    quiet()
    const { win, dialog, quit } = setup()
    expect(win.show).not.toHaveBeenCalled()
    win.webContents.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', pageUrl, true, 1, 1)
    expect(win.show).toHaveBeenCalledTimes(1)
    expect(dialog.showMessageBox).toHaveBeenCalledTimes(1)
    const [parent, options] = dialog.showMessageBox.mock.calls[0]
    expect(parent).toBe(win)
    expect(options).toMatchObject({ type: 'error', buttons: ['Reload', 'Quit'], defaultId: 0, cancelId: 1 })
    expect(options.detail).toContain('ERR_FILE_NOT_FOUND (-6)')
    await vi.waitFor(() => expect(win.loadFile).toHaveBeenCalledTimes(2))
    expect(win.loadFile).toHaveBeenLastCalledWith(rendererFile)
    expect(quit).not.toHaveBeenCalled()
  })

  it('a crashed renderer: the window is shown, Quit quits', async () => {
    quiet()
    const { win, dialog, quit } = setup()
    dialog.showMessageBox.mockResolvedValueOnce({ response: 1 })
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 })
    expect(win.show).toHaveBeenCalledTimes(1)
    expect(dialog.showMessageBox.mock.calls[0][1].detail).toContain('crashed (exit code 139)')
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1))
    expect(win.loadFile).toHaveBeenCalledTimes(1)
  })

  it('dev: Reload loads the dev server again', async () => {
    quiet()
    const { win } = setup({ devUrl: 'http://localhost:5173/' })
    win.webContents.emit('did-fail-load', {}, -102, 'ERR_CONNECTION_REFUSED', 'http://localhost:5173/', true, 1, 1)
    await vi.waitFor(() => expect(win.loadURL).toHaveBeenCalledTimes(2))
  })

  it('ignored: a sub-frame, an aborted load (one replaced by another), a clean exit; one dialog at a time', async () => {
    quiet()
    const { win, dialog } = setup()
    win.webContents.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', 'file:///x', false, 1, 2)
    win.webContents.emit('did-fail-load', {}, -3, 'ERR_ABORTED', pageUrl, true, 1, 1)
    win.webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 })
    expect(dialog.showMessageBox).not.toHaveBeenCalled()
    expect(win.show).not.toHaveBeenCalled()
    let answer: (r: { response: number }) => void = () => {}
    dialog.showMessageBox.mockImplementationOnce(() => new Promise((r) => (answer = r)))
    win.webContents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 0 })
    win.webContents.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', pageUrl, true, 1, 1)
    expect(dialog.showMessageBox).toHaveBeenCalledTimes(1)
    answer({ response: 0 })
    await vi.waitFor(() => expect(win.loadFile).toHaveBeenCalledTimes(2))
    await new Promise((r) => setImmediate(r))
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 })
    expect(dialog.showMessageBox).toHaveBeenCalledTimes(2)
  })

  it('a window closed meanwhile is left alone', async () => {
    quiet()
    const { win, dialog, quit } = setup()
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 })
    win.destroyed = true
    await new Promise((r) => setImmediate(r))
    expect(dialog.showMessageBox).toHaveBeenCalledTimes(1)
    expect(quit).not.toHaveBeenCalled()
    expect(win.loadFile).toHaveBeenCalledTimes(1)
  })
})

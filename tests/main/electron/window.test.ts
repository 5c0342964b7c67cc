import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { BACKGROUND, bundlePaths, createMainWindow, type WindowDeps } from '../../../src-main/electron/window'
import { RENDERER_CSP } from '../../../src-main/electron/security'
import { FakeWindow, makeFakeSession, makeFakeTheme } from './fakes'

const rendererFile = '/app/out/renderer/index.html'
const pageUrl = pathToFileURL(rendererFile).href

function setup(over: { devUrl?: string | null; dark?: boolean; file?: string } = {}) {
  const session = makeFakeSession()
  const nativeTheme = makeFakeTheme(over.dark ?? false)
  const shell = { openExternal: vi.fn(async () => {}) }
  const deps = {
    BrowserWindow: FakeWindow as unknown as WindowDeps['BrowserWindow'],
    shell,
    session: session as unknown as WindowDeps['session'],
    nativeTheme: nativeTheme as unknown as WindowDeps['nativeTheme'],
    preloadPath: bundlePaths('/app/out/main').preload,
    renderer: { file: over.file ?? rendererFile, devUrl: over.devUrl ?? null }
  }
  const win = createMainWindow(deps) as unknown as FakeWindow
  return { win, session, nativeTheme, shell }
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

  it('denies all permission requests and checks', () => {
    const { session } = setup()
    const answers: boolean[] = []
    for (const permission of ['media', 'notifications', 'geolocation', 'openExternal', 'clipboard-read']) {
      session.permissionRequest!({}, permission, (granted) => answers.push(granted))
    }
    expect(answers).toEqual([false, false, false, false, false])
    expect(session.permissionCheck!({}, 'media', 'file://', {})).toBe(false)
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

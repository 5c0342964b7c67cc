import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  buildCsp,
  isRendererPage,
  isRendererResource,
  isSafeExternalUrl,
  RENDERER_CSP,
  withCspHeader
} from '../../../src-main/electron/security'

const file = '/opt/Rollscope/resources/app.asar/out/renderer/index.html'
const prod = { file, devUrl: null }
const dev = { file, devUrl: 'http://localhost:5173/' }
const pageUrl = pathToFileURL(file).href

describe('renderer URLs', () => {
  it('production: the page is exactly the built index.html (query and hash ignored)', () => {
    expect(pageUrl).toBe('file:///opt/Rollscope/resources/app.asar/out/renderer/index.html')
    expect(isRendererPage(pageUrl, prod)).toBe(true)
    expect(isRendererPage(`${pageUrl}#/runs/1`, prod)).toBe(true)
    expect(isRendererPage(`${pageUrl}?x=1`, prod)).toBe(true)
    expect(isRendererPage('file:///opt/Rollscope/resources/app.asar/out/renderer/other.html', prod)).toBe(false)
    expect(isRendererPage('file:///tmp/evil/index.html', prod)).toBe(false)
    expect(isRendererPage('http://localhost:5173/', prod)).toBe(false)
    expect(isRendererPage('not a url', prod)).toBe(false)
  })

  it('dev: the page is anything on the dev server origin', () => {
    expect(isRendererPage('http://localhost:5173/', dev)).toBe(true)
    expect(isRendererPage('http://localhost:5173/index.html#x', dev)).toBe(true)
    expect(isRendererPage('http://localhost:5174/', dev)).toBe(false)
    expect(isRendererPage(pageUrl, dev)).toBe(false)
  })

  it('resources: files under the renderer folder (or the dev origin), nothing else', () => {
    expect(isRendererResource('file:///opt/Rollscope/resources/app.asar/out/renderer/assets/index-abc.js', prod)).toBe(
      true
    )
    expect(isRendererResource(pageUrl, prod)).toBe(true)
    expect(isRendererResource('file:///opt/Rollscope/resources/app.asar/out/rendererX/a.js', prod)).toBe(false)
    expect(isRendererResource('https://example.com/a.js', prod)).toBe(false)
    expect(isRendererResource('http://localhost:5173/src/main.tsx', dev)).toBe(true)
    expect(isRendererResource('https://example.com/a.js', dev)).toBe(false)
  })
})

describe('renderer URLs as Chromium spells them (paths compared, not URL strings)', () => {
  const at = (file: string) => ({ file, devUrl: null })

  it('`~` and `[ ]` left unescaped by Chromium still name our page and its files', () => {
    const short = at('/home/u/JOHNDO~1/rollscope/out/renderer/index.html')
    expect(isRendererPage('file:///home/u/JOHNDO~1/rollscope/out/renderer/index.html', short)).toBe(true)
    expect(isRendererPage('file:///home/u/JOHNDO%7E1/rollscope/out/renderer/index.html', short)).toBe(true)
    expect(isRendererResource('file:///home/u/JOHNDO~1/rollscope/out/renderer/assets/a.js', short)).toBe(true)
    const bracket = at('/srv/x[1]/out/renderer/index.html')
    expect(isRendererPage('file:///srv/x[1]/out/renderer/index.html#/runs', bracket)).toBe(true)
    expect(isRendererResource('file:///srv/x[1]/out/renderer/assets/a.js', bracket)).toBe(true)
    expect(isRendererPage('file:///srv/x[2]/out/renderer/index.html', bracket)).toBe(false)
  })

  it('spaces, a literal `%20` in a folder name, and non-ASCII', () => {
    const spaced = at('/Users/ada/My Apps/out/renderer/index.html')
    expect(isRendererPage('file:///Users/ada/My%20Apps/out/renderer/index.html', spaced, 'linux')).toBe(true)
    expect(isRendererPage('file:///Users/ada/My%2520Apps/out/renderer/index.html', spaced, 'linux')).toBe(false)
    const percent = at('/opt/a%20b/out/renderer/index.html')
    expect(isRendererPage('file:///opt/a%2520b/out/renderer/index.html', percent)).toBe(true)
    expect(isRendererPage('file:///opt/a%20b/out/renderer/index.html', percent)).toBe(false)
    const accented = at('/home/zoë/Électron/out/renderer/index.html')
    expect(isRendererPage('file:///home/zo%C3%AB/%C3%89lectron/out/renderer/index.html', accented)).toBe(true)
    expect(isRendererResource('file:///home/zo%C3%AB/%C3%89lectron/out/renderer/x.css', accented)).toBe(true)
  })

  it('a sibling folder sharing the prefix is not ours; nor a path that climbs out, an encoded slash or a host', () => {
    expect(isRendererResource('file:///opt/Rollscope/resources/app.asar/out/renderer2/a.js', prod)).toBe(false)
    expect(isRendererResource('file:///opt/Rollscope/resources/app.asar/out/renderer/../secret.js', prod)).toBe(false)
    expect(isRendererResource('file:///opt/Rollscope/resources/app.asar/out/renderer%2Fa.js', prod)).toBe(false)
    expect(isRendererPage('file://evil/opt/Rollscope/resources/app.asar/out/renderer/index.html', prod)).toBe(false)
    expect(isRendererPage('file:///opt/Rollscope/resources/app.asar/out/renderer', prod)).toBe(false)
  })

  it('Windows: the drive letter and the rest of the path in any case; backslashes in the file', () => {
    const win = at('c:\\Program Files\\Rollscope\\resources\\app.asar\\out\\renderer\\index.html')
    const page = 'file:///C:/Program%20Files/Rollscope/resources/app.asar/out/renderer/index.html'
    expect(isRendererPage(page, win, 'win32')).toBe(true)
    expect(isRendererPage(page.replace('Rollscope', 'ROLLSCOPE'), win, 'win32')).toBe(true)
    expect(isRendererResource(page.replace('index.html', 'assets/a.js'), win, 'win32')).toBe(true)
    expect(isRendererResource(page.replace('renderer/index.html', 'renderer2/a.js'), win, 'win32')).toBe(false)
    expect(
      isRendererPage('file:///D:/Program%20Files/Rollscope/resources/app.asar/out/renderer/index.html', win, 'win32')
    ).toBe(false)
    // case matters where the file system says so
    expect(isRendererPage(pageUrl.replace('Rollscope', 'ROLLSCOPE'), prod, 'linux')).toBe(false)
    expect(isRendererPage(pageUrl.replace('Rollscope', 'ROLLSCOPE'), prod, 'darwin')).toBe(true)
  })
})

describe('external links', () => {
  it('allows http(s) only', () => {
    expect(isSafeExternalUrl('https://github.com/x/y')).toBe(true)
    expect(isSafeExternalUrl('http://example.com')).toBe(true)
    for (const url of [
      'file:///etc/passwd',
      'file://fileserver/share/payload.exe',
      'javascript:alert(1)',
      'smb://host/share',
      'vscode://x',
      'data:text/html,<b>x</b>',
      'mailto:a@b.c',
      'https://',
      'not a url',
      `https://example.com/${'a'.repeat(9000)}`
    ]) {
      expect(isSafeExternalUrl(url), url).toBe(false)
    }
  })
})

describe('CSP', () => {
  it('production policy is the documented one', () => {
    expect(buildCsp(null)).toBe(
      "default-src 'self'; script-src 'self'; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; " +
        "font-src 'self' data:; img-src 'self' data:; connect-src 'self'"
    )
    expect(buildCsp(null)).toBe(RENDERER_CSP)
  })

  it('dev policy allows the dev server, its HMR websocket and the inline refresh preamble', () => {
    const csp = buildCsp('http://localhost:5173/')
    expect(csp.split('; ')).toEqual([
      "default-src 'self' http://localhost:5173",
      "script-src 'self' 'unsafe-inline' http://localhost:5173",
      "worker-src 'self' blob: http://localhost:5173",
      "style-src 'self' 'unsafe-inline' http://localhost:5173",
      "font-src 'self' data: http://localhost:5173",
      "img-src 'self' data: http://localhost:5173",
      "connect-src 'self' http://localhost:5173 ws://localhost:5173"
    ])
    expect(buildCsp('https://127.0.0.1:8443')).toContain(
      "connect-src 'self' https://127.0.0.1:8443 wss://127.0.0.1:8443"
    )
  })

  it('the header replaces any CSP the response had, whatever its case, and keeps other headers', () => {
    const out = withCspHeader({ 'content-security-policy': ['default-src *'], 'X-Thing': ['1'] }, 'p')
    expect(out).toEqual({ 'X-Thing': ['1'], 'Content-Security-Policy': ['p'] })
    expect(withCspHeader(undefined, 'p')).toEqual({ 'Content-Security-Policy': ['p'] })
  })

  const html = resolve(import.meta.dirname, '../../../src-renderer/index.html')
  it.skipIf(!existsSync(html))('matches the meta tag of src-renderer/index.html', () => {
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(readFileSync(html, 'utf8'))
    expect(meta?.[1].replace(/\s+/g, ' ').trim()).toBe(RENDERER_CSP)
  })
})

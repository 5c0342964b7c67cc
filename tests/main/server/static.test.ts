import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../../../src-main/server/security'
import { startServer, type RunningServer } from '../../../src-main/server/start-server'
import { resolveStaticPath } from '../../../src-main/server/static-files'
import { createFakeEngine } from '../cli/fake-engine'
import { rawRequest } from './http-helpers'

const INDEX = '<!doctype html><title>Rollscope</title>'
let parent: string
let staticDir: string
let server: RunningServer

beforeAll(async () => {
  // The secret sits next to the served folder: every traversal attempt aims at it.
  parent = mkdtempSync(join(tmpdir(), 'rollscope-static-'))
  writeFileSync(join(parent, 'secret.txt'), 'TOP-SECRET')
  staticDir = join(parent, 'renderer')
  mkdirSync(join(staticDir, 'assets'), { recursive: true })
  writeFileSync(join(staticDir, 'index.html'), INDEX)
  const files: Record<string, string> = {
    'assets/index-abc123.js': 'console.log(1)',
    'assets/index-abc123.css': 'body{}',
    'assets/font.woff2': 'w2',
    'assets/font.ttf': 'ttf',
    'assets/logo.svg': '<svg/>',
    'assets/pic.png': 'png',
    'assets/mod.wasm': 'wasm',
    'manifest.json': '{}',
    'blob.xyz': 'bytes'
  }
  for (const [name, body] of Object.entries(files)) writeFileSync(join(staticDir, name), body)
  symlinkSync(join(parent, 'secret.txt'), join(staticDir, 'link.txt'))
  server = await startServer({ engine: createFakeEngine(), port: 0, staticDir })
})
afterAll(async () => {
  await server.close()
})

/** The session cookie a browser got from the tokened URL. */
const session = (): Record<string, string> => ({ cookie: `rollscope-session-${server.port}=${server.token}` })

describe('static files', () => {
  it('serves index.html at / with CSP, nosniff, no-referrer and no-store', async () => {
    const r = await rawRequest(server.port, '/', { headers: { 'x-rollscope-token': server.token } })
    expect(r.status).toBe(200)
    expect(r.body).toBe(INDEX)
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(r.headers['content-security-policy']).toContain("script-src 'self'; worker-src 'self' blob:")
    expect(r.headers['x-content-type-options']).toBe('nosniff')
    expect(r.headers['referrer-policy']).toBe('no-referrer')
    expect(r.headers['cache-control']).toBe('no-store')
  })

  it("allows a page's own inline scripts by their hash, and only on that page", async () => {
    const code = '(()=>{window.__rollscopeHead=null})();'
    writeFileSync(join(staticDir, 'inline.html'), `<script data-first>${code}</script><script src="./x.js"></script>`)
    const r = await rawRequest(server.port, '/inline.html', { headers: session() })
    expect(r.status).toBe(200)
    const hash = createHash('sha256').update(code).digest('base64')
    expect(r.headers['content-security-policy']).toBe(
      CONTENT_SECURITY_POLICY.replace("script-src 'self';", `script-src 'self' 'sha256-${hash}';`)
    )
    expect(r.headers['cache-control']).toBe('no-store')
    const asset = await rawRequest(server.port, '/assets/index-abc123.js', { headers: session() })
    expect(asset.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
  })

  it('sends the right content types, and caches hashed assets', async () => {
    const expected: Record<string, string> = {
      '/assets/index-abc123.js': 'text/javascript; charset=utf-8',
      '/assets/index-abc123.css': 'text/css; charset=utf-8',
      '/assets/font.woff2': 'font/woff2',
      '/assets/font.ttf': 'font/ttf',
      '/assets/logo.svg': 'image/svg+xml',
      '/assets/pic.png': 'image/png',
      '/assets/mod.wasm': 'application/wasm',
      '/manifest.json': 'application/json; charset=utf-8',
      '/blob.xyz': 'application/octet-stream'
    }
    for (const [path, type] of Object.entries(expected)) {
      const r = await rawRequest(server.port, path)
      expect(r.status, path).toBe(200)
      expect(r.headers['content-type'], path).toBe(type)
    }
    const js = await rawRequest(server.port, '/assets/index-abc123.js')
    expect(js.body).toBe('console.log(1)')
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await rawRequest(server.port, '/manifest.json')).headers['cache-control']).toBe('no-cache')
  })

  it('answers HEAD with headers only', async () => {
    const r = await rawRequest(server.port, '/assets/index-abc123.js', { method: 'HEAD' })
    expect(r.status).toBe(200)
    expect(r.headers['content-length']).toBe('14')
    expect(r.body).toBe('')
  })

  it('makes path traversal impossible', async () => {
    const attempts = [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/../../secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%5csecret.txt',
      '/%00/../secret.txt',
      '/link.txt',
      '//etc/passwd'
    ]
    for (const path of attempts) {
      const r = await rawRequest(server.port, path, { headers: session() })
      expect(r.body, path).not.toContain('TOP-SECRET')
      expect(r.body, path).not.toContain('root:')
      // Extension-less paths may get the SPA fallback (index.html), never anything outside the folder.
      if (r.status === 200) expect(r.body, path).toBe(INDEX)
      else expect([400, 403, 404], path).toContain(r.status)
    }
    expect(resolveStaticPath(staticDir, '/..%2fsecret.txt')).toBeNull()
    expect(resolveStaticPath(staticDir, '/%2e%2e/secret.txt')).toBeNull()
    expect(resolveStaticPath(staticDir, '/%E0%A4%A')).toBeNull()
    expect(resolveStaticPath(staticDir, '/assets/x.js')).toBe(join(staticDir, 'assets', 'x.js'))
  })

  it('falls back to index.html for extension-less client routes, 404 for missing files', async () => {
    const route = await rawRequest(server.port, '/runs/abc', { headers: session() })
    expect(route.status).toBe(200)
    expect(route.body).toBe(INDEX)
    const missing = await rawRequest(server.port, '/assets/missing.js')
    expect(missing.status).toBe(404)
  })

  it('answers other methods with 405', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const r = await rawRequest(server.port, '/index.html', { method })
      expect(r.status, method).toBe(405)
      expect(r.headers.allow).toBe('GET, HEAD')
    }
  })

  it('pages need the session: the tokened URL sets the cookie and drops the token, a page without it explains', async () => {
    const start = await rawRequest(server.port, `/?token=${server.token}`)
    expect(start.status).toBe(303)
    expect(start.headers.location).toBe('/')
    expect(start.headers['set-cookie']).toEqual([
      `rollscope-session-${server.port}=${server.token}; Path=/; HttpOnly; SameSite=Strict`
    ])
    expect((await rawRequest(server.port, '/runs/abc', { headers: session() })).body).toBe(INDEX)
    for (const path of ['/', '/index.html', '/runs/abc', '/?token=wrong']) {
      const r = await rawRequest(server.port, path)
      expect(r.status, path).toBe(401)
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
      expect(r.body, path).toContain('Open the URL that <code>rollscope serve</code> printed')
      expect(r.body, path).not.toContain(INDEX)
    }
    // the bundle itself is no secret
    expect((await rawRequest(server.port, '/assets/index-abc123.js')).status).toBe(200)
  })

  it('says the renderer is not built when there is no static folder', async () => {
    const apiOnly = await startServer({ engine: createFakeEngine(), port: 0, staticDir: null })
    try {
      const r = await rawRequest(apiOnly.port, '/')
      expect(r.status).toBe(404)
      expect(r.body).toContain('The renderer is not built')
    } finally {
      await apiOnly.close()
    }
  })
})

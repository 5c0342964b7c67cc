import { describe, expect, it } from 'vitest'
import {
  CROSS_ORIGIN_MESSAGE,
  cookieValues,
  decideAuth,
  fromSameOrigin,
  isPageRequest,
  MISSING_TOKEN_MESSAGE,
  sessionCookie,
  sessionCookieName,
  type AuthRequest
} from '../../../src-main/server/session-auth'
import { sessionPage } from '../../../src-main/server/session-page'

const TOKEN = 'a'.repeat(64)
const HOST = '127.0.0.1:4173'
const COOKIE = `rollscope-session-4173=${TOKEN}`

function req(
  path: string,
  headers: Record<string, string> = {},
  method = path.startsWith('/api/') && !path.startsWith('/api/events') ? 'POST' : 'GET'
): AuthRequest {
  const url = new URL(path, 'http://127.0.0.1')
  return { method, pathname: url.pathname, query: url.searchParams, headers: { host: HOST, ...headers } }
}

describe('the session cookie', () => {
  it('is named after the port (cookies are per host, not per port) and is HttpOnly, SameSite=Strict, path /', () => {
    expect(sessionCookieName('127.0.0.1:4173')).toBe('rollscope-session-4173')
    expect(sessionCookieName('[::1]:9000')).toBe('rollscope-session-9000')
    expect(sessionCookieName('localhost')).toBe('rollscope-session')
    expect(sessionCookie(HOST, TOKEN)).toBe(`rollscope-session-4173=${TOKEN}; Path=/; HttpOnly; SameSite=Strict`)
    // host-only (no Domain) and a browser-session cookie (no Max-Age / Expires)
    expect(sessionCookie(HOST, TOKEN)).not.toMatch(/domain|max-age|expires/i)
  })

  it('is read out of a Cookie header among others, every value of the name', () => {
    expect(cookieValues('a=1; rollscope-session-4173=x;b=2', 'rollscope-session-4173')).toEqual(['x'])
    expect(cookieValues('rollscope-session-4173=old; rollscope-session-4173=new', 'rollscope-session-4173')).toEqual([
      'old',
      'new'
    ])
    expect(cookieValues('rollscope-session-4174=x', 'rollscope-session-4173')).toEqual([])
    expect(cookieValues(undefined, 'x')).toEqual([])
  })
})

describe('isPageRequest', () => {
  it('is the documents the app loads as: /, client routes, .html; not assets', () => {
    for (const p of ['/', '/index.html', '/runs/abc', '/x/']) expect(isPageRequest(p), p).toBe(true)
    for (const p of ['/assets/index-abc.js', '/assets/index-abc.css', '/favicon.ico'])
      expect(isPageRequest(p), p).toBe(false)
  })
})

describe('decideAuth: the tokened URL starts a session', () => {
  it('sets the cookie and sends the browser to the same address without the token', () => {
    expect(decideAuth(req(`/?token=${TOKEN}`), TOKEN)).toEqual({
      kind: 'start-session',
      location: '/',
      setCookie: sessionCookie(HOST, TOKEN)
    })
    const other = decideAuth(req(`/runs?x=1&token=${TOKEN}&y=2`), TOKEN)
    expect(other).toMatchObject({ kind: 'start-session', location: '/runs?x=1&y=2' })
  })

  it('never redirects to another host (a protocol-relative Location)', () => {
    const d = decideAuth(
      { ...req('/'), pathname: '//evil.example/', query: new URLSearchParams({ token: TOKEN }) },
      TOKEN
    )
    expect(d).toMatchObject({ kind: 'start-session', location: '/evil.example/' })
  })

  it('a wrong or stale token in the link gets the explanation, no cookie', () => {
    expect(decideAuth(req('/?token=wrong'), TOKEN)).toEqual({ kind: 'explain', reason: 'wrong-link' })
    expect(decideAuth(req('/?token='), TOKEN)).toEqual({ kind: 'explain', reason: 'wrong-link' })
  })
})

describe('decideAuth: pages', () => {
  it('serves the app to a browser with the session (any tab, any deep link) or the header', () => {
    expect(decideAuth(req('/', { cookie: COOKIE }), TOKEN)).toEqual({ kind: 'allow' })
    expect(decideAuth(req('/', { cookie: COOKIE, 'sec-fetch-site': 'none' }), TOKEN)).toEqual({ kind: 'allow' })
    expect(decideAuth(req('/', { 'x-rollscope-token': TOKEN }), TOKEN)).toEqual({ kind: 'allow' })
  })

  it('explains why there is no session: none, an earlier launch, a link from another site', () => {
    expect(decideAuth(req('/'), TOKEN)).toEqual({ kind: 'explain', reason: 'no-session' })
    expect(decideAuth(req('/', { cookie: 'rollscope-session-4173=' + 'b'.repeat(64) }), TOKEN)).toEqual({
      kind: 'explain',
      reason: 'stale-session'
    })
    expect(decideAuth(req('/', { 'sec-fetch-site': 'cross-site' }), TOKEN)).toEqual({
      kind: 'explain',
      reason: 'cross-site'
    })
    // the session of another server on another port is not this one's
    expect(decideAuth(req('/', { cookie: `rollscope-session-9999=${TOKEN}` }), TOKEN)).toEqual({
      kind: 'explain',
      reason: 'no-session'
    })
  })

  it('lets the assets through (the app bundle holds no data)', () => {
    expect(decideAuth(req('/assets/index-abc.js'), TOKEN)).toEqual({ kind: 'allow' })
  })
})

describe('decideAuth: API calls', () => {
  const sameOrigin = { cookie: COOKIE, origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin' }

  it('takes the header token as before, whatever the origin', () => {
    expect(decideAuth(req('/api/listRuns', { 'x-rollscope-token': TOKEN }), TOKEN)).toEqual({ kind: 'allow' })
    expect(decideAuth(req('/api/listRuns', { 'x-rollscope-token': 'wrong' }), TOKEN)).toEqual({
      kind: 'refuse',
      status: 401,
      message: MISSING_TOKEN_MESSAGE
    })
  })

  it('takes the cookie from the app itself: a same-origin fetch, the event stream, a download', () => {
    expect(decideAuth(req('/api/listRuns', sameOrigin), TOKEN)).toEqual({ kind: 'allow' })
    const get = { cookie: COOKIE, 'sec-fetch-site': 'same-origin' }
    expect(decideAuth(req('/api/events', get), TOKEN)).toEqual({ kind: 'allow' })
    expect(decideAuth(req('/api/export?ticket=t', get, 'GET'), TOKEN)).toEqual({ kind: 'allow' })
    // a client that sends neither header (older browsers send no Sec-Fetch-*, a same-origin GET no Origin)
    expect(decideAuth(req('/api/events', { cookie: COOKIE }), TOKEN)).toEqual({ kind: 'allow' })
  })

  it('refuses the cookie on requests another origin started, same-site ones included (another local port)', () => {
    const refused = { kind: 'refuse', status: 403, message: CROSS_ORIGIN_MESSAGE }
    // a page on another port of 127.0.0.1 is same-site: SameSite=Strict alone would send the cookie
    const otherPort = { cookie: COOKIE, origin: 'http://127.0.0.1:8888', 'sec-fetch-site': 'same-site' }
    expect(decideAuth(req('/api/openDemo', otherPort), TOKEN)).toEqual(refused)
    // without Sec-Fetch-* (an older browser) the Origin alone decides
    expect(decideAuth(req('/api/openDemo', { cookie: COOKIE, origin: 'http://127.0.0.1:8888' }), TOKEN)).toEqual(
      refused
    )
    expect(decideAuth(req('/api/openDemo', { cookie: COOKIE, origin: 'null' }), TOKEN)).toEqual(refused)
    expect(decideAuth(req('/api/events', { cookie: COOKIE, 'sec-fetch-site': 'cross-site' }), TOKEN)).toEqual(refused)
    expect(decideAuth(req('/api/events', { cookie: COOKIE, 'sec-fetch-site': 'same-site' }), TOKEN)).toEqual(refused)
  })

  it('takes the query token only on the event stream and downloads, as before', () => {
    expect(decideAuth(req(`/api/events?token=${TOKEN}`), TOKEN)).toEqual({ kind: 'allow' })
    expect(decideAuth(req(`/api/export?ticket=t&token=${TOKEN}`, {}, 'GET'), TOKEN)).toEqual({ kind: 'allow' })
    expect(decideAuth(req(`/api/listRuns?token=${TOKEN}`), TOKEN)).toMatchObject({ kind: 'refuse', status: 401 })
    expect(decideAuth(req('/api/events?token=wrong'), TOKEN)).toMatchObject({ kind: 'refuse', status: 401 })
  })

  it('never starts a session from an API URL', () => {
    expect(decideAuth(req(`/api/listRuns?token=${TOKEN}`), TOKEN).kind).toBe('refuse')
  })
})

describe('fromSameOrigin', () => {
  it('compares the Origin with the Host, case-insensitively', () => {
    expect(fromSameOrigin({ host: 'LOCALHOST:1', origin: 'http://localhost:1' })).toBe(true)
    expect(fromSameOrigin({ host: 'localhost:1', origin: 'http://localhost:2' })).toBe(false)
    expect(fromSameOrigin({ host: 'localhost:1', origin: 'https://localhost:1' })).toBe(false)
    expect(fromSameOrigin({ origin: 'http://localhost:1' })).toBe(false)
  })
})

describe('sessionPage', () => {
  it('says to open the printed URL, why, and escapes the Host it shows', () => {
    const html = sessionPage('stale-session', '127.0.0.1:4173')
    expect(html).toContain('Open the URL that <code>rollscope serve</code> printed')
    expect(html).toContain('http://127.0.0.1:4173/?token=…')
    expect(html).toContain('earlier run of <code>rollscope serve</code>')
    expect(html).not.toContain('<script')
    const hostile = sessionPage('no-session', '"><script>alert(1)</script>')
    expect(hostile).not.toContain('<script>')
    expect(hostile).toContain('&lt;script&gt;')
    expect(sessionPage('cross-site', HOST)).toContain('Paste the link into the address bar')
  })
})

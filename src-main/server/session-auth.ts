/**
 * Who may use the browser-mode server, decided from a request's headers alone (no I/O, so every case is a unit test):
 * the per-launch token in the `x-rollscope-token` header, or the session cookie that opening the printed tokened URL
 * sets (HttpOnly, SameSite=Strict, host-only, path /). The cookie lets a copied link, a bookmark or a second tab of
 * that browser open the app; the header keeps scripts and tests working as before.
 *
 * SameSite=Strict keeps the cookie off requests started by other sites, but "site" ignores the port: a page served by
 * another local server (any port of 127.0.0.1 or localhost) is same-site and would get the cookie sent along. So an
 * API call authorized by the cookie must also come from this very origin: `Sec-Fetch-Site` (when the browser sends
 * it) must be `same-origin`, and `Origin` (when sent) must name this host. The Host guard against DNS rebinding runs
 * before this (security.ts) and is unchanged.
 */
import { tokenMatches } from './security'

export const TOKEN_HEADER = 'x-rollscope-token'

/** What the decision reads from a request; header values as node:http gives them (lower-case names). */
export interface AuthRequest {
  method: string
  /** The URL's path, already parsed. */
  pathname: string
  /** The URL's query. */
  query: URLSearchParams
  headers: Record<string, string | string[] | undefined>
}

/** Why a page request gets the "open the printed URL" page instead of the app. */
export type SessionMissingReason = 'no-session' | 'stale-session' | 'wrong-link' | 'cross-site'

export type AuthDecision =
  /** Serve it. */
  | { kind: 'allow' }
  /** The tokened URL: set the cookie and send the browser to the same address without the token. */
  | { kind: 'start-session'; location: string; setCookie: string }
  /** An API request refused with a JSON error. */
  | { kind: 'refuse'; status: 401 | 403; message: string }
  /** A page request without a valid session: the explanatory page. */
  | { kind: 'explain'; reason: SessionMissingReason }

export const MISSING_TOKEN_MESSAGE = `missing or wrong token (send the ${TOKEN_HEADER} header)`
export const CROSS_ORIGIN_MESSAGE = 'refused: the session cookie is only accepted from the app itself (same origin)'

/**
 * The cookie's name, per port: cookies are kept per host, not per host and port, so two servers on 127.0.0.1 would
 * otherwise overwrite each other's session.
 */
export function sessionCookieName(hostHeader: string | undefined): string {
  const port = /:(\d+)$/.exec(hostHeader ?? '')?.[1]
  return port ? `rollscope-session-${port}` : 'rollscope-session'
}

/** The Set-Cookie value that starts a session: no Domain (host-only), no Max-Age (ends with the browser session). */
export function sessionCookie(hostHeader: string | undefined, token: string): string {
  return `${sessionCookieName(hostHeader)}=${token}; Path=/; HttpOnly; SameSite=Strict`
}

/** Every value a Cookie header gives the cookie `name` (a browser may send one name twice). */
export function cookieValues(cookieHeader: string | undefined, name: string): string[] {
  if (!cookieHeader) return []
  const values: string[] = []
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim())
  }
  return values
}

/** Pages are the documents the app is loaded as: `/`, client routes (no extension) and .html files. */
export function isPageRequest(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1)
  return !last.includes('.') || last.endsWith('.html')
}

/** Whether a request authorized by the cookie comes from this server's own origin. */
export function fromSameOrigin(headers: AuthRequest['headers']): boolean {
  const site = first(headers['sec-fetch-site'])
  if (site !== undefined && site !== 'same-origin') return false
  const origin = first(headers.origin)
  if (origin === undefined) return true
  const host = first(headers.host)
  return host !== undefined && origin.toLowerCase() === `http://${host.toLowerCase()}`
}

/**
 * The decision for one request that passed the Host guard. `token` is this launch's token. Export downloads and the
 * event stream may still carry the token as `?token=` (a plain navigation and EventSource cannot set headers).
 */
export function decideAuth(req: AuthRequest, token: string): AuthDecision {
  const { pathname, query, headers } = req
  const headerToken = first(headers[TOKEN_HEADER])
  if (headerToken !== undefined && tokenMatches(token, headerToken)) return { kind: 'allow' }
  const cookies = cookieValues(first(headers.cookie), sessionCookieName(first(headers.host)))
  const hasSession = cookies.some((c) => tokenMatches(token, c))
  const isApi = pathname === '/api' || pathname.startsWith('/api/')

  if (isApi) {
    const isGet = req.method === 'GET'
    const queryTokenAllowed = isGet && (pathname === '/api/events' || pathname === '/api/export')
    if (queryTokenAllowed && tokenMatches(token, query.get('token'))) return { kind: 'allow' }
    if (!hasSession) return { kind: 'refuse', status: 401, message: MISSING_TOKEN_MESSAGE }
    return fromSameOrigin(headers) ? { kind: 'allow' } : { kind: 'refuse', status: 403, message: CROSS_ORIGIN_MESSAGE }
  }

  if (!isPageRequest(pathname)) return { kind: 'allow' } // the app's own scripts, styles and fonts hold no data
  const linkToken = query.get('token')
  if (linkToken !== null) {
    if (!tokenMatches(token, linkToken)) return { kind: 'explain', reason: 'wrong-link' }
    const rest = new URLSearchParams(query)
    rest.delete('token')
    const search = rest.size > 0 ? `?${rest}` : ''
    // One leading slash: `//host` in a Location header would send the browser to another site.
    const location = `/${pathname.replace(/^\/+/, '')}${search}`
    return { kind: 'start-session', location, setCookie: sessionCookie(first(headers.host), token) }
  }
  if (hasSession) return { kind: 'allow' }
  if (cookies.length > 0) return { kind: 'explain', reason: 'stale-session' }
  if (first(headers['sec-fetch-site']) === 'cross-site') return { kind: 'explain', reason: 'cross-site' }
  return { kind: 'explain', reason: 'no-session' }
}

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v
}

/** Browser-mode guards: the per-launch token, the Host header check against DNS rebinding, response headers. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { isIP } from 'node:net'

/** Same policy as the <meta> CSP in src-renderer/index.html (the page's own gets its inline scripts' hashes). */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; " +
  "font-src 'self' data:; img-src 'self' data:; connect-src 'self'"

/** Headers sent on every response. */
export const COMMON_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin'
}

/** A fresh per-launch token: 32 random bytes, hex. */
export function newToken(): string {
  return randomBytes(32).toString('hex')
}

/** Constant-time token check; hashing first gives equal lengths, so the length of the token does not leak either. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 1024) return false
  const a = createHash('sha256').update(expected).digest()
  const b = createHash('sha256').update(given).digest()
  return timingSafeEqual(a, b)
}

/** Whether a bind address or hostname is a loopback one. */
export function isLoopbackHost(host: string): boolean {
  const h = stripBrackets(host).toLowerCase()
  if (h === 'localhost' || h.endsWith('.localhost')) return true
  if (isIP(h) === 4) return h.startsWith('127.')
  if (isIP(h) === 6) return h === '::1' || h === '0:0:0:0:0:0:0:1'
  return false
}

/** Whether a bind address listens on every interface. */
export function isWildcardHost(host: string): boolean {
  const h = stripBrackets(host)
  return h === '0.0.0.0' || h === '::' || h === ''
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}

/** The hostname part of a Host header (`127.0.0.1:4173` → `127.0.0.1`, `[::1]:80` → `::1`). */
export function hostnameOf(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase()
  if (h.startsWith('[')) {
    const end = h.indexOf(']')
    return end > 0 ? h.slice(1, end) : h
  }
  const colon = h.indexOf(':')
  return colon >= 0 ? h.slice(0, colon) : h
}

/**
 * DNS-rebinding guard: when bound to loopback, a request must name the server by a loopback name or by the bound
 * host, so a hostile page whose domain was re-pointed at 127.0.0.1 cannot talk to us. Non-loopback binds were an
 * explicit choice to be reachable under other names; the token still protects them.
 */
export function hostAllowed(hostHeader: string | undefined, boundHost: string): boolean {
  if (!isLoopbackHost(boundHost)) return true
  if (!hostHeader) return false
  const name = hostnameOf(hostHeader)
  return (
    name === 'localhost' || name === '127.0.0.1' || name === '::1' || name === stripBrackets(boundHost).toLowerCase()
  )
}

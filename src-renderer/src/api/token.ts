/** Where the browser-mode token is kept for the tab's lifetime (survives reloads, not new tabs). */
export const TOKEN_STORAGE_KEY = 'rollscope.token'

/** Splits `?token=` out of a page URL: the token (or null) and the same URL without it (other query and hash kept). */
export function extractToken(href: string): { token: string | null; cleanedUrl: string } {
  const url = new URL(href)
  const token = url.searchParams.get('token')
  if (token === null) return { token: null, cleanedUrl: href }
  url.searchParams.delete('token')
  return { token: token || null, cleanedUrl: url.toString() }
}

interface TokenHost {
  location: { href: string }
  history: { replaceState(data: unknown, unused: string, url?: string | URL | null): void; state: unknown }
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void }
}

/**
 * Takes the token from the URL the CLI printed (then hides it from the address bar and history),
 * else falls back to the one saved earlier in this tab.
 */
export function resolveBrowserToken(host: TokenHost): string | null {
  const { token, cleanedUrl } = extractToken(host.location.href)
  if (token) {
    try {
      host.sessionStorage.setItem(TOKEN_STORAGE_KEY, token)
    } catch {
      // storage disabled: the token still works until the next reload
    }
    host.history.replaceState(host.history.state, '', cleanedUrl)
    return token
  }
  try {
    return host.sessionStorage.getItem(TOKEN_STORAGE_KEY)
  } catch {
    return null
  }
}

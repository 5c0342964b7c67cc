import { describe, expect, it, vi } from 'vitest'
import { extractToken, resolveBrowserToken, TOKEN_STORAGE_KEY } from '../../../src-renderer/src/api/token'

describe('extractToken', () => {
  it('removes only the token, keeping other query parameters and the hash', () => {
    expect(extractToken('http://127.0.0.1:4173/?a=1&token=s3cr3t&b=2#/run/r1')).toEqual({
      token: 's3cr3t',
      cleanedUrl: 'http://127.0.0.1:4173/?a=1&b=2#/run/r1'
    })
  })
  it('leaves the URL alone when there is no token', () => {
    const href = 'http://127.0.0.1:4173/?a=1#/run/r1'
    expect(extractToken(href)).toEqual({ token: null, cleanedUrl: href })
  })
  it('drops the question mark when the token was the only parameter', () => {
    expect(extractToken('http://h/?token=abc')).toEqual({ token: 'abc', cleanedUrl: 'http://h/' })
  })
})

function host(href: string, stored: string | null = null) {
  const storage = new Map<string, string>(stored ? [[TOKEN_STORAGE_KEY, stored]] : [])
  return {
    location: { href },
    history: { state: { k: 1 }, replaceState: vi.fn() },
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v)
    },
    storage
  }
}

describe('resolveBrowserToken', () => {
  it('takes the URL token, saves it for reloads and hides it from the address bar', () => {
    const h = host('http://h/?token=abc&x=1#/run/a')
    expect(resolveBrowserToken(h)).toBe('abc')
    expect(h.storage.get(TOKEN_STORAGE_KEY)).toBe('abc')
    expect(h.history.replaceState).toHaveBeenCalledWith({ k: 1 }, '', 'http://h/?x=1#/run/a')
  })
  it('falls back to the saved token after a reload', () => {
    const h = host('http://h/#/run/a', 'saved')
    expect(resolveBrowserToken(h)).toBe('saved')
    expect(h.history.replaceState).not.toHaveBeenCalled()
  })
  it('returns null with no token anywhere', () => {
    expect(resolveBrowserToken(host('http://h/'))).toBeNull()
  })
})

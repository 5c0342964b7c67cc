import { describe, expect, it, vi } from 'vitest'
import {
  createThemeState,
  followThemeNatively,
  parseThemeChoice,
  resolveScheme,
  THEME_STORAGE_KEY
} from '../../../src-renderer/src/lib/theme'

/** A fake OS setting whose changes fire like a MediaQueryList's. */
function fakeHost(prefersDark: boolean) {
  const listeners: (() => void)[] = []
  const media = {
    matches: prefersDark,
    addEventListener: (_: string, l: () => void) => void listeners.push(l)
  }
  const host = {
    matchMedia: () => media as unknown as MediaQueryList,
    document: { documentElement: { dataset: {} as DOMStringMap } }
  }
  const flip = (dark: boolean): void => {
    media.matches = dark
    for (const l of listeners) l()
  }
  return { host, flip }
}

function fakeStorage(initial: Record<string, string> = {}) {
  const m = new Map(Object.entries(initial))
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m }
}

describe('theme choice', () => {
  it('System follows the OS; Light and Dark do not', () => {
    expect(resolveScheme('system', true)).toBe('dark')
    expect(resolveScheme('system', false)).toBe('light')
    expect(resolveScheme('light', true)).toBe('light')
    expect(resolveScheme('dark', false)).toBe('dark')
  })

  it('reads a stored choice, System for anything else', () => {
    expect(parseThemeChoice('dark')).toBe('dark')
    expect(parseThemeChoice(null)).toBe('system')
    expect(parseThemeChoice('sepia')).toBe('system')
  })
})

describe('createThemeState', () => {
  it('puts the scheme on <html data-theme> at once, follows the OS under System, and tells subscribers', () => {
    const { host, flip } = fakeHost(false)
    const state = createThemeState(host, fakeStorage())
    expect(state.choice()).toBe('system')
    expect(host.document.documentElement.dataset.theme).toBe('light')
    const seen = vi.fn()
    state.subscribe(seen)
    flip(true)
    expect(host.document.documentElement.dataset.theme).toBe('dark')
    expect(state.scheme()).toBe('dark')
    expect(seen).toHaveBeenCalledTimes(1)
  })

  it('a chosen theme is remembered, applied, and holds when the OS changes', () => {
    const { host, flip } = fakeHost(true)
    const storage = fakeStorage()
    const state = createThemeState(host, storage)
    state.setChoice('light')
    expect(storage.m.get(THEME_STORAGE_KEY)).toBe('light')
    expect(host.document.documentElement.dataset.theme).toBe('light')
    flip(false)
    flip(true)
    expect(host.document.documentElement.dataset.theme).toBe('light')
    // the next page load starts from the remembered choice
    const again = createThemeState(fakeHost(true).host, storage)
    expect(again.choice()).toBe('light')
    expect(again.scheme()).toBe('light')
  })

  it('works with storage blocked (the choice lasts for the page)', () => {
    const { host } = fakeHost(false)
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('SecurityError')
      }
    }
    const state = createThemeState(host, blocked)
    state.setChoice('dark')
    expect(state.scheme()).toBe('dark')
  })
})

describe('followThemeNatively (desktop)', () => {
  it('hands the choice to the native theme at once and at each change of it, not at each OS change', async () => {
    const { host, flip } = fakeHost(false)
    const state = createThemeState(host, fakeStorage({ [THEME_STORAGE_KEY]: 'dark' }))
    const setThemeSource = vi.fn(async () => {})
    followThemeNatively(state, { setThemeSource })
    state.setChoice('light')
    flip(true) // the OS: the choice is the same, nothing to hand over
    state.setChoice('system')
    expect(setThemeSource.mock.calls).toEqual([['dark'], ['light'], ['system']])
  })

  it('a browser has no native theme; a refusal leaves the page as it is', async () => {
    const state = createThemeState(fakeHost(false).host, fakeStorage())
    followThemeNatively(state, null)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    followThemeNatively(state, { setThemeSource: async () => Promise.reject(new Error('bad-request')) })
    state.setChoice('dark')
    await new Promise((r) => setTimeout(r, 0))
    expect(state.scheme()).toBe('dark')
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })
})

/**
 * The app's colour scheme: the person's choice (System / Light / Dark, remembered in localStorage) resolved against
 * the OS setting. The resolved scheme is put on <html data-theme>, which theme.css and the run colours read, and
 * handed to what is not CSS (Monaco, the charts) through useColorScheme. System follows prefers-color-scheme live.
 */

export type ThemeChoice = 'system' | 'light' | 'dark'
export type ColorScheme = 'light' | 'dark'

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark']
export const THEME_STORAGE_KEY = 'rollscope.theme'
const DARK_QUERY = '(prefers-color-scheme: dark)'

/** The scheme a choice gives, the OS preferring dark or not. */
export function resolveScheme(choice: ThemeChoice, prefersDark: boolean): ColorScheme {
  return choice === 'system' ? (prefersDark ? 'dark' : 'light') : choice
}

/** A stored choice, or System for anything else (nothing stored, an old value, storage blocked). */
export function parseThemeChoice(stored: string | null): ThemeChoice {
  return (THEME_CHOICES as readonly string[]).includes(stored ?? '') ? (stored as ThemeChoice) : 'system'
}

interface ThemeHost {
  matchMedia(query: string): Pick<MediaQueryList, 'matches' | 'addEventListener'>
  document: { documentElement: { dataset: DOMStringMap } }
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>

/** The live theme state: the choice, the scheme it resolves to, and who wants to know when either changes. */
export interface ThemeState {
  choice(): ThemeChoice
  scheme(): ColorScheme
  setChoice(choice: ThemeChoice): void
  subscribe(listener: () => void): () => void
}

/** Starts following the choice and the OS; sets <html data-theme> now and on every change. */
export function createThemeState(host: ThemeHost, storage: StorageLike | null): ThemeState {
  const media = host.matchMedia(DARK_QUERY)
  let choice = parseThemeChoice(safe(() => storage?.getItem(THEME_STORAGE_KEY) ?? null))
  const listeners = new Set<() => void>()
  const scheme = (): ColorScheme => resolveScheme(choice, media.matches)
  const apply = (): void => {
    host.document.documentElement.dataset.theme = scheme()
    for (const l of listeners) l()
  }
  media.addEventListener('change', apply)
  apply()
  return {
    choice: () => choice,
    scheme,
    setChoice(next) {
      choice = next
      safe(() => storage?.setItem(THEME_STORAGE_KEY, next))
      apply()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}

function safe<T>(f: () => T): T | null {
  try {
    return f()
  } catch {
    return null // storage disabled: the choice lasts until the page closes
  }
}

/**
 * Desktop: hands the choice to the native theme now and at every change, so menus, dialogs and the window's background
 * follow the toggle (a browser has none to follow). A refusal changes nothing on the page: it is only logged.
 */
export function followThemeNatively(
  theme: Pick<ThemeState, 'choice' | 'subscribe'>,
  desktop: { setThemeSource(choice: ThemeChoice): Promise<void> } | null
): void {
  if (!desktop) return
  let sent: ThemeChoice | null = null
  const send = (): void => {
    const choice = theme.choice()
    if (choice === sent) return
    sent = choice
    desktop.setThemeSource(choice).catch((err: unknown) => console.warn('rollscope: native theme not set:', err))
  }
  theme.subscribe(send)
  send()
}

let current: ThemeState | null = null

/** The page's theme state, created on first use. */
export function themeState(): ThemeState {
  current ??= createThemeState(
    window,
    safe(() => window.localStorage)
  )
  return current
}

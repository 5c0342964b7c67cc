import { useSyncExternalStore } from 'react'
import { themeState, type ColorScheme, type ThemeChoice } from './theme'

const subscribe = (onChange: () => void): (() => void) => themeState().subscribe(onChange)

/**
 * 'dark' or 'light': the in-app choice, System following the OS live (for Monaco and the charts, whose colours are
 * not CSS).
 */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(
    subscribe,
    () => themeState().scheme(),
    () => 'light'
  )
}

/** The in-app theme choice (System / Light / Dark). */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    subscribe,
    () => themeState().choice(),
    () => 'system'
  )
}

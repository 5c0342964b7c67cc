import { createContext, useContext, type ReactNode } from 'react'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import type { Transport } from '../api/transport'
import type { AppState, AppStore } from './store'

interface AppContextValue {
  store: AppStore
  transport: Pick<Transport, 'mode' | 'desktop' | 'saveExport'>
}

const AppContext = createContext<AppContextValue | null>(null)

/** Provides the store and the transport facts (desktop / browser) to the tree. */
export function AppProvider(props: AppContextValue & { children: ReactNode }): ReactNode {
  const { store, transport, children } = props
  return <AppContext.Provider value={{ store, transport }}>{children}</AppContext.Provider>
}

function useAppContext(): AppContextValue {
  const ctx = useContext(AppContext)
  if (!ctx) throw new Error('AppProvider is missing')
  return ctx
}

/** Selects a slice of the store; select the smallest value you need (a primitive or a stable reference). */
export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useAppContext().store, selector)
}

/** Like useApp, for selectors that build an object or array: re-renders only when a member changes. */
export function useAppShallow<T>(selector: (state: AppState) => T): T {
  return useStore(useAppContext().store, useShallow(selector))
}

/** The raw store, for event handlers that read the latest state without subscribing. */
export function useAppStore(): AppStore {
  return useAppContext().store
}

/** The host's facts and capabilities: Electron (native dialogs) or a browser, and saving an export. */
export function useTransport(): AppContextValue['transport'] {
  return useAppContext().transport
}

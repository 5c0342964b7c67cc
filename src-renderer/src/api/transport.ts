import type { Result, TraceApi, TraceEvent } from '@contract/api'
import { DESKTOP_METHODS, type DesktopApi } from '@contract/desktop'
import type { ExportRequest, ExportSaved } from '@contract/export'
import { downloadExport } from './browser-export'
import { createHttpCaller } from './http-caller'
import { makeApi, makeCaller } from './make-api'
import { EVENTS_URL, subscribeEventStream } from './event-stream'

/** What only the desktop app can do for the page: native open dialogs, and the paths of files dropped on it. */
export interface DesktopHost {
  pickPaths: DesktopApi['pickPaths']
  setThemeSource: DesktopApi['setThemeSource']
  /** Path of a File dropped on the window; '' when it has none. */
  pathForFile(file: unknown): string
}

/** Everything the UI needs from its host: the API, the event feed, saving an export and (desktop only) native dialogs. */
export interface Transport {
  mode: 'desktop' | 'browser'
  api: TraceApi
  onEvent(listener: (event: TraceEvent) => void): () => void
  /**
   * "Save this export", every kind through one call. Desktop: the native save dialog, then the engine writes the
   * file (null when cancelled). Browser: prepare → ticket → download (resolves once the download started). A
   * refused export throws the engine's message before anything is saved.
   */
  saveExport(request: ExportRequest): Promise<ExportSaved | null>
  /** Null in a browser, which has no native dialogs and never reveals local paths. */
  desktop: DesktopHost | null
}

// The bridge's invokes are generic per method; the generic callers pass an untyped args list.
type BridgeInvoke = (method: string, ...args: unknown[]) => Promise<Result<unknown>>

/** Picks the Electron bridge when the preload exposed one, else the browser-mode HTTP transport. */
export function createTransport(win: Window = window): Transport {
  const bridge = win.rollscope
  if (bridge) {
    const desktop = makeCaller<DesktopApi>(DESKTOP_METHODS, (method, args) =>
      (bridge.invokeDesktop as BridgeInvoke)(method, ...args)
    )
    return {
      mode: 'desktop',
      api: makeApi((method, args) => (bridge.invoke as BridgeInvoke)(method, ...args)),
      onEvent: (listener) => bridge.onEvent(listener),
      saveExport: (request) => desktop.saveExport(request),
      desktop: {
        pickPaths: (kind) => desktop.pickPaths(kind),
        setThemeSource: (choice) => desktop.setThemeSource(choice),
        pathForFile: (file) => bridge.pathForFile(file)
      }
    }
  }
  // no token here: the server only serves this page to a browser holding the session cookie, sent with every call
  return {
    mode: 'browser',
    api: makeApi(createHttpCaller()),
    onEvent: (listener) => subscribeEventStream(EVENTS_URL, listener),
    saveExport: (request) => downloadExport(request),
    desktop: null
  }
}

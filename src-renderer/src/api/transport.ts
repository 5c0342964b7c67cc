import type { DesktopApi, ExportViewRequest, Result, TraceApi, TraceEvent } from '@contract/api'
import { checkExport } from './export-check'
import { prepareExport } from './export-prepare'
import { exportUrl } from './export-url'
import { createHttpCaller } from './http-caller'
import { makeApi } from './make-api'
import { eventsUrl, subscribeEventStream } from './event-stream'
import { resolveBrowserToken } from './token'

/** Everything the UI needs from its host: the API, the event feed and (desktop only) native dialogs. */
export interface Transport {
  mode: 'desktop' | 'browser'
  api: TraceApi
  onEvent(listener: (event: TraceEvent) => void): () => void
  desktop: DesktopApi | null
  /** Browser mode only: whether a token was found (without one every call is refused). */
  hasToken: boolean
  /** Browser mode only: the download URL of an export of the current view (desktop saves through `desktop`). */
  exportUrl?: (request: ExportViewRequest) => string
  /** Browser mode only: throws the engine's message when the export would be refused (checked before the download). */
  checkExport?: (request: ExportViewRequest) => Promise<void>
  /** Browser mode only: checks an export of picked rows and returns its one-time download URL (ids do not fit in a URL). */
  prepareExport?: (request: ExportViewRequest) => Promise<string>
}

// The bridge's invoke is generic per method; the generic caller passes an untyped args list.
type BridgeInvoke = (method: string, ...args: unknown[]) => Promise<Result<unknown>>

/** Picks the Electron bridge when the preload exposed one, else the browser-mode HTTP transport. */
export function createTransport(win: Window = window): Transport {
  const bridge = win.rollscope
  if (bridge) {
    return {
      mode: 'desktop',
      api: makeApi((method, args) => (bridge.invoke as BridgeInvoke)(method, ...args)),
      onEvent: (listener) => bridge.onEvent(listener),
      desktop: bridge.desktop,
      hasToken: true
    }
  }
  const token = resolveBrowserToken(win)
  return {
    mode: 'browser',
    api: makeApi(createHttpCaller({ token })),
    onEvent: (listener) => subscribeEventStream(eventsUrl(token), listener),
    desktop: null,
    hasToken: token !== null,
    exportUrl: (request) => exportUrl(token, request),
    checkExport: (request) => checkExport(token, request),
    prepareExport: (request) => prepareExport(token, request)
  }
}

/**
 * Sandboxed preload: exposes `window.rollscope` (the PreloadBridge) and nothing else.
 * Built as one CommonJS file, so it imports only 'electron' and the runtime-neutral contract.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRenderer, type IpcRendererEvent, type WebUtils } from 'electron'
import {
  IPC_DESKTOP_CHANNEL,
  IPC_EVENT_CHANNEL,
  IPC_INVOKE_CHANNEL,
  isApiMethod,
  type PreloadBridge,
  type Result,
  type TraceEvent
} from '@contract/api'
import { isDesktopMethod } from '@contract/desktop'

type Invoke = Pick<IpcRenderer, 'invoke'>

/**
 * `(method, ...args)` → one invoke of `channel` with `(method, args)`. A name not in the method list is refused here
 * rather than in main, so a typo fails without a round trip (main checks names and arguments again anyway).
 */
function caller(ipc: Invoke, channel: string, isMethod: (name: unknown) => boolean) {
  return (method: string, ...args: unknown[]): Promise<Result<unknown>> => {
    if (!isMethod(method)) {
      const message = `unknown method: ${String(method).slice(0, 100)}`
      return Promise.resolve({ ok: false, error: { code: 'bad-request', message } })
    }
    return ipc.invoke(channel, method, args)
  }
}

/** Builds the bridge over `ipc`; the renderer never sees ipcRenderer or an IpcRendererEvent. */
export function createBridge(
  ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>,
  utils: Pick<WebUtils, 'getPathForFile'>
): PreloadBridge {
  return {
    invoke: caller(ipc, IPC_INVOKE_CHANNEL, isApiMethod) as PreloadBridge['invoke'],
    invokeDesktop: caller(ipc, IPC_DESKTOP_CHANNEL, isDesktopMethod) as PreloadBridge['invokeDesktop'],
    onEvent: (listener) => {
      const forward = (_event: IpcRendererEvent, traceEvent: TraceEvent): void => listener(traceEvent)
      ipc.on(IPC_EVENT_CHANNEL, forward)
      return () => {
        ipc.removeListener(IPC_EVENT_CHANNEL, forward)
      }
    },
    pathForFile: (file) => {
      try {
        return utils.getPathForFile(file as File)
      } catch {
        return '' // not a File from a real drop
      }
    }
  }
}

contextBridge.exposeInMainWorld('rollscope', createBridge(ipcRenderer, webUtils))

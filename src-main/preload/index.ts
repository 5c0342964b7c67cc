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
  type LabelsExportSaved,
  type PreloadBridge,
  type Result,
  type TraceEvent
} from '@contract/api'

/** Builds the bridge over `ipc`; the renderer never sees ipcRenderer or an IpcRendererEvent. */
export function createBridge(
  ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>,
  utils: Pick<WebUtils, 'getPathForFile'>
): PreloadBridge {
  return {
    invoke: (method, ...args) => {
      // Refused here rather than in main so a typo fails without a round trip (main validates again anyway).
      if (!isApiMethod(method)) {
        const message = `unknown method: ${String(method).slice(0, 100)}`
        return Promise.resolve({ ok: false, error: { code: 'bad-request', message } })
      }
      return ipc.invoke(IPC_INVOKE_CHANNEL, method, args)
    },
    onEvent: (listener) => {
      const forward = (_event: IpcRendererEvent, traceEvent: TraceEvent): void => listener(traceEvent)
      ipc.on(IPC_EVENT_CHANNEL, forward)
      return () => {
        ipc.removeListener(IPC_EVENT_CHANNEL, forward)
      }
    },
    desktop: {
      pickPaths: async (kind) => {
        const result = (await ipc.invoke(IPC_DESKTOP_CHANNEL, 'pickPaths', kind)) as Result<string[]>
        if (result.ok) return result.value
        throw new Error(result.error.message)
      },
      exportToFile: async (request) => {
        const result = (await ipc.invoke(IPC_DESKTOP_CHANNEL, 'exportToFile', request)) as Result<{ episodes: number; path: string } | null>
        if (result.ok) return result.value
        throw new Error(result.error.message)
      },
      exportLabelsToFile: async () => {
        const result = (await ipc.invoke(IPC_DESKTOP_CHANNEL, 'exportLabelsToFile')) as Result<LabelsExportSaved | null>
        if (result.ok) return result.value
        throw new Error(result.error.message)
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
}

contextBridge.exposeInMainWorld('rollscope', createBridge(ipcRenderer, webUtils))

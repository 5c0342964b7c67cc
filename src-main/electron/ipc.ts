/**
 * The two IPC handlers: the typed engine API (IPC_INVOKE_CHANNEL) and desktop-only actions (IPC_DESKTOP_CHANNEL).
 * Both refuse callers other than our own renderer page, and both always answer with a Result.
 */
import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron'
import { IPC_DESKTOP_CHANNEL, IPC_INVOKE_CHANNEL, type DesktopApi, type ExportViewRequest, type Result } from '@contract/api'
import { dispatch, toApiError } from '../services/dispatch'
import type { Engine } from '../services/engine-types'
import { isRendererPage, type RendererLocation } from './security'

/** Decides whether an IPC call comes from our renderer. */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean

const UNAUTHORIZED: Result<never> = { ok: false, error: { code: 'unauthorized', message: 'untrusted IPC sender' } }

/** Trusts only the top frame of the current main window, and only while it shows our renderer page. */
export function createSenderCheck(getWindow: () => BrowserWindow | null, renderer: RendererLocation): SenderCheck {
  return (event) => {
    const win = getWindow()
    if (!win || win.isDestroyed() || event.sender?.id !== win.webContents.id) return false
    let frame: IpcMainInvokeEvent['senderFrame']
    try {
      frame = event.senderFrame // null (or a throw in older builds) once the frame navigated away
    } catch {
      return false
    }
    return !!frame && frame.parent === null && isRendererPage(frame.url, renderer)
  }
}

/** Answers IPC_INVOKE_CHANNEL (method, args) calls by dispatching them (with validation) to the engine's API. */
export function registerApi(ipcMain: Pick<IpcMain, 'handle'>, engine: Pick<Engine, 'api'>, isTrustedSender: SenderCheck): void {
  ipcMain.handle(IPC_INVOKE_CHANNEL, (event, method: unknown, args: unknown): Promise<Result<unknown>> | Result<never> =>
    isTrustedSender(event) ? dispatch(engine.api, method, args) : UNAUTHORIZED
  )
}

/**
 * Answers IPC_DESKTOP_CHANNEL calls: ('pickPaths', 'folder' | 'file'), ('exportToFile', ExportViewRequest; the
 * request is checked by the export itself) and ('exportLabelsToFile'; no argument). (DesktopApi.pathForFile needs no main process: the preload answers it.)
 */
export function registerDesktopApi(
  ipcMain: Pick<IpcMain, 'handle'>,
  desktop: Pick<DesktopApi, 'pickPaths' | 'exportToFile' | 'exportLabelsToFile'>,
  isTrustedSender: SenderCheck
): void {
  ipcMain.handle(IPC_DESKTOP_CHANNEL, async (event, method: unknown, arg: unknown): Promise<Result<unknown>> => {
    if (!isTrustedSender(event)) return UNAUTHORIZED
    if (method !== 'pickPaths' && method !== 'exportToFile' && method !== 'exportLabelsToFile') {
      return { ok: false, error: { code: 'bad-request', message: `unknown desktop method: ${String(method).slice(0, 100)}` } }
    }
    if (method === 'pickPaths' && arg !== 'folder' && arg !== 'file') {
      return { ok: false, error: { code: 'bad-request', message: 'pickPaths: argument 0: expected "folder" or "file"' } }
    }
    if (method === 'exportToFile' && (typeof arg !== 'object' || arg === null || Array.isArray(arg))) {
      return { ok: false, error: { code: 'bad-request', message: 'exportToFile: argument 0: expected an object' } }
    }
    try {
      const value =
        method === 'pickPaths'
          ? await desktop.pickPaths(arg as 'folder' | 'file')
          : method === 'exportToFile'
            ? await desktop.exportToFile(arg as ExportViewRequest)
            : await desktop.exportLabelsToFile()
      return { ok: true, value }
    } catch (err) {
      return { ok: false, error: toApiError(err) }
    }
  })
}

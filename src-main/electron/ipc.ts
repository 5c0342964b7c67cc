/**
 * The two IPC handlers: the engine's API (IPC_INVOKE_CHANNEL) and the desktop-only methods (IPC_DESKTOP_CHANNEL).
 * Both take (method, argument list), check both against their method list's schemas, refuse callers other than our
 * own renderer page, and always answer with a Result.
 */
import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron'
import { IPC_DESKTOP_CHANNEL, IPC_INVOKE_CHANNEL, type Result } from '@contract/api'
import { isDesktopMethod, type DesktopApi, type DesktopMethod } from '@contract/desktop'
import { parseDesktopArgs } from '@contract/desktop-guards'
import { dispatch, dispatchTo, type CheckedMethods } from '../services/dispatch'
import type { Engine } from '../services/engine-types'
import { isRendererPage, type RendererLocation } from './security'

/** Decides whether an IPC call comes from our renderer. */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean

const UNAUTHORIZED: Result<never> = { ok: false, error: { code: 'unauthorized', message: 'untrusted IPC sender' } }

const DESKTOP_CHECKS: CheckedMethods<DesktopMethod> = {
  what: 'desktop method',
  has: isDesktopMethod,
  parseArgs: parseDesktopArgs
}

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
export function registerApi(
  ipcMain: Pick<IpcMain, 'handle'>,
  engine: Pick<Engine, 'api'>,
  isTrustedSender: SenderCheck
): void {
  answer(ipcMain, IPC_INVOKE_CHANNEL, isTrustedSender, (method, args) => dispatch(engine.api, method, args))
}

/** Answers IPC_DESKTOP_CHANNEL (method, args) calls by dispatching them (with validation) to `desktop`. */
export function registerDesktopApi(
  ipcMain: Pick<IpcMain, 'handle'>,
  desktop: DesktopApi,
  isTrustedSender: SenderCheck
): void {
  answer(ipcMain, IPC_DESKTOP_CHANNEL, isTrustedSender, (method, args) =>
    dispatchTo(desktop, DESKTOP_CHECKS, method, args)
  )
}

function answer(
  ipcMain: Pick<IpcMain, 'handle'>,
  channel: string,
  isTrustedSender: SenderCheck,
  call: (method: unknown, args: unknown) => Promise<Result<unknown>>
): void {
  ipcMain.handle(channel, (event, method: unknown, args: unknown): Promise<Result<unknown>> | Result<never> =>
    isTrustedSender(event) ? call(method, args) : UNAUTHORIZED
  )
}

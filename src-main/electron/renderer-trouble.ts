/**
 * When the renderer fails to load or its process dies. The window is created hidden and shown on ready-to-show, so
 * either would otherwise leave an invisible or blank window and a running app: the window is shown and a dialog
 * offers Reload or Quit. The decision is pure; the window, the dialog and quitting are passed in.
 */
import type { BrowserWindow, Dialog, MessageBoxOptions, RenderProcessGoneDetails } from 'electron'

/** What went wrong: the main frame's load, or the renderer process. */
export type RendererTrouble =
  | { kind: 'load-failed'; code: number; description: string; url: string; isMainFrame: boolean }
  | { kind: 'gone'; reason: RenderProcessGoneDetails['reason']; exitCode: number }

/** Chromium's ERR_ABORTED: a load replaced by another (a reload, a second loadFile), not a failure. */
const ERR_ABORTED = -3

export const RELOAD = 0
export const QUIT = 1

/** The dialog to show, or null when nothing is wrong enough to ask (a sub-frame, an aborted load, a clean exit). */
export function troubleDialog(trouble: RendererTrouble, appName: string): MessageBoxOptions | null {
  let message: string
  let detail: string
  if (trouble.kind === 'load-failed') {
    if (!trouble.isMainFrame || trouble.code === ERR_ABORTED) return null
    message = `${appName} could not load its window.`
    detail = `${trouble.description || 'Unknown error'} (${trouble.code}) loading ${trouble.url || 'the page'}.`
  } else {
    if (trouble.reason === 'clean-exit') return null
    message = `${appName}'s window stopped working.`
    detail = `The renderer process ended: ${trouble.reason} (exit code ${trouble.exitCode}). Your workspace is kept.`
  }
  return {
    type: 'error',
    title: appName,
    message,
    detail,
    buttons: ['Reload', 'Quit'],
    defaultId: RELOAD,
    cancelId: QUIT,
    noLink: true
  }
}

export interface TroubleDeps {
  dialog: Pick<Dialog, 'showMessageBox'>
  /** Loads the renderer again (the same way the window first did). */
  reload(): void
  quit(): void
  appName: string
}

/** Watches `win`'s renderer and asks Reload or Quit when it fails; one dialog at a time. */
export function watchRendererTrouble(win: BrowserWindow, deps: TroubleDeps): void {
  let asking = false
  const onTrouble = (trouble: RendererTrouble): void => {
    const options = troubleDialog(trouble, deps.appName)
    if (!options || asking || win.isDestroyed()) return
    console.error('rollscope: renderer trouble:', trouble)
    asking = true
    win.show()
    deps.dialog
      .showMessageBox(win, options)
      .then(({ response }) => {
        if (win.isDestroyed()) return
        if (response === RELOAD) deps.reload()
        else deps.quit()
      })
      .catch((err: unknown) => console.error('rollscope: the dialog failed:', err))
      .finally(() => {
        asking = false
      })
  }
  win.webContents.on('did-fail-load', (_event, code, description, url, isMainFrame) =>
    onTrouble({ kind: 'load-failed', code, description, url, isMainFrame })
  )
  win.webContents.on('render-process-gone', (_event, details) =>
    onTrouble({ kind: 'gone', reason: details.reason, exitCode: details.exitCode })
  )
}

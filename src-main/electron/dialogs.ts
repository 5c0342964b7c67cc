/**
 * Native dialogs used by the menu and the desktop IPC: the open dialog and About.
 */
import type { BrowserWindow, Dialog, OpenDialogOptions } from 'electron'

/** The open-dialog options for picking folders or trace files (several at once). */
export function openDialogOptions(kind: 'folder' | 'file'): OpenDialogOptions {
  if (kind === 'folder') {
    return { title: 'Open Folder', properties: ['openDirectory', 'multiSelections'] }
  }
  return {
    title: 'Open File',
    properties: ['openFile', 'multiSelections'],
    filters: [
      { name: 'Traces', extensions: ['jsonl', 'json', 'zip'] },
      { name: 'All Files', extensions: ['*'] }
    ]
  }
}

/** Shows the open dialog (modal to `parent` when there is one); [] when cancelled. */
export async function pickPaths(
  dialog: Pick<Dialog, 'showOpenDialog'>,
  parent: BrowserWindow | null,
  kind: 'folder' | 'file'
): Promise<string[]> {
  const options = openDialogOptions(kind)
  const result = parent && !parent.isDestroyed() ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options)
  return result.canceled ? [] : result.filePaths
}

/** About box with the versions a bug report needs. */
export async function showAbout(
  dialog: Pick<Dialog, 'showMessageBox'>,
  parent: BrowserWindow | null,
  info: { name: string; version: string; versions?: Partial<Record<'electron' | 'chrome' | 'node', string>> }
): Promise<void> {
  const v = info.versions ?? {}
  const detail = [
    `Version ${info.version}`,
    v.electron && `Electron ${v.electron}`,
    v.chrome && `Chromium ${v.chrome}`,
    v.node && `Node.js ${v.node}`
  ]
    .filter(Boolean)
    .join('\n')
  const options = { type: 'info' as const, title: `About ${info.name}`, message: info.name, detail, buttons: ['OK'] }
  if (parent && !parent.isDestroyed()) await dialog.showMessageBox(parent, options)
  else await dialog.showMessageBox(options)
}

/**
 * Native dialogs used by the menu and the desktop IPC: the open dialog, the save dialog of an export, and About.
 */
import { extname } from 'node:path'
import type { BrowserWindow, Dialog, OpenDialogOptions, SaveDialogOptions } from 'electron'
import type { ExportPlan } from '@contract/export'

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
  const result =
    parent && !parent.isDestroyed()
      ? await dialog.showOpenDialog(parent, options)
      : await dialog.showOpenDialog(options)
  return result.canceled ? [] : result.filePaths
}

/** The save-dialog options for an export: its title, its file name, and a filter of its extension. */
export function saveDialogOptions(plan: Pick<ExportPlan, 'title' | 'fileName'>): SaveDialogOptions {
  const ext = extname(plan.fileName).slice(1)
  return {
    title: plan.title,
    defaultPath: plan.fileName,
    filters: [
      { name: ext.toUpperCase(), extensions: [ext] },
      { name: 'All Files', extensions: ['*'] }
    ]
  }
}

/** Shows the save dialog for an export (modal to `parent` when there is one); the chosen path, or null when cancelled. */
export async function askSavePath(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  parent: BrowserWindow | null,
  plan: Pick<ExportPlan, 'title' | 'fileName'>
): Promise<string | null> {
  const options = saveDialogOptions(plan)
  const choice =
    parent && !parent.isDestroyed()
      ? await dialog.showSaveDialog(parent, options)
      : await dialog.showSaveDialog(options)
  return choice.canceled || !choice.filePath ? null : choice.filePath
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

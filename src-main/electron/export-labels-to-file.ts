/**
 * Desktop "Export labels…": asks where to save with the native save dialog, then writes the labels file (the same
 * JSON as `rollscope labels export`). The file is built in memory: it holds labels and notes, not transcripts.
 */
import { rm, writeFile } from 'node:fs/promises'
import type { BrowserWindow, Dialog, SaveDialogOptions } from 'electron'
import type { LabelsExportSaved, TraceApi } from '@contract/api'

export async function exportLabelsToFile(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  parent: BrowserWindow | null,
  api: Pick<TraceApi, 'exportLabels'>
): Promise<LabelsExportSaved | null> {
  const options: SaveDialogOptions = {
    title: 'Export labels',
    defaultPath: 'rollscope-labels.json',
    filters: [
      { name: 'JSON', extensions: ['json'] },
      { name: 'All Files', extensions: ['*'] }
    ]
  }
  const choice = parent && !parent.isDestroyed() ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options)
  if (choice.canceled || !choice.filePath) return null
  const path = choice.filePath
  const data = await api.exportLabels()
  try {
    await writeFile(path, JSON.stringify(data, null, 2) + '\n')
  } catch (err) {
    await rm(path, { force: true }).catch(() => undefined) // a half-written file is not a labels file
    throw err
  }
  return { path, labels: data.items.reduce((n, i) => n + i.labels.length, 0), notes: data.items.filter((i) => i.note).length }
}

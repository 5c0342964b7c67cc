/**
 * Desktop export of the current view: checks the request first (so a bad filter is reported before the dialog
 * opens), asks where to save with the native save dialog, then streams the export into the file. A failed export
 * removes its partial file rather than leaving something that looks complete.
 */
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { extname } from 'node:path'
import { finished } from 'node:stream/promises'
import type { BrowserWindow, Dialog, SaveDialogOptions } from 'electron'
import type { TraceApi } from '@contract/api'
import { planAppExport, type AppExportRequest } from '../export/app-export'
import { exportEpisodes } from '../export/export-episodes'
import { checkFilter } from '../export/select-episodes'
import { streamWriter } from '../export/stream-writer'

export async function exportToFile(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  parent: BrowserWindow | null,
  api: TraceApi,
  request: AppExportRequest
): Promise<{ episodes: number; path: string } | null> {
  const plan = await planAppExport(api, request)
  // The filter is checked by a one-row query now, not after the user picked a file.
  if (plan.options.filter) await checkFilter(api, plan.options.runIds, plan.options.filter)
  const ext = extname(plan.fileName).slice(1)
  const options: SaveDialogOptions = {
    title: `Export ${plan.options.format}`,
    defaultPath: plan.fileName,
    filters: [
      { name: ext.toUpperCase(), extensions: [ext] },
      { name: 'All Files', extensions: ['*'] }
    ]
  }
  const choice = parent && !parent.isDestroyed() ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options)
  if (choice.canceled || !choice.filePath) return null
  const path = choice.filePath
  const file = createWriteStream(path)
  try {
    const result = await exportEpisodes(api, plan.options, streamWriter(file))
    file.end()
    await finished(file)
    return { episodes: result.episodes, path }
  } catch (err) {
    file.destroy()
    await rm(path, { force: true }).catch(() => undefined)
    throw err
  }
}

/**
 * The desktop-only methods (contract/desktop.ts) as the main process answers them. Dialogs are modal to whatever
 * the main window is at the time. Saving an export leaves the work to the engine's thread: this thread only shows
 * the dialog.
 */
import type { BrowserWindow, Dialog, NativeTheme } from 'electron'
import type { DesktopApi } from '@contract/desktop'
import type { ExportRequest, ExportSaved } from '@contract/export'
import type { Engine } from '../services/engine-types'
import { askSavePath, pickPaths } from './dialogs'

export interface DesktopDeps {
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog'>
  getWindow: () => BrowserWindow | null
  engine: Pick<Engine, 'api' | 'exportTo'>
  nativeTheme: Pick<NativeTheme, 'themeSource'>
}

export function createDesktopApi(deps: DesktopDeps): DesktopApi {
  return {
    pickPaths: (kind) => pickPaths(deps.dialog, deps.getWindow(), kind),
    saveExport: (request) => saveExport(deps, request),
    setThemeSource: async (choice) => {
      deps.nativeTheme.themeSource = choice
    }
  }
}

/**
 * The engine checks the request and names the file first (a refusal is shown before the dialog opens), the native
 * save dialog asks where, and the engine writes the file itself, streaming, on its own thread.
 */
export async function saveExport(deps: DesktopDeps, request: ExportRequest): Promise<ExportSaved | null> {
  const plan = await deps.engine.api.planExport(request)
  const path = await askSavePath(deps.dialog, deps.getWindow(), plan)
  if (path === null) return null
  return { path, summary: await deps.engine.exportTo(request, { file: path }) }
}

/**
 * The desktop-only methods: what the Electron main process does for the window that a browser cannot (native
 * dialogs; saving an export where the user picks). One list, like TraceApi: the preload's caller, the main process's
 * handler and the renderer's typed functions are derived from it, and desktop-guards.ts validates every argument.
 */
import type { ExportRequest, ExportSaved } from './export'
import { methodList } from './method-list'

export interface DesktopApi {
  /** The native open dialog, for folders or trace files (several at once); [] when cancelled. */
  pickPaths(kind: 'folder' | 'file'): Promise<string[]>
  /**
   * Checks the export, asks where to save it with the native save dialog (named after the plan), and has the engine
   * write it there on its own thread; null when the dialog was cancelled.
   */
  saveExport(request: ExportRequest): Promise<ExportSaved | null>
  /**
   * The app's theme choice for what is not the page: native menus and dialogs, the window's background, and the
   * page's own prefers-color-scheme (Electron's nativeTheme.themeSource), so all of it follows the ◐ ☀ ☾ toggle.
   */
  setThemeSource(choice: 'system' | 'light' | 'dark'): Promise<void>
}

export type DesktopMethod = keyof DesktopApi
export type DesktopArgs<M extends DesktopMethod> = Parameters<DesktopApi[M]>
export type DesktopResult<M extends DesktopMethod> = Awaited<ReturnType<DesktopApi[M]>>

const DESKTOP = methodList<DesktopMethod>({
  pickPaths: true,
  saveExport: true,
  setThemeSource: true
}) // a compile error here means the list is out of sync with DesktopApi

export const DESKTOP_METHODS = DESKTOP.names
export const isDesktopMethod = DESKTOP.has

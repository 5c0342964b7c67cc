/** Fallback mock for `electron` under Vitest (aliased in vitest.config.ts). Tests needing spies use vi.mock. */
import { vi } from 'vitest'

export const app = {
  isPackaged: false,
  whenReady: vi.fn(() => Promise.resolve()),
  on: vi.fn(),
  quit: vi.fn(),
  getPath: vi.fn(() => {
    throw new Error('app.getPath must be mocked per test with a mkdtemp directory')
  }),
  getVersion: vi.fn(() => '0.0.0-test'),
  addRecentDocument: vi.fn(),
  requestSingleInstanceLock: vi.fn(() => true)
}
export const ipcMain = { handle: vi.fn(), on: vi.fn(), removeHandler: vi.fn() }
export const ipcRenderer = { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() }
export const contextBridge = { exposeInMainWorld: vi.fn() }
export const BrowserWindow = Object.assign(vi.fn(), { getAllWindows: vi.fn(() => []), fromWebContents: vi.fn() })
export const Menu = { buildFromTemplate: vi.fn(() => ({})), setApplicationMenu: vi.fn() }
export const dialog = { showOpenDialog: vi.fn(), showErrorBox: vi.fn() }
export const shell = { openExternal: vi.fn() }
export const session = {
  defaultSession: { webRequest: { onHeadersReceived: vi.fn() }, setPermissionRequestHandler: vi.fn() }
}
export const nativeTheme = { shouldUseDarkColors: false, on: vi.fn(), themeSource: 'system' }
export default { app, ipcMain, ipcRenderer, contextBridge, BrowserWindow, Menu, dialog, shell, session, nativeTheme }

/**
 * The application menu, as a plain template built from options (so tests can read it and click it).
 */
import type { MenuItemConstructorOptions } from 'electron'
import type { TraceApi } from '@contract/api'

/** What the menu items do; each resolves when the action is over and never rejects. */
export interface MenuActions {
  openFolder(): Promise<void>
  openFile(): Promise<void>
  openRecent(path: string): Promise<void>
  clearRecent(): void
  reindex(): Promise<void>
  openDemo(): Promise<void>
  about(): Promise<void>
}

export interface MenuOptions {
  platform: string
  /** Unpackaged: adds window reload and devtools. */
  isDev: boolean
  appName: string
  /** Most recent first. */
  recent: readonly string[]
  actions: MenuActions
}

/** What createMenuActions needs: the engine's API and the native bits (dialogs, recent list). */
export interface MenuActionDeps {
  api: Pick<TraceApi, 'addPaths' | 'reindex' | 'openDemo'>
  pickPaths(kind: 'folder' | 'file'): Promise<string[]>
  clearRecent(): void
  showAbout(): Promise<void>
  /** Reports a failed action to the user (an error box in the app). */
  onError(title: string, err: unknown): void
}

/** Menu actions wired to the engine; failures go to deps.onError instead of becoming unhandled rejections. */
export function createMenuActions(deps: MenuActionDeps): MenuActions {
  const guard = async (title: string, fn: () => Promise<unknown>): Promise<void> => {
    try {
      await fn()
    } catch (err) {
      deps.onError(title, err)
    }
  }
  const pickAndAdd = (kind: 'folder' | 'file') =>
    guard(kind === 'folder' ? 'Could not open the folder' : 'Could not open the file', async () => {
      const paths = await deps.pickPaths(kind)
      if (paths.length) await deps.api.addPaths(paths)
    })
  return {
    openFolder: () => pickAndAdd('folder'),
    openFile: () => pickAndAdd('file'),
    openRecent: (path) => guard('Could not open a recent item', () => deps.api.addPaths([path])),
    clearRecent: () => deps.clearRecent(),
    reindex: () => guard('Could not reload the index', () => deps.api.reindex({ force: false })),
    openDemo: () => guard('Could not open the demo workspace', () => deps.api.openDemo()),
    about: () => guard('Could not show About', () => deps.showAbout())
  }
}

/** A path as a menu label: `&` marks mnemonics on Windows and Linux (not macOS), so there it is doubled. */
export const menuLabel = (path: string, platform: string): string =>
  platform === 'darwin' ? path : path.replaceAll('&', '&&')

function recentSubmenu(o: MenuOptions): MenuItemConstructorOptions[] {
  if (!o.recent.length) return [{ label: 'No Recent Items', enabled: false }]
  return [
    ...o.recent.map((path): MenuItemConstructorOptions => ({
      label: menuLabel(path, o.platform),
      click: () => void o.actions.openRecent(path)
    })),
    { type: 'separator' },
    { label: 'Clear Recent', click: () => o.actions.clearRecent() }
  ]
}

/** The whole application menu. On macOS the app menu holds Quit and File ends with Close instead. */
export function buildMenuTemplate(o: MenuOptions): MenuItemConstructorOptions[] {
  const mac = o.platform === 'darwin'
  const { actions } = o
  const top = (name: string): string => (mac ? name : `&${name}`)
  const about: MenuItemConstructorOptions = { label: `About ${o.appName}`, click: () => void actions.about() }
  const template: MenuItemConstructorOptions[] = []
  if (mac) {
    template.push({
      label: o.appName,
      submenu: [
        about,
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' }
      ]
    })
  }
  template.push(
    {
      label: top('File'),
      submenu: [
        { label: 'Open Folder…', accelerator: 'CmdOrCtrl+O', click: () => void actions.openFolder() },
        { label: 'Open File…', accelerator: 'CmdOrCtrl+Shift+O', click: () => void actions.openFile() },
        { label: 'Open Recent', submenu: recentSubmenu(o) },
        { type: 'separator' },
        { label: 'Reload Index', accelerator: 'CmdOrCtrl+R', click: () => void actions.reindex() },
        { label: 'Open Demo Workspace', click: () => void actions.openDemo() },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' }
      ]
    },
    {
      label: top('Edit'),
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'delete' },
        { type: 'separator' },
        { role: 'selectAll' }
      ]
    },
    {
      label: top('View'),
      submenu: [
        // CmdOrCtrl+R belongs to Reload Index, so the dev-only window reload moves to F5.
        ...(o.isDev
          ? ([
              { role: 'reload', accelerator: 'F5' },
              { role: 'toggleDevTools' },
              { type: 'separator' }
            ] as MenuItemConstructorOptions[])
          : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' }
      ]
    }
  )
  if (mac) template.push({ role: 'windowMenu' })
  template.push({ label: top('Help'), role: 'help', submenu: [about] })
  return template
}

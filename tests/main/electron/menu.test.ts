import { describe, expect, it, vi } from 'vitest'
import type { MenuItemConstructorOptions } from 'electron'
import {
  buildMenuTemplate,
  createMenuActions,
  menuLabel,
  type MenuActions,
  type MenuOptions
} from '../../../src-main/electron/menu'
import { flush, makeFakeApi } from './fakes'

type Item = MenuItemConstructorOptions
const sub = (item: Item): Item[] => item.submenu as Item[]
const labels = (items: Item[]): (string | undefined)[] => items.map((i) => i.label ?? i.role ?? i.type)

/** Finds an item by its path of labels (top-level label first). */
function find(template: Item[], ...path: string[]): Item {
  let items = template
  let found: Item | undefined
  for (const label of path) {
    found = items.find((i) => i.label === label)
    if (!found) throw new Error(`no menu item ${label} in [${labels(items).join(', ')}]`)
    items = (found.submenu as Item[]) ?? []
  }
  return found!
}
const click = (item: Item): void => (item.click as unknown as () => void)()

function setup(over: Partial<MenuOptions> = {}, picked: string[] = ['/runs/a', '/runs/b']) {
  const api = makeFakeApi()
  const deps = {
    api,
    pickPaths: vi.fn(async (_kind: 'folder' | 'file') => picked),
    clearRecent: vi.fn(),
    showAbout: vi.fn(async () => {}),
    onError: vi.fn()
  }
  const actions: MenuActions = createMenuActions(deps)
  const template = buildMenuTemplate({
    platform: 'linux',
    isDev: false,
    appName: 'Rollscope',
    recent: [],
    actions,
    ...over
  })
  return { api, deps, template }
}

describe('menu template', () => {
  it('Linux/Windows: File, Edit, View, Help with the documented File items', () => {
    const { template } = setup()
    expect(labels(template)).toEqual(['&File', '&Edit', '&View', '&Help'])
    const file = sub(template[0])
    expect(labels(file)).toEqual([
      'Open Folder…',
      'Open File…',
      'Open Recent',
      'separator',
      'Reload Index',
      'Open Demo Workspace',
      'separator',
      'quit'
    ])
    expect(find(template, '&File', 'Open Folder…').accelerator).toBe('CmdOrCtrl+O')
    expect(find(template, '&File', 'Reload Index').accelerator).toBe('CmdOrCtrl+R')
    expect(labels(sub(template[1]))).toEqual([
      'undo',
      'redo',
      'separator',
      'cut',
      'copy',
      'paste',
      'delete',
      'separator',
      'selectAll'
    ])
    expect(labels(sub(template[3]))).toEqual(['About Rollscope'])
  })

  it('View has window reload and devtools only in dev, and reload does not take CmdOrCtrl+R', () => {
    const prod = sub(setup().template[2])
    expect(labels(prod)).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'separator', 'togglefullscreen'])
    const dev = sub(setup({ isDev: true }).template[2])
    expect(labels(dev)).toEqual([
      'reload',
      'toggleDevTools',
      'separator',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'separator',
      'togglefullscreen'
    ])
    expect(dev[0].accelerator).toBe('F5')
  })

  it('macOS: an app menu holds About and Quit; File ends with Close; a Window menu', () => {
    const { template } = setup({ platform: 'darwin' })
    expect(labels(template)).toEqual(['Rollscope', 'File', 'Edit', 'View', 'windowMenu', 'Help'])
    expect(labels(sub(template[0]))).toEqual([
      'About Rollscope',
      'separator',
      'services',
      'separator',
      'hide',
      'hideOthers',
      'unhide',
      'separator',
      'quit'
    ])
    expect(sub(template[1]).at(-1)).toEqual({ role: 'close' })
    expect(sub(template[1]).some((i) => i.role === 'quit')).toBe(false)
  })

  it('Open Recent lists the recent paths (ampersands escaped off macOS), or a disabled placeholder', () => {
    const empty = find(setup().template, '&File', 'Open Recent')
    expect(sub(empty)).toEqual([{ label: 'No Recent Items', enabled: false }])
    const full = find(setup({ recent: ['/runs/R&D', '/runs/b'] }).template, '&File', 'Open Recent')
    expect(labels(sub(full))).toEqual(['/runs/R&&D', '/runs/b', 'separator', 'Clear Recent'])
    expect(menuLabel('/a&b', 'darwin')).toBe('/a&b')
    expect(menuLabel('/a&b&c', 'win32')).toBe('/a&&b&&c')
  })
})

describe('menu actions', () => {
  it('Open Folder… picks folders and adds them to the engine', async () => {
    const { api, deps, template } = setup()
    click(find(template, '&File', 'Open Folder…'))
    await flush()
    expect(deps.pickPaths).toHaveBeenCalledExactlyOnceWith('folder')
    expect(api.addPaths).toHaveBeenCalledExactlyOnceWith(['/runs/a', '/runs/b'])
  })

  it('Open File… picks files; a cancelled dialog adds nothing', async () => {
    const { api, deps, template } = setup({}, [])
    click(find(template, '&File', 'Open File…'))
    await flush()
    expect(deps.pickPaths).toHaveBeenCalledExactlyOnceWith('file')
    expect(api.addPaths).not.toHaveBeenCalled()
  })

  it('Reload Index, Open Demo Workspace, a recent item, Clear Recent and About call what they say', async () => {
    const { api, deps, template } = setup({ recent: ['/runs/old'] })
    click(find(template, '&File', 'Reload Index'))
    click(find(template, '&File', 'Open Demo Workspace'))
    click(find(template, '&File', 'Open Recent', '/runs/old'))
    click(find(template, '&File', 'Open Recent', 'Clear Recent'))
    click(find(template, '&Help', 'About Rollscope'))
    await flush()
    expect(api.reindex).toHaveBeenCalledExactlyOnceWith({ force: false })
    expect(api.openDemo).toHaveBeenCalledTimes(1)
    expect(api.addPaths).toHaveBeenCalledExactlyOnceWith(['/runs/old'])
    expect(deps.clearRecent).toHaveBeenCalledTimes(1)
    expect(deps.showAbout).toHaveBeenCalledTimes(1)
    expect(deps.onError).not.toHaveBeenCalled()
  })

  it('a failing action is reported through onError, not left as an unhandled rejection', async () => {
    const { api, deps, template } = setup({ recent: ['/gone'] })
    const boom = new Error('path does not exist: /gone')
    api.addPaths.mockRejectedValueOnce(boom)
    click(find(template, '&File', 'Open Recent', '/gone'))
    await flush()
    expect(deps.onError).toHaveBeenCalledExactlyOnceWith('Could not open a recent item', boom)
  })
})

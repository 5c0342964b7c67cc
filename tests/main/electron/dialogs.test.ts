import { describe, expect, it, vi } from 'vitest'
import type { BrowserWindow, Dialog } from 'electron'
import { openDialogOptions, pickPaths, showAbout } from '../../../src-main/electron/dialogs'
import { FakeWindow } from './fakes'

const fakeDialog = (result: { canceled: boolean; filePaths: string[] }) => ({
  showOpenDialog: vi.fn(async () => result),
  showMessageBox: vi.fn(async () => ({ response: 0, checkboxChecked: false }))
})

describe('dialogs', () => {
  it('folder: openDirectory + multiSelections, modal to the window', async () => {
    const dialog = fakeDialog({ canceled: false, filePaths: ['/runs/base', '/runs/trained'] })
    const win = new FakeWindow({})
    const paths = await pickPaths(dialog as unknown as Dialog, win as unknown as BrowserWindow, 'folder')
    expect(paths).toEqual(['/runs/base', '/runs/trained'])
    expect(dialog.showOpenDialog).toHaveBeenCalledExactlyOnceWith(win, {
      title: 'Open Folder',
      properties: ['openDirectory', 'multiSelections']
    })
  })

  it('file: openFile + multiSelections with a trace filter; no parent → plain dialog', async () => {
    const dialog = fakeDialog({ canceled: false, filePaths: ['/r/results.jsonl'] })
    expect(await pickPaths(dialog as unknown as Dialog, null, 'file')).toEqual(['/r/results.jsonl'])
    expect(dialog.showOpenDialog).toHaveBeenCalledExactlyOnceWith(openDialogOptions('file'))
    expect(openDialogOptions('file').properties).toEqual(['openFile', 'multiSelections'])
    expect(openDialogOptions('file').filters?.[0]).toEqual({ name: 'Traces', extensions: ['jsonl', 'json', 'zip'] })
  })

  it('a cancelled dialog yields no paths, whatever filePaths says', async () => {
    const dialog = fakeDialog({ canceled: true, filePaths: ['/ignored'] })
    expect(await pickPaths(dialog as unknown as Dialog, null, 'folder')).toEqual([])
  })

  it('About shows name and versions', async () => {
    const dialog = fakeDialog({ canceled: true, filePaths: [] })
    await showAbout(dialog as unknown as Dialog, null, {
      name: 'Rollscope',
      version: '0.1.0',
      versions: { electron: '45.4.1', node: '24.1.0' }
    })
    expect(dialog.showMessageBox).toHaveBeenCalledExactlyOnceWith({
      type: 'info',
      title: 'About Rollscope',
      message: 'Rollscope',
      detail: 'Version 0.1.0\nElectron 45.4.1\nNode.js 24.1.0',
      buttons: ['OK']
    })
  })
})

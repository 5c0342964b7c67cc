/**
 * `npm start` with the Electron binary missing (issue 15, item 8): downloaded on the first start, and when that
 * fails (offline) one clear message naming the browser mode, never the download's stack trace. Electron is absent
 * here: the package folder, its files, the download and the launch are fakes.
 */
import { describe, expect, it, vi } from 'vitest'
import { downloadFailure, locateElectron, missingElectronMessage } from '../../../src-main/electron/electron-binary'
import { startDesktop, type DesktopStart } from '../../../src-main/electron/desktop-start'

/** What @electron/get prints offline (its stack trace, through electron's install.js). */
const OFFLINE_OUTPUT = `RequestError: getaddrinfo ENOTFOUND github.com
    at ClientRequest.<anonymous> (/p/node_modules/got/dist/source/core/index.js:970:111)
    at Object.onceWrapper (node:events:634:26)
    at ClientRequest.emit (node:events:531:35)
    at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:dns:120:26)
`

/** A fake file system: the paths that exist, with their text. */
function filesOf(tree: Record<string, string>) {
  return { exists: (p: string) => p in tree, read: (p: string) => tree[p] ?? null }
}

function host(tree: Record<string, string>, over: Partial<DesktopStart> = {}) {
  const said: string[] = []
  const launch = vi.fn(async (_binary: string) => 0)
  const download = vi.fn((_dir: string) => ({ ok: false, output: OFFLINE_OUTPUT }))
  const h: DesktopStart = {
    electronDir: '/p/node_modules/electron',
    env: {},
    files: filesOf(tree),
    download,
    launch,
    say: (t) => void said.push(t),
    ...over
  }
  return { h, said, launch, download }
}

const READY = { '/p/node_modules/electron/path.txt': 'electron', '/p/node_modules/electron/dist/electron': 'ELF' }

describe('locateElectron', () => {
  it('reads path.txt the way the electron package does, and checks the binary is there', () => {
    expect(locateElectron('/e', {}, filesOf({ '/e/path.txt': 'electron\n', '/e/dist/electron': '' }))).toEqual({
      kind: 'ready',
      path: '/e/dist/electron'
    })
    expect(locateElectron('/e', {}, filesOf({}))).toEqual({ kind: 'missing' })
    // path.txt written, the binary gone (an interrupted unzip)
    expect(locateElectron('/e', {}, filesOf({ '/e/path.txt': 'electron' }))).toEqual({ kind: 'missing' })
    const override = { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' }
    expect(locateElectron('/e', override, filesOf({ '/opt/electron/electron': '' }))).toEqual({
      kind: 'ready',
      path: '/opt/electron/electron'
    })
  })
})

describe('downloadFailure', () => {
  it('finds the line that says what went wrong, not the stack', () => {
    expect(downloadFailure(OFFLINE_OUTPUT)).toEqual({
      line: 'RequestError: getaddrinfo ENOTFOUND github.com',
      network: true
    })
    expect(downloadFailure('Error: connect ETIMEDOUT 140.82.121.3:443\n    at x').network).toBe(true)
    // Node's own fetch (newer @electron/get) hides the cause: this one line is all install.js prints offline
    expect(downloadFailure('TypeError: fetch failed\n')).toEqual({ line: 'TypeError: fetch failed', network: true })
    expect(downloadFailure('Error: EACCES: permission denied, mkdir /home/ada/.cache\n    at y')).toEqual({
      line: 'Error: EACCES: permission denied, mkdir /home/ada/.cache',
      network: false
    })
    expect(downloadFailure('').line).toBe('no output')
  })
})

describe('missingElectronMessage', () => {
  it('says what happened and that `npx rollscope serve [PATH]` runs the same app in the browser', () => {
    const text = missingElectronMessage(OFFLINE_OUTPUT)
    expect(text).toContain(
      "cannot start the desktop app: Electron's binary is not installed yet, and downloading it failed: no network (RequestError: getaddrinfo ENOTFOUND github.com)."
    )
    expect(text).toContain('npx rollscope serve [PATH]')
    expect(text).toContain('runs in your browser, without Electron and without network')
    expect(text).not.toContain('    at ')
    expect(text).not.toContain('install-electron') // the package's own advice needs the network too
    expect(missingElectronMessage(null)).toContain('node_modules/electron is missing')
    expect(missingElectronMessage('Error: EACCES: permission denied')).toContain(
      'downloading it failed (Error: EACCES: permission denied).'
    )
  })
})

describe('startDesktop', () => {
  it('starts the binary that is there, without downloading', async () => {
    const { h, launch, download, said } = host(READY)
    expect(await startDesktop(h)).toBe(0)
    expect(launch).toHaveBeenCalledWith('/p/node_modules/electron/dist/electron')
    expect(download).not.toHaveBeenCalled()
    expect(said).toEqual([])
  })

  it('downloads on the first start, then starts it', async () => {
    const tree: Record<string, string> = {}
    const { h, launch, said } = host(tree, {
      download: () => {
        Object.assign(tree, READY)
        return { ok: true, output: '' }
      }
    })
    expect(await startDesktop(h)).toBe(0)
    expect(launch).toHaveBeenCalledWith('/p/node_modules/electron/dist/electron')
    expect(said).toEqual(['Rollscope: downloading Electron for the desktop app (first start only)…'])
  })

  it('offline: says what happened and names the browser mode, exits 1, launches nothing', async () => {
    const { h, launch, said } = host({})
    expect(await startDesktop(h)).toBe(1)
    expect(launch).not.toHaveBeenCalled()
    expect(said[1]).toBe(missingElectronMessage(OFFLINE_OUTPUT))
  })

  it('without the electron package at all: the same advice, no download tried', async () => {
    const { h, download, said } = host({}, { electronDir: null })
    expect(await startDesktop(h)).toBe(1)
    expect(download).not.toHaveBeenCalled()
    expect(said).toEqual([missingElectronMessage(null)])
  })

  it('passes Electron’s exit code on', async () => {
    const { h } = host(READY, { launch: async () => 3 })
    expect(await startDesktop(h)).toBe(3)
  })
})

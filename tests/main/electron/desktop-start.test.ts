/**
 * `npm start` with the Electron binary missing (issue 15, item 8): downloaded on the first start, and when that
 * fails (offline) one clear message naming the browser mode, never the download's stack trace. Electron is absent
 * here: the package folder, its files, the download and the launch are fakes.
 */
import { describe, expect, it, vi } from 'vitest'
import { downloadFailure, locateElectron, missingElectronMessage } from '../../../src-main/electron/electron-binary'
import { startDesktop, type DesktopStart } from '../../../src-main/electron/desktop-start'
import { checkSandbox, sandboxOptedOut, type SandboxFacts } from '../../../src-main/electron/linux-sandbox'

/** What @electron/get prints offline (its stack trace, through electron's install.js). */
const OFFLINE_OUTPUT = `RequestError: getaddrinfo ENOTFOUND github.com
    at ClientRequest.<anonymous> (/p/node_modules/got/dist/source/core/index.js:970:111)
    at Object.onceWrapper (node:events:634:26)
    at ClientRequest.emit (node:events:531:35)
    at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:dns:120:26)
`

/** A fake file system: the paths that exist, with their text, and the owner and mode of some of them. */
function filesOf(tree: Record<string, string>, stats: Record<string, { uid: number; mode: number }> = {}) {
  return {
    exists: (p: string) => p in tree,
    read: (p: string) => tree[p] ?? null,
    stat: (p: string) => stats[p] ?? (p in tree ? { uid: 1000, mode: 0o100644 } : null)
  }
}

function host(tree: Record<string, string>, over: Partial<DesktopStart> = {}) {
  const said: string[] = []
  const launch = vi.fn(async (_binary: string, _args: string[], _env: Record<string, string | undefined>) => ({
    code: 0,
    signal: null
  }))
  const download = vi.fn((_dir: string) => ({ ok: false, output: OFFLINE_OUTPUT }))
  const h: DesktopStart = {
    electronDir: '/p/node_modules/electron',
    appDir: '/p',
    args: [],
    env: {},
    cwd: '/p',
    platform: 'linux',
    uid: 1000,
    files: filesOf(tree),
    download,
    launch,
    say: (t) => void said.push(t),
    ...over
  }
  return { h, said, launch, download }
}

const READY = { '/p/node_modules/electron/path.txt': 'electron', '/p/node_modules/electron/dist/electron': 'ELF' }
const HELPER = '/p/node_modules/electron/dist/chrome-sandbox'
/** Ubuntu 24.04: user namespaces restricted, chrome-sandbox as npm unpacked it (the user's, 0755). */
const UBUNTU = { ...READY, '/proc/sys/kernel/apparmor_restrict_unprivileged_userns': '1\n', [HELPER]: 'ELF' }
const userHelper = { [HELPER]: { uid: 1000, mode: 0o100755 } }
const rootHelper = { [HELPER]: { uid: 0, mode: 0o104755 } }

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
    expect(launch).toHaveBeenCalledWith('/p/node_modules/electron/dist/electron', ['/p'], {})
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
    expect(launch.mock.calls[0][0]).toBe('/p/node_modules/electron/dist/electron')
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
    const { h } = host(READY, { launch: async () => ({ code: 3, signal: null }) })
    expect(await startDesktop(h)).toBe(3)
  })
})

describe('checkSandbox', () => {
  const facts = (over: Partial<SandboxFacts> = {}): SandboxFacts => ({
    platform: 'linux',
    uid: 1000,
    apparmorRestrictUserns: null,
    usernsClone: null,
    helper: { uid: 1000, mode: 0o100755 },
    helperPath: HELPER,
    ...over
  })

  it('user namespaces allowed, or a helper owned by root with mode 4755: the sandbox starts', () => {
    expect(checkSandbox(facts(), false)).toEqual({ kind: 'ok' })
    expect(checkSandbox(facts({ apparmorRestrictUserns: '0\n', usernsClone: '1\n' }), false)).toEqual({ kind: 'ok' })
    const root4755 = { uid: 0, mode: 0o104755 }
    expect(checkSandbox(facts({ apparmorRestrictUserns: '1\n', helper: root4755 }), false)).toEqual({ kind: 'ok' })
    expect(checkSandbox(facts({ usernsClone: '0', helper: root4755 }), false)).toEqual({ kind: 'ok' })
  })

  it('user namespaces restricted and the helper unusable: doubtful, naming which restriction', () => {
    expect(checkSandbox(facts({ apparmorRestrictUserns: '1\n' }), false)).toEqual({
      kind: 'doubtful',
      cause: 'apparmor'
    })
    expect(checkSandbox(facts({ usernsClone: '0\n' }), false)).toEqual({ kind: 'doubtful', cause: 'clone' })
    // root-owned without the setuid bit, setuid but not root's, or missing
    for (const helper of [{ uid: 0, mode: 0o100755 }, { uid: 1000, mode: 0o104755 }, null]) {
      expect(checkSandbox(facts({ apparmorRestrictUserns: '1', helper }), false).kind).toBe('doubtful')
    }
  })

  it('root is refused unless the sandbox is turned off; other systems are not checked', () => {
    expect(checkSandbox(facts({ uid: 0 }), false)).toEqual({ kind: 'refused' })
    expect(checkSandbox(facts({ uid: 0 }), true)).toEqual({ kind: 'off' })
    expect(checkSandbox(facts({ platform: 'darwin', uid: 0, apparmorRestrictUserns: '1' }), false)).toEqual({
      kind: 'ok'
    })
    expect(checkSandbox(facts({ platform: 'win32', uid: null }), false)).toEqual({ kind: 'ok' })
  })

  it('the sandbox is off with ROLLSCOPE_NO_SANDBOX=1, ELECTRON_DISABLE_SANDBOX or --no-sandbox', () => {
    expect(sandboxOptedOut({ ROLLSCOPE_NO_SANDBOX: '1' }, [])).toBe(true)
    expect(sandboxOptedOut({ ELECTRON_DISABLE_SANDBOX: '1' }, [])).toBe(true)
    expect(sandboxOptedOut({}, ['--no-sandbox'])).toBe(true)
    expect(sandboxOptedOut({ ROLLSCOPE_NO_SANDBOX: '0' }, [])).toBe(false)
    expect(sandboxOptedOut({ ROLLSCOPE_NO_SANDBOX: '' }, ['./runs'])).toBe(false)
  })
})

describe('startDesktop on Linux: the sandbox', () => {
  it("restricted user namespaces and the user's chrome-sandbox: says why and every fix, then launches anyway", async () => {
    const { h, said, launch } = host(UBUNTU, { files: filesOf(UBUNTU, userHelper) })
    expect(await startDesktop(h)).toBe(0)
    expect(launch).toHaveBeenCalledTimes(1)
    expect(launch.mock.calls[0][1]).toEqual(['/p'])
    const text = said.join('\n')
    expect(text).toContain('kernel.apparmor_restrict_unprivileged_userns = 1')
    expect(text).toContain(`${HELPER}, is not owned by root with mode 4755 (owner uid 1000, mode 755)`)
    expect(text).toContain('FATAL:setuid_sandbox_host.cc')
    expect(text).toContain(`sudo chown root:root ${HELPER} && sudo chmod 4755 ${HELPER}`)
    expect(text).toContain('sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0')
    expect(text).toContain('ROLLSCOPE_NO_SANDBOX=1 npm start')
    expect(text).toContain("(passes --no-sandbox to Electron: this turns Chromium's sandbox off")
  })

  it('unprivileged_userns_clone = 0 names its own sysctl; a missing helper is not offered a chown', async () => {
    const tree = { ...READY, '/proc/sys/kernel/unprivileged_userns_clone': '0\n' }
    const { h, said } = host(tree)
    expect(await startDesktop(h)).toBe(0)
    const text = said.join('\n')
    expect(text).toContain('kernel.unprivileged_userns_clone = 0')
    expect(text).toContain('sudo sysctl -w kernel.unprivileged_userns_clone=1')
    expect(text).toContain(`${HELPER}, is missing`)
    expect(text).not.toContain('sudo chown')
  })

  it('nothing is said when chrome-sandbox is root-owned with mode 4755, or namespaces are free', async () => {
    const fixed = host(UBUNTU, { files: filesOf(UBUNTU, rootHelper) })
    expect(await startDesktop(fixed.h)).toBe(0)
    expect(fixed.said).toEqual([])
    const free = host(READY, { files: filesOf(READY, userHelper) })
    expect(await startDesktop(free.h)).toBe(0)
    expect(free.said).toEqual([])
  })

  it('as root: says Electron refuses, exits 1 without launching', async () => {
    const { h, said, launch } = host(READY, { uid: 0 })
    expect(await startDesktop(h)).toBe(1)
    expect(launch).not.toHaveBeenCalled()
    expect(said.join('\n')).toContain('cannot start the desktop app as root')
    expect(said.join('\n')).toContain('ROLLSCOPE_NO_SANDBOX=1 npm start')
  })

  it('ROLLSCOPE_NO_SANDBOX=1 passes --no-sandbox to Electron (even as root) and says the sandbox is off', async () => {
    const { h, said, launch } = host(UBUNTU, { uid: 0, env: { ROLLSCOPE_NO_SANDBOX: '1' }, args: ['/runs'] })
    expect(await startDesktop(h)).toBe(0)
    expect(launch.mock.calls[0][1]).toEqual(['--no-sandbox', '/p', '/runs'])
    expect(said).toEqual(["Rollscope: starting Electron with --no-sandbox: Chromium's sandbox is off."])
    // asked for on the command line: passed once
    const twice = host(READY, { args: ['--no-sandbox'] })
    await startDesktop(twice.h)
    expect(twice.launch.mock.calls[0][1]).toEqual(['/p', '--no-sandbox'])
  })

  it('other systems read no /proc file and no helper', async () => {
    const files = { ...filesOf(READY), stat: vi.fn(() => null), read: vi.fn(filesOf(READY).read) }
    const { h, said } = host(READY, { platform: 'darwin', uid: 501, files })
    expect(await startDesktop(h)).toBe(0)
    expect(said).toEqual([])
    expect(files.stat).not.toHaveBeenCalled()
    expect(files.read.mock.calls.map((c) => c[0])).toEqual(['/p/node_modules/electron/path.txt'])
  })
})

describe('startDesktop: how Electron ended', () => {
  it('stopped by a signal: says which, and exits 1', async () => {
    const { h, said } = host(READY, { launch: async () => ({ code: null, signal: 'SIGKILL' }) })
    expect(await startDesktop(h)).toBe(1)
    expect(said).toEqual(['Rollscope: Electron stopped by SIGKILL.'])
  })

  it('SIGTRAP on Linux: adds the sandbox hint with the fixes', async () => {
    const { h, said } = host(READY, { launch: async () => ({ code: null, signal: 'SIGTRAP' }) })
    expect(await startDesktop(h)).toBe(1)
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(/^Rollscope: Electron stopped by SIGTRAP\.\n/)
    expect(said[0]).toContain('FATAL:setuid_sandbox_host.cc')
    expect(said[0]).toContain(`sudo chown root:root ${HELPER} && sudo chmod 4755 ${HELPER}`)
    expect(said[0]).toContain('ROLLSCOPE_NO_SANDBOX=1 npm start')
    const mac = host(READY, { platform: 'darwin', launch: async () => ({ code: null, signal: 'SIGTRAP' }) })
    await startDesktop(mac.h)
    expect(mac.said).toEqual(['Rollscope: Electron stopped by SIGTRAP.'])
  })

  it('could not start the process at all: says so, exits 1', async () => {
    const { h, said } = host(READY, { launch: async () => ({ error: 'spawn EACCES' }) })
    expect(await startDesktop(h)).toBe(1)
    expect(said).toEqual(['Rollscope: could not start Electron (/p/node_modules/electron/dist/electron): spawn EACCES'])
  })
})

describe('startDesktop: what Electron is given', () => {
  it('relative paths resolved where `npm start` was typed (INIT_CWD), flags unchanged', async () => {
    const args = ['./runs', 'a.jsonl', '--inspect=9229', '/abs/b', '../c', '--', '-dash.jsonl']
    const { h, launch } = host(READY, { args, env: { INIT_CWD: '/home/ada/evals' } })
    await startDesktop(h)
    expect(launch.mock.calls[0][1]).toEqual([
      '/p',
      '/home/ada/evals/runs',
      '/home/ada/evals/a.jsonl',
      '--inspect=9229',
      '/abs/b',
      '/home/ada/c',
      '--',
      '/home/ada/evals/-dash.jsonl'
    ])
    // run without npm: this process's own directory
    const direct = host(READY, { args: ['runs'], cwd: '/srv/checkout' })
    await startDesktop(direct.h)
    expect(direct.launch.mock.calls[0][1]).toEqual(['/p', '/srv/checkout/runs'])
  })

  it('without ELECTRON_RUN_AS_NODE, and with a relative ROLLSCOPE_DB made absolute the way the CLI reads it', async () => {
    const env = { ELECTRON_RUN_AS_NODE: '1', INIT_CWD: '/home/ada', ROLLSCOPE_DB: 'dbs/r.db', HOME: '/home/ada' }
    const { h, launch } = host(READY, { env })
    await startDesktop(h)
    expect(launch.mock.calls[0][2]).toEqual({
      INIT_CWD: '/home/ada',
      ROLLSCOPE_DB: '/home/ada/dbs/r.db',
      HOME: '/home/ada'
    })
    expect(env.ELECTRON_RUN_AS_NODE).toBe('1') // this process's own environment is left alone
  })
})

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { forwardedLaunch, pathsFromArgv } from '../../../src-main/electron/cli-args'

describe('pathsFromArgv', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rollscope-argv-'))
    await writeFile(join(dir, 'results.jsonl'), '{}\n')
    await mkdir(join(dir, 'runs'))
    await writeFile(join(dir, '-dash.jsonl'), '{}\n')
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('dev: skips the electron binary and the app path, flags and missing paths; resolves against cwd', () => {
    const argv = [
      '/usr/lib/electron/electron',
      dir,
      'results.jsonl',
      '--inspect=9229',
      join(dir, 'runs'),
      'nope.jsonl',
      '-v'
    ]
    expect(pathsFromArgv(argv, { isPackaged: false, cwd: dir, appPath: '/opt/app' })).toEqual([
      join(dir, 'results.jsonl'),
      join(dir, 'runs')
    ])
  })

  it('packaged: only the executable is skipped', () => {
    const argv = [join(dir, 'results.jsonl'), 'runs', './results.jsonl']
    // argv[0] is the executable even though it exists; './results.jsonl' is kept once.
    expect(pathsFromArgv(argv, { isPackaged: true, cwd: dir, appPath: '/opt/app' })).toEqual([
      join(dir, 'runs'),
      join(dir, 'results.jsonl')
    ])
  })

  it('drops duplicates, including the same path spelled two ways', () => {
    const argv = ['exe', 'results.jsonl', join(dir, 'runs', '..', 'results.jsonl'), `${dir}/results.jsonl`]
    expect(pathsFromArgv(argv, { isPackaged: true, cwd: dir, appPath: '/opt/app' })).toEqual([
      join(dir, 'results.jsonl')
    ])
  })

  it('after `--` a dash-named file is a path, not a flag', () => {
    expect(pathsFromArgv(['exe', '-dash.jsonl'], { isPackaged: true, cwd: dir, appPath: '/opt/app' })).toEqual([])
    expect(pathsFromArgv(['exe', '--', '-dash.jsonl'], { isPackaged: true, cwd: dir, appPath: '/opt/app' })).toEqual([
      join(dir, '-dash.jsonl')
    ])
  })

  it('returns nothing for an argv with no arguments, and uses the injected exists()', () => {
    expect(pathsFromArgv(['electron', '.'], { isPackaged: false, cwd: dir, appPath: '/opt/app' })).toEqual([])
    const seen: string[] = []
    const exists = (p: string): boolean => (seen.push(p), p.endsWith('b'))
    expect(pathsFromArgv(['exe', 'a', '/x/b'], { isPackaged: true, cwd: '/w', appPath: '/opt/app', exists })).toEqual([
      '/x/b'
    ])
    expect(seen).toEqual(['/w/a', '/x/b'])
  })

  it("never the app's own path: Chromium's switches come before it in a second instance's argv", () => {
    const app = join(dir, 'app')
    const exists = (): boolean => true
    // `npm start` again: the launcher's --no-sandbox, then the project folder, then what was named
    const argv = ['/p/node_modules/electron/dist/electron', '--no-sandbox', app, join(dir, 'runs')]
    expect(pathsFromArgv(argv, { isPackaged: false, cwd: dir, appPath: app, exists })).toEqual([join(dir, 'runs')])
    const second = ['/e/electron', '--allow-file-access-from-files', '--enable-avfoundation', app]
    expect(pathsFromArgv(second, { isPackaged: false, cwd: dir, appPath: app, exists })).toEqual([])
    // spelled relative to where it was started (`electron .` from the project)
    expect(pathsFromArgv(['exe', '.', './runs'], { isPackaged: true, cwd: app, appPath: `${app}/`, exists })).toEqual([
      join(app, 'runs')
    ])
  })
})

describe('forwardedLaunch', () => {
  const argv = ['/e/electron', '--switch', '/p']
  it("uses the second instance's own argv and directory when well formed", () => {
    expect(forwardedLaunch({ argv: ['/e/electron', '/p', 'runs'], cwd: '/home/ada' }, argv, '/x')).toEqual({
      argv: ['/e/electron', '/p', 'runs'],
      cwd: '/home/ada'
    })
  })

  it("falls back to Electron's argv for anything else (it comes from another process)", () => {
    for (const data of [
      undefined,
      null,
      'argv',
      [],
      {},
      { argv: 'runs', cwd: '/h' },
      { argv: ['a', 1], cwd: '/h' },
      { argv: ['a'], cwd: 'relative' },
      { argv: ['a'] },
      { argv: new Array(10_001).fill('a'), cwd: '/h' }
    ]) {
      expect(forwardedLaunch(data, argv, '/x'), JSON.stringify(data)?.slice(0, 40)).toEqual({ argv, cwd: '/x' })
    }
  })
})

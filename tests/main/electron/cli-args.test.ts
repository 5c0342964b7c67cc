import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { pathsFromArgv } from '../../../src-main/electron/cli-args'

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
    expect(pathsFromArgv(argv, { isPackaged: false, cwd: dir })).toEqual([
      join(dir, 'results.jsonl'),
      join(dir, 'runs')
    ])
  })

  it('packaged: only the executable is skipped', () => {
    const argv = [join(dir, 'results.jsonl'), 'runs', './results.jsonl']
    // argv[0] is the executable even though it exists; './results.jsonl' is kept once.
    expect(pathsFromArgv(argv, { isPackaged: true, cwd: dir })).toEqual([join(dir, 'runs'), join(dir, 'results.jsonl')])
  })

  it('drops duplicates, including the same path spelled two ways', () => {
    const argv = ['exe', 'results.jsonl', join(dir, 'runs', '..', 'results.jsonl'), `${dir}/results.jsonl`]
    expect(pathsFromArgv(argv, { isPackaged: true, cwd: dir })).toEqual([join(dir, 'results.jsonl')])
  })

  it('after `--` a dash-named file is a path, not a flag', () => {
    expect(pathsFromArgv(['exe', '-dash.jsonl'], { isPackaged: true, cwd: dir })).toEqual([])
    expect(pathsFromArgv(['exe', '--', '-dash.jsonl'], { isPackaged: true, cwd: dir })).toEqual([
      join(dir, '-dash.jsonl')
    ])
  })

  it('returns nothing for an argv with no arguments, and uses the injected exists()', () => {
    expect(pathsFromArgv(['electron', '.'], { isPackaged: false, cwd: dir })).toEqual([])
    const seen: string[] = []
    const exists = (p: string): boolean => (seen.push(p), p.endsWith('b'))
    expect(pathsFromArgv(['exe', 'a', '/x/b'], { isPackaged: true, cwd: '/w', exists })).toEqual(['/x/b'])
    expect(seen).toEqual(['/w/a', '/x/b'])
  })
})

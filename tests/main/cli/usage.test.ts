import { describe, expect, it } from 'vitest'
import { version } from '../../../package.json'
import { runFake, tempWorkspace } from './run-helper'

describe('rollscope usage and exit codes', () => {
  it('prints the version with --version and -V', async () => {
    for (const flag of ['--version', '-V']) {
      const r = await runFake([flag])
      expect(r.code).toBe(0)
      expect(r.stdout).toBe(`${version}\n`)
      expect(r.stderr).toBe('')
    }
  })

  it('prints the global help on stdout with --help, -h and help', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const r = await runFake(argv)
      expect(r.code).toBe(0)
      expect(r.stdout).toContain('Usage: rollscope <command> [options]')
      for (const cmd of ['index', 'runs', 'episodes', 'show', 'serve'])
        expect(r.stdout).toMatch(new RegExp(`^  ${cmd} `, 'm'))
    }
  })

  it('without a command prints the help on stderr and exits 2', async () => {
    const r = await runFake([])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain('Usage: rollscope <command>')
  })

  it('prints per-command help with --help, -h and help CMD, without opening the engine', async () => {
    for (const argv of [
      ['episodes', '--help'],
      ['episodes', '-h'],
      ['help', 'episodes'],
      ['--help', 'episodes']
    ]) {
      const r = await runFake(argv)
      expect(r.code).toBe(0)
      expect(r.stdout).toContain('Usage: rollscope episodes RUN')
      expect(r.stdout).toContain('--filter EXPR')
      expect(r.engines).toHaveLength(0)
    }
  })

  it('rejects an unknown command with exit 2 and a pointer to --help', async () => {
    const r = await runFake(['frobnicate'])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe("rollscope: unknown command 'frobnicate'\nRun 'rollscope --help' for usage.\n")
  })

  it('rejects unknown flags with exit 2, before or after the command', async () => {
    const { db } = tempWorkspace()
    for (const argv of [
      ['runs', '--bogus', '--db', db],
      ['--bogus', 'runs', '--db', db],
      ['runs', '-x']
    ]) {
      const r = await runFake(argv)
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/^rollscope: Unknown option '(--bogus|-x)'/)
      expect(r.stderr).toContain("Run 'rollscope runs --help' for usage.")
      expect(r.engines).toHaveLength(0)
    }
  })

  it('rejects missing arguments with exit 2', async () => {
    const { db } = tempWorkspace()
    expect((await runFake(['index', '--db', db])).code).toBe(2)
    expect((await runFake(['episodes', '--db', db])).code).toBe(2)
    expect((await runFake(['show', '--db', db])).code).toBe(2)
    const r = await runFake(['episodes', '--db', db, '--filter'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('--filter needs a value')
  })

  it('rejects bad numbers with exit 2', async () => {
    const { db } = tempWorkspace()
    for (const bad of ['abc', '0', '-3', '1.5', '12abc', '']) {
      const r = await runFake(['episodes', 'run-aaaa1111', '--db', db, `--limit=${bad}`])
      expect(r.code, `--limit=${bad}`).toBe(2)
      expect(r.stderr).toContain('--limit must be an integer of 1 or more')
    }
    expect((await runFake(['episodes', 'run-aaaa1111', '--db', db, '--offset', '-1'])).code).toBe(2)
    expect((await runFake(['serve', '--db', db, '--port', '70000'])).code).toBe(2)
    expect((await runFake(['serve', '--db', db, '--port', 'http'])).code).toBe(2)
  })

  it('rejects extra positional arguments with exit 2', async () => {
    const { db } = tempWorkspace()
    expect((await runFake(['runs', 'extra', '--db', db])).code).toBe(2)
    expect((await runFake(['show', 'a', 'b', '--db', db])).code).toBe(2)
    expect((await runFake(['episodes', 'a', 'b', '--db', db])).code).toBe(2)
  })

  it('refuses a sort key the run has not, naming the keys there are (exit 2)', async () => {
    const { db } = tempWorkspace()
    const r = await runFake(['episodes', 'run-aaaa1111', '--db', db, '--sort', 'bogus key!'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('--sort bogus key!: ')
    expect(r.stderr).toContain('the columns: ordinal, reward, turns')
    expect(r.engines[0].closed).toBe(true)
  })
})

describe('--db and the default database', () => {
  it('uses --db (resolved against the working directory) over ROLLSCOPE_DB', async () => {
    const { dir } = tempWorkspace()
    const r = await runFake(['runs', '--db', 'test.db'], { cwd: dir, env: { ROLLSCOPE_DB: '/elsewhere/x.db' } })
    expect(r.code).toBe(0)
    expect(r.engines[0].options?.dbPath).toBe(`${dir}/test.db`)
    expect(r.engines[0].options?.mode).toBe('cli')
  })

  it('accepts --db before the command and as --db=FILE', async () => {
    const { db } = tempWorkspace()
    expect((await runFake(['--db', db, 'runs'])).engines[0].options?.dbPath).toBe(db)
    expect((await runFake([`--db=${db}`, 'runs'])).engines[0].options?.dbPath).toBe(db)
  })

  it('falls back to ROLLSCOPE_DB', async () => {
    const { db } = tempWorkspace()
    const r = await runFake(['runs'], { env: { ROLLSCOPE_DB: db } })
    expect(r.engines[0].options?.dbPath).toBe(db)
  })

  it('does not create a database for read commands when none exists', async () => {
    const { dir } = tempWorkspace()
    const missing = `${dir}/none.db`
    // an error, as for every read command (a mistyped --db is not an empty workspace); nothing on stdout
    const runs = await runFake(['runs', '--json', '--db', missing])
    expect(runs.code).toBe(1)
    expect(runs.stdout).toBe('')
    expect(runs.stderr).toContain(`no database at ${missing}`)
    expect(runs.engines).toHaveLength(0)
    const show = await runFake(['show', 'x', '--db', missing])
    expect(show.code).toBe(1)
    expect(show.engines).toHaveLength(0)
  })
})

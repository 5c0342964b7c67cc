import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CliIo } from '../../../src-main/cli/cli-io'
import { runCli } from '../../../src-main/cli/run-cli'
import { createFakeEngine, type FakeEngine } from './fake-engine'
import { apiCall } from '../server/http-helpers'
import { tempWorkspace } from './run-helper'

const LINE = /^Rollscope is serving at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{64}))$/

/** Starts `serve` in-process; resolves once the URL line is out. */
async function startServe(argv: string[], cwd: string) {
  let stdout = ''
  let stderr = ''
  const controller = new AbortController()
  const engines: FakeEngine[] = []
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    env: {},
    cwd,
    stderrIsTTY: false,
    stderrColumns: 80,
    staticDir: null,
    demoPath: '/demo',
    shutdown: controller.signal,
    createEngine: (options) => {
      const e = createFakeEngine()
      e.options = options
      engines.push(e)
      return e
    }
  }
  let finished = false
  const done = runCli(argv, io).finally(() => (finished = true))
  for (let i = 0; i < 500 && !stdout.includes('\n') && !finished; i++) await new Promise((r) => setTimeout(r, 10))
  return { done, stop: () => controller.abort(), out: () => stdout, err: () => stderr, engines }
}

describe('rollscope serve', () => {
  it('prints exactly one URL line, serves the tokened API, opens the demo on an empty workspace, stops cleanly', async () => {
    const { dir, db } = tempWorkspace()
    const s = await startServe(['serve', '--port', '0', '--db', db], dir)
    const lines = s.out().split('\n').filter(Boolean)
    expect(lines).toHaveLength(1)
    const m = LINE.exec(lines[0])
    expect(m).not.toBeNull()
    const port = Number(m![2])
    const engine = s.engines[0]
    expect(engine.options).toMatchObject({
      dbPath: db,
      mode: 'browser',
      demoPath: '/demo',
      indexer: 'worker',
      watch: true
    })
    expect(engine.calls.map((c) => c.method)).toEqual(['getWorkspace', 'openDemo'])

    expect((await apiCall(port, 'listRuns', [], m![3])).status).toBe(200)
    expect((await apiCall(port, 'listRuns', [], null)).status).toBe(401)

    s.stop()
    expect(await s.done).toBe(0)
    expect(engine.closed).toBe(true)
    await expect(apiCall(port, 'listRuns', [], m![3])).rejects.toThrow()
    expect(s.err()).toContain('the renderer is not built')
  })

  it('adds PATH arguments as roots instead of opening the demo', async () => {
    const { dir, db } = tempWorkspace()
    mkdirSync(join(dir, 'traces'))
    const s = await startServe(['serve', 'traces', '--port', '0', '--db', db], dir)
    expect(s.out()).toMatch(/^Rollscope is serving at /)
    expect(s.engines[0].calls.map((c) => c.method)).toEqual(['addPaths', 'getWorkspace'])
    expect(s.engines[0].calls[0].args).toEqual([[join(dir, 'traces')]])
    s.stop()
    expect(await s.done).toBe(0)
  })

  it('warns on stderr when bound to a non-loopback address', async () => {
    const { dir, db } = tempWorkspace()
    const s = await startServe(['serve', '--host', '0.0.0.0', '--port', '0', '--db', db], dir)
    expect(s.out().trim()).toMatch(LINE)
    expect(s.err()).toContain('warning: bound to 0.0.0.0, so other machines can reach this server')
    s.stop()
    expect(await s.done).toBe(0)
  })

  it('fails with exit 1 for a missing PATH or a busy port, and 2 with --json', async () => {
    const { dir, db } = tempWorkspace()
    const missing = await startServe(['serve', 'nope', '--port', '0', '--db', db], dir)
    expect(await missing.done).toBe(1)
    expect(missing.err()).toContain(`no such file or directory: ${join(dir, 'nope')}`)

    const first = await startServe(['serve', '--port', '0', '--db', db], dir)
    const port = LINE.exec(first.out().trim())![2]
    const second = await startServe(['serve', '--port', port, '--db', db], dir)
    expect(await second.done).toBe(1)
    expect(second.err()).toContain(`port ${port} is in use`)
    expect(second.engines[0].closed).toBe(true)
    first.stop()
    expect(await first.done).toBe(0)

    const json = await startServe(['serve', '--json', '--db', db], dir)
    expect(await json.done).toBe(2)
  })
})

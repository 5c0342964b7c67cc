/**
 * Playwright fixture: a fresh `rollscope serve` (browser mode) per test, on a free port with its own database in a
 * mkdtemp folder, so every test (and so every test file) starts from the demo workspace and nothing leaks between them.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { test as base } from '@playwright/test'

/** The repository root (this file lives in tests/e2e). */
export const REPO_ROOT = resolve(import.meta.dirname, '../..')
/** The built CLI the server runs from. */
export const CLI_PATH = join(REPO_ROOT, 'out/main/rollscope.js')

const URL_LINE = /^Rollscope is serving at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+))$/m
const START_TIMEOUT_MS = 20_000
const STOP_TIMEOUT_MS = 5_000

/** What a test gets: the URL the CLI printed (token included), the token alone, and `http://127.0.0.1:<port>`. */
export interface ServerInfo {
  url: string
  token: string
  baseUrl: string
  /** The temp folder holding the database; tests may write their own trace files there too. */
  tmpDir: string
}

interface Started {
  info: ServerInfo
  child: ChildProcess
  stderr: () => string
}

/** Spawns the CLI on the running Node (Node 24 when Playwright is started through npm/npx) and waits for its URL line. */
async function startServer(): Promise<Started> {
  if (!existsSync(CLI_PATH)) throw new Error(`${CLI_PATH} is missing: run \`npm run build\` first`)
  const major = Number(process.versions.node.split('.')[0])
  if (major < 22) {
    throw new Error(
      `the E2E tests need Node >= 22 (this is ${process.version}); start them with \`npx playwright test\``
    )
  }
  const tmpDir = await mkdtemp(join(tmpdir(), 'rollscope-e2e-'))
  const child = spawn(process.execPath, [CLI_PATH, 'serve', '--port', '0', '--db', join(tmpDir, 'e2e.db')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ROLLSCOPE_DB: join(tmpDir, 'e2e.db') }
  })
  let out = ''
  let err = ''
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d))
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d))

  const started = new Promise<ServerInfo>((done, fail) => {
    const why = (reason: string): Error => new Error(`rollscope serve ${reason}.\nstdout:\n${out}\nstderr:\n${err}`)
    const timer = setTimeout(() => fail(why(`printed no URL within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS)
    const check = (): void => {
      const m = URL_LINE.exec(out)
      if (!m) return
      clearTimeout(timer)
      done({ url: m[1], token: m[3], baseUrl: `http://127.0.0.1:${m[2]}`, tmpDir })
    }
    child.stdout!.on('data', check)
    child.once('error', (e) => {
      clearTimeout(timer)
      fail(why(`could not be started (${e.message})`))
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      fail(why(`exited early (code ${code}, signal ${signal})`))
    })
  })
  try {
    return { info: await started, child, stderr: () => err }
  } catch (e) {
    await stopServer(child)
    await rm(tmpDir, { recursive: true, force: true })
    throw e
  }
}

/** SIGTERM (the CLI closes the server and the database), then SIGKILL if it hangs. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
  await exited
  clearTimeout(timer)
}

/** `test` with a `server` fixture; import `test` and `expect` from here in the specs. */
export const test = base.extend<{ server: ServerInfo }>({
  server: async ({}, use, testInfo) => {
    const s = await startServer()
    try {
      await use(s.info)
    } finally {
      await stopServer(s.child)
      const stderr = s.stderr().trim()
      if (stderr && testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server-stderr', { body: stderr, contentType: 'text/plain' })
      }
      await rm(s.info.tmpDir, { recursive: true, force: true })
    }
  }
})

export { expect } from '@playwright/test'

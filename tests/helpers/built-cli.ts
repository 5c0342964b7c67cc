/**
 * The built `rollscope` (out/main/rollscope.js) as a child process, for tests that need real processes: kill -9 in
 * the middle of a job, two processes on one database, `serve` beside a CLI. `npm test` builds first; a targeted run
 * needs `npx electron-vite build` after a change to src-main (a stale build is refused, not tested).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const REPO_ROOT = resolve(import.meta.dirname, '../..')
export const CLI_PATH = join(REPO_ROOT, 'out/main/rollscope.js')

function newestSource(dir: string): number {
  let newest = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    newest = Math.max(newest, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs)
  }
  return newest
}

/** Throws unless the built CLI exists and is newer than every engine source. */
export function requireBuiltCli(): void {
  if (!existsSync(CLI_PATH)) throw new Error(`${CLI_PATH} is missing: run \`npx electron-vite build\` first`)
  if (newestSource(join(REPO_ROOT, 'src-main')) > statSync(CLI_PATH).mtimeMs)
    throw new Error(`${CLI_PATH} is older than src-main: run \`npx electron-vite build\` first`)
}

export interface Child {
  process: ChildProcess
  stdout: () => string
  stderr: () => string
  /** Exit code (null when killed by a signal) and signal. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Starts `rollscope <args>` on the Node running the tests (Node 24 under npm / npx). */
export function startCli(args: string[], env: Record<string, string> = {}): Child {
  const child = spawn(process.execPath, [CLI_PATH, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env }
  })
  let out = ''
  let err = ''
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d))
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d))
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok, fail) => {
    child.once('error', fail)
    child.once('close', (code, signal) => ok({ code, signal }))
  })
  return { process: child, stdout: () => out, stderr: () => err, done }
}

/** Runs `rollscope <args>` to its end. */
export async function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const c = startCli(args)
  const { code } = await c.done
  return { code, stdout: c.stdout(), stderr: c.stderr() }
}

/**
 * `npm start` after the build (built to out/main/launch-desktop.js, run by the project's pinned Node, not by
 * Electron): the host of desktop-start.ts, with the real file system, the electron package's own download script and
 * the Electron process (its exit code and Ctrl-C passed through, as the package's own `electron` command does).
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { startDesktop } from './desktop-start'

/** The electron package's folder, found the way Node resolves it from this project. */
function electronPackageDir(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  } catch {
    return null
  }
}

/** The project folder (this file is out/main/launch-desktop.js). */
const appDir = resolve(import.meta.dirname, '../..')

async function main(): Promise<void> {
  process.exitCode = await startDesktop({
    electronDir: electronPackageDir(),
    appDir,
    args: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    platform: process.platform,
    uid: process.getuid?.() ?? null,
    files: {
      exists: existsSync,
      read: (p) => {
        try {
          return readFileSync(p, 'utf8')
        } catch {
          return null
        }
      },
      stat: (p) => {
        try {
          const st = statSync(p)
          return { uid: st.uid, mode: st.mode }
        } catch {
          return null
        }
      }
    },
    download(dir) {
      // piped, not inherited: its stack trace is read here and said in one line
      const r = spawnSync(process.execPath, [resolve(dir, 'install.js')], { encoding: 'utf8', timeout: 15 * 60_000 })
      return { ok: r.status === 0, output: `${r.stdout ?? ''}\n${r.stderr ?? ''}\n${r.error?.message ?? ''}` }
    },
    launch(binary, args, env) {
      const child = spawn(binary, args, { stdio: 'inherit', windowsHide: false, env })
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
      return new Promise((done) => {
        child.on('error', (err) => done({ error: err.message }))
        child.on('close', (code, signal) => done({ code, signal }))
      })
    },
    say: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`)
  })
}

await main()

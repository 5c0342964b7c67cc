/**
 * Where Rollscope keeps and finds things outside Electron: the per-user database (the same folder Electron's
 * app.getPath('userData') gives, so the CLI and the desktop app share one database), the built renderer and the
 * bundled demo traces.
 */
import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join, posix, win32 } from 'node:path'

/** Electron's productName, which names the userData folder. */
export const PRODUCT_NAME = 'Rollscope'
/** File name of the database inside the userData folder. */
export const DB_FILE_NAME = 'rollscope.db'

type Env = Record<string, string | undefined>

/** The folder Electron's app.getPath('userData') returns for productName "Rollscope" on `platform`. */
export function userDataDir(env: Env = process.env, platform: string = process.platform, home = homedir()): string {
  if (platform === 'win32') {
    const appData = env.APPDATA || win32.join(home, 'AppData', 'Roaming')
    return win32.join(appData, PRODUCT_NAME)
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', PRODUCT_NAME)
  const config = env.XDG_CONFIG_HOME || posix.join(home, '.config')
  return posix.join(config, PRODUCT_NAME)
}

/** The database every front end uses unless told otherwise: `ROLLSCOPE_DB`, else `<userData>/rollscope.db`. */
export function defaultDbPath(env: Env = process.env, platform: string = process.platform, home = homedir()): string {
  if (env.ROLLSCOPE_DB) return env.ROLLSCOPE_DB
  const dir = userDataDir(env, platform, home)
  return platform === 'win32' ? win32.join(dir, DB_FILE_NAME) : posix.join(dir, DB_FILE_NAME)
}

/**
 * Looks for `relative` in `start` and each of its parents (up to `levels`), returning the first that exists.
 * Needed because the bundler moves modules into out/main/chunks/, so import.meta.dirname differs between the
 * source tree, the built entry files and their chunks.
 */
export function findUpwards(start: string, relative: string, levels = 5): string | null {
  let dir = start
  for (let i = 0; i <= levels; i++) {
    const candidate = join(dir, relative)
    if (existsSync(candidate)) return candidate
    const parent = dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  return null
}

/** The built renderer (out/renderer) seen from this module's location, or null when it was never built. */
export function defaultStaticDir(from: string = import.meta.dirname): string | null {
  // Built layout: out/main[/chunks] → out/renderer. Source layout (tests): src-main/services → out/renderer.
  const index =
    findUpwards(from, join('renderer', 'index.html'), 3) ?? findUpwards(from, join('out', 'renderer', 'index.html'))
  return index ? dirname(index) : null
}

/** The bundled demo traces (repo resources/demo) seen from this module's location, or null when not shipped. */
export function defaultDemoPath(from: string = import.meta.dirname): string | null {
  return findUpwards(from, join('resources', 'demo'))
}

/**
 * Turns a process argv (the first instance's, or the one a second instance forwards) into paths to open.
 */
import { existsSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'

export interface ArgvContext {
  /** Packaged: argv is [exe, ...args]. Dev (`electron .`): argv is [electron, appPath, ...args]. */
  isPackaged: boolean
  /** Directory relative paths are resolved against (the second instance's own working directory). */
  cwd: string
  /**
   * app.getAppPath(): never a path to open. Chromium puts its switches before it in a second instance's argv, so it
   * is not always where `isPackaged` says, and `npm start` would otherwise add the project folder as a root.
   */
  appPath: string
  /** Injected for tests; defaults to fs.existsSync. */
  exists?: (path: string) => boolean
}

/** The existing absolute paths named on a command line, in order, without duplicates. */
export function pathsFromArgv(
  argv: readonly string[],
  { isPackaged, cwd, appPath, exists = existsSync }: ArgvContext
): string[] {
  const out: string[] = []
  const app = resolve(appPath)
  let flagsOver = false
  for (const arg of argv.slice(isPackaged ? 1 : 2)) {
    if (!flagsOver && arg === '--') {
      flagsOver = true
      continue
    }
    // Chromium adds its own switches to a second instance's argv, so anything flag-like is skipped.
    if (!flagsOver && arg.startsWith('-')) continue
    if (!arg || arg.includes('\0')) continue
    const path = isAbsolute(arg) ? resolve(arg) : resolve(cwd, arg)
    if (path !== app && !out.includes(path) && exists(path)) out.push(path)
  }
  return out
}

/** What a second instance hands over through requestSingleInstanceLock: its own argv and working directory. */
export interface ForwardedLaunch {
  argv: string[]
  cwd: string
}

/**
 * The second instance's launch: its additionalData when well formed (it comes from another process, possibly an
 * older or newer build), else the argv and directory Electron reports, whose argv carries Chromium's switches.
 */
export function forwardedLaunch(additionalData: unknown, argv: readonly string[], cwd: string): ForwardedLaunch {
  if (typeof additionalData === 'object' && additionalData !== null) {
    const data = additionalData as Record<string, unknown>
    if (
      Array.isArray(data.argv) &&
      data.argv.length <= 10_000 &&
      data.argv.every((a) => typeof a === 'string') &&
      typeof data.cwd === 'string' &&
      isAbsolute(data.cwd)
    ) {
      return { argv: data.argv as string[], cwd: data.cwd }
    }
  }
  return { argv: [...argv], cwd }
}

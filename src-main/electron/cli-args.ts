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
  /** Injected for tests; defaults to fs.existsSync. */
  exists?: (path: string) => boolean
}

/** The existing absolute paths named on a command line, in order, without duplicates. */
export function pathsFromArgv(
  argv: readonly string[],
  { isPackaged, cwd, exists = existsSync }: ArgvContext
): string[] {
  const out: string[] = []
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
    if (!out.includes(path) && exists(path)) out.push(path)
  }
  return out
}

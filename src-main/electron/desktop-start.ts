/**
 * What `npm start` does after the build: find the Electron binary, download it on the first start, check that
 * Chromium's sandbox can start, start the app. When there is no binary and no way to get one, it says so and names
 * the browser mode instead of ending in a stack trace. The file system, the download and the launch are passed in
 * (launch-desktop.ts is the host).
 */
import { dirname, isAbsolute, resolve } from 'node:path'
import { locateElectron, missingElectronMessage, type ElectronFiles } from './electron-binary'
import { checkSandbox, sandboxFixes, sandboxMessage, sandboxOptedOut, type SandboxFacts } from './linux-sandbox'

/** How the Electron process ended: its exit code or the signal that stopped it, or why it could not start. */
export type LaunchEnd = { code: number | null; signal: string | null } | { error: string }

export interface DesktopStart {
  /** The electron package's folder; null when it is not installed. */
  electronDir: string | null
  /** The project folder, the app Electron loads. */
  appDir: string
  /** What followed `npm start --`. */
  args: readonly string[]
  env: Record<string, string | undefined>
  /** This process's working directory (npm's: the project root). */
  cwd: string
  platform: string
  /** process.getuid(); null where there is none. */
  uid: number | null
  files: ElectronFiles & {
    /** Owner and mode of a file, or null when it is missing. */
    stat(path: string): { uid: number; mode: number } | null
  }
  /** Runs the package's own download (install.js); ok, and what it wrote. */
  download(electronDir: string): { ok: boolean; output: string }
  /** Starts the binary with these arguments and environment, terminal inherited. */
  launch(binary: string, args: string[], env: Record<string, string | undefined>): Promise<LaunchEnd>
  /** A line (or lines) for the terminal. */
  say(text: string): void
}

/** Starts the desktop app or explains why it cannot; resolves to the process's exit code. */
export async function startDesktop(host: DesktopStart): Promise<number> {
  const dir = host.electronDir
  if (dir === null) {
    host.say(missingElectronMessage(null))
    return 1
  }
  let binary = locateElectron(dir, host.env, host.files)
  if (binary.kind === 'missing') {
    host.say('Rollscope: downloading Electron for the desktop app (first start only)…')
    const got = host.download(dir)
    binary = locateElectron(dir, host.env, host.files)
    if (binary.kind === 'missing') {
      host.say(missingElectronMessage(got.ok ? 'the download ended without an Electron binary' : got.output))
      return 1
    }
  }

  const facts = sandboxFacts(host, binary.path)
  const verdict = checkSandbox(facts, sandboxOptedOut(host.env, host.args))
  const message = sandboxMessage(verdict, facts)
  if (message) host.say(message)
  if (verdict.kind === 'refused') return 1

  // npm runs scripts from the project root and says where `npm start` was typed in INIT_CWD.
  const userCwd = host.env.INIT_CWD || host.cwd
  const noSandbox = verdict.kind === 'off' && !host.args.includes('--no-sandbox') ? ['--no-sandbox'] : []
  const args = [...noSandbox, host.appDir, ...absoluteArgs(host.args, userCwd)]
  const end = await host.launch(binary.path, args, childEnv(host.env, userCwd))
  if ('error' in end) {
    host.say(`Rollscope: could not start Electron (${binary.path}): ${end.error}`)
    return 1
  }
  if (end.signal) {
    host.say(stoppedBySignal(end.signal, host.platform, facts.helperPath))
    return 1
  }
  return end.code ?? 1
}

/** The sandbox facts of this system; only Linux is read (elsewhere the sandbox needs nothing from the install). */
function sandboxFacts(host: DesktopStart, binary: string): SandboxFacts {
  const helperPath = `${dirname(binary)}/chrome-sandbox`
  const linux = host.platform === 'linux'
  return {
    platform: host.platform,
    uid: host.uid,
    apparmorRestrictUserns: linux ? host.files.read('/proc/sys/kernel/apparmor_restrict_unprivileged_userns') : null,
    usernsClone: linux ? host.files.read('/proc/sys/kernel/unprivileged_userns_clone') : null,
    helper: linux ? host.files.stat(helperPath) : null,
    helperPath
  }
}

/**
 * The arguments with relative paths made absolute against `cwd`: Electron runs from the project root, so `npm start
 * -- ./runs` would otherwise name a folder of the project. Flags (before a `--`) pass unchanged, as the app's own
 * argument reader (cli-args.ts) skips them.
 */
export function absoluteArgs(args: readonly string[], cwd: string): string[] {
  let flagsOver = false
  return args.map((arg) => {
    if (!flagsOver && arg === '--') {
      flagsOver = true
      return arg
    }
    if ((!flagsOver && arg.startsWith('-')) || !arg || arg.includes('\0') || isAbsolute(arg)) return arg
    return resolve(cwd, arg)
  })
}

/**
 * Electron's environment: without ELECTRON_RUN_AS_NODE (some IDE terminals set it, and Electron then runs the app as
 * plain Node, where `require('electron')` is a path string), and with a relative ROLLSCOPE_DB made absolute against
 * where `npm start` was typed, as the CLI reads it.
 */
export function childEnv(env: Record<string, string | undefined>, cwd: string): Record<string, string | undefined> {
  const out = { ...env }
  delete out.ELECTRON_RUN_AS_NODE
  if (out.ROLLSCOPE_DB && !isAbsolute(out.ROLLSCOPE_DB)) out.ROLLSCOPE_DB = resolve(cwd, out.ROLLSCOPE_DB)
  return out
}

/** What to say when Electron was killed by `signal`; SIGTRAP on Linux is how a sandbox that cannot start ends. */
export function stoppedBySignal(signal: string, platform: string, helperPath: string): string {
  const lines = [`Rollscope: Electron stopped by ${signal}.`]
  if (signal === 'SIGTRAP' && platform === 'linux') {
    lines.push(
      'If it printed "FATAL:setuid_sandbox_host.cc" or "No usable sandbox" just above, Chromium\'s sandbox could not start.',
      ...sandboxFixes(helperPath)
    )
  }
  return lines.join('\n')
}

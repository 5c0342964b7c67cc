/**
 * Whether Chromium's sandbox can start when `npm start` runs Electron from node_modules, and what to say when it
 * cannot. On Linux the sandbox needs unprivileged user namespaces, or else the setuid helper `chrome-sandbox` owned
 * by root with mode 4755; npm unpacks that helper as the user, so on systems that restrict user namespaces (Ubuntu
 * 23.10 and later) Electron stops at once with a FATAL line and SIGTRAP. As root, Electron refuses to start without
 * `--no-sandbox`. Pure: the facts are read by the host (launch-desktop.ts).
 */

/** What the host read about this system and the helper next to the Electron binary. */
export interface SandboxFacts {
  platform: string
  /** The user id `npm start` runs as; null where there is none (Windows). */
  uid: number | null
  /** /proc/sys/kernel/apparmor_restrict_unprivileged_userns, or null when absent. */
  apparmorRestrictUserns: string | null
  /** /proc/sys/kernel/unprivileged_userns_clone (Debian kernels), or null when absent. */
  usernsClone: string | null
  /** Owner and mode of chrome-sandbox, or null when it is missing. */
  helper: { uid: number; mode: number } | null
  /** The chrome-sandbox path, for the advice. */
  helperPath: string
}

/** The opt-in that passes `--no-sandbox` to Electron. */
export const NO_SANDBOX_ENV = 'ROLLSCOPE_NO_SANDBOX'

/**
 * `ok`: the sandbox can start (or is not ours to check). `off`: the user turned it off. `doubtful`: it will very
 * likely fail, but an AppArmor profile for the binary could still allow user namespaces, so the launch goes ahead
 * after the advice. `refused`: Electron is certain to refuse (root without `--no-sandbox`).
 */
export type SandboxVerdict =
  { kind: 'ok' } | { kind: 'off' } | { kind: 'doubtful'; cause: UsernsCause } | { kind: 'refused' }

type UsernsCause = 'apparmor' | 'clone'

/** True when the user asked for the sandbox off: our opt-in, Electron's own variable, or `--no-sandbox` itself. */
export function sandboxOptedOut(env: Record<string, string | undefined>, args: readonly string[]): boolean {
  const on = (v: string | undefined): boolean => !!v && !/^(0|false|no)$/i.test(v.trim())
  return on(env[NO_SANDBOX_ENV]) || on(env.ELECTRON_DISABLE_SANDBOX) || args.includes('--no-sandbox')
}

/** Chromium's own test of the helper: owned by root, setuid, and executable by others (mode 4755). */
export function isUsableHelper(helper: SandboxFacts['helper']): boolean {
  return !!helper && helper.uid === 0 && (helper.mode & 0o4000) !== 0 && (helper.mode & 0o001) !== 0
}

/** Decides whether the sandbox can start; `optedOut` from sandboxOptedOut. */
export function checkSandbox(facts: SandboxFacts, optedOut: boolean): SandboxVerdict {
  if (optedOut) return { kind: 'off' }
  if (facts.platform !== 'linux') return { kind: 'ok' }
  if (facts.uid === 0) return { kind: 'refused' }
  const cause: UsernsCause | null =
    facts.apparmorRestrictUserns?.trim() === '1' ? 'apparmor' : facts.usernsClone?.trim() === '0' ? 'clone' : null
  if (cause === null || isUsableHelper(facts.helper)) return { kind: 'ok' }
  return { kind: 'doubtful', cause }
}

const OPT_OUT = [
  `  ${NO_SANDBOX_ENV}=1 npm start`,
  "      (passes --no-sandbox to Electron: this turns Chromium's sandbox off, which would contain a renderer exploit)"
]

/**
 * The fixes, one per line (also said when Electron died of SIGTRAP); `helperPath` null when there is no helper to
 * fix.
 */
export function sandboxFixes(helperPath: string | null, cause: UsernsCause = 'apparmor'): string[] {
  const sysctl =
    cause === 'clone' ? 'kernel.unprivileged_userns_clone=1' : 'kernel.apparmor_restrict_unprivileged_userns=0'
  const chown = helperPath
    ? [
        `  sudo chown root:root ${helperPath} && sudo chmod 4755 ${helperPath}`,
        '      (again after each reinstall of the electron package)'
      ]
    : []
  return [
    'Any one of these fixes it:',
    ...chown,
    `  sudo sysctl -w ${sysctl}`,
    '      (until the next reboot, for every program)',
    ...OPT_OUT,
    'Or run the same app in your browser, which needs no Electron: npx rollscope serve [PATH]'
  ]
}

/** What to print for a verdict; null when there is nothing to say. */
export function sandboxMessage(verdict: SandboxVerdict, facts: SandboxFacts): string | null {
  switch (verdict.kind) {
    case 'ok':
      return null
    case 'off':
      return "Rollscope: starting Electron with --no-sandbox: Chromium's sandbox is off."
    case 'refused':
      return [
        'Rollscope: cannot start the desktop app as root: Electron refuses to run as root with its sandbox on.',
        'Run `npm start` as your own user, or, knowing the risk:',
        ...OPT_OUT,
        ''
      ].join('\n')
    case 'doubtful': {
      const restriction =
        verdict.cause === 'apparmor'
          ? 'this system restricts unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns = 1, as Ubuntu 23.10 and later do)'
          : 'this kernel disallows unprivileged user namespaces (kernel.unprivileged_userns_clone = 0)'
      const helper = facts.helper
        ? `is not owned by root with mode 4755 (owner uid ${facts.helper.uid}, mode ${(facts.helper.mode & 0o7777).toString(8)})`
        : 'is missing'
      return [
        "Rollscope: Chromium's sandbox will probably not start here, and Electron then stops with",
        '"FATAL:setuid_sandbox_host.cc ... chrome-sandbox is owned by root and has mode 4755":',
        `${restriction}, and the fallback, the setuid helper ${facts.helperPath}, ${helper}.`,
        ...sandboxFixes(facts.helper ? facts.helperPath : null, verdict.cause),
        'Starting it anyway (an AppArmor profile for Electron would let it start).',
        ''
      ].join('\n')
    }
  }
}

/**
 * Whether the Electron binary `npm start` needs is on disk, and what to say when it is not and could not be
 * downloaded. The electron package fetches its binary on first use (its install script is not run by `npm install`
 * here), and offline that ends in a stack trace and advice that needs the network too; the browser mode needs no
 * Electron at all, so that is what this says to run instead. Pure: the file checks are passed in.
 */

/** Where the binary is, or that it is not there yet. */
export type ElectronBinary = { kind: 'ready'; path: string } | { kind: 'missing' }

export interface ElectronFiles {
  exists(path: string): boolean
  /** The file's text, or null when it cannot be read. */
  read(path: string): string | null
}

/**
 * The binary the electron package (at `electronDir`) would start, read the way its own index.js does: `path.txt`
 * names the executable under `dist/` (or under ELECTRON_OVERRIDE_DIST_PATH).
 */
export function locateElectron(
  electronDir: string,
  env: Record<string, string | undefined>,
  files: ElectronFiles
): ElectronBinary {
  const named = files.read(`${electronDir}/path.txt`)?.trim() || null
  const override = env.ELECTRON_OVERRIDE_DIST_PATH
  if (override) {
    const path = `${override}/${named ?? 'electron'}`
    return files.exists(path) ? { kind: 'ready', path } : { kind: 'missing' }
  }
  if (!named) return { kind: 'missing' }
  const path = `${electronDir}/dist/${named}`
  return files.exists(path) ? { kind: 'ready', path } : { kind: 'missing' }
}

const NETWORK_ERROR =
  /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENETDOWN|socket hang up|getaddrinfo|fetch failed|self[- ]signed certificate|unable to get local issuer certificate)\b/i

/** The one line of a download's output that says what went wrong (the first error line, without its stack). */
export function downloadFailure(output: string): { line: string; network: boolean } {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('at '))
  const line =
    lines.find((l) => NETWORK_ERROR.test(l)) ?? lines.find((l) => /error/i.test(l)) ?? lines[0] ?? 'no output'
  return { line: line.length > 200 ? `${line.slice(0, 199)}…` : line, network: NETWORK_ERROR.test(output) }
}

/**
 * What `npm start` prints when there is no Electron binary and the download failed (`output` is what the download
 * wrote), or when the electron package itself is missing (`output` null).
 */
export function missingElectronMessage(output: string | null): string {
  let what: string
  if (output === null) {
    what = 'the electron package is not installed (node_modules/electron is missing).'
  } else {
    const failure = downloadFailure(output)
    what = failure.network
      ? `Electron's binary is not installed yet, and downloading it failed: no network (${failure.line}).`
      : `Electron's binary is not installed yet, and downloading it failed (${failure.line}).`
  }
  return [
    `Rollscope: cannot start the desktop app: ${what}`,
    '',
    'The same app runs in your browser, without Electron and without network:',
    '  npx rollscope serve [PATH]        e.g.  npx rollscope serve ~/evals',
    'then open the URL it prints (without a PATH: the last workspace, or the demo).',
    '',
    'For the desktop app, run `npm start` again once online: it downloads Electron on its first start',
    '(behind a proxy or a mirror, set HTTPS_PROXY or ELECTRON_MIRROR).',
    ''
  ].join('\n')
}

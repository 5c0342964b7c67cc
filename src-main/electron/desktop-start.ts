/**
 * What `npm start` does after the build: find the Electron binary, download it on the first start, start the app.
 * When there is no binary and no way to get one, it says so and names the browser mode instead of ending in a stack
 * trace. The file system, the download and the launch are passed in (launch-desktop.ts is the host).
 */
import { locateElectron, missingElectronMessage, type ElectronFiles } from './electron-binary'

export interface DesktopStart {
  /** The electron package's folder; null when it is not installed. */
  electronDir: string | null
  env: Record<string, string | undefined>
  files: ElectronFiles
  /** Runs the package's own download (install.js); ok, and what it wrote. */
  download(electronDir: string): { ok: boolean; output: string }
  /** Starts the binary with the app; resolves to the exit code to end with. */
  launch(binary: string): Promise<number>
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
  return host.launch(binary.path)
}

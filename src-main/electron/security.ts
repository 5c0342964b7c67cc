/**
 * URL rules shared by the window (navigation, CSP) and IPC (sender check): what counts as our renderer,
 * which links may leave the app, and the Content-Security-Policy.
 */
import { posix, win32 } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where the renderer is loaded from: the dev server in development, else the built index.html. */
export interface RendererLocation {
  /** Absolute path of out/renderer/index.html. */
  file: string
  /** ELECTRON_RENDERER_URL (the Vite dev server) when running unpackaged under `electron-vite dev`, else null. */
  devUrl: string | null
}

const parse = (url: string): URL | null => {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

/** `url` without its fragment (in-page navigation does not change the document). */
export const withoutHash = (url: string): string => url.split('#', 1)[0]

/**
 * The file a file: URL names, spelled so it compares with our own paths: null for anything else. Paths, not URL
 * strings, are compared because Chromium leaves `~ [ ]` unescaped in a file URL where Node's pathToFileURL escapes
 * them (an install under `JOHNDO~1` or `x[1]` would fail every check), and upper-cases a Windows drive letter.
 */
function filePath(url: string, platform: string): string | null {
  const u = parse(url)
  if (!u || u.protocol !== 'file:') return null
  const windows = platform === 'win32'
  let path: string
  try {
    path = fileURLToPath(u, { windows })
  } catch {
    return null // a host on POSIX, an encoded separator, ...
  }
  return comparable(path, platform)
}

/** `path` normalized, and lower-cased where the file system usually ignores case (Windows, macOS). */
function comparable(path: string, platform: string): string {
  const normal = platform === 'win32' ? win32.resolve(path) : posix.resolve(path)
  return platform === 'win32' || platform === 'darwin' ? normal.toLowerCase() : normal
}

function isDevOrigin(url: string, devUrl: string): boolean {
  const u = parse(url)
  return !!u && u.origin === parse(devUrl)?.origin
}

/** True when `url` is our renderer's page: the dev server's origin in dev, else exactly the built index.html. */
export function isRendererPage(url: string, renderer: RendererLocation, platform: string = process.platform): boolean {
  if (renderer.devUrl) return isDevOrigin(url, renderer.devUrl)
  const path = filePath(url, platform)
  return path !== null && path === comparable(renderer.file, platform)
}

/** True for anything the renderer itself loads (its page, scripts, workers, styles) and nothing else. */
export function isRendererResource(
  url: string,
  renderer: RendererLocation,
  platform: string = process.platform
): boolean {
  if (renderer.devUrl) return isDevOrigin(url, renderer.devUrl)
  const path = filePath(url, platform)
  if (path === null) return false
  const lib = platform === 'win32' ? win32 : posix
  const folder = comparable(lib.dirname(renderer.file), platform)
  return path.startsWith(folder.endsWith(lib.sep) ? folder : folder + lib.sep)
}

/** Only plain web links may be handed to the OS browser: never file:, javascript:, custom schemes, etc. */
export function isSafeExternalUrl(url: string): boolean {
  if (url.length > 8192) return false
  const u = parse(url)
  return !!u && (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname
}

/** The production policy; index.html carries the same one as a meta tag (the only form file:// pages honour). */
export const RENDERER_CSP =
  "default-src 'self'; script-src 'self'; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; " +
  "font-src 'self' data:; img-src 'self' data:; connect-src 'self'"

/** The CSP header for the renderer; in dev it also allows the dev server and its HMR websocket. */
export function buildCsp(devUrl: string | null): string {
  const dev = devUrl ? parse(devUrl) : null
  if (!dev) return RENDERER_CSP
  const origin = dev.origin
  const ws = `${dev.protocol === 'https:' ? 'wss' : 'ws'}://${dev.host}`
  return [
    `default-src 'self' ${origin}`,
    // Vite's React refresh preamble is an inline script; a header CSP (unlike the meta tag placed after it) blocks it.
    `script-src 'self' 'unsafe-inline' ${origin}`,
    `worker-src 'self' blob: ${origin}`,
    `style-src 'self' 'unsafe-inline' ${origin}`,
    `font-src 'self' data: ${origin}`,
    `img-src 'self' data: ${origin}`,
    `connect-src 'self' ${origin} ${ws}`
  ].join('; ')
}

/** Response headers with our CSP replacing any the response carried (header names are case-insensitive). */
export function withCspHeader(headers: Record<string, string[]> | undefined, csp: string): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') out[name] = value
  }
  out['Content-Security-Policy'] = [csp]
  return out
}

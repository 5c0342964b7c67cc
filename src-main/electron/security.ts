/**
 * URL rules shared by the window (navigation, CSP) and IPC (sender check): what counts as our renderer,
 * which links may leave the app, and the Content-Security-Policy.
 */
import { dirname } from 'node:path'
import { pathToFileURL } from 'node:url'

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

/** True when `url` is our renderer's page: the dev server's origin in dev, else exactly the built index.html. */
export function isRendererPage(url: string, renderer: RendererLocation): boolean {
  const u = parse(url)
  if (!u) return false
  if (renderer.devUrl) return u.origin === parse(renderer.devUrl)?.origin
  u.hash = ''
  u.search = ''
  return u.protocol === 'file:' && u.href === pathToFileURL(renderer.file).href
}

/** True for anything the renderer itself loads (its page, scripts, workers, styles) and nothing else. */
export function isRendererResource(url: string, renderer: RendererLocation): boolean {
  const u = parse(url)
  if (!u) return false
  if (renderer.devUrl) return u.origin === parse(renderer.devUrl)?.origin
  const dir = pathToFileURL(dirname(renderer.file)).href + '/'
  return u.protocol === 'file:' && u.href.startsWith(dir)
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

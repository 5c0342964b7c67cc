/** Serves the built renderer: content types, no path traversal, CSP and cache headers. */
import { createReadStream } from 'node:fs'
import { readFile, realpath, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, resolve, sep } from 'node:path'
import { withInlineScripts } from '../services/page-policy'
import { COMMON_HEADERS, CONTENT_SECURITY_POLICY } from './security'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8'
}

/** Content type for a file name; unknown extensions are served as opaque bytes. */
export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/** Sends a short plain-text response with the common headers. */
export function sendText(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  const body = Buffer.from(text + '\n')
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(body.length),
    'cache-control': 'no-store',
    ...extra
  })
  res.end(body)
}

/**
 * Maps a URL path to a file inside `root`, or null when it would leave it. `pathname` is still percent-encoded,
 * so `%2e%2e` and `..%2f` are decoded here and then caught by the prefix check like a literal `..`.
 */
export function resolveStaticPath(root: string, pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const rel = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '')
  const full = resolve(root, rel)
  return full === root || full.startsWith(root + sep) ? full : null
}

/** Serves GET/HEAD of a static file; unknown extension-less paths fall back to index.html (client-side routes). */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  staticDir: string,
  pathname: string
): Promise<void> {
  const root = resolve(staticDir)
  const full = resolveStaticPath(root, pathname)
  if (!full) return sendText(res, 404, 'Not found')
  let file = await regularFileInside(root, full)
  if (!file && !extname(full)) file = await regularFileInside(root, resolve(root, 'index.html'))
  if (!file) return sendText(res, 404, 'Not found')

  const isHtml = extname(file.path) === '.html'
  if (isHtml) {
    // a page is read whole (a few KB): its policy allows its own inline scripts by their hash (page-policy.ts)
    let page: Buffer
    try {
      page = await readFile(file.path)
    } catch {
      return sendText(res, 404, 'Not found')
    }
    res.writeHead(200, {
      ...COMMON_HEADERS,
      'content-type': contentTypeFor(file.path),
      'content-length': String(page.length),
      'content-security-policy': withInlineScripts(CONTENT_SECURITY_POLICY, page.toString('utf8')),
      'cache-control': 'no-store'
    })
    return void res.end(req.method === 'HEAD' ? undefined : page)
  }
  // Vite puts content-hashed names under assets/: safe to cache forever. Everything else is revalidated.
  const hashed = full.startsWith(resolve(root, 'assets') + sep)
  res.writeHead(200, {
    ...COMMON_HEADERS,
    'content-type': contentTypeFor(file.path),
    'content-length': String(file.size),
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache'
  })
  if (req.method === 'HEAD') return void res.end()
  await new Promise<void>((done) => {
    const stream = createReadStream(file.path)
    stream.on('error', () => {
      res.destroy()
      done()
    })
    stream.on('end', done)
    res.on('close', () => {
      stream.destroy()
      done()
    })
    stream.pipe(res)
  })
}

/** The file when it is a regular file whose real path (symlinks followed) is still inside the real root. */
async function regularFileInside(root: string, path: string): Promise<{ path: string; size: number } | null> {
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(path)])
    if (!realFile.startsWith(realRoot + sep)) return null
    const st = await stat(realFile)
    return st.isFile() ? { path: realFile, size: st.size } : null
  } catch {
    return null
  }
}

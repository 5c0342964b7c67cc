/**
 * The browser-mode request handler (plain node:http, no framework):
 * - `POST /api/<method>`: JSON argument array → dispatch → JSON Result (200 / 400 / 401 / 404 / 409 / 413 / 500; 409:
 *   the page is of another build than the server, named in its `x-rollscope-build` header);
 * - `GET /api/events`: Server-Sent Events;
 * - `POST /api/export-prepare`: an export checked and kept under a one-time ticket; `GET /api/export?ticket=`: its
 *   download, written by the engine into the response (export-route.ts);
 * - anything else: GET/HEAD of the built renderer.
 * Every /api request and every page needs the per-launch token in the `x-rollscope-token` header, or the session
 * cookie the tokened URL sets (session-auth.ts decides); `GET /api/events` and `GET /api/export` may pass the token
 * as `?token=` instead. A page request without a session gets a page saying to open the URL `rollscope serve`
 * printed (session-page.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { BUILD_HEADER, BUILD_ID, buildMismatch } from '@contract/build-id'
import type { Engine } from '../services/engine-types'
import { handleApiCall, sendError } from './api-route'
import { handleEvents, PING_INTERVAL_MS } from './events-route'
import { handleExportDownload, handleExportPrepare } from './export-route'
import { createExportTickets } from './export-tickets'
import { COMMON_HEADERS, CONTENT_SECURITY_POLICY, hostAllowed } from './security'
import { decideAuth } from './session-auth'
import { sessionPage } from './session-page'
import { sendText, serveStatic } from './static-files'

export interface HttpHandlerOptions {
  engine: Pick<Engine, 'api' | 'onEvent' | 'exportTo' | 'readJson'>
  token: string
  /** Built renderer folder; null serves the API only (static requests then report the renderer is not built). */
  staticDir: string | null
  /** The address the server is bound to, for the Host header guard; default 127.0.0.1. */
  host?: string
  /** SSE ping period (tests shorten it). */
  pingMs?: number
  /**
   * Leave non-API requests unanswered (the handler resolves false) so a host such as the Vite dev server's
   * middleware chain can serve them; staticDir is then ignored.
   */
  passThrough?: boolean
  /** This server's build (a page of another build is refused by name); default the build's own, null: no check. */
  build?: string | null
}

/** Resolves to true once the request was answered, false when it was left to the caller (passThrough). */
export type HttpHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>

/** Builds the request handler. */
export function createHttpHandler(options: HttpHandlerOptions): HttpHandler {
  const { engine, token, staticDir } = options
  const boundHost = options.host ?? '127.0.0.1'
  const pingMs = options.pingMs ?? PING_INTERVAL_MS
  const tickets = createExportTickets()
  const serverBuild = options.build === undefined ? BUILD_ID : options.build

  return async (req, res) => {
    let url: URL
    try {
      url = new URL(req.url ?? '/', 'http://localhost')
    } catch {
      sendText(res, 400, 'Bad request')
      return true
    }
    const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/')

    if (!isApi && options.passThrough) return false
    if (!hostAllowed(req.headers.host, boundHost)) {
      const message = 'Host header not allowed (browse to 127.0.0.1 or localhost)'
      if (isApi) sendError(res, 403, 'unauthorized', message)
      else sendText(res, 403, message)
      return true
    }

    if (!isApi) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendText(res, 405, 'Method not allowed', { allow: 'GET, HEAD' })
        return true
      }
      if (!staticDir) {
        sendText(res, 404, 'The renderer is not built; run `npm run build` (the API is served at /api/<method>)')
        return true
      }
    }
    const auth = decideAuth(
      { method: req.method ?? 'GET', pathname: url.pathname, query: url.searchParams, headers: req.headers },
      token
    )
    if (auth.kind === 'refuse') {
      sendError(res, auth.status, 'unauthorized', auth.message)
      return true
    }
    if (auth.kind === 'start-session') {
      res.writeHead(303, {
        ...COMMON_HEADERS,
        location: auth.location,
        'set-cookie': auth.setCookie,
        'cache-control': 'no-store',
        'content-length': '0'
      })
      res.end()
      return true
    }
    if (auth.kind === 'explain') {
      const body = Buffer.from(sessionPage(auth.reason, req.headers.host))
      res.writeHead(401, {
        ...COMMON_HEADERS,
        'content-type': 'text/html; charset=utf-8',
        'content-length': String(body.length),
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'cache-control': 'no-store'
      })
      res.end(req.method === 'HEAD' ? undefined : body)
      return true
    }

    if (isApi) {
      const isEvents = url.pathname === '/api/events'
      const isExport = url.pathname === '/api/export' && req.method === 'GET'
      if (isEvents) {
        if (req.method !== 'GET') sendError(res, 405, 'bad-request', 'use GET for /api/events', { allow: 'GET' })
        else handleEvents(req, res, engine, pingMs)
        return true
      }
      if (isExport) {
        await handleExportDownload(res, engine, url.searchParams, tickets)
        return true
      }
      if (url.pathname === '/api/export-prepare' && req.method === 'POST') {
        await handleExportPrepare(req, res, engine, tickets)
        return true
      }
      if (req.method !== 'POST') {
        sendError(res, 405, 'bad-request', 'API calls use POST', { allow: 'POST' })
        return true
      }
      const mismatch = buildMismatch(req.headers[BUILD_HEADER] as string | undefined, serverBuild)
      if (mismatch) {
        sendError(res, 409, 'other-build', mismatch, { connection: 'close' })
        req.resume()
        return true
      }
      await handleApiCall(req, res, engine, url.pathname.slice('/api/'.length))
      return true
    }

    // a page or an asset: the method and the renderer folder were checked before the session
    await serveStatic(req, res, staticDir as string, rawPathname(req.url ?? '/'))
    return true
  }
}

/**
 * The path as the client sent it, before WHATWG URL normalization; serveStatic decodes and checks it itself, so
 * the traversal guard sees exactly what a hostile client wrote.
 */
function rawPathname(rawUrl: string): string {
  const end = rawUrl.search(/[?#]/)
  return end >= 0 ? rawUrl.slice(0, end) : rawUrl
}

/** Starts the browser-mode HTTP server on a host and port, with a per-launch token. */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Engine } from '../services/engine-types'
import { createHttpHandler } from './http-handler'
import { isWildcardHost, newToken } from './security'
import { sendText } from './static-files'

export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_PORT = 4173

export interface StartServerOptions {
  engine: Pick<Engine, 'api' | 'onEvent' | 'exportTo' | 'readJson'>
  host?: string
  /** 0 picks a free port. */
  port?: number
  token?: string
  staticDir?: string | null
  pingMs?: number
  /** This server's build, for the page check (default: the build's own; tests name one). */
  build?: string | null
}

export interface RunningServer {
  /** The URL to open, token included: `http://127.0.0.1:4173/?token=…`. */
  url: string
  host: string
  port: number
  token: string
  /** Stops accepting, drops open connections (SSE streams included) and resolves when closed. */
  close(): Promise<void>
}

/** Listens and resolves once bound; rejects with the listen error (e.g. EADDRINUSE). */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST
  const token = options.token ?? newToken()
  const handler = createHttpHandler({
    engine: options.engine,
    token,
    staticDir: options.staticDir ?? null,
    host,
    pingMs: options.pingMs,
    build: options.build
  })
  const server = createServer((req, res) => {
    handler(req, res).catch(() => {
      if (!res.headersSent) sendText(res, 500, 'Internal error')
      else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const urlHost = isWildcardHost(host) ? DEFAULT_HOST : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  let closing: Promise<void> | null = null
  return {
    url: `http://${urlHost}:${port}/?token=${token}`,
    host,
    port,
    token,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    }
  }
}

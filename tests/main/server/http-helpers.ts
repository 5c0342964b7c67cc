/** Raw HTTP helpers for server tests: node:http, so paths and Host headers go out exactly as written. */
import { request } from 'node:http'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** Sends one request with a verbatim path; `body` may be large (the server may cut it off early). */
export function rawRequest(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let settled = false
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          settled = true
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') })
        })
      }
    )
    // Writing a body the server refused can end in EPIPE / ECONNRESET after the answer arrived; ignore that.
    req.on('error', (err) => {
      if (!settled) setTimeout(() => !settled && reject(err), 200)
    })
    if (options.body !== undefined) req.end(options.body)
    else req.end()
  })
}

/** POSTs an API call with the token header. */
export function apiCall(port: number, method: string, args: unknown, token: string | null): Promise<RawResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token !== null) headers['x-rollscope-token'] = token
  return rawRequest(port, `/api/${method}`, { method: 'POST', headers, body: JSON.stringify(args) })
}

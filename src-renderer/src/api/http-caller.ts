import type { ApiMethod, Result } from '@contract/api'
import { ApiCallError } from './api-error'
import type { ResultCaller } from './make-api'

/** The header that carries the per-launch token in browser mode. */
export const TOKEN_HEADER = 'x-rollscope-token'

export interface HttpCallerOptions {
  token: string | null
  /** Prefix before `/api/<method>`; '' for the page's own origin. */
  baseUrl?: string
  fetch?: typeof fetch
}

/** Browser-mode transport: `POST /api/<method>` with the args array as JSON; the body is a Result. */
export function createHttpCaller(options: HttpCallerOptions): ResultCaller {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const base = options.baseUrl ?? ''
  return async (method: ApiMethod, args: unknown[]) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (options.token) headers[TOKEN_HEADER] = options.token
    let res: Response
    try {
      res = await doFetch(`${base}/api/${method}`, { method: 'POST', headers, body: JSON.stringify(args) })
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err)
      throw new ApiCallError('network', `Cannot reach the Rollscope server (${why})`, method)
    }
    const text = await res.text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw new ApiCallError(res.ok ? 'internal' : 'network', `${method}: HTTP ${res.status} ${res.statusText}`.trim(), method)
    }
    if (isResult(body)) return body
    throw new ApiCallError('internal', `${method}: HTTP ${res.status}: unexpected response`, method)
  }
}

function isResult(x: unknown): x is Result<unknown> {
  if (!x || typeof x !== 'object') return false
  const r = x as { ok?: unknown; error?: unknown }
  if (r.ok === true) return 'value' in r
  return r.ok === false && !!r.error && typeof r.error === 'object'
}

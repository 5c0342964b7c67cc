import type { ApiMethod } from '@contract/api'
import { fetchResult } from './fetch-result'
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
    return fetchResult(
      doFetch,
      `${base}/api/${method}`,
      { method: 'POST', headers, body: JSON.stringify(args) },
      method
    )
  }
}

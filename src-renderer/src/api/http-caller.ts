import type { ApiMethod } from '@contract/api'
import { BUILD_HEADER, BUILD_ID } from '@contract/build-id'
import { fetchResult } from './fetch-result'
import type { ResultCaller } from './make-api'

export interface HttpCallerOptions {
  /** Prefix before `/api/<method>`; '' for the page's own origin. */
  baseUrl?: string
  fetch?: typeof fetch
}

/**
 * Browser-mode transport: `POST /api/<method>` with the args array as JSON; the body is a Result. The session is the
 * HttpOnly cookie the printed URL set (a same-origin fetch sends it), so the page never holds the token.
 */
export function createHttpCaller(options: HttpCallerOptions = {}): ResultCaller {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const base = options.baseUrl ?? ''
  return async (method: ApiMethod, args: unknown[]) => {
    return fetchResult(
      doFetch,
      `${base}/api/${method}`,
      {
        method: 'POST',
        // the server refuses a page of another build by name (a page left open across a rebuild)
        headers: { 'content-type': 'application/json', ...(BUILD_ID ? { [BUILD_HEADER]: BUILD_ID } : {}) },
        body: JSON.stringify(args)
      },
      method
    )
  }
}

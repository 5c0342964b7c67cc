import type { Result } from '@contract/api'
import { ApiCallError } from './api-error'

/** What a refused session means to the person at the page (the server's own message names an HTTP header). */
export const SESSION_LOST_MESSAGE =
  'No session with `rollscope serve` (it was restarted or stopped since this page opened): open the URL it printed, ending with ?token=…'

/**
 * One browser-mode request whose answer is a JSON Result (the API calls, the export check and the export
 * prepare). A server that cannot be reached, or that answers something else than a Result, becomes an
 * ApiCallError naming `context`; a Result is returned as it is, failed or not (a 401 says what to do instead).
 */
export async function fetchResult(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
  context: string
): Promise<Result<unknown>> {
  let res: Response
  try {
    res = await doFetch(url, init)
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err)
    throw new ApiCallError('network', `Cannot reach the Rollscope server (${why})`, context)
  }
  const text = await res.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new ApiCallError(
      res.ok ? 'internal' : 'network',
      `${context}: HTTP ${res.status} ${res.statusText}`.trim(),
      context
    )
  }
  if (isResult(body)) {
    return res.status === 401 && !body.ok
      ? { ok: false, error: { ...body.error, message: SESSION_LOST_MESSAGE } }
      : body
  }
  throw new ApiCallError('internal', `${context}: HTTP ${res.status}: unexpected response`, context)
}

function isResult(x: unknown): x is Result<unknown> {
  if (!x || typeof x !== 'object') return false
  const r = x as { ok?: unknown; error?: unknown }
  if (r.ok === true) return 'value' in r
  return r.ok === false && !!r.error && typeof r.error === 'object'
}

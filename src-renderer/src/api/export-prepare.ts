import type { ExportViewRequest } from '@contract/api'
import { ApiCallError } from './api-error'
import { fetchResult } from './fetch-result'
import { TOKEN_HEADER } from './http-caller'

/**
 * Browser mode, an export of picked rows: their ids do not fit in a download URL, so the request is POSTed to
 * `/api/export-prepare` (checked there, as `&check=1` checks a view) and the answer is a one-time ticket; the
 * returned URL `GET /api/export?ticket=…` downloads it once, within a minute.
 */
export async function prepareExport(
  token: string | null,
  request: ExportViewRequest,
  doFetch: typeof fetch = (i, o) => fetch(i, o),
  baseUrl = ''
): Promise<string> {
  const result = await fetchResult(
    doFetch,
    `${baseUrl}/api/export-prepare`,
    { method: 'POST', cache: 'no-store', headers: { 'content-type': 'application/json', ...(token ? { [TOKEN_HEADER]: token } : {}) }, body: JSON.stringify(request) },
    'export'
  )
  if (!result.ok) throw new ApiCallError(result.error.code, result.error.message, 'export')
  const ticket = (result.value as { ticket?: unknown } | null)?.ticket
  if (typeof ticket !== 'string') throw new ApiCallError('internal', 'export: unexpected response (no ticket)', 'export')
  const q = new URLSearchParams({ ticket })
  if (token) q.set('token', token)
  return `${baseUrl}/api/export?${q}`
}

import type { ExportViewRequest, Result } from '@contract/api'
import { ApiCallError } from './api-error'
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
  let res: Response
  try {
    res = await doFetch(`${baseUrl}/api/export-prepare`, {
      method: 'POST',
      cache: 'no-store',
      headers: { 'content-type': 'application/json', ...(token ? { [TOKEN_HEADER]: token } : {}) },
      body: JSON.stringify(request)
    })
  } catch (err) {
    throw new ApiCallError('network', `Cannot reach the Rollscope server (${err instanceof Error ? err.message : String(err)})`, 'export')
  }
  let body: Result<{ ticket: string }> | null = null
  try {
    body = (await res.json()) as Result<{ ticket: string }>
  } catch {
    // not JSON: reported by status below
  }
  if (body && body.ok === false && typeof body.error?.message === 'string') throw new ApiCallError(body.error.code, body.error.message, 'export')
  if (!res.ok || !body?.ok || typeof body.value?.ticket !== 'string') throw new ApiCallError('internal', `export: HTTP ${res.status} ${res.statusText}`.trim(), 'export')
  const q = new URLSearchParams({ ticket: body.value.ticket })
  if (token) q.set('token', token)
  return `${baseUrl}/api/export?${q}`
}

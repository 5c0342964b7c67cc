import type { ExportViewRequest, Result } from '@contract/api'
import { ApiCallError } from './api-error'
import { exportUrl } from './export-url'

/**
 * Browser mode: asks `GET /api/export?…&check=1` whether the export would be refused (bad filter, unknown run or
 * label) before the page navigates to the download. A refused <a download> navigation only shows a failed download
 * in the browser's list; this way the app can show the engine's message. Nothing of the file itself is fetched.
 */
export async function checkExport(token: string | null, request: ExportViewRequest, doFetch: typeof fetch = (i, o) => fetch(i, o)): Promise<void> {
  let res: Response
  try {
    res = await doFetch(`${exportUrl(token, request)}&check=1`, { cache: 'no-store' })
  } catch (err) {
    throw new ApiCallError('network', `Cannot reach the Rollscope server (${err instanceof Error ? err.message : String(err)})`, 'export')
  }
  let body: Result<unknown> | null = null
  try {
    body = (await res.json()) as Result<unknown>
  } catch {
    // not JSON: reported by status below
  }
  if (body && body.ok === false && typeof body.error?.message === 'string') throw new ApiCallError(body.error.code, body.error.message, 'export')
  if (!res.ok || !body?.ok) throw new ApiCallError('internal', `export: HTTP ${res.status} ${res.statusText}`.trim(), 'export')
}

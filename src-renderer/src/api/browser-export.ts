import type { ExportRequest, ExportSaved, ExportTicket } from '@contract/export'
import { ApiCallError } from './api-error'
import { fetchResult } from './fetch-result'

/**
 * Browser mode's "save this export": the request is POSTed to `/api/export-prepare`, where the engine checks it (a
 * refusal throws its message here, so the app shows it instead of a failed download) and keeps it under a one-time
 * ticket; then the browser downloads `GET /api/export?ticket=…`, streamed by the engine, through `download` (the
 * session cookie goes with both, as with every same-origin request). Resolves once the
 * download was handed to the browser (which picks the folder): the path is the file's name.
 */
export async function downloadExport(
  request: ExportRequest,
  download: (url: string) => void = clickDownload,
  doFetch: typeof fetch = (i, o) => fetch(i, o),
  baseUrl = ''
): Promise<ExportSaved> {
  const result = await fetchResult(
    doFetch,
    `${baseUrl}/api/export-prepare`,
    {
      method: 'POST',
      cache: 'no-store',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request)
    },
    'export'
  )
  if (!result.ok) throw new ApiCallError(result.error.code, result.error.message, 'export')
  const ticket = result.value as Partial<ExportTicket> | null
  if (typeof ticket?.ticket !== 'string' || typeof ticket.fileName !== 'string')
    throw new ApiCallError('internal', 'export: unexpected response (no ticket)', 'export')
  const q = new URLSearchParams({ ticket: ticket.ticket })
  download(`${baseUrl}/api/export?${q}`)
  return { path: ticket.fileName, summary: ticket.summary ?? null }
}

/** A hidden <a download> lets the browser save the streamed response as a file without leaving the page. */
export function clickDownload(url: string): void {
  const a = document.createElement('a')
  a.href = url
  a.download = ''
  a.hidden = true
  document.body.append(a)
  a.click()
  a.remove()
}

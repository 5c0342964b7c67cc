import type { ExportViewRequest } from '@contract/api'

/**
 * Browser mode: the `GET /api/export` download URL. The token goes in the query because a plain <a download>
 * navigation cannot send the token header (the server accepts the query token only here and for /api/events).
 */
export function exportUrl(token: string | null, request: ExportViewRequest, baseUrl = ''): string {
  const q = new URLSearchParams({ format: request.format, run: request.runId })
  for (const id of request.runIds ?? []) q.append('run', id)
  if (request.filter?.trim()) q.set('filter', request.filter)
  if (request.label) q.set('label', request.label)
  if (request.passedOnly) q.set('passedOnly', '1')
  if (request.dropLabelled) q.set('dropLabelled', request.dropLabelled)
  if (token) q.set('token', token)
  return `${baseUrl}/api/export?${q}`
}

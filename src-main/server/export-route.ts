/**
 * Browser mode's "save this export", in two requests (a download is a plain <a download> navigation, which sends
 * neither a body nor a header):
 * - `POST /api/export-prepare` with an export request (contract/export.ts) as JSON: the engine checks it
 *   (planExport: the refusals the desktop shows before its save dialog) and it is kept under a one-time ticket
 *   (export-tickets.ts). The answer is `{ ok: true, value: ExportTicket }` (the ticket, the file name, what the file
 *   holds when known) or the refusal, so the app shows the engine's message instead of a failed download.
 * - `GET /api/export?ticket=…` (token in the query): the engine writes the export on its own thread into the
 *   response, chunk by chunk, no faster than the browser takes it. The head goes out with the first chunk, so a
 *   refusal found only now (the workspace changed in between) is still a JSON error.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ExportPlan, ExportTicket } from '@contract/export'
import { dispatch, toApiError } from '../services/dispatch'
import type { Engine } from '../services/engine-types'
import { streamWriter } from '../export/stream-writer'
import { MAX_BODY_BYTES, readBody, sendError, sendResult } from './api-route'
import type { ExportTickets } from './export-tickets'
import { COMMON_HEADERS } from './security'

export async function handleExportPrepare(
  req: IncomingMessage,
  res: ServerResponse,
  engine: Pick<Engine, 'api'>,
  tickets: ExportTickets
): Promise<void> {
  const body = await readBody(req, MAX_BODY_BYTES)
  if (!body.ok) {
    if (!body.tooLarge) return void res.destroy()
    sendError(res, 413, 'bad-request', `request body larger than ${MAX_BODY_BYTES} bytes`, { connection: 'close' })
    return void req.resume()
  }
  let request: unknown
  try {
    request = JSON.parse(body.text)
  } catch {
    return sendError(res, 400, 'bad-request', 'request body is not valid JSON')
  }
  const planned = await dispatch(engine.api, 'planExport', [request])
  if (!planned.ok) return sendResult(res, planned)
  const plan = planned.value as ExportPlan
  // the request passed the contract's schema (strict objects): the ticket stands for exactly what was checked
  const ticket: ExportTicket = { ticket: tickets.issue({ request, plan }), ...plan }
  sendResult(res, { ok: true, value: ticket })
}

export async function handleExportDownload(
  res: ServerResponse,
  engine: Pick<Engine, 'exportTo'>,
  query: URLSearchParams,
  tickets: ExportTickets
): Promise<void> {
  const ticket = query.get('ticket')
  if (ticket === null)
    return sendError(res, 400, 'bad-request', 'an export is downloaded with the ticket of POST /api/export-prepare')
  const checked = tickets.take(ticket)
  if (!checked)
    return sendError(res, 404, 'not-found', 'this export link was used already or has expired: export again')
  let started = false
  const start = (): void => {
    if (started) return
    started = true
    res.writeHead(200, {
      ...COMMON_HEADERS,
      'content-type': checked.plan.contentType,
      'content-disposition': `attachment; filename="${checked.plan.fileName}"`,
      'cache-control': 'no-store'
    })
  }
  const toClient = streamWriter(res)
  try {
    await engine.exportTo(checked.request, {
      write: (chunk) => {
        start()
        return toClient(chunk)
      }
    })
    start() // an empty selection is an empty file, not an error
    res.end()
  } catch (err) {
    // Once bytes went out the status cannot change: cut the download so it is not mistaken for a complete file.
    if (started || res.destroyed) return void res.destroy()
    sendResult(res, { ok: false, error: toApiError(err) })
  }
}

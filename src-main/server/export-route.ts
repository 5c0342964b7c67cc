/**
 * `GET /api/export?format=&run=&filter=&label=`: the current view as a file download. A GET (token in the query)
 * because the browser saves it through a plain <a download> navigation, which cannot send headers. The response
 * head is sent with the first chunk, so a bad filter, run or label still gets a 400/404 JSON answer.
 * `&check=1` only checks (the same plan plus a one-row filter query) and answers `{ ok: true, value: { fileName } }`:
 * the app calls it before navigating, because a refused <a download> navigation shows the user nothing.
 * `?ticket=` instead of the request fields: the request an earlier `POST /api/export-prepare` checked and kept (an
 * export of picked rows, whose ids do not fit in a URL; see export-tickets.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { BadRequestError, NotFoundError } from '@contract/guards'
import type { TraceApi } from '@contract/api'
import { planAppExport, type AppExportRequest } from '../export/app-export'
import { exportEpisodes } from '../export/export-episodes'
import { checkFilter } from '../export/select-episodes'
import { streamWriter } from '../export/stream-writer'
import { MAX_BODY_BYTES, readBody, sendError, sendResult } from './api-route'
import type { ExportTickets } from './export-tickets'
import { COMMON_HEADERS } from './security'

/** The request fields of the query form (a view: runs, filter, label, sft options). */
function requestOfQuery(query: URLSearchParams): AppExportRequest {
  return {
    format: query.get('format'),
    // the first `run` is the table's run; more are the other runs of a table over several runs
    runId: query.get('run'),
    runIds: query.getAll('run').slice(1),
    filter: query.get('filter') ?? undefined,
    label: query.get('label') ?? undefined,
    passedOnly: query.get('passedOnly') ?? undefined,
    dropLabelled: query.get('dropLabelled') ?? undefined
  }
}

export async function handleExport(res: ServerResponse, api: TraceApi, query: URLSearchParams, tickets: ExportTickets): Promise<void> {
  let started = false
  const start = (fileName: string, contentType: string): void => {
    if (started) return
    started = true
    res.writeHead(200, {
      ...COMMON_HEADERS,
      'content-type': contentType,
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store'
    })
  }
  try {
    const ticket = query.get('ticket')
    const request = ticket === null ? requestOfQuery(query) : tickets.take(ticket)
    if (!request) throw new NotFoundError('this export link was used already or has expired: export again')
    // planned again (cheap): the workspace may have changed since the ticket was issued
    const plan = await planAppExport(api, request)
    if (query.get('check') === '1') {
      // as the desktop export does: a bad filter is found by a one-row query, not by starting the file
      if (plan.options.filter) await checkFilter(api, plan.options.runIds, plan.options.filter)
      return sendResult(res, { ok: true, value: { fileName: plan.fileName } })
    }
    const toClient = streamWriter(res)
    await exportEpisodes(api, plan.options, (chunk) => {
      start(plan.fileName, plan.contentType)
      return toClient(chunk)
    })
    start(plan.fileName, plan.contentType) // an empty selection is an empty file, not an error
    res.end()
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    // Once bytes went out the status cannot change: cut the download so it is not mistaken for a complete file.
    if (started || res.destroyed) return void res.destroy()
    if (err instanceof BadRequestError) sendError(res, 400, 'bad-request', message)
    else if (err instanceof NotFoundError) sendError(res, 404, 'not-found', message)
    else sendError(res, 500, 'internal', message)
  }
}

/**
 * `POST /api/export-prepare` with the export request as a JSON object: checks it as `&check=1` does and keeps it
 * under a one-time ticket, answering `{ ok: true, value: { ticket, fileName } }`.
 */
export async function handleExportPrepare(req: IncomingMessage, res: ServerResponse, api: TraceApi, tickets: ExportTickets): Promise<void> {
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
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return sendError(res, 400, 'bad-request', 'request body must be a JSON object')
  try {
    const r = request as Record<string, unknown>
    // only the known fields are kept: the ticket stands for what was checked, nothing more
    const checked: AppExportRequest = {
      format: r.format,
      runId: r.runId,
      runIds: r.runIds,
      filter: r.filter,
      label: r.label,
      passedOnly: r.passedOnly,
      dropLabelled: r.dropLabelled,
      episodeIds: r.episodeIds
    }
    const plan = await planAppExport(api, checked)
    if (plan.options.filter) await checkFilter(api, plan.options.runIds, plan.options.filter)
    sendResult(res, { ok: true, value: { ticket: tickets.issue(checked), fileName: plan.fileName } })
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    if (err instanceof BadRequestError) sendError(res, 400, 'bad-request', message)
    else if (err instanceof NotFoundError) sendError(res, 404, 'not-found', message)
    else sendError(res, 500, 'internal', message)
  }
}

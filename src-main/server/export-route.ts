/**
 * `GET /api/export?format=&run=&filter=&label=`: the current view as a file download. A GET (token in the query)
 * because the browser saves it through a plain <a download> navigation, which cannot send headers. The response
 * head is sent with the first chunk, so a bad filter, run or label still gets a 400/404 JSON answer.
 * `&check=1` only checks (the same plan plus a one-row filter query) and answers `{ ok: true, value: { fileName } }`:
 * the app calls it before navigating, because a refused <a download> navigation shows the user nothing.
 */
import type { ServerResponse } from 'node:http'
import { BadRequestError, NotFoundError } from '@contract/guards'
import type { TraceApi } from '@contract/api'
import { planAppExport } from '../export/app-export'
import { exportEpisodes } from '../export/export-episodes'
import { checkFilter } from '../export/select-episodes'
import { streamWriter } from '../export/stream-writer'
import { sendError, sendResult } from './api-route'
import { COMMON_HEADERS } from './security'

export async function handleExport(res: ServerResponse, api: TraceApi, query: URLSearchParams): Promise<void> {
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
    const plan = await planAppExport(api, {
      format: query.get('format'),
      // the first `run` is the table's run; more are the other runs of a table over several runs
      runId: query.get('run'),
      runIds: query.getAll('run').slice(1),
      filter: query.get('filter') ?? undefined,
      label: query.get('label') ?? undefined,
      passedOnly: query.get('passedOnly') ?? undefined,
      dropLabelled: query.get('dropLabelled') ?? undefined
    })
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

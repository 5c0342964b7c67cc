/** `POST /api/<method>`: a JSON argument array in, a JSON Result out, through the same dispatch as IPC. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ApiErrorCode, Result } from '@contract/api'
import { dispatch, toApiError } from '../services/dispatch'
import type { Engine } from '../services/engine-types'
import type { JsonResult } from '../services/json-result'
import { COMMON_HEADERS } from './security'

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 1024 * 1024
/**
 * A labels file being imported is the one argument that grows with the user's work (every label and note of every
 * episode): it may be this large. Still bounded, so a runaway upload cannot exhaust the server's memory.
 */
export const MAX_IMPORT_BODY_BYTES = 256 * 1024 * 1024

const bodyLimit = (method: string): number => (method === 'importLabels' ? MAX_IMPORT_BODY_BYTES : MAX_BODY_BYTES)

const STATUS: Record<ApiErrorCode, number> = {
  'bad-request': 400,
  'not-comparable': 409,
  'not-found': 404,
  unauthorized: 401,
  'other-build': 409,
  internal: 500
}

/** HTTP status for a Result. */
export function statusOf(result: Result<unknown>): number {
  return result.ok ? 200 : STATUS[result.error.code]
}

/** Sends a Result as JSON with its status. */
export function sendResult(
  res: ServerResponse,
  result: Result<unknown>,
  status = statusOf(result),
  extra: Record<string, string> = {}
): void {
  const body = Buffer.from(JSON.stringify(result))
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.length),
    'cache-control': 'no-store',
    ...extra
  })
  res.end(body)
}

/** Sends a failed Result. */
export function sendError(
  res: ServerResponse,
  status: number,
  code: ApiErrorCode,
  message: string,
  extra: Record<string, string> = {}
): void {
  sendResult(res, { ok: false, error: { code, message } }, status, extra)
}

export type BodyOutcome = { ok: true; text: string } | { ok: false; tooLarge: boolean }

/** Reads the body as UTF-8, giving up as soon as it passes the limit. */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyOutcome> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, tooLarge: true })
  return new Promise((done) => {
    const chunks: Buffer[] = []
    let size = 0
    let finished = false
    const finish = (outcome: BodyOutcome): void => {
      if (finished) return
      finished = true
      req.off('data', onData)
      done(outcome)
    }
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size > limit) return finish({ ok: false, tooLarge: true })
      chunks.push(chunk)
    }
    req.on('data', onData)
    req.on('end', () => finish({ ok: true, text: Buffer.concat(chunks).toString('utf8') }))
    req.on('error', () => finish({ ok: false, tooLarge: false }))
    req.on('close', () => finish({ ok: false, tooLarge: false }))
  })
}

/** Deepest nesting of arrays and objects an API call's arguments may have. */
export const MAX_ARG_DEPTH = 64

/** Whether `value` nests arrays / objects deeper than `max` (iteratively: the check itself must not overflow). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number]
    if (v === null || typeof v !== 'object') continue
    if (depth >= max) return true
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1])
  }
  return false
}

/** Sends a Result already serialized (Engine.readJson) with its status. */
function sendJsonResult(res: ServerResponse, r: JsonResult): void {
  const body = r.bytes
  res.writeHead(r.code === null ? 200 : STATUS[r.code], {
    ...COMMON_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.byteLength),
    'cache-control': 'no-store'
  })
  res.end(body)
}

/**
 * Handles one authenticated API call: a read-only method through the engine's JSON shortcut when it has one
 * (answered and serialized on a reader thread), any other through dispatch.
 */
export async function handleApiCall(
  req: IncomingMessage,
  res: ServerResponse,
  engine: Pick<Engine, 'api' | 'readJson'>,
  method: string
): Promise<void> {
  const limit = bodyLimit(method)
  const body = await readBody(req, limit)
  if (!body.ok) {
    if (!body.tooLarge) return void res.destroy()
    // Stop reading and close the connection: a client streaming a huge body gets its answer right away.
    sendError(res, 413, 'bad-request', `request body larger than ${limit} bytes`, { connection: 'close' })
    req.resume()
    return
  }
  let args: unknown
  try {
    args = body.text.trim() === '' ? [] : JSON.parse(body.text)
  } catch {
    return sendError(res, 400, 'bad-request', 'request body is not valid JSON')
  }
  if (!Array.isArray(args)) return sendError(res, 400, 'bad-request', 'request body must be a JSON array of arguments')
  // no method takes arguments this deep; deeper ones overflowed the stack of whatever walked them (a plain-text 500)
  if (nestedDeeperThan(args, MAX_ARG_DEPTH))
    return sendError(res, 400, 'bad-request', `request arguments nested deeper than ${MAX_ARG_DEPTH} levels`)
  const json = engine.readJson?.(method, args)
  if (json) {
    let answer: JsonResult
    try {
      answer = await json
    } catch (err) {
      // the reader thread stopped, or the pool was closed: an answer like dispatch's for a thrown error
      return void (res.destroyed || sendResult(res, { ok: false, error: toApiError(err) }))
    }
    if (!res.destroyed) sendJsonResult(res, answer)
    return
  }
  const result = await dispatch(engine.api, method, args)
  if (!res.destroyed) sendResult(res, result)
}

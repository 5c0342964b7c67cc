/**
 * Transport-independent entry point: every IPC or HTTP call goes through here.
 * Validates the method name and arguments, calls the service, and wraps the outcome in a Result.
 */
import { isApiMethod, type ApiError, type Result, type TraceApi } from '@contract/api'
import { BadRequestError, NotComparableError, NotFoundError, parseApiArgs } from '@contract/guards'

/** A method list as a transport checks it: which names exist, and how each one's argument list is parsed. */
export interface CheckedMethods<M extends string> {
  /** What an unknown name is called in the refusal ("method", "desktop method"). */
  what: string
  has(name: unknown): name is M
  parseArgs(method: M, args: unknown): unknown[]
}

const API_CHECKS: CheckedMethods<keyof TraceApi> = { what: 'method', has: isApiMethod, parseArgs: parseApiArgs }

export function dispatch(api: TraceApi, method: unknown, args: unknown): Promise<Result<unknown>> {
  return dispatchTo(api, API_CHECKS, method, args)
}

/**
 * Calls `method` of `impl` once its name and arguments passed `checks`; every outcome is a Result, but for the errors
 * `escalate` picks, which reject (a reader thread hands such a call back to its host: serve-reader.ts).
 */
export async function dispatchTo<M extends string>(
  impl: Record<M, unknown>,
  checks: CheckedMethods<M>,
  method: unknown,
  args: unknown,
  escalate: (err: unknown) => boolean = () => false
): Promise<Result<unknown>> {
  try {
    if (!checks.has(method)) throw new BadRequestError(`unknown ${checks.what}: ${String(method).slice(0, 100)}`)
    const parsed = checks.parseArgs(method, args)
    const fn = impl[method] as (...a: unknown[]) => Promise<unknown>
    return { ok: true, value: await fn.apply(impl, parsed) }
  } catch (err) {
    if (escalate(err)) throw err
    return { ok: false, error: toApiError(err) }
  }
}

/** Maps an exception to the error shape sent over the wire (never a stack trace). */
export function toApiError(err: unknown): ApiError {
  if (err instanceof NotComparableError) return { code: 'not-comparable', message: err.message }
  if (err instanceof BadRequestError) return { code: 'bad-request', message: err.message }
  if (err instanceof NotFoundError) return { code: 'not-found', message: err.message }
  const message = err instanceof Error ? err.message : String(err)
  return { code: 'internal', message }
}

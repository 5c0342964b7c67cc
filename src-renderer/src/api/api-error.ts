import type { ApiErrorCode, Result } from '@contract/api'

/** An API call that the engine answered with `{ ok: false }`; keeps the error code for the UI. */
export class ApiCallError extends Error {
  override name = 'ApiCallError'
  constructor(
    readonly code: ApiErrorCode | 'network',
    message: string,
    readonly method: string
  ) {
    super(message)
  }
}

/** Returns the value of an ok Result, throws an ApiCallError otherwise. */
export function unwrapResult<T>(method: string, result: Result<T>): T {
  if (result && typeof result === 'object' && result.ok === true) return result.value
  if (result && typeof result === 'object' && result.ok === false && result.error) {
    throw new ApiCallError(result.error.code, result.error.message, method)
  }
  throw new ApiCallError('internal', `${method}: malformed response from the engine`, method)
}

/** A readable message for anything thrown (Error, string, unknown). */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message
  if (typeof err === 'string') return err
  return String(err)
}

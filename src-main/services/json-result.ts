import type { ApiErrorCode, Result } from '@contract/api'

/**
 * A Result as JSON, UTF-8 encoded where it was made (a reader thread), with its error code (null when it succeeded)
 * for the HTTP status: the host sends the bytes on as they are.
 */
export interface JsonResult {
  bytes: Uint8Array
  code: ApiErrorCode | null
}

/**
 * A Result as a JsonResult. The bytes have a buffer of their own (TextEncoder's, never Node's shared pool), so a
 * thread can hand them over without a copy: a 200-row page is ~140 KB, which a string would cost a copy out of the
 * reader, a copy into the host and an encoding on the host's thread (~0.6 ms of the main thread a page).
 */
export function toJsonResult(result: Result<unknown>): JsonResult {
  return { bytes: new TextEncoder().encode(JSON.stringify(result)), code: result.ok ? null : result.error.code }
}

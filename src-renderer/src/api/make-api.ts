import { API_METHODS, type ApiMethod, type Result, type TraceApi } from '@contract/api'
import { unwrapResult } from './api-error'

/** Sends one call over some transport and resolves with the engine's Result. */
export type ResultCaller = (method: ApiMethod, args: unknown[]) => Promise<Result<unknown>>

/** Builds the TraceApi from the contract's method list: one function per method, failures thrown as ApiCallError. */
export function makeApi(call: ResultCaller): TraceApi {
  const entries = API_METHODS.map((method) => [
    method,
    async (...args: unknown[]) => unwrapResult(method, await call(method, args))
  ])
  return Object.fromEntries(entries) as TraceApi
}

import { API_METHODS, type ApiMethod, type Result, type TraceApi } from '@contract/api'
import { unwrapResult } from './api-error'

/** Sends one call over some transport and resolves with the host's Result. */
export type ResultCaller<M extends string = ApiMethod> = (method: M, args: unknown[]) => Promise<Result<unknown>>

/** Builds the TraceApi from the contract's method list: one function per method, failures thrown as ApiCallError. */
export function makeApi(call: ResultCaller): TraceApi {
  return makeCaller<TraceApi>(API_METHODS, call)
}

/** An interface of async methods from its method list (TraceApi, DesktopApi): each call goes through `call`. */
export function makeCaller<Api>(methods: readonly (keyof Api & string)[], call: ResultCaller<keyof Api & string>): Api {
  const entries = methods.map((method) => [
    method,
    async (...args: unknown[]) => unwrapResult(method, await call(method, args))
  ])
  return Object.fromEntries(entries) as Api
}

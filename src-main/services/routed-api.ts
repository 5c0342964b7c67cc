/**
 * The TraceApi a long-lived host calls: every method the method list marks `read` (contract/api.ts ApiAccess) goes to
 * the reader pool, every other to the engine. Derived from the one method list, so a new method is routed by the
 * property it is listed with, never by its name.
 */
import { API_METHODS, isApiMethod, isReadMethod, type TraceApi } from '@contract/api'
import type { JsonResult } from './engine-types'

type Fn = (...args: unknown[]) => Promise<unknown>

export function routeApi(
  engine: TraceApi,
  readers: { call(method: string, args: unknown[], affinity?: string): Promise<unknown> }
): TraceApi {
  return Object.fromEntries(
    API_METHODS.map((method) => [
      method,
      isReadMethod(method)
        ? (...args: unknown[]) => readers.call(method, args, affinityOf(method, args))
        : (...args: unknown[]) => (engine[method] as Fn)(...args)
    ])
  ) as unknown as TraceApi
}

/**
 * What makes two calls "the same query": the method and its arguments without the page asked (offset, limit), so
 * the pages of one table, group list or search go to the reader that keeps its order (reader-pool.ts).
 */
export function affinityOf(method: string, args: unknown[]): string {
  const pageless = args.map((a) =>
    a !== null && typeof a === 'object' && !Array.isArray(a) ? { ...a, offset: undefined, limit: undefined } : a
  )
  return JSON.stringify([method, pageless])
}

/** Engine.readJson over the pool: a read-only method's call answered as JSON text, null for any other name. */
export function routeJson(readers: {
  callJson(method: string, args: unknown[], affinity?: string): Promise<JsonResult>
}): (method: string, args: unknown[]) => Promise<JsonResult> | null {
  return (method, args) =>
    isApiMethod(method) && isReadMethod(method) ? readers.callJson(method, args, affinityOf(method, args)) : null
}

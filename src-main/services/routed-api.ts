/**
 * The TraceApi a long-lived host calls: every method the method list marks `read` (contract/api.ts ApiAccess) goes to
 * the reader pool, every other to the engine. Derived from the one method list, so a new method is routed by the
 * property it is listed with, never by its name. A read whose reader thread stopped under it (readers have a bounded
 * heap: worker-limits.ts), or that it declined (a record too big for that heap), is answered by the engine thread
 * instead, as every read was before there were readers.
 */
import { API_METHODS, EPISODE_HANDOFF_METHODS, isApiMethod, isReadMethod, type TraceApi } from '@contract/api'
import { dispatch } from './dispatch'
import { toJsonResult, type JsonResult } from './json-result'
import { answerElsewhere } from './reader-pool'

type Fn = (...args: unknown[]) => Promise<unknown>

export function routeApi(
  engine: TraceApi,
  readers: { call(method: string, args: unknown[], affinity?: string): Promise<unknown> }
): TraceApi {
  return Object.fromEntries(
    API_METHODS.map((method) => [
      method,
      isReadMethod(method)
        ? (...args: unknown[]) =>
            readers
              .call(method, args, affinityOf(method, args))
              .catch((err: unknown) => (answerElsewhere(err) ? (engine[method] as Fn)(...args) : Promise.reject(err)))
        : (...args: unknown[]) => (engine[method] as Fn)(...args)
    ])
  ) as unknown as TraceApi
}

/**
 * What makes two calls "the same query": the method and its arguments without the page asked (offset, limit), so
 * the pages of one table, group list or search go to the reader that keeps its order (reader-pool.ts). An episode's
 * head and preview share the episode's affinity: the reader that read it for the head keeps it for the preview.
 */
export function affinityOf(method: string, args: unknown[]): string {
  if (EPISODE_HANDOFF_METHODS.has(method)) return JSON.stringify(['episode', args[0]])
  const pageless = args.map((a) =>
    a !== null && typeof a === 'object' && !Array.isArray(a) ? { ...a, offset: undefined, limit: undefined } : a
  )
  return JSON.stringify([method, pageless])
}

/**
 * Engine.readJson over the pool: a read-only method's call answered as UTF-8 JSON bytes, null for any other name. A call
 * whose reader stopped is answered by the engine (through the same dispatch as every call), serialized here.
 */
export function routeJson(
  readers: { callJson(method: string, args: unknown[], affinity?: string): Promise<JsonResult> },
  engine: TraceApi
): (method: string, args: unknown[]) => Promise<JsonResult> | null {
  return (method, args) =>
    isApiMethod(method) && isReadMethod(method)
      ? readers.callJson(method, args, affinityOf(method, args)).catch(async (err: unknown) => {
          if (!answerElsewhere(err)) throw err
          return toJsonResult(await dispatch(engine, method, args))
        })
      : null
}

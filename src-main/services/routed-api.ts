/**
 * The TraceApi a long-lived host calls: every method the method list marks `read` (contract/api.ts ApiAccess) goes to
 * the reader pool, every other to the engine. Derived from the one method list, so a new method is routed by the
 * property it is listed with, never by its name.
 */
import { API_METHODS, isReadMethod, type TraceApi } from '@contract/api'

type Fn = (...args: unknown[]) => Promise<unknown>

export function routeApi(
  engine: TraceApi,
  readers: { call(method: string, args: unknown[]): Promise<unknown> }
): TraceApi {
  return Object.fromEntries(
    API_METHODS.map((method) => [
      method,
      isReadMethod(method)
        ? (...args: unknown[]) => readers.call(method, args)
        : (...args: unknown[]) => (engine[method] as Fn)(...args)
    ])
  ) as unknown as TraceApi
}

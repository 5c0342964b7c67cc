/**
 * Wraps the engine's API for the desktop host, so that paths added from anywhere (menu, dialog, drop, command
 * line, second instance) land in the recent list.
 */
import { API_METHODS, type TraceApi } from '@contract/api'

/** `api` with `onAdded(paths)` called after every successful addPaths; other methods pass through unchanged. */
export function withAddPathsHook(api: TraceApi, onAdded: (paths: string[]) => void): TraceApi {
  const wrapped = Object.fromEntries(
    API_METHODS.map((m) => [
      m,
      (...args: unknown[]) => (api[m] as (...a: unknown[]) => Promise<unknown>).apply(api, args)
    ])
  ) as unknown as TraceApi
  wrapped.addPaths = async (paths) => {
    const workspace = await api.addPaths(paths)
    try {
      onAdded(paths)
    } catch (err) {
      console.error('rollscope: recording recent paths failed:', err)
    }
    return workspace
  }
  return wrapped
}

/** The view kept in the URL hash, so a reload (or a shared link) restores it: `#/run/<runId>/episode/<episodeId>`. */
export interface Route {
  runId: string | null
  episodeId: string | null
}

export const EMPTY_ROUTE: Route = { runId: null, episodeId: null }

/** Parses a location hash; anything unrecognised means "no selection". */
export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#/, '').split('/').filter((p) => p !== '')
  if (parts[0] !== 'run' || !parts[1]) return EMPTY_ROUTE
  const runId = safeDecode(parts[1])
  if (runId === null) return EMPTY_ROUTE
  const episodeId = parts[2] === 'episode' && parts[3] ? safeDecode(parts[3]) : null
  return { runId, episodeId }
}

/** The hash for a route ('' when nothing is selected). Ids are URI-encoded, so `/` in an id is safe. */
export function formatHash(route: Route): string {
  if (!route.runId) return ''
  const run = `#/run/${encodeURIComponent(route.runId)}`
  return route.episodeId ? `${run}/episode/${encodeURIComponent(route.episodeId)}` : run
}

/** Route equality. */
export function sameRoute(a: Route, b: Route): boolean {
  return a.runId === b.runId && a.episodeId === b.episodeId
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}

/**
 * The view kept in the URL hash, so a reload (or a shared link) restores it:
 * `#/run/<runId>/episode/<episodeId>/turn/<turnIndex>`.
 */
export interface Route {
  runId: string | null
  episodeId: string | null
  /** The highlighted turn's `index`; null for the first turn (or no episode). */
  turn: number | null
}

export const EMPTY_ROUTE: Route = { runId: null, episodeId: null, turn: null }

/** Parses a location hash; anything unrecognised means "no selection". */
export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#/, '').split('/').filter((p) => p !== '')
  if (parts[0] !== 'run' || !parts[1]) return EMPTY_ROUTE
  const runId = safeDecode(parts[1])
  if (runId === null) return EMPTY_ROUTE
  const episodeId = parts[2] === 'episode' && parts[3] ? safeDecode(parts[3]) : null
  const turn = episodeId !== null && parts[4] === 'turn' && /^\d{1,9}$/.test(parts[5] ?? '') ? Number(parts[5]) : null
  return { runId, episodeId, turn }
}

/** The hash for a route ('' when nothing is selected). Ids are URI-encoded, so `/` in an id is safe. */
export function formatHash(route: Route): string {
  if (!route.runId) return ''
  const run = `#/run/${encodeURIComponent(route.runId)}`
  if (!route.episodeId) return run
  const episode = `${run}/episode/${encodeURIComponent(route.episodeId)}`
  return route.turn !== null ? `${episode}/turn/${route.turn}` : episode
}

/** Route equality. */
export function sameRoute(a: Route, b: Route): boolean {
  return a.runId === b.runId && a.episodeId === b.episodeId && a.turn === b.turn
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}

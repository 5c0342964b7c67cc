/**
 * The view kept in the URL hash, so a reload (or a shared link) restores it:
 * `#/run/<runId>/episode/<episodeId>/turn/<turnIndex>` (`#/run/<id1>,<id2>,…` for one table over several runs), or a comparison of two runs
 * `#/compare/<runA>/<runB>[/task/<taskKey>]`, or a checkpoint series `#/series/<id1>,<id2>,…`.
 */
export interface Route {
  runId: string | null
  /** More runs listed in the same episodes table (a view over several runs). */
  alsoRunIds?: string[]
  episodeId: string | null
  /** The highlighted turn's `index`; null for the first turn (or no episode). */
  turn: number | null
  /** Set on a compare route (then runId / episodeId / turn are null). */
  compare?: CompareRoute
  /** Set on a series route: the runs in series order (or one run, whose training steps make the series). */
  series?: string[]
}

/** Two runs compared, and optionally one task opened side by side. */
export interface CompareRoute {
  runA: string
  runB: string
  taskKey: string | null
}

export const EMPTY_ROUTE: Route = { runId: null, episodeId: null, turn: null }

/** Parses a location hash; anything unrecognised means "no selection". */
export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#/, '').split('/').filter((p) => p !== '')
  if (parts[0] === 'compare') return parseCompare(parts)
  if (parts[0] === 'series') return parseSeries(parts)
  if (parts[0] !== 'run' || !parts[1]) return EMPTY_ROUTE
  const ids = parts[1].split(',').map((p) => (p === '' ? null : safeDecode(p)))
  if (ids.some((id) => id === null)) return EMPTY_ROUTE
  const [runId, ...alsoRunIds] = ids as string[]
  const episodeId = parts[2] === 'episode' && parts[3] ? safeDecode(parts[3]) : null
  const turn = episodeId !== null && parts[4] === 'turn' && /^\d{1,9}$/.test(parts[5] ?? '') ? Number(parts[5]) : null
  return alsoRunIds.length ? { runId, alsoRunIds, episodeId, turn } : { runId, episodeId, turn }
}

function parseCompare(parts: string[]): Route {
  const runA = parts[1] ? safeDecode(parts[1]) : null
  const runB = parts[2] ? safeDecode(parts[2]) : null
  if (runA === null || runB === null) return EMPTY_ROUTE
  const taskKey = parts[3] === 'task' && parts[4] ? safeDecode(parts[4]) : null
  return { ...EMPTY_ROUTE, compare: { runA, runB, taskKey } }
}

function parseSeries(parts: string[]): Route {
  const ids = (parts[1] ?? '').split(',').map((p) => (p === '' ? null : safeDecode(p)))
  // one run: the training steps inside it (a hosted-RL export) make the series
  if (ids.some((id) => id === null)) return EMPTY_ROUTE
  return { ...EMPTY_ROUTE, series: ids as string[] }
}

/** The hash for a route ('' when nothing is selected). Ids are URI-encoded, so `/` (and `,`) in an id is safe. */
export function formatHash(route: Route): string {
  if (route.compare) {
    const { runA, runB, taskKey } = route.compare
    const base = `#/compare/${encodeURIComponent(runA)}/${encodeURIComponent(runB)}`
    return taskKey !== null ? `${base}/task/${encodeURIComponent(taskKey)}` : base
  }
  if (route.series) return `#/series/${route.series.map(encodeURIComponent).join(',')}`
  if (!route.runId) return ''
  const run = `#/run/${[route.runId, ...(route.alsoRunIds ?? [])].map(encodeURIComponent).join(',')}`
  if (!route.episodeId) return run
  const episode = `${run}/episode/${encodeURIComponent(route.episodeId)}`
  return route.turn !== null ? `${episode}/turn/${route.turn}` : episode
}

/** Route equality. */
export function sameRoute(a: Route, b: Route): boolean {
  return sameRunSet(a, b) && a.episodeId === b.episodeId && a.turn === b.turn && sameCompare(a.compare, b.compare) && sameSeries(a.series, b.series)
}

function sameCompare(a: CompareRoute | undefined, b: CompareRoute | undefined): boolean {
  if (!a || !b) return a === b
  return a.runA === b.runA && a.runB === b.runB && a.taskKey === b.taskKey
}

/** The same run (or runs) in the episodes table. */
export function sameRunSet(a: Route, b: Route): boolean {
  return a.runId === b.runId && sameSeries(a.alsoRunIds ?? [], b.alsoRunIds ?? [])
}

function sameSeries(a: string[] | undefined, b: string[] | undefined): boolean {
  if (!a || !b) return a === b
  return a.length === b.length && a.every((id, i) => id === b[i])
}

/** True for the routes that show the compare screen (two runs or a series) rather than the browser. */
export function isCompareRoute(route: Route): boolean {
  return route.compare !== undefined || route.series !== undefined
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}

import {
  formatBreakdown,
  formatCurve,
  formatMany,
  parseBreakdown,
  parseCurve,
  parseIdList,
  parseMany,
  parseQuery,
  safeDecode,
  sameBreakdown,
  sameCurve,
  sameMany,
  type BreakdownRoute,
  type CurveRoute,
  type ManyRoute
} from './screen-routes'
import { parseStep, sameSteps, WHOLE_RUNS, type CompareSteps } from './compare-steps'

/**
 * The view kept in the URL hash, so a reload (or a shared link) restores it:
 * `#/run/<runId>/episode/<episodeId>/turn/<turnIndex>` (`#/run/<id1>,<id2>,…` for one table over several runs), or a comparison of two runs
 * `#/compare/<runA>/<runB>[/task/<taskKey>][?envs=any][&stepA=N&stepB=M][&tab=groups]`, or a checkpoint series `#/series/<id1>,<id2>,…[?envs=any]`, or one of the
 * analysis screens (screen-routes.ts): `#/breakdown/<run>/<fields>`, `#/many/<ids>?base=<id>`, `#/curve/<run>`.
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
  /** A series followed although its runs' environments differ (`?envs=any`). */
  seriesAnyway?: true
  breakdown?: BreakdownRoute
  many?: ManyRoute
  curve?: CurveRoute
}

/** Two runs compared, and optionally one task opened side by side. */
export interface CompareRoute {
  runA: string
  runB: string
  taskKey: string | null
  /** Compared although their environments differ (the user insisted: every screen says so). */
  anyway?: true
  /** The training step each side reads (two steps of a training run); absent: the whole runs. */
  steps?: CompareSteps
  /** The Groups tab is shown (absent: the report). */
  groups?: true
}

export const EMPTY_ROUTE: Route = { runId: null, episodeId: null, turn: null }

/** Parses a location hash; anything unrecognised means "no selection". */
export function parseHash(hash: string): Route {
  const text = hash.replace(/^#/, '')
  const q = text.indexOf('?')
  const parts = (q === -1 ? text : text.slice(0, q)).split('/').filter((p) => p !== '')
  const query = parseQuery(q === -1 ? '' : text.slice(q + 1))
  if (parts[0] === 'compare') return parseCompare(parts, query)
  if (parts[0] === 'series') return parseSeries(parts, query)
  if (parts[0] === 'breakdown') return screen('breakdown', parseBreakdown(parts))
  if (parts[0] === 'many') return screen('many', parseMany(parts, query))
  if (parts[0] === 'curve') return screen('curve', parseCurve(parts, query))
  if (parts[0] !== 'run' || !parts[1]) return EMPTY_ROUTE
  const ids = parts[1].split(',').map((p) => (p === '' ? null : safeDecode(p)))
  if (ids.some((id) => id === null)) return EMPTY_ROUTE
  const [runId, ...alsoRunIds] = ids as string[]
  const episodeId = parts[2] === 'episode' && parts[3] ? safeDecode(parts[3]) : null
  const turn = episodeId !== null && parts[4] === 'turn' && /^\d{1,9}$/.test(parts[5] ?? '') ? Number(parts[5]) : null
  return alsoRunIds.length ? { runId, alsoRunIds, episodeId, turn } : { runId, episodeId, turn }
}

/** A route showing one analysis screen, or no selection when its part did not parse. */
function screen<K extends 'breakdown' | 'many' | 'curve'>(key: K, value: Route[K] | null): Route {
  return value ? { ...EMPTY_ROUTE, [key]: value } : EMPTY_ROUTE
}

function parseCompare(parts: string[], query: Map<string, string>): Route {
  const runA = parts[1] ? safeDecode(parts[1]) : null
  const runB = parts[2] ? safeDecode(parts[2]) : null
  if (runA === null || runB === null) return EMPTY_ROUTE
  const taskKey = parts[3] === 'task' && parts[4] ? safeDecode(parts[4]) : null
  const compare: CompareRoute = { runA, runB, taskKey }
  if (query.get('envs') === 'any') compare.anyway = true
  const steps = { a: parseStep(query.get('stepA')), b: parseStep(query.get('stepB')) }
  if (steps.a !== null || steps.b !== null) compare.steps = steps
  if (query.get('tab') === 'groups') compare.groups = true
  return { ...EMPTY_ROUTE, compare }
}

function parseSeries(parts: string[], query: Map<string, string>): Route {
  // one run: the training steps inside it (a hosted-RL export) make the series
  const ids = parseIdList(parts[1] ?? '')
  if (!ids) return EMPTY_ROUTE
  return query.get('envs') === 'any'
    ? { ...EMPTY_ROUTE, series: ids, seriesAnyway: true }
    : { ...EMPTY_ROUTE, series: ids }
}

/** The hash for a route ('' when nothing is selected). Ids are URI-encoded, so `/` (and `,`) in an id is safe. */
export function formatHash(route: Route): string {
  if (route.compare) {
    const { runA, runB, taskKey, anyway, steps, groups } = route.compare
    const base = `#/compare/${encodeURIComponent(runA)}/${encodeURIComponent(runB)}`
    const query = [
      anyway ? 'envs=any' : '',
      steps?.a != null ? `stepA=${steps.a}` : '',
      steps?.b != null ? `stepB=${steps.b}` : '',
      groups ? 'tab=groups' : ''
    ].filter(Boolean)
    return `${taskKey !== null ? `${base}/task/${encodeURIComponent(taskKey)}` : base}${query.length ? `?${query.join('&')}` : ''}`
  }
  if (route.series)
    return `#/series/${route.series.map(encodeURIComponent).join(',')}${route.seriesAnyway ? '?envs=any' : ''}`
  if (route.breakdown) return formatBreakdown(route.breakdown)
  if (route.many) return formatMany(route.many)
  if (route.curve) return formatCurve(route.curve)
  if (!route.runId) return ''
  const run = `#/run/${[route.runId, ...(route.alsoRunIds ?? [])].map(encodeURIComponent).join(',')}`
  if (!route.episodeId) return run
  const episode = `${run}/episode/${encodeURIComponent(route.episodeId)}`
  return route.turn !== null ? `${episode}/turn/${route.turn}` : episode
}

/** Route equality. */
export function sameRoute(a: Route, b: Route): boolean {
  return (
    sameRunSet(a, b) &&
    a.episodeId === b.episodeId &&
    a.turn === b.turn &&
    sameCompare(a.compare, b.compare) &&
    sameSeries(a.series, b.series) &&
    !!a.seriesAnyway === !!b.seriesAnyway &&
    sameBreakdown(a.breakdown, b.breakdown) &&
    sameMany(a.many, b.many) &&
    sameCurve(a.curve, b.curve)
  )
}

function sameCompare(a: CompareRoute | undefined, b: CompareRoute | undefined): boolean {
  if (!a || !b) return a === b
  return (
    a.runA === b.runA &&
    a.runB === b.runB &&
    a.taskKey === b.taskKey &&
    !!a.anyway === !!b.anyway &&
    !!a.groups === !!b.groups &&
    sameSteps(a.steps ?? WHOLE_RUNS, b.steps ?? WHOLE_RUNS)
  )
}

/** The same run (or runs) in the episodes table. */
export function sameRunSet(a: Route, b: Route): boolean {
  return a.runId === b.runId && sameSeries(a.alsoRunIds ?? [], b.alsoRunIds ?? [])
}

function sameSeries(a: string[] | undefined, b: string[] | undefined): boolean {
  if (!a || !b) return a === b
  return a.length === b.length && a.every((id, i) => id === b[i])
}

/** True for the routes that show a screen over the runs browser (a comparison, a series, a breakdown, N runs, a curve). */
export function isCompareRoute(route: Route): boolean {
  return route.compare !== undefined || route.series !== undefined || !!route.breakdown || !!route.many || !!route.curve
}

/** The runs a route names (to check they are still in the workspace). */
export function routeRunIds(route: Route): string[] {
  if (route.compare) return [route.compare.runA, route.compare.runB]
  if (route.series) return route.series
  if (route.breakdown) return [route.breakdown.runId]
  if (route.many) return route.many.runIds
  if (route.curve) return [route.curve.runId]
  return route.runId !== null ? [route.runId, ...(route.alsoRunIds ?? [])] : []
}

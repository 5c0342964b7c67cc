import {
  EMPTY_ROUTE,
  formatHash,
  isCompareRoute,
  parseHash,
  routeRunIds,
  sameRoute,
  sameRunSet,
  type Route
} from './hash-route'
import { applyScreenRoute, isScreenOpen, screenRouteOf } from './screens'
import type { AppState, AppStore } from './store'

/** Where the last view is kept between starts (localStorage in the app). */
export type RouteStorage = Pick<Storage, 'getItem' | 'setItem'>

const LAST_ROUTE_KEY = 'rollscope:last-route'

interface HashHost {
  location: { hash: string }
  /** Replaces the hash without a new history entry (turn moves would otherwise flood Back). */
  history?: { replaceState(data: unknown, unused: string, url: string): void }
  addEventListener(type: 'hashchange', fn: () => void): void
  removeEventListener(type: 'hashchange', fn: () => void): void
}

/** The route the state shows: the open screen (comparison, breakdown…), else the selection (with the highlighted turn once the transcript is there). */
function routeOf(s: AppState): Route {
  if (isScreenOpen(s)) return { ...EMPTY_ROUTE, ...screenRouteOf(s) }
  const e = s.episode
  const onOpen = s.openEpisodeId !== null && e.id === s.openEpisodeId
  const turn = !onOpen
    ? null
    : e.detail
      ? e.activeTurn > 0
        ? (e.detail.turns[e.activeTurn]?.index ?? null)
        : null
      : e.pendingTurnIndex
  const also = s.episodes.alsoRunIds
  return { runId: s.selectedRunId, ...(also.length ? { alsoRunIds: also } : {}), episodeId: s.openEpisodeId, turn }
}

/**
 * Keeps the selection and the URL hash in sync both ways: the hash is applied at start and on
 * hashchange (back / forward, pasted links); selection changes write the hash (a new history
 * entry for a run or an episode, a replaced one for a turn). Returns the unbind function.
 */
export function bindHashRoute(store: AppStore, host: HashHost, storage?: RouteStorage): () => void {
  const onHashChange = (): void => {
    const route = parseHash(host.location.hash)
    if (!sameRoute(route, routeOf(store.getState()))) applyAnyRoute(store, route)
  }
  onHashChange()
  host.addEventListener('hashchange', onHashChange)
  const unsubscribe = store.subscribe((state, prev) => {
    const now = routeOf(state)
    const before = routeOf(prev)
    if (sameRoute(now, before)) return
    const hash = formatHash(now)
    saveLastRoute(storage, hash)
    // Setting '' would leave a bare '#'; '#/' reads as "nothing selected" too.
    if (hash === host.location.hash || (hash === '' && sameRoute(parseHash(host.location.hash), EMPTY_ROUTE))) return
    if (replacesEntry(now, before) && host.history) host.history.replaceState(null, '', hash)
    else host.location.hash = hash || '#/'
  })
  return () => {
    host.removeEventListener('hashchange', onHashChange)
    unsubscribe()
  }
}

/**
 * Moves that replace the history entry instead of adding one: a turn within the same episode, the next task of a
 * list within the same comparison (opening or closing a task still adds one, so Back returns to the comparison),
 * a breakdown link without fields getting the field the screen chose, or a step picked on a curve.
 */
function replacesEntry(now: Route, before: Route): boolean {
  // another step picked on the same curve: Back leaves the curve rather than walking every step picked
  if (now.curve && before.curve) return now.curve.runId === before.curve.runId
  if (now.breakdown && before.breakdown)
    return now.breakdown.runId === before.breakdown.runId && before.breakdown.fields.length === 0
  if (now.compare && before.compare) {
    const c = now.compare
    const b = before.compare
    return c.runA === b.runA && c.runB === b.runB && c.taskKey !== null && b.taskKey !== null
  }
  if (isCompareRoute(now) || isCompareRoute(before)) return false
  return sameRunSet(now, before) && now.episodeId === before.episodeId
}

/** Shows a route: the screen it names (comparison, series, breakdown, N runs, curve), else the runs browser's selection. */
function applyAnyRoute(store: AppStore, route: Route): void {
  const s = store.getState()
  if (isCompareRoute(route)) return applyScreenRoute(s, route)
  s.closeCompare()
  s.applyRoute(route)
}

function saveLastRoute(storage: RouteStorage | undefined, hash: string): void {
  try {
    storage?.setItem(LAST_ROUTE_KEY, hash)
  } catch {
    // storage full or denied: the view is simply not restored next time
  }
}

/**
 * At start, with no view in the URL (a restart, not a shared link), goes back to the view of the
 * last session when its run is still in the workspace. Call once the runs are loaded.
 */
export function restoreLastRoute(store: AppStore, host: HashHost, storage: RouteStorage): void {
  if (!sameRoute(parseHash(host.location.hash), EMPTY_ROUTE)) return
  let saved: string | null = null
  try {
    saved = storage.getItem(LAST_ROUTE_KEY)
  } catch {
    return
  }
  const route = parseHash(saved ?? '')
  const known = (id: string): boolean => store.getState().runs.some((r) => r.id === id)
  const runIds = routeRunIds(route)
  if (runIds.length === 0 || !runIds.every(known)) return
  host.location.hash = saved ?? ''
  applyAnyRoute(store, route)
}

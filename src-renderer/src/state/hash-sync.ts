import { formatHash, parseHash, sameRoute, type Route } from './hash-route'
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

/** The route the state shows: the highlighted turn is part of it once the transcript is there. */
function routeOf(s: AppState): Route {
  const e = s.episode
  const onOpen = s.openEpisodeId !== null && e.id === s.openEpisodeId
  const turn = !onOpen ? null : e.detail ? (e.activeTurn > 0 ? (e.detail.turns[e.activeTurn]?.index ?? null) : null) : e.pendingTurnIndex
  return { runId: s.selectedRunId, episodeId: s.openEpisodeId, turn }
}

/**
 * Keeps the selection and the URL hash in sync both ways: the hash is applied at start and on
 * hashchange (back / forward, pasted links); selection changes write the hash (a new history
 * entry for a run or an episode, a replaced one for a turn). Returns the unbind function.
 */
export function bindHashRoute(store: AppStore, host: HashHost, storage?: RouteStorage): () => void {
  const onHashChange = (): void => {
    const route = parseHash(host.location.hash)
    if (!sameRoute(route, routeOf(store.getState()))) store.getState().applyRoute(route)
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
    if (hash === host.location.hash || (hash === '' && parseHash(host.location.hash).runId === null)) return
    const turnOnly = now.runId === before.runId && now.episodeId === before.episodeId
    if (turnOnly && host.history) host.history.replaceState(null, '', hash)
    else host.location.hash = hash || '#/'
  })
  return () => {
    host.removeEventListener('hashchange', onHashChange)
    unsubscribe()
  }
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
  if (parseHash(host.location.hash).runId !== null) return
  let saved: string | null = null
  try {
    saved = storage.getItem(LAST_ROUTE_KEY)
  } catch {
    return
  }
  const route = parseHash(saved ?? '')
  if (route.runId === null || !store.getState().runs.some((r) => r.id === route.runId)) return
  host.location.hash = saved ?? ''
  store.getState().applyRoute(route)
}

import { formatHash, parseHash, sameRoute, type Route } from './hash-route'
import type { AppStore } from './store'

interface HashHost {
  location: { hash: string }
  addEventListener(type: 'hashchange', fn: () => void): void
  removeEventListener(type: 'hashchange', fn: () => void): void
}

/**
 * Keeps the selection and the URL hash in sync both ways: the hash is applied at start and on
 * hashchange (back / forward, pasted links); selection changes write the hash. Returns the unbind function.
 */
export function bindHashRoute(store: AppStore, host: HashHost): () => void {
  const current = (): Route => ({ runId: store.getState().selectedRunId, episodeId: store.getState().openEpisodeId })
  const onHashChange = (): void => {
    const route = parseHash(host.location.hash)
    if (!sameRoute(route, current())) store.getState().applyRoute(route)
  }
  onHashChange()
  host.addEventListener('hashchange', onHashChange)
  const unsubscribe = store.subscribe((state, prev) => {
    if (state.selectedRunId === prev.selectedRunId && state.openEpisodeId === prev.openEpisodeId) return
    const hash = formatHash(current())
    // Setting '' would leave a bare '#'; '#/' reads as "nothing selected" too.
    if (hash !== host.location.hash && !(hash === '' && parseHash(host.location.hash).runId === null)) {
      host.location.hash = hash || '#/'
    }
  })
  return () => {
    host.removeEventListener('hashchange', onHashChange)
    unsubscribe()
  }
}

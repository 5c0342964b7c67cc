import type { TraceEvent } from '@contract/api'
import type { AppStore } from './store'

/** How long `workspaceChanged` events are coalesced before refreshing (they come once per indexed file). */
export const REFRESH_DELAY_MS = 400

/**
 * Feeds engine events into the store: progress directly; workspace changes as one coalesced refresh of
 * the runs, the file list and (when their run changed) the visible episodes, the open episode's labels and the open
 * training curve.
 */
export function wireEvents(
  store: AppStore,
  subscribe: (listener: (event: TraceEvent) => void) => () => void,
  delayMs = REFRESH_DELAY_MS
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  const changedRuns = new Set<string>()
  let lastState: string | null = null

  const flush = (): void => {
    timer = null
    const s = store.getState()
    void s.loadRuns()
    void s.loadWorkspace()
    if (s.episodes.runId && changedRuns.has(s.episodes.runId)) void s.refreshEpisodes()
    // the open episode's file was read again (a re-run rewrote it): its labels may now be on other content
    const open = s.episode.detail
    if (open && changedRuns.has(open.runId) && s.labels.current?.episodeId === open.id)
      void s.loadEpisodeLabels(open.id)
    if (s.curve && changedRuns.has(s.curve.runId)) s.refreshCurve()
    changedRuns.clear()
  }
  const schedule = (): void => {
    if (timer === null) timer = setTimeout(flush, delayMs)
  }

  const unsubscribe = subscribe((event) => {
    if (event.name === 'indexProgress') {
      const p = event.payload as TraceEvent<'indexProgress'>['payload']
      store.getState().applyProgress(p)
      // A job that just ended changes the per-file states: refresh once.
      if (lastState !== p.state && (p.state === 'done' || p.state === 'cancelled' || p.state === 'error')) schedule()
      lastState = p.state
    } else if (event.name === 'workspaceChanged') {
      for (const id of (event.payload as TraceEvent<'workspaceChanged'>['payload']).runIds) changedRuns.add(id)
      schedule()
    }
  })
  return () => {
    unsubscribe()
    if (timer !== null) clearTimeout(timer)
  }
}

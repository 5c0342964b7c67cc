import type { AppState } from './types'

/** What the main pane shows: one view at a time. */
export type MainView = 'search' | 'breakdown' | 'many' | 'curve' | 'series' | 'compare' | 'episode' | 'browse'

/**
 * The view the main pane shows, in order of precedence: the search screen over everything, then a screen over the
 * runs, then the open episode, else the runs browser. The app renders this and the keymap's contexts follow it, so
 * the keys always belong to the view on screen.
 */
export function mainView(
  s: Pick<AppState, 'search' | 'breakdown' | 'many' | 'curve' | 'series' | 'compare' | 'openEpisodeId'>
): MainView {
  if (s.search.open) return 'search'
  if (s.breakdown) return 'breakdown'
  if (s.many) return 'many'
  if (s.curve) return 'curve'
  if (s.series) return 'series'
  if (s.compare) return 'compare'
  if (s.openEpisodeId !== null) return 'episode'
  return 'browse'
}

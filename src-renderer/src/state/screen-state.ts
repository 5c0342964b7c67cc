/**
 * The screens shown over the runs browser: a comparison of two runs, a checkpoint series, a run's breakdown, N runs
 * side by side, a training curve. One at a time: opening one closes the others; "← Runs" (or Esc) closes them all.
 */
import type { AppState } from './types'

/** The state with every screen closed (spread into `set` by whoever opens one). */
export const NO_SCREEN = {
  compare: null,
  series: null,
  breakdown: null,
  many: null,
  curve: null,
  flipCell: null,
  compareGroups: null
} satisfies Partial<AppState>

/** Whether a screen is open over the runs browser. */
export const isScreenOpen = (s: Pick<AppState, 'compare' | 'series' | 'breakdown' | 'many' | 'curve'>): boolean =>
  s.compare !== null || s.series !== null || s.breakdown !== null || s.many !== null || s.curve !== null

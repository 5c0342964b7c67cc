import type { TraceApi } from '@contract/api'
import type { TrainingCurve } from '@contract/training'
import { errorMessage } from '../api/api-error'
import { NO_SCREEN } from './screen-state'
import type { SliceCreator } from './types'

/** A training run's curve: per step, its whole batch's statistics. */
export interface CurveView {
  runId: string
  report: TrainingCurve | null
  loading: boolean
  error: string | null
}

export interface CurveSlice {
  curve: CurveView | null
  openCurve(runId: string): void
  /**
   * Reads the open curve again (its run's episodes changed: a live run's new steps). The curve shown stays until the
   * new one replaces it in place: no placeholder, and a failed refresh keeps it.
   */
  refreshCurve(): void
  /**
   * A step's episodes: the run's episodes table filtered to `step == N` (with the Step column shown). Back returns
   * to the curve.
   */
  openStepEpisodes(runId: string, step: number): void
}

/** Creates the training-curve slice over `api`. */
export const createCurveSlice =
  (api: TraceApi): SliceCreator<CurveSlice> =>
  (set, get) => {
    let seq = 0
    return {
      curve: null,
      openCurve: (runId) => {
        const c = get().curve
        if (c && c.runId === runId && !c.error) return
        const mine = ++seq
        set({ ...NO_SCREEN, curve: { runId, report: null, loading: true, error: null } })
        api.trainingCurve(runId).then(
          (report) => {
            const now = get().curve
            if (mine === seq && now) set({ curve: { ...now, report, loading: false } })
          },
          (err: unknown) => {
            const now = get().curve
            if (mine === seq && now) set({ curve: { ...now, loading: false, error: errorMessage(err) } })
          }
        )
      },
      refreshCurve: () => {
        const c = get().curve
        if (!c) return
        // supersedes an open still in flight too: it may have read the run before this change
        const mine = ++seq
        api.trainingCurve(c.runId).then(
          (report) => {
            const now = get().curve
            if (mine === seq && now) set({ curve: { ...now, report, loading: false, error: null } })
          },
          (err: unknown) => {
            const now = get().curve
            // a curve already shown stays (the next change reads it again); else the failure is the answer
            if (mine === seq && now && !now.report) set({ curve: { ...now, loading: false, error: errorMessage(err) } })
          }
        )
      },
      openStepEpisodes: (runId, step) => get().openRunEpisodes(runId, `step == ${step}`, 'step')
    }
  }

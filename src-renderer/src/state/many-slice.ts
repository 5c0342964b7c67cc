import type { TraceApi } from '@contract/api'
import type { MultiCompareReport } from '@contract/multi-compare'
import { refusableReport } from './refusable-report'
import { NO_SCREEN } from './screen-state'
import type { SliceCreator } from './types'

/** Three or more runs side by side against a baseline. */
export interface ManyView {
  runIds: string[]
  /** The baseline run (null: the first). */
  baseline: string | null
  /** Compared although their environments differ (after "Compare anyway"). */
  anyway: boolean
  report: MultiCompareReport | null
  loading: boolean
  error: string | null
  /** The engine's reason for refusing runs of different environments (offered "Compare anyway"). */
  refused: string | null
}

export interface ManySlice {
  many: ManyView | null
  openMany(runIds: string[], baseline?: string | null, anyway?: boolean): void
  setManyBaseline(runId: string): void
  /** Compares the runs although their environments differ: every figure is then marked not comparable. */
  compareManyAnyway(): void
}

/** Creates the N-runs slice over `api`. */
export const createManySlice =
  (api: TraceApi): SliceCreator<ManySlice> =>
  (set, get) => {
    const loadReport = refusableReport(get, set, 'many', (m) =>
      api.compareMany(m.runIds, {
        baseline: m.baseline ?? m.runIds[0],
        ...(m.anyway ? { allowDifferentEnvs: true } : {})
      })
    ).load
    return {
      many: null,
      openMany: (runIds, baseline = null, anyway = false) => {
        const m = get().many
        const base = baseline !== null && runIds.includes(baseline) ? baseline : null
        if (m && m.runIds.join('\n') === runIds.join('\n') && m.baseline === base && m.anyway === anyway) return
        const keep = m && m.runIds.join('\n') === runIds.join('\n') ? m.report : null
        set({
          ...NO_SCREEN,
          many: { runIds, baseline: base, anyway, report: keep, loading: true, error: null, refused: null },
          comparePicks: runIds
        })
        void loadReport()
      },
      setManyBaseline: (runId) => {
        const m = get().many
        if (!m || !m.runIds.includes(runId) || (m.baseline ?? m.runIds[0]) === runId) return
        set({ many: { ...m, baseline: runId } })
        void loadReport()
      },
      compareManyAnyway: () => {
        const m = get().many
        if (!m || m.anyway) return
        set({ many: { ...m, anyway: true } })
        void loadReport()
      }
    }
  }

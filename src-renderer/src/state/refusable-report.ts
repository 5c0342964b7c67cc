/**
 * Loading the report of a screen the engine may refuse because its runs come from different environments: two runs
 * compared, a checkpoint series, N runs. The three screens load the same way, so the rules live here once.
 */
import { errorMessage } from '../api/api-error'
import { envRefusal } from '../api/env-refusal'
import type { AppState } from './types'

type RefusableKey = 'compare' | 'series' | 'many'
type ViewOf<K extends RefusableKey> = NonNullable<AppState[K]>
type ReportOf<K extends RefusableKey> = NonNullable<ViewOf<K>['report']>

export interface ReportLoader {
  /** Loads the open screen's report (nothing when the screen is closed). */
  load(): Promise<void>
  /** Drops the answer of a load in flight (the screen was closed). */
  drop(): void
}

/**
 * Only the newest load counts: an answer for runs or options the user has since left is dropped, and a screen closed
 * meanwhile stays closed. The report on screen is kept while the next one loads, so the screen does not blank. The
 * engine's refusal (`not-comparable`) is kept as `refused`, apart from errors: the screen shows its reason and offers
 * "Compare anyway" instead of an error.
 */
export function refusableReport<K extends RefusableKey>(
  get: () => AppState,
  set: (partial: Partial<AppState>) => void,
  key: K,
  fetch: (view: ViewOf<K>) => Promise<ReportOf<K>>
): ReportLoader {
  let seq = 0
  const view = (): ViewOf<K> | null => get()[key] as ViewOf<K> | null
  const put = (next: ViewOf<K>): void => set({ [key]: next } as Partial<AppState>)
  return {
    load: async () => {
      const v = view()
      if (!v) return
      const mine = ++seq
      put({ ...v, loading: true, error: null, refused: null })
      try {
        const report = await fetch(v)
        const now = view()
        if (mine === seq && now) put({ ...now, report, loading: false })
      } catch (err) {
        const now = view()
        if (mine !== seq || !now) return
        const refused = envRefusal(err)
        put({
          ...now,
          report: refused ? null : now.report,
          loading: false,
          refused,
          error: refused ? null : errorMessage(err)
        })
      }
    },
    drop: () => void seq++
  }
}

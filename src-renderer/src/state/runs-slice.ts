import type { TraceApi } from '@contract/api'
import type { RunSummary } from '@contract/model'
import type { RunGrouping } from '../lib/run-list'
import type { SliceCreator } from './types'

/** The runs list. */
export interface RunsSlice {
  runs: RunSummary[]
  /** False until the first listRuns answered (distinguishes "loading" from "no runs"). */
  runsLoaded: boolean
  /** The name of every run listed since the start, gone ones included: a run removed is named, not shown by id. */
  runNamesSeen: Record<string, string>
  loadRuns(): Promise<void>
  /** The runs table's search text and grouping: kept here so they survive the table's remount when a run is picked. */
  runsQuery: string
  runsGrouping: RunGrouping
  setRunsQuery(query: string): void
  setRunsGrouping(by: RunGrouping): void
  /** Sets the pass threshold of a run (null resets it to the default); episodes are refetched. */
  setPassThreshold(runId: string, threshold: number | null): Promise<boolean>
}

/** Creates the runs slice over `api`. */
export const createRunsSlice =
  (api: TraceApi): SliceCreator<RunsSlice> =>
  (set, get) => {
    let requestSeq = 0
    return {
      runs: [],
      runsLoaded: false,
      runNamesSeen: {},
      runsQuery: '',
      runsGrouping: 'none',
      setRunsQuery: (runsQuery) => set({ runsQuery }),
      setRunsGrouping: (runsGrouping) => set({ runsGrouping }),
      loadRuns: async () => {
        const seq = ++requestSeq
        try {
          const runs = await api.listRuns()
          // A slower, older answer must not overwrite a newer one.
          if (seq === requestSeq)
            set({
              runs,
              runsLoaded: true,
              runNamesSeen: { ...get().runNamesSeen, ...Object.fromEntries(runs.map((r) => [r.id, r.name])) }
            })
        } catch (err) {
          if (seq === requestSeq) set({ runsLoaded: true })
          get().pushError(err, 'Could not list runs')
        }
      },
      setPassThreshold: async (runId, threshold) => {
        try {
          const run = await api.setPassThreshold(runId, threshold)
          set({ runs: get().runs.map((r) => (r.id === run.id ? run : r)) })
          if (get().episodes.runId === runId) void get().refreshEpisodes()
          return true
        } catch (err) {
          get().pushError(err, 'Could not set the pass threshold')
          return false
        }
      }
    }
  }

/** The run with `id`, if listed. */
export function findRun(runs: RunSummary[], id: string | null): RunSummary | null {
  if (!id) return null
  return runs.find((r) => r.id === id) ?? null
}

import type { TraceApi } from '@contract/api'
import type { EpisodePreview, EpisodeSummary } from '@contract/model'
import { errorMessage } from '../api/api-error'
import { stepFilter, WHOLE_RUNS, type CompareSteps } from './compare-steps'
import type { SliceCreator } from './types'

export type Side = 'a' | 'b'

/** One run's side of the side-by-side view: the task's rollouts in that run and the one shown. */
export interface SideEpisode {
  runId: string
  /** The training step the side reads (two steps of one training run compared), or null: the whole run. */
  step: number | null
  /** The task's episodes in this run, by rollout; null until listed. */
  rollouts: EpisodeSummary[] | null
  /** The episode shown (rollout 0 unless another was chosen). */
  episodeId: string | null
  /** The episode as opened: long texts may be cut until the full turns are fetched (`complete`). */
  detail: EpisodePreview | null
  loading: boolean
  fullLoading: boolean
  error: string | null
}

/** What the diff editor compares: one aligned row's two steps, or the two final answers. */
export type DiffTarget = { kind: 'row'; row: number } | { kind: 'answers' }

/** The same task in two runs, its turns aligned by action (features/compare/SideBySide.tsx). */
export interface SideBySideState {
  taskKey: string
  a: SideEpisode
  b: SideEpisode
  /** Index into the alignment's rows of the highlighted row (j / k, click). */
  selectedRow: number
  /** Bumped when the list must scroll the selected row into view (a jump, not a click). */
  scrollSeq: number
  diff: DiffTarget | null
}

export interface SideBySideSlice {
  sideBySide: SideBySideState | null
  /**
   * Opens `taskKey` in runs A and B (rollout 0 of each, or the first one a run has); `steps` narrows a side to one
   * training step's rollouts.
   */
  openSideBySide(runA: string, runB: string, taskKey: string, steps?: CompareSteps): Promise<void>
  closeSideBySide(): void
  /** Shows another rollout of the task on one side. */
  chooseRollout(side: Side, episodeId: string): Promise<void>
  /** Fetches one side's full turns when its preview cut long texts; resolves once they are in (or failed). */
  ensureSideFull(side: Side): Promise<void>
  /** Highlights a row; `scroll` brings it into view (keys and the first divergence, not a click). */
  selectRow(row: number, scroll?: boolean): void
  openDiff(target: DiffTarget): void
  closeDiff(): void
}

/** Most rollouts listed per task and run (the chooser's options). */
const MAX_ROLLOUTS = 200

const side = (runId: string, step: number | null): SideEpisode => ({
  runId,
  step,
  rollouts: null,
  episodeId: null,
  detail: null,
  loading: true,
  fullLoading: false,
  error: null
})

/** Whether the view shows runs A and B at these steps. */
export const showsSides = (v: SideBySideState, runA: string, runB: string, steps: CompareSteps): boolean =>
  v.a.runId === runA && v.b.runId === runB && v.a.step === steps.a && v.b.step === steps.b

/** Creates the side-by-side slice over `api`. */
export const createSideBySideSlice =
  (api: TraceApi): SliceCreator<SideBySideSlice> =>
  (set, get) => {
    /** In-flight fetches of full turns, by episode id (j / k, the diff and Show all may all ask at once). */
    const fullRequests = new Map<string, Promise<void>>()
    const current = (): SideBySideState | null => get().sideBySide
    /** Updates one side, unless the view moved on to another task or episode meanwhile. */
    const patchSide = (s: Side, from: SideBySideState, patch: Partial<SideEpisode>, episodeId?: string): void => {
      const now = current()
      if (!now || now.taskKey !== from.taskKey || now[s].runId !== from[s].runId || now[s].step !== from[s].step) return
      if (episodeId !== undefined && now[s].episodeId !== episodeId) return
      set({ sideBySide: { ...now, [s]: { ...now[s], ...patch } } })
    }
    const loadEpisode = async (s: Side, from: SideBySideState, episodeId: string): Promise<void> => {
      try {
        const detail = await api.getEpisodePreview(episodeId)
        patchSide(s, from, { detail, loading: false }, episodeId)
      } catch (err) {
        patchSide(s, from, { loading: false, error: errorMessage(err) }, episodeId)
      }
    }
    const loadSide = async (s: Side, from: SideBySideState): Promise<void> => {
      try {
        const page = await api.listEpisodes({
          runId: from[s].runId,
          taskKey: from.taskKey,
          sort: 'rollout',
          limit: MAX_ROLLOUTS,
          ...stepFilter(from[s].step)
        })
        const rollouts = page.items
        const first = rollouts.find((e) => e.rollout === 0) ?? rollouts[0]
        if (!first)
          return patchSide(s, from, { rollouts, loading: false, error: 'This run has no episode of this task.' })
        patchSide(s, from, { rollouts, episodeId: first.id })
        await loadEpisode(s, from, first.id)
      } catch (err) {
        patchSide(s, from, { loading: false, error: errorMessage(err) })
      }
    }
    return {
      sideBySide: null,
      openSideBySide: async (runA, runB, taskKey, steps = WHOLE_RUNS) => {
        const now = current()
        if (now && now.taskKey === taskKey && showsSides(now, runA, runB, steps)) return
        const state: SideBySideState = {
          taskKey,
          a: side(runA, steps.a),
          b: side(runB, steps.b),
          selectedRow: 0,
          scrollSeq: 0,
          diff: null
        }
        set({ sideBySide: state })
        await Promise.all([loadSide('a', state), loadSide('b', state)])
      },
      closeSideBySide: () => set({ sideBySide: null }),
      chooseRollout: async (s, episodeId) => {
        const now = current()
        if (!now || now[s].episodeId === episodeId) return
        const next: SideBySideState = {
          ...now,
          [s]: { ...now[s], episodeId, detail: null, loading: true, fullLoading: false, error: null },
          selectedRow: 0,
          diff: null
        }
        set({ sideBySide: next })
        await loadEpisode(s, next, episodeId)
      },
      ensureSideFull: (s) => {
        const now = current()
        const detail = now?.[s].detail
        if (!now || !detail || detail.complete) return Promise.resolve()
        const id = detail.id
        const pending = fullRequests.get(id)
        if (pending) return pending
        patchSide(s, now, { fullLoading: true }, id)
        const done = api.getEpisodeTurns(id).then(
          (turns) => {
            fullRequests.delete(id)
            const d = current()?.[s].detail
            if (d?.id === id) patchSide(s, now, { fullLoading: false, detail: { ...d, turns, complete: true } }, id)
          },
          (err: unknown) => {
            fullRequests.delete(id)
            patchSide(s, now, { fullLoading: false }, id)
            get().pushError(err, 'Could not load the full turns')
          }
        )
        fullRequests.set(id, done)
        return done
      },
      selectRow: (row, scroll = false) => {
        const now = current()
        if (!now || (row === now.selectedRow && !scroll)) return
        set({ sideBySide: { ...now, selectedRow: row, scrollSeq: scroll ? now.scrollSeq + 1 : now.scrollSeq } })
      },
      openDiff: (target) => {
        const now = current()
        if (now) set({ sideBySide: { ...now, diff: target } })
      },
      closeDiff: () => {
        const now = current()
        if (now?.diff) set({ sideBySide: { ...now, diff: null } })
      }
    }
  }

import type { TraceApi } from '@contract/api'
import type { TaskGroupSummary } from '@contract/model'
import { errorMessage } from '../api/api-error'
import { stepFilter } from './compare-steps'
import type { SliceCreator } from './types'

/** Groups shown at each end of a step's ranking (best and worst). */
export const STEP_GROUPS_SHOWN = 5
/** Rollout rewards fetched per group (a cell each); a bigger group says how many more it has. */
const ROLLOUTS_PER_GROUP = 64

/** One group (a prompt's rollouts at the step) with its rollouts' rewards, best first; null until loaded. */
export interface StepGroup extends TaskGroupSummary {
  rewards: (number | null)[] | null
}

/**
 * The step picked on a training curve: its groups ranked by mean reward, the best and the worst few, so the user sees
 * what the policy did well and badly at that step before opening any rollout.
 */
export interface CurveStepView {
  runId: string
  step: number
  /** Groups of the step (tasks with a rollout there). */
  groups: number
  best: StepGroup[]
  worst: StepGroup[]
  loading: boolean
  error: string | null
}

export interface CurveStepSlice {
  curveStep: CurveStepView | null
  /** Picks a step of the open curve (a point or a row): loads its best and worst groups. */
  selectCurveStep(runId: string, step: number): void
  clearCurveStep(): void
  /** The rollouts of one group of the step in the episodes table, worst first. */
  openStepGroup(runId: string, step: number, taskKey: string): void
}

/** Creates the slice of the curve's picked step over `api`. */
export const createCurveStepSlice =
  (api: TraceApi): SliceCreator<CurveStepSlice> =>
  (set, get) => {
    let seq = 0
    /** The groups with their rollouts' rewards, best first: one request for every group shown. */
    const withRewards = async (runId: string, step: number, groups: TaskGroupSummary[]): Promise<StepGroup[]> => {
      if (groups.length === 0) return []
      const answer = await api.groupRollouts({
        runId,
        taskKeys: groups.map((g) => g.taskKey),
        sort: 'reward',
        desc: true,
        perTask: ROLLOUTS_PER_GROUP,
        ...stepFilter(step)
      })
      const rewards = new Map(answer.map((t) => [t.taskKey, t.rollouts.map((r) => r.reward)]))
      return groups.map((g) => ({ ...g, rewards: rewards.get(g.taskKey) ?? [] }))
    }
    return {
      curveStep: null,
      selectCurveStep: (runId, step) => {
        const now = get().curveStep
        if (now && now.runId === runId && now.step === step && !now.error) return
        const mine = ++seq
        set({ curveStep: { runId, step, groups: 0, best: [], worst: [], loading: true, error: null } })
        const ranked = (desc: boolean) =>
          api.listTaskGroups({ runId, sort: 'reward', desc, limit: STEP_GROUPS_SHOWN, ...stepFilter(step) })
        void (async () => {
          try {
            const [top, bottom] = await Promise.all([ranked(true), ranked(false)])
            // a step with few groups: the worst list keeps only groups the best list does not show
            const shown = new Set(top.items.map((g) => g.taskKey))
            const worstOnly = bottom.items.filter((g) => !shown.has(g.taskKey))
            const cells = await withRewards(runId, step, [...top.items, ...worstOnly])
            const best = cells.slice(0, top.items.length)
            const worst = cells.slice(top.items.length)
            if (mine !== seq) return
            set({ curveStep: { runId, step, groups: top.total, best, worst, loading: false, error: null } })
          } catch (err) {
            if (mine !== seq) return
            set({
              curveStep: { runId, step, groups: 0, best: [], worst: [], loading: false, error: errorMessage(err) }
            })
          }
        })()
      },
      clearCurveStep: () => {
        seq++
        set({ curveStep: null })
      },
      openStepGroup: (runId, step, taskKey) => {
        get().openRunEpisodes(runId, `step == ${step} and task == ${JSON.stringify(taskKey)}`, 'step')
        get().setEpisodeSort('reward', false)
      }
    }
  }

import type { ReactNode } from 'react'
import { useApp, useAppStore } from '../../state/store-context'
import css from './RunActions.module.css'

/**
 * What a run opens besides its episodes: its breakdown by a category field, and, when its episodes carry training
 * steps, its training curve.
 */
export function RunActions({ runId }: { runId: string }): ReactNode {
  const store = useAppStore()
  const isTraining = useApp((s) => (s.runs.find((r) => r.id === runId)?.trainingSteps ?? 0) > 0)
  return (
    <span className={css.actions}>
      <button
        onClick={() => store.getState().openBreakdown(runId)}
        data-testid="open-breakdown"
        title="The run’s scores by a category field (difficulty, archetype…), over all its tasks"
      >
        Breakdown
      </button>
      {isTraining && (
        <button
          onClick={() => store.getState().openCurve(runId)}
          data-testid="open-curve"
          title="Per training step: the whole batch’s reward, pass rate, steps, tokens, groups without signal"
        >
          Training curve
        </button>
      )}
    </span>
  )
}

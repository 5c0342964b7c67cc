import type { ReactNode } from 'react'
import controls from '../styles/controls.module.css'
import css from './EnvRefusal.module.css'

/** The engine's refusal to pair runs of different environments, its reason, and the way to insist. */
export function EnvRefusal({
  reason,
  onAnyway,
  onBack
}: {
  reason: string
  onAnyway(): void
  onBack(): void
}): ReactNode {
  return (
    <div className={css.refusal} role="alert" data-testid="env-refusal">
      <h3>These runs cannot be compared task by task</h3>
      <p data-testid="env-refusal-reason">{reason}</p>
      <div className={css.actions}>
        <button onClick={onBack} data-testid="env-refusal-back">
          ← Back to the runs
        </button>
        <button
          className={controls.danger}
          onClick={onAnyway}
          data-testid="compare-anyway"
          title="Show the figures side by side, every screen marked not comparable"
        >
          Compare anyway
        </button>
      </div>
    </div>
  )
}

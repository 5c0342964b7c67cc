import { useState, type ReactNode } from 'react'
import type { CurvePoint } from '@contract/training'
import { useAppStore } from '../../state/store-context'
import css from './CompareStepsBar.module.css'

/**
 * Two steps of the training run picked to be compared like two runs (first and last by default): the prompts both
 * sampled are paired, otherwise each step's whole batch stands side by side (the comparison says which).
 */
export function CompareStepsBar({ runId, points }: { runId: string; points: readonly CurvePoint[] }): ReactNode {
  const store = useAppStore()
  const steps = points.map((p) => p.step)
  const [a, setA] = useState<number | null>(null)
  const [b, setB] = useState<number | null>(null)
  if (steps.length < 2) return null
  // until the user picks, the first and the last step (a run still training grows its last)
  const stepA = a ?? steps[0]
  const stepB = b ?? steps[steps.length - 1]
  const pick = (set: (n: number) => void) => (e: React.ChangeEvent<HTMLSelectElement>) => set(Number(e.target.value))
  return (
    <div className={css.bar} data-testid="curve-compare-steps">
      <label>
        Compare step{' '}
        <select value={stepA} onChange={pick(setA)} data-testid="curve-compare-a" aria-label="Step A (the base)">
          {steps.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        with step{' '}
        <select value={stepB} onChange={pick(setB)} data-testid="curve-compare-b" aria-label="Step B (compared)">
          {steps.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <button
        disabled={stepA === stepB}
        onClick={() => store.getState().openCompare(runId, runId, null, false, { a: stepA, b: stepB })}
        title={stepA === stepB ? 'Pick two different steps' : `Step ${stepA} as A, step ${stepB} as B`}
        data-testid="curve-compare-go"
      >
        Compare
      </button>
    </div>
  )
}

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
  return (
    <div className={css.bar} data-testid="curve-compare-steps">
      <StepSelect
        label="Compare step"
        aria="Step A (the base)"
        steps={steps}
        value={stepA}
        onPick={setA}
        testId="curve-compare-a"
      />
      <StepSelect
        label="with step"
        aria="Step B (compared)"
        steps={steps}
        value={stepB}
        onPick={setB}
        testId="curve-compare-b"
      />
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

function StepSelect(props: {
  label: string
  aria: string
  steps: number[]
  value: number
  onPick(step: number): void
  testId: string
}): ReactNode {
  return (
    <label>
      {props.label}{' '}
      <select
        value={props.value}
        onChange={(e) => props.onPick(Number(e.target.value))}
        data-testid={props.testId}
        aria-label={props.aria}
      >
        {props.steps.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </label>
  )
}

import type { ReactNode } from 'react'
import type { RunBreakdown } from '@contract/breakdown'
import { fieldLabel } from '../../lib/breakdown-view'
import { useAppStore } from '../../state/store-context'
import controls from '../../styles/controls.module.css'
import css from './FieldPicker.module.css'

/** "by [field] × [second field]": one field for a table and bars, two for a grid (archetype × difficulty). */
export function FieldPicker({ report, fields }: { report: RunBreakdown; fields: string[] }): ReactNode {
  const store = useAppStore()
  const [first = '', second = ''] = fields
  const set = (a: string, b: string): void => store.getState().setBreakdownFields(b && b !== a ? [a, b] : [a])
  return (
    <span className={css.picker}>
      <label>
        by{' '}
        <select
          value={first}
          onChange={(e) => set(e.target.value, second)}
          data-testid="breakdown-field"
          aria-label="Break down by"
        >
          {report.candidates.map((f) => (
            <option key={f} value={f}>
              {fieldLabel(f)}
            </option>
          ))}
        </select>
      </label>
      <label>
        ×{' '}
        <select
          value={second}
          onChange={(e) => set(first, e.target.value)}
          data-testid="breakdown-field-2"
          aria-label="Cross-tabulate by"
        >
          <option value="">— nothing —</option>
          {report.candidates
            .filter((f) => f !== first)
            .map((f) => (
              <option key={f} value={f}>
                {fieldLabel(f)}
              </option>
            ))}
        </select>
      </label>
      {second && (
        <button
          className={controls.iconBtn}
          onClick={() => set(second, first)}
          title="Swap rows and columns"
          data-testid="breakdown-swap"
        >
          ⇄
        </button>
      )}
    </span>
  )
}

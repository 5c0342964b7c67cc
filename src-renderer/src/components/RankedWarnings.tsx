import type { ReactNode } from 'react'
import type { CompareWarning, WarningSeverity } from '@contract/compare'
import { cx } from '../lib/cx'
import analysis from '../styles/analysis.module.css'
import css from './RankedWarnings.module.css'

/** Warnings that can change the conclusion: shown prominently right under the verdict. */
const PROMINENT: readonly WarningSeverity[] = ['forced', 'conclusion']

const SEVERITY_LABEL: Record<WarningSeverity, string> = {
  forced: 'not comparable',
  conclusion: 'can change the conclusion',
  caveat: 'caveat',
  note: 'note'
}

/**
 * A comparison's warnings in the engine's ranking: `prominent` lists the forced and conclusion ones (under the
 * verdict, in a stronger box), otherwise the caveats and notes (with the run facts below).
 */
export function RankedWarnings({
  warnings,
  prominent,
  testId
}: {
  warnings: CompareWarning[]
  prominent: boolean
  testId: string
}): ReactNode {
  const shown = warnings.filter((w) => PROMINENT.includes(w.severity) === prominent)
  if (shown.length === 0) return null
  return (
    <ul
      className={cx(analysis.warnings, prominent && analysis.warningsTop)}
      data-testid={testId}
      aria-label={prominent ? 'Warnings that can change the conclusion' : 'Caveats'}
    >
      {shown.map((w) => (
        <li key={`${w.code}:${w.message}`} data-code={w.code} data-severity={w.severity}>
          <span className={css.severity} title={SEVERITY_LABEL[w.severity]}>
            {w.severity === 'forced' ? '⊘' : w.severity === 'conclusion' ? '⚠' : w.severity === 'caveat' ? '△' : 'ℹ'}
          </span>{' '}
          {w.message}
        </li>
      ))}
    </ul>
  )
}

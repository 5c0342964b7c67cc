import type { ReactNode } from 'react'
import type { CompareReport } from '@contract/compare'

/** Comparability warnings in plain words, always shown, with the note on what the intervals mean. */
export function CompareWarnings({ report }: { report: CompareReport }): ReactNode {
  return (
    <>
      {report.warnings.length > 0 && (
        <ul className="cmp-warnings" data-testid="compare-warnings" aria-label="Comparability warnings">
          {report.warnings.map((w) => (
            <li key={`${w.code}:${w.message}`} data-code={w.code}>
              <span aria-hidden>⚠ </span>
              {w.message}
            </li>
          ))}
        </ul>
      )}
      <p className="cmp-ci-note hint">
        {report.ciNote} ({report.ci.method === 'paired-bootstrap' ? `paired bootstrap over tasks, ${report.ci.resamples} resamples, seed ${report.ci.seed}` : 'normal approximation over tasks'})
      </p>
    </>
  )
}

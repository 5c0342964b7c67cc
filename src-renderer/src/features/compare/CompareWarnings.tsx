import type { ReactNode } from 'react'
import type { CompareReport } from '@contract/compare'
import { STD_NOTE } from '@contract/display'
import { RankedWarnings } from '../../components/RankedWarnings'
import txt from '../../styles/text.module.css'

/**
 * The caveats and notes of a comparison (the warnings that can change the conclusion stand under the verdict), and
 * what the intervals and the σ mean, said once.
 */
export function CompareWarnings({ report }: { report: CompareReport }): ReactNode {
  return (
    <>
      <RankedWarnings warnings={report.warnings} prominent={false} testId="compare-warnings" />
      <p className={txt.hint}>
        {report.ciNote}{' '}
        {report.ci.method === 'paired-bootstrap'
          ? `Method: paired bootstrap over tasks, ${report.ci.resamples} resamples, seed ${report.ci.seed}.`
          : 'Method: normal approximation over tasks.'}{' '}
        <span data-testid="std-note">{STD_NOTE}</span>
      </p>
    </>
  )
}

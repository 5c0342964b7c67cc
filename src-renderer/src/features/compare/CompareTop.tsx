import type { ReactNode } from 'react'
import type { CompareReport } from '@contract/compare'
import { NotComparable } from '../../components/NotComparable'
import { RankedWarnings } from '../../components/RankedWarnings'
import { Verdict } from '../../components/Verdict'
import analysis from '../../styles/analysis.module.css'

/** What a comparison opens with: the not-comparable mark when forced, the verdict, then what can change it. */
export function CompareTop({ report }: { report: CompareReport }): ReactNode {
  return (
    <div className={analysis.top}>
      {report.envMismatch && <NotComparable envs={[report.envMismatch.a, report.envMismatch.b]} />}
      <Verdict verdict={report.verdict} />
      <RankedWarnings warnings={report.warnings} prominent testId="compare-top-warnings" />
    </div>
  )
}

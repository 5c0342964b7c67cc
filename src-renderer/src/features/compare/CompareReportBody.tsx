import type { ReactNode } from 'react'
import type { CompareReport } from '@contract/compare'
import { CategoryBreakdown } from './CategoryBreakdown'
import { RewardHistogramChart } from './charts/RewardHistogramChart'
import { SolvedWithinChart } from './charts/SolvedWithinChart'
import { FlipTable } from './FlipTable'
import { FlipTasks } from './FlipTasks'
import { PassAtKTable } from './PassAtKTable'
import { SummaryTable } from './SummaryTable'
import analysis from '../../styles/analysis.module.css'

/** The report tab: the same sections, in the same order, as the Markdown and HTML reports. */
export function CompareReportBody({ report }: { report: CompareReport }): ReactNode {
  return (
    <>
      <SummaryTable report={report} />
      <div className={analysis.row}>
        <FlipTable report={report} />
        <PassAtKTable report={report} />
      </div>
      <FlipTasks report={report} />
      <div className={analysis.row}>
        <section className={analysis.section}>
          <h3>Reward distribution</h3>
          <RewardHistogramChart histogram={report.histogram} />
        </section>
        <section className={analysis.section}>
          <h3>Solved within k steps (RR@k)</h3>
          <SolvedWithinChart rows={report.solvedWithin} />
        </section>
      </div>
      <CategoryBreakdown report={report} />
    </>
  )
}

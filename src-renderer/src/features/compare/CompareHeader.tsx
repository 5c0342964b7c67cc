import type { ReactNode } from 'react'
import type { CompareReport, CompareRunRef } from '@contract/compare'
import { fmtInt, fmtNum } from '../../lib/format'
import { CompareWarnings } from './CompareWarnings'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import txt from '../../styles/text.module.css'
import sideTag from '../../styles/side-tag.module.css'
import css from './CompareHeader.module.css'

/** Both runs, what was paired, and the warnings that limit what the numbers mean. */
export function CompareHeader({ report }: { report: CompareReport }): ReactNode {
  return (
    <section className={css.head} data-testid="compare-header">
      <div className={css.runs}>
        <RunCard side="A" role="base" run={report.runA} />
        <span className={css.arrow} aria-hidden>
          →
        </span>
        <RunCard side="B" role="compared" run={report.runB} />
      </div>
      <p className={analysis.shared} data-testid="compare-shared">
        <b>{fmtInt(report.sharedTasks)} shared tasks</b> ({fmtInt(report.onlyA)} only in A, {fmtInt(report.onlyB)} only
        in B):{' '}
        {report.onlyA + report.onlyB > 0
          ? 'every paired number is on the shared tasks; the whole runs’ figures stand beside them.'
          : 'every number is on the shared tasks.'}
      </p>
      <CompareWarnings report={report} />
    </section>
  )
}

function RunCard({ side, role, run }: { side: 'A' | 'B'; role: string; run: CompareRunRef }): ReactNode {
  return (
    <div className={cx(css.run, side === 'B' && css.runB)} data-testid={`compare-run-${side.toLowerCase()}`}>
      <div className={css.title}>
        <span className={sideTag.tag}>{side}</span>
        <span className={css.name} title={run.name}>
          {run.name}
        </span>
        <span className={txt.hint}>{role}</span>
      </div>
      <dl className={css.facts}>
        <dt>model</dt>
        <dd>{run.model ?? '–'}</dd>
        {run.checkpointStep !== null && (
          <>
            <dt>step</dt>
            <dd>{fmtInt(run.checkpointStep)}</dd>
          </>
        )}
        <dt>episodes</dt>
        <dd>{fmtInt(run.episodes)}</dd>
        <dt>tasks</dt>
        <dd>{fmtInt(run.tasks)}</dd>
        <dt>rollouts / task</dt>
        <dd>{fmtNum(run.rolloutsPerTask, 2)}</dd>
      </dl>
    </div>
  )
}

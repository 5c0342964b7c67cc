import { useMemo, type ReactNode } from 'react'
import type { CompareReport, CompareRunRef } from '@contract/compare'
import { sideName } from '@contract/display'
import { fmtInt, fmtNum } from '../../lib/format'
import { runNameHints } from '../../lib/run-list'
import { useApp } from '../../state/store-context'
import { CompareWarnings } from './CompareWarnings'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import txt from '../../styles/text.module.css'
import sideTag from '../../styles/side-tag.module.css'
import css from './CompareHeader.module.css'

/** Both runs, what was paired, and the warnings that limit what the numbers mean. */
export function CompareHeader({ report }: { report: CompareReport }): ReactNode {
  const wholes = report.runA.step !== null || report.runB.step !== null ? 'batches' : 'runs'
  // runs of one name are told apart as in the runs table (their folder or model)
  const runs = useApp((s) => s.runs)
  const hints = useMemo(() => runNameHints(runs), [runs])
  return (
    <section className={css.head} data-testid="compare-header">
      <div className={css.runs}>
        <RunCard side="A" role="base" run={report.runA} hint={hints.get(report.runA.id)} />
        <span className={css.arrow} aria-hidden>
          →
        </span>
        <RunCard side="B" role="compared" run={report.runB} hint={hints.get(report.runB.id)} />
      </div>
      <p className={analysis.shared} data-testid="compare-shared">
        <b>{fmtInt(report.sharedTasks)} shared tasks</b> ({fmtInt(report.onlyA)} only in A, {fmtInt(report.onlyB)} only
        in B):{' '}
        {report.sharedTasks === 0
          ? `nothing is paired; the whole ${wholes} stand side by side, without CIs.`
          : report.onlyA + report.onlyB > 0
            ? `every paired number is on the shared tasks; the whole ${wholes}’ figures stand beside them.`
            : 'every number is on the shared tasks.'}
      </p>
      <CompareWarnings report={report} />
    </section>
  )
}

function RunCard(p: { side: 'A' | 'B'; role: string; run: CompareRunRef; hint: string | undefined }): ReactNode {
  const { side, role, run, hint } = p
  return (
    <div className={cx(css.run, side === 'B' && css.runB)} data-testid={`compare-run-${side.toLowerCase()}`}>
      <div className={css.title}>
        <span className={sideTag.tag}>{side}</span>
        <span className={css.name} title={sideName(run)}>
          {sideName(run)}
        </span>
        {hint && (
          <span className={txt.hint} title={hint} data-testid="compare-card-hint">
            {hint}
          </span>
        )}
        <span className={txt.hint}>{role}</span>
      </div>
      <dl className={css.facts}>
        <dt>model</dt>
        <dd>{run.model ?? '–'}</dd>
        {run.step !== null ? (
          <>
            <dt>training step</dt>
            <dd data-testid="compare-side-step">{fmtInt(run.step)}</dd>
          </>
        ) : (
          run.checkpointStep !== null && (
            <>
              <dt>step</dt>
              <dd>{fmtInt(run.checkpointStep)}</dd>
            </>
          )
        )}
        <dt>{run.step !== null ? 'rollouts' : 'episodes'}</dt>
        <dd>{fmtInt(run.episodes)}</dd>
        <dt>tasks</dt>
        <dd>{fmtInt(run.tasks)}</dd>
        <dt>rollouts / task</dt>
        <dd>{fmtNum(run.rolloutsPerTask, 2)}</dd>
      </dl>
    </div>
  )
}

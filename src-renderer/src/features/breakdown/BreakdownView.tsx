import { useState, type ReactNode } from 'react'
import type { RunBreakdown } from '@contract/breakdown'
import { fmtFraction, fmtMeanStd, fmtPercent, STD_NOTE } from '@contract/display'
import {
  bestAndWorst,
  crossTab,
  isScoreOrder,
  rowLabel,
  rowScore,
  scoreSort,
  sortWords,
  type BreakdownSort
} from '../../lib/breakdown-view'
import { fmtCount, fmtInt } from '../../lib/format'
import { findRun } from '../../state/runs-slice'
import { useApp } from '../../state/store-context'
import { ProducerChecks } from '../runs/RunNotes'
import { ScreenCrumbs } from '../screens/ScreenCrumbs'
import { BreakdownChart } from './BreakdownChart'
import { BreakdownTable } from './BreakdownTable'
import { CrossTabGrid } from './CrossTabGrid'
import { FieldPicker } from './FieldPicker'
import { scoreUnit } from './score-unit'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import txt from '../../styles/text.module.css'
import panels from '../../styles/panels.module.css'
import controls from '../../styles/controls.module.css'
import css from './BreakdownView.module.css'

/** A run's scores by one category field (table and bars), or by two (a grid), over all its episodes. */
export function BreakdownView(): ReactNode {
  const view = useApp((s) => s.breakdown)
  const run = useApp((s) => (s.breakdown ? findRun(s.runs, s.breakdown.runId) : null))
  if (!view) return null
  const report = view.report
  const name = report?.runName ?? run?.name ?? view.runId
  return (
    <div className={cx(analysis.screen, analysis.narrowSelects)} data-testid="breakdown-view">
      <ScreenCrumbs
        title={
          <>
            Breakdown of <b title={name}>{name}</b>
          </>
        }
      >
        {report && <FieldPicker report={report} fields={view.fields} />}
        {view.loading && report && <span className={txt.hint}>updating…</span>}
      </ScreenCrumbs>
      <div className={analysis.scroll}>
        {run && <ProducerChecks run={run} />}
        {view.error && (
          <div className={analysis.error} role="alert" data-testid="breakdown-error">
            Could not break this run down: {view.error}
          </div>
        )}
        {!report && view.loading && <div className={panels.placeholder}>Counting every episode by field…</div>}
        {report && <BreakdownBody report={report} />}
      </div>
    </div>
  )
}

function BreakdownBody({ report }: { report: RunBreakdown }): ReactNode {
  const grid = crossTab(report)
  const unit = scoreUnit(report)
  const t = report.total
  // best first (the engine's order) until a column is clicked; another breakdown starts from it again
  const [sorted, setSorted] = useState<{ of: RunBreakdown; sort: BreakdownSort } | null>(null)
  const sort = sorted?.of === report ? sorted.sort : scoreSort(report)
  const onSort = (next: BreakdownSort): void => setSorted({ of: report, sort: next })
  const table = <BreakdownTable report={report} sort={sort} onSort={onSort} />
  return (
    <>
      <p className={analysis.shared} data-testid="breakdown-total">
        Over <b>all {fmtCount(t.episodes, 'episode')}</b> ({fmtCount(t.tasks, 'task')}): mean reward{' '}
        {fmtMeanStd('reward', t.meanReward, t.rewardStd)}, passed {fmtFraction(t.passed, t.decided)} (
        {fmtPercent(t.passRate)}). Rows are <span data-testid="breakdown-order">{sortWords(report, sort)}</span>
        {isScoreOrder(report, sort) ? (
          '.'
        ) : (
          <>
            {' '}
            (
            <button
              type="button"
              className={controls.linkBtn}
              onClick={() => onSort(scoreSort(report))}
              data-testid="breakdown-order-reset"
            >
              best first
            </button>
            ).
          </>
        )}
        {report.missing > 0 &&
          ` ${fmtCount(report.missing, 'episode')} ${report.missing === 1 ? 'lacks' : 'lack'} a value: they form the “(none)” rows.`}
      </p>
      <BestWorst report={report} />
      {grid ? (
        <CrossTabGrid report={report} grid={grid} />
      ) : (
        <>
          <section className={analysis.section}>
            <h3>By {report.fields[0]}</h3>
            {table}
          </section>
          <section className={cx(analysis.section, css.chart)}>
            <h3>
              {unit === 'rate' ? 'Pass rate' : 'Mean reward and pass rate'} by {report.fields[0]}{' '}
              <span className={txt.hint}>in the table’s order{isScoreOrder(report, sort) ? ', best first' : ''}</span>
            </h3>
            <BreakdownChart report={report} sort={sort} />
          </section>
        </>
      )}
      {grid && (
        <section className={analysis.section}>
          <h3>Every combination{isScoreOrder(report, sort) ? ', best first' : ''}</h3>
          {table}
        </section>
      )}
      <p className={txt.hint} data-testid="std-note">
        {STD_NOTE} A row’s pass count is its episodes passed / episodes with a verdict; click a row to see its episodes.
      </p>
    </>
  )
}

/** The best and worst value, with their scores and counts. */
function BestWorst({ report }: { report: RunBreakdown }): ReactNode {
  const bw = bestAndWorst(report)
  if (!bw) return null
  const unit = scoreUnit(report)
  const say = (r: RunBreakdown['rows'][number]): string =>
    `${fmtMeanStd(unit, rowScore(r, report.score), unit === 'reward' ? r.rewardStd : null)}, passed ${fmtFraction(r.passed, r.decided)}`
  return (
    <div className={css.bestWorst} data-testid="breakdown-best-worst">
      <span className={cx(css.bw, css.best)} data-testid="breakdown-best">
        <span className={css.tag}>best</span> <b>{rowLabel(bw.best)}</b> {say(bw.best)}
      </span>
      <span className={cx(css.bw, css.worst)} data-testid="breakdown-worst">
        <span className={css.tag}>worst</span> <b>{rowLabel(bw.worst)}</b> {say(bw.worst)}
      </span>
    </div>
  )
}

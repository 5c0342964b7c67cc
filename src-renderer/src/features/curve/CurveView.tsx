import { useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react'
import type { TrainingCurve } from '@contract/training'
import { fmtMeanStd, fmtPercent, fmtValue, STD_NOTE } from '@contract/display'
import { RankedWarnings } from '../../components/RankedWarnings'
import { curvePanels, curveRewardRange } from '../../lib/curve-data'
import { fmtCount, fmtInt } from '../../lib/format'
import { findRun } from '../../state/runs-slice'
import { useApp, useAppStore } from '../../state/store-context'
import { ProducerChecks } from '../runs/RunNotes'
import { ScreenCrumbs } from '../screens/ScreenCrumbs'
import { CurveChart } from './CurveChart'
import { CurveTable } from './CurveTable'
import { CurveTasks } from './CurveTasks'
import { CompareStepsBar } from './CompareStepsBar'
import { StepGroups } from './StepGroups'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import txt from '../../styles/text.module.css'
import panelCss from '../../styles/panels.module.css'
import css from './CurveView.module.css'

/**
 * A training run read as one: per training step, the whole batch's statistics as panels (mean reward with its ±σ
 * band, pass rate, groups without GRPO signal, steps, tokens, truncation) and as a table; a point or a row opens
 * that step's episodes; tasks learned and forgotten below.
 */
export function CurveView(): ReactNode {
  const view = useApp((s) => s.curve)
  const run = useApp((s) => (s.curve ? findRun(s.runs, s.curve.runId) : null))
  if (!view) return null
  const name = view.report?.runName ?? run?.name ?? view.runId
  return (
    <div className={cx(analysis.screen, analysis.narrowSelects)} data-testid="curve-view">
      <ScreenCrumbs
        title={
          <>
            Training curve of <b title={name}>{name}</b>
          </>
        }
      />
      <div className={analysis.scroll}>
        {run && <ProducerChecks run={run} />}
        {view.error && (
          <div className={analysis.error} role="alert" data-testid="curve-error">
            Could not draw the curve: {view.error}
          </div>
        )}
        {!view.report && view.loading && <div className={panelCss.placeholder}>Reading every step’s batch…</div>}
        {view.report && <CurveBody report={view.report} />}
      </div>
    </div>
  )
}

function CurveBody({ report }: { report: TrainingCurve }): ReactNode {
  // the charts draw first; the table and the tasks (hundreds of rows on a long run) follow in a background render
  const below = useDeferredValue(report, null)
  const store = useAppStore()
  const panels = useMemo(() => curvePanels(report), [report])
  const [hover, setHover] = useState<number | null>(null)
  const points = report.points
  const episodes = points.reduce((n, p) => n + p.episodes, 0)
  const range = useMemo(() => curveRewardRange(points), [points])
  const picked = useApp((s) => (s.curveStep?.runId === report.runId ? s.curveStep : null))
  // one function for the table's memoized rows
  const pick = useCallback(
    (i: number): void => {
      const p = points[i]
      if (p) store.getState().selectCurveStep(report.runId, p.step)
    },
    [store, points, report.runId]
  )
  const hp = hover === null ? null : points[hover]
  return (
    <>
      <RankedWarnings warnings={report.warnings} prominent testId="curve-top-warnings" />
      <p className={analysis.shared} data-testid="curve-summary">
        <b>{fmtCount(points.length, 'training step')}</b> (the x axis of every panel), {fmtCount(episodes, 'rollout')}:
        every figure is over each step’s whole batch. Hover a point to read it, click it (or a row of the table) to see
        that step’s best and worst groups.
      </p>
      <ProducerStepsCheck report={report} />
      <CompareStepsBar runId={report.runId} points={points} />
      <div className={css.readout} data-testid="curve-readout" aria-live="polite">
        {hp ? (
          <>
            <b>step {fmtInt(hp.step)}</b> · {fmtCount(hp.episodes, 'rollout')} of {fmtCount(hp.tasks, 'task')} · mean
            reward {fmtMeanStd('reward', hp.meanReward, hp.rewardStd)} · pass {fmtPercent(hp.passRate)} · no signal{' '}
            {fmtPercent(hp.noSignalShare)} of {fmtCount(hp.groups, 'group')} · steps {fmtValue('steps', hp.meanSteps)}
            {hp.kept && (
              <>
                {' '}
                · kept {fmtInt(hp.kept.episodes)} of {fmtInt(hp.episodes)} (mean{' '}
                {fmtValue('reward', hp.kept.meanReward)})
              </>
            )}
          </>
        ) : (
          <span className={txt.hint}>Hover a chart to read a step.</span>
        )}
      </div>
      <div className={css.panels}>
        {panels.map((panel) => (
          <CurveChart
            key={panel.key}
            panel={panel}
            points={points}
            syncKey={`curve:${report.runId}`}
            onHover={setHover}
            onPick={pick}
          />
        ))}
      </div>
      {picked && (
        <StepGroups
          view={picked}
          point={points.find((p) => p.step === picked.step)}
          first={points[0]?.step ?? 0}
          range={range}
        />
      )}
      {below ? (
        <>
          <CurveTable report={below} hover={hover} picked={picked?.step ?? null} onPick={pick} />
          <CurveTasks report={below} />
        </>
      ) : (
        <div className={panelCss.placeholder}>Listing the steps…</div>
      )}
      <RankedWarnings warnings={report.warnings} prominent={false} testId="curve-warnings" />
      <p className={txt.hint} data-testid="std-note">
        {STD_NOTE} A group is one task’s rollouts at a step, or each of its groups where the trainer numbers them (a
        task drawn twice at a step is then two); it gives GRPO no signal when every rollout got the same reward. The
        best and worst lists of a step show each task’s rollouts together.
      </p>
    </>
  )
}

/** Whether every step's mean reward equals the one the trainer logged (its log named), when it logged one. */
function ProducerStepsCheck({ report }: { report: TrainingCurve }): ReactNode {
  const logged = report.points.filter((p) => p.producer)
  if (!report.producerSource || logged.length === 0) return null
  const differ = logged.filter((p) => !p.producer!.agrees).length
  const label = logged[0].producer!.label
  return (
    <p className={differ ? css.checkBad : css.checkOk} data-testid="curve-producer-check">
      {differ === 0 ? (
        <>
          ✓ The mean reward of each of the {fmtInt(logged.length)} logged steps equals the trainer’s own (
          <span className={txt.mono}>{label}</span> in <span className={txt.mono}>{report.producerSource}</span>).
        </>
      ) : (
        <>
          ⚠ At {fmtInt(differ)} of {fmtCount(logged.length, 'step')} the trainer logged another mean reward (
          <span className={txt.mono}>{label}</span>): see the warning above and the table’s “trainer’s log” column.
        </>
      )}
    </p>
  )
}

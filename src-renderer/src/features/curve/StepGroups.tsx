import { useEffect, useRef, type ReactNode } from 'react'
import type { CurvePoint } from '@contract/training'
import { fmtMeanStd, fmtPercent, fmtRange } from '@contract/display'
import { Badge } from '../../components/Badge'
import { RewardCells } from '../../components/RewardCells'
import { noSignal } from '../../state/compare-slice'
import type { CurveStepView, StepGroup } from '../../state/curve-step-slice'
import { useAppStore } from '../../state/store-context'
import { fmtCount, fmtInt, fmtNum } from '../../lib/format'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import panels from '../../styles/panels.module.css'
import rollout from '../../styles/rollout-cells.module.css'
import txt from '../../styles/text.module.css'
import css from './StepGroups.module.css'
import { readable } from '../../lib/readable'

/**
 * The step picked on the curve: its figures, its best and worst groups (a prompt's rollouts at the step, ranked by
 * mean reward) with each rollout's reward as a cell, and the ways on: every rollout of the step, one group's
 * rollouts, the step compared with another.
 */
export function StepGroups({
  view,
  point,
  first,
  range
}: {
  view: CurveStepView
  point: CurvePoint | undefined
  /** The run's first step (what this one is compared with by default). */
  first: number
  /** The run's reward range, so cells of every step are coloured alike. */
  range: [number, number]
}): ReactNode {
  const store = useAppStore()
  const ref = useRef<HTMLElement>(null)
  // picking a point far above brings its groups into view
  useEffect(() => {
    // a block body: Chromium's scrollIntoView may return a promise, which React would take for a cleanup
    ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
  }, [view.step])
  const s = store.getState()
  return (
    <section className={cx(analysis.section, css.step)} ref={ref} data-testid="curve-step" data-step={view.step}>
      <div className={css.head}>
        <h3>
          Step {fmtInt(view.step)}
          {point && (
            <span className={txt.hint}>
              {' '}
              · {fmtCount(point.episodes, 'rollout')} of {fmtCount(view.groups || point.tasks, 'task')} · mean reward{' '}
              {fmtMeanStd('reward', point.meanReward, point.rewardStd)}
              {point.passRate !== null && <> · pass {fmtPercent(point.passRate)}</>} · no signal{' '}
              {fmtPercent(point.noSignalShare)} of {fmtCount(point.groups, 'group')}
            </span>
          )}
        </h3>
        <span className={txt.spacer} />
        <button onClick={() => s.openStepEpisodes(view.runId, view.step)} data-testid="curve-step-open">
          Open all {point ? fmtInt(point.episodes) : ''} rollouts
        </button>
        {view.step !== first && (
          <button
            onClick={() => s.openCompare(view.runId, view.runId, null, false, { a: first, b: view.step })}
            title={`Step ${first} as A, step ${view.step} as B: the prompts both sampled are paired`}
            data-testid="curve-step-compare"
          >
            Compare with step {fmtInt(first)}
          </button>
        )}
        <button
          className={css.close}
          onClick={() => s.clearCurveStep()}
          title="Close the step"
          aria-label="Close the step"
        >
          ×
        </button>
      </div>
      {view.error && (
        <div className={analysis.error} role="alert">
          Could not read the step’s groups: {view.error}
        </div>
      )}
      {view.loading && view.best.length === 0 && <div className={panels.placeholder}>Ranking the step’s groups…</div>}
      {!view.loading && !view.error && (
        <div className={css.lists}>
          <GroupList
            title="Best groups"
            hint="highest mean reward first"
            groups={view.best}
            range={range}
            testId="curve-best-group"
            onOpen={(key) => s.openStepGroup(view.runId, view.step, key)}
          />
          <GroupList
            title="Worst groups"
            hint="lowest mean reward first"
            groups={view.worst}
            range={range}
            testId="curve-worst-group"
            onOpen={(key) => s.openStepGroup(view.runId, view.step, key)}
          />
        </div>
      )}
    </section>
  )
}

function GroupList({
  title,
  hint,
  groups,
  range,
  testId,
  onOpen
}: {
  title: string
  hint: string
  groups: StepGroup[]
  range: [number, number]
  testId: string
  onOpen(taskKey: string): void
}): ReactNode {
  return (
    <div className={css.list}>
      <h4>
        {title} <span className={txt.hint}>{hint}</span>
      </h4>
      {groups.length === 0 ? (
        <p className={txt.hint}>Every group of the step is in the other list.</p>
      ) : (
        <ol className={css.groups}>
          {groups.map((g) => (
            <li key={g.taskKey}>
              <button
                className={css.group}
                onClick={() => onOpen(g.taskKey)}
                title={`Open the ${g.rollouts} rollouts of this prompt at this step, worst first`}
                data-testid={testId}
                data-task={g.taskKey}
              >
                <span className={css.preview}>{readable(g.preview || g.taskKey)}</span>
                {/* which task, where the producer names it (a hash of the prompt names nothing the prompt does not) */}
                {g.preview && g.taskKeyKind !== 'prompt_hash' && (
                  <span className={css.taskKey} title={readable(g.taskKey)} data-testid="curve-group-task">
                    {readable(g.taskKey)}
                  </span>
                )}
                <span className={css.figures}>
                  mean {fmtNum(g.meanReward)} · {fmtRange('reward', g.minReward, g.maxReward)}
                  {g.passKnown > 0 && (
                    <>
                      {' '}
                      · {fmtInt(g.passed)}/{fmtInt(g.passKnown)}
                      {'\u00a0'}passed
                    </>
                  )}
                  {g.errors + g.truncated > 0 && (
                    <>
                      {' '}
                      · {fmtInt(g.errors)}
                      {'\u00a0'}errored, {fmtInt(g.truncated)}
                      {'\u00a0'}truncated
                    </>
                  )}
                </span>
                <span className={rollout.cells}>
                  {g.rewards && <RewardCells rewards={g.rewards} range={range} />}
                  {g.rewards && g.rewards.length < g.rollouts && (
                    <span className={txt.hint}>+{fmtInt(g.rollouts - g.rewards.length)}</span>
                  )}
                  {noSignal(g) && (
                    <Badge tone="warn" small title="Every rollout got the same reward: no GRPO signal">
                      no signal
                    </Badge>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

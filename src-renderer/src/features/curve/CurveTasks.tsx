import type { ReactNode } from 'react'
import type { TrainingCurve } from '@contract/training'
import { learnedForgotten } from '../../lib/curve-data'
import { fmtCount, fmtInt } from '../../lib/format'
import { useAppStore } from '../../state/store-context'
import { TaskHistoryTable } from '../compare/TaskHistoryTable'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import tables from '../../styles/tables.module.css'
import txt from '../../styles/text.module.css'
import controls from '../../styles/controls.module.css'
import css from './CurveTasks.module.css'
import { readable } from '../../lib/readable'
import { ScrollX } from '../../components/ScrollX'

/**
 * Tasks whose verdict changed over the steps they were sampled at: learned (ends passing after failing before),
 * forgotten (ends failing after passing before); a task that flickered and ends as it began is neither. A task's verdict at a step is the majority of its rollouts there; – where it was not
 * sampled. A task opens its episodes across the steps.
 */
export function CurveTasks({ report }: { report: TrainingCurve }): ReactNode {
  const store = useAppStore()
  const { learned, forgotten } = learnedForgotten(report)
  const steps = report.points.map((p) => p.step)
  return (
    <section className={analysis.section} data-testid="curve-tasks">
      <h3>
        Tasks learned and forgotten:{' '}
        <span data-testid="curve-learned">
          {fmtInt(learned)} learned, {fmtInt(forgotten)} forgotten
        </span>{' '}
        <span className={txt.hint}>of {fmtCount(report.followedTasks, 'task')} sampled at two or more steps</span>
      </h3>
      {report.tasks.length === 0 ? (
        <p className={txt.hint}>No task changed its verdict between the steps it was sampled at.</p>
      ) : (
        <ScrollX label="Tasks by step">
          <TaskHistoryTable
            steps={steps}
            tasks={report.tasks}
            rowTestId="curve-task"
            taskCell={(t) => (
              <button
                className={cx(controls.linkBtn, txt.mono, css.key)}
                onClick={() =>
                  store.getState().openRunEpisodes(report.runId, `task == ${JSON.stringify(t.taskKey)}`, 'step')
                }
                title={`${readable(t.taskKey)}: open this task's rollouts at every step`}
              >
                {readable(t.taskKey)}
              </button>
            )}
          />
        </ScrollX>
      )}
    </section>
  )
}

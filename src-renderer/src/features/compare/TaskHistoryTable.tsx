import type { ReactNode } from 'react'
import type { SeriesTask } from '@contract/compare'
import { fmtInt } from '../../lib/format'
import { cx } from '../../lib/cx'
import tables from '../../styles/tables.module.css'
import txt from '../../styles/text.module.css'
import { Badge } from '../../components/Badge'
import { toneClass } from './tone-class'
import { taskTurns } from '../../lib/task-turns'
import css from './TaskHistoryTable.module.css'
import { readable } from '../../lib/readable'

/** Up to this many points a column each; more (a training run's hundreds of steps) draw as one strip per task. */
const COLUMNS_MAX = 16

/**
 * Tasks whose verdict changed along a series of points (checkpoint runs, training steps): a ✓ / ✗ per point (– where
 * the task has no verdict there), or with many points one strip of cells per task; the point it was first solved at,
 * learned at (passed after failing, and kept), and forgotten at (failed after its last pass). Shared by the checkpoint
 * series and the training curve; `taskCell` draws the task's name (a link to its episodes, or plain text).
 */
export function TaskHistoryTable({
  steps,
  tasks,
  rowTestId,
  taskCell
}: {
  /** The points' steps, in the order of each task's `passed`. */
  steps: number[]
  tasks: SeriesTask[]
  rowTestId: string
  taskCell?: (task: SeriesTask) => ReactNode
}): ReactNode {
  const strip = steps.length > COLUMNS_MAX
  const at = (i: number | null): string => (i === null ? '–' : `step ${fmtInt(steps[i])}`)
  return (
    <table className={tables.table}>
      <thead>
        <tr>
          <th>Task</th>
          {strip ? (
            <th title="One cell per step, left to right: passed, failed, or not sampled">
              steps {fmtInt(steps[0])} → {fmtInt(steps[steps.length - 1])}
            </th>
          ) : (
            steps.map((s, i) => (
              <th key={i} className={tables.num}>
                {fmtInt(s)}
              </th>
            ))
          )}
          <th>first solved</th>
          <th>learned at</th>
          <th>forgotten at</th>
        </tr>
      </thead>
      <tbody>
        {tasks.map((t) => {
          const turns = taskTurns(t)
          return (
            <tr key={t.taskKey} data-testid={rowTestId}>
              <td>
                {taskCell ? taskCell(t) : readable(t.taskKey)} {t.forgotten && <Badge tone="bad">forgotten</Badge>}
              </td>
              {strip ? (
                <td>
                  <span className={css.strip} role="img" aria-label={stripLabel(t, steps)}>
                    {t.passed.map((p, i) => (
                      <span
                        key={i}
                        className={cx(css.cell, p === null ? css.absent : p ? css.pass : css.fail)}
                        title={`step ${steps[i]}: ${p === null ? 'not sampled' : p ? 'passed' : 'failed'}`}
                      />
                    ))}
                  </span>
                </td>
              ) : (
                t.passed.map((p, i) => (
                  <td
                    key={i}
                    className={cx(tables.num, p === null ? txt.hint : toneClass(p ? 'better-clear' : 'worse-clear'))}
                  >
                    {p === null ? '–' : p ? '✓' : '✗'}
                  </td>
                ))
              )}
              <td data-testid="task-first-solved">{at(turns.firstSolved)}</td>
              <td>{at(t.learnedAt)}</td>
              <td data-testid="task-forgotten-at">{t.forgotten ? at(turns.forgottenAt) : '–'}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** The strip read out: how many steps passed and failed, for a screen reader. */
function stripLabel(t: SeriesTask, steps: number[]): string {
  const passed = t.passed.filter((p) => p === true).length
  const failed = t.passed.filter((p) => p === false).length
  return `${passed} of ${steps.length} steps passed, ${failed} failed, ${steps.length - passed - failed} not sampled`
}

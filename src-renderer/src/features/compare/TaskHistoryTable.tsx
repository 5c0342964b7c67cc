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
 * learned at (the engine's SeriesTask.learnedAt: where the passing it ends on began, after a fail before; none when
 * it passed from its first point or ends failing), and forgotten at (where the failing it ends on began, after a
 * pass before). Shared by the checkpoint series and the training
 * curve; `taskCell` draws the task's name (a link to its episodes, or plain text).
 */
export function TaskHistoryTable({
  steps,
  axis = 'step',
  tasks,
  rowTestId,
  taskCell
}: {
  /** The points' steps, in the order of each task's `passed` (with `axis` 'order': their places, 0, 1, 2…). */
  steps: number[]
  /** How points are named: by training step ("step 400"), or by place in the series ("run #2", as its columns). */
  axis?: 'step' | 'order'
  tasks: SeriesTask[]
  rowTestId: string
  taskCell?: (task: SeriesTask) => ReactNode
}): ReactNode {
  const strip = steps.length > COLUMNS_MAX
  const head = (i: number): string => (axis === 'order' ? `#${i + 1}` : fmtInt(steps[i]))
  const name = (i: number): string => (axis === 'order' ? `run #${i + 1}` : `step ${fmtInt(steps[i])}`)
  const at = (i: number | null): string => (i === null ? '–' : name(i))
  return (
    <table className={tables.table}>
      <thead>
        <tr>
          <th>Task</th>
          {strip ? (
            <th
              title={`One cell per ${axis === 'order' ? 'run' : 'step'}, left to right: passed, failed, or not sampled`}
            >
              {axis === 'order' ? 'runs' : 'steps'} {head(0)} → {head(steps.length - 1)}
            </th>
          ) : (
            steps.map((_, i) => (
              <th key={i} className={tables.num}>
                {head(i)}
              </th>
            ))
          )}
          <th title="The first point it passed at">first solved</th>
          <th title="It ends passing after failing at an earlier point: where the passing it ends on began">
            learned at
          </th>
          <th title="It ends failing after passing at an earlier point: where the failing it ends on began">
            forgotten at
          </th>
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
                  <span className={css.strip} role="img" aria-label={stripLabel(t, steps, axis)}>
                    {t.passed.map((p, i) => (
                      <span
                        key={i}
                        className={cx(css.cell, p === null ? css.absent : p ? css.pass : css.fail)}
                        title={`${name(i)}: ${p === null ? 'not sampled' : p ? 'passed' : 'failed'}`}
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
              <td
                data-testid="task-learned-at"
                title={
                  t.learnedAt === null && turns.firstSolved !== null
                    ? 'Passed from the first point it has a verdict at: not learned along the series'
                    : undefined
                }
              >
                {at(t.learnedAt)}
              </td>
              <td data-testid="task-forgotten-at">{t.forgotten ? at(turns.forgottenAt) : '–'}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** The strip read out: how many steps (or runs) passed and failed, for a screen reader. */
function stripLabel(t: SeriesTask, steps: number[], axis: 'step' | 'order'): string {
  const passed = t.passed.filter((p) => p === true).length
  const failed = t.passed.filter((p) => p === false).length
  const points = axis === 'order' ? 'runs' : 'steps'
  return `${passed} of ${steps.length} ${points} passed, ${failed} failed, ${steps.length - passed - failed} not sampled`
}

import type { ReactNode } from 'react'
import type { SeriesTask } from '@contract/compare'
import { fmtInt } from '../../lib/format'
import { cx } from '../../lib/cx'
import tables from '../../styles/tables.module.css'
import txt from '../../styles/text.module.css'
import { Badge } from '../../components/Badge'
import { toneClass } from './tone-class'

/**
 * Tasks whose verdict changed along a series of points (checkpoint runs, training steps): a ✓ / ✗ per point (– where
 * the task has no verdict there), forgotten marked, and the point it was learned at. Shared by the checkpoint series
 * and the training curve; `taskCell` draws the task's name (a link to its episodes, or plain text).
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
  return (
    <table className={tables.table}>
      <thead>
        <tr>
          <th>Task</th>
          {steps.map((s, i) => (
            <th key={i} className={tables.num}>
              {fmtInt(s)}
            </th>
          ))}
          <th>learned at</th>
        </tr>
      </thead>
      <tbody>
        {tasks.map((t) => (
          <tr key={t.taskKey} data-testid={rowTestId}>
            <td>
              {taskCell ? taskCell(t) : t.taskKey} {t.forgotten && <Badge tone="bad">forgotten</Badge>}
            </td>
            {t.passed.map((p, i) => (
              <td
                key={i}
                className={cx(tables.num, p === null ? txt.hint : toneClass(p ? 'better-clear' : 'worse-clear'))}
              >
                {p === null ? '–' : p ? '✓' : '✗'}
              </td>
            ))}
            <td>{t.learnedAt === null ? '–' : `step ${fmtInt(steps[t.learnedAt])}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

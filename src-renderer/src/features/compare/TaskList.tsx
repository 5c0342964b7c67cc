import type { ReactNode } from 'react'
import { useAppStore } from '../../state/store-context'
import analysis from '../../styles/analysis.module.css'
import txt from '../../styles/text.module.css'
import css from './TaskList.module.css'

/** Task keys as buttons: a click opens the task side by side, with this list for [ ] / n p. */
export function TaskList({ tasks, testId }: { tasks: string[]; testId?: string }): ReactNode {
  const store = useAppStore()
  if (tasks.length === 0) return <p className={txt.hint}>No tasks.</p>
  return (
    <ul className={css.list} data-testid={testId}>
      {tasks.map((t) => (
        <li key={t}>
          <button
            className={analysis.taskButton}
            onClick={() => store.getState().openCompareTask(t, tasks)}
            data-testid="compare-task-link"
            title={`Open ${t} for A and B side by side`}
          >
            {t}
          </button>
        </li>
      ))}
    </ul>
  )
}

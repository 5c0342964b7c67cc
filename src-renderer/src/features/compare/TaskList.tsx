import type { ReactNode } from 'react'
import { useAppStore } from '../../state/store-context'

/** Task keys as buttons: a click opens the task side by side, with this list for [ ] / n p. */
export function TaskList({ tasks, testId }: { tasks: string[]; testId?: string }): ReactNode {
  const store = useAppStore()
  if (tasks.length === 0) return <p className="hint">No tasks.</p>
  return (
    <ul className="cmp-task-list" data-testid={testId}>
      {tasks.map((t) => (
        <li key={t}>
          <button className="cmp-task" onClick={() => store.getState().openCompareTask(t, tasks)} data-testid="compare-task-link" title={`Open ${t} for A and B side by side`}>
            {t}
          </button>
        </li>
      ))}
    </ul>
  )
}

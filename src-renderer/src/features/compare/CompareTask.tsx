import { lazy, Suspense, type ReactNode } from 'react'
import { compareTaskList } from '../../state/compare-slice'
import { WHOLE_RUNS } from '../../state/compare-steps'
import { useApp, useAppShallow, useAppStore } from '../../state/store-context'
import panels from '../../styles/panels.module.css'

// the aligned view (and Monaco's diff editor behind it) loads with the first task opened, not with the report
const SideBySide = lazy(async () => ({ default: (await import('./SideBySide')).SideBySide }))

/** One task of the comparison: A's and B's rollouts side by side, stepping through the list it was opened from. */
export function CompareTask({ runA, runB, taskKey }: { runA: string; runB: string; taskKey: string }): ReactNode {
  const store = useAppStore()
  // a fresh array per call (the flipped tasks after a reload): compared member by member
  const tasks = useAppShallow((s) => (s.compare ? compareTaskList(s.compare) : []))
  const steps = useApp((s) => s.compare?.steps ?? WHOLE_RUNS)
  const onNavigate = (key: string): void => store.getState().openCompareTask(key, tasks.length > 0 ? tasks : [key])
  const onClose = (): void => store.getState().closeCompareTask()
  return (
    <Suspense fallback={<div className={panels.placeholder}>Loading the side-by-side view…</div>}>
      <SideBySide
        runA={runA}
        runB={runB}
        steps={steps}
        taskKey={taskKey}
        tasks={tasks}
        onNavigate={onNavigate}
        onClose={onClose}
      />
    </Suspense>
  )
}

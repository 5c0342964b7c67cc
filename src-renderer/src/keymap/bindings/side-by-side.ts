import { alignmentOf } from '../../lib/alignment-of'
import type { AppState } from '../../state/types'
import type { Binding, Command } from '../binding'

/** Rows of the alignment on screen: none until both episodes of the open task are in. */
function rowCount(s: AppState): number {
  const v = s.sideBySide
  if (!v || v.taskKey !== s.compare?.taskKey) return 0
  return alignmentOf(v.a.detail?.turns, v.b.detail?.turns)?.rows.length ?? 0
}

const moveRow =
  (delta: number): Command =>
  ({ store }) => {
    const s = store.getState()
    const rows = rowCount(s)
    if (rows === 0) return false
    const at = s.sideBySide?.selectedRow ?? 0
    s.selectRow(Math.max(0, Math.min(rows - 1, at + delta)), true)
  }

/** The tasks step through the list the task was opened from (compareTaskList); at either end nothing happens. */
const stepTask =
  (delta: number): Command =>
  ({ store }) => {
    store.getState().stepCompareTask(delta)
  }

export const SBS_ROW: Binding = {
  id: 'sbs.row',
  when: 'side-by-side',
  keys: [
    ['j', moveRow(1)],
    ['k', moveRow(-1)]
  ],
  help: 'next / previous step'
}

export const SBS_TASK: Binding = {
  id: 'sbs.task',
  when: 'side-by-side',
  keys: [
    ['n', stepTask(1)],
    ['p', stepTask(-1)]
  ],
  help: 'next / previous task of the list it was opened from'
}

export const SBS_TASK_BRACKETS: Binding = {
  id: 'sbs.task-brackets',
  when: 'side-by-side',
  keys: [
    ['[', stepTask(-1)],
    [']', stepTask(1)]
  ],
  help: 'previous / next task'
}

export const SBS_DIFF: Binding = {
  id: 'sbs.diff',
  when: 'side-by-side',
  keys: [
    [
      'd',
      ({ store }) => {
        const s = store.getState()
        if (rowCount(s) === 0) return false
        s.openDiff({ kind: 'row', row: s.sideBySide?.selectedRow ?? 0 })
      }
    ]
  ],
  help: 'diff the selected pair of steps'
}

export const SBS_BACK: Binding = {
  id: 'sbs.back',
  when: 'side-by-side',
  keys: [['Escape', ({ store }) => store.getState().closeCompareTask()]],
  help: 'back to the comparison'
}

/** The diff is modal over the rows; Esc closes it from inside Monaco's diff editor too. */
export const CLOSE_DIFF: Binding = {
  id: 'diff.close',
  when: 'diff',
  keys: [['Escape', ({ store }) => store.getState().closeDiff()]],
  help: 'close the diff',
  inFields: true
}

export const SIDE_BY_SIDE_BINDINGS: readonly Binding[] = [
  SBS_ROW,
  SBS_TASK,
  SBS_TASK_BRACKETS,
  SBS_DIFF,
  SBS_BACK,
  CLOSE_DIFF
]

import { describe, expect, it } from 'vitest'
import { groupKeys } from '../../../src-renderer/src/lib/group-rows'
import {
  DEFAULT_TASK_SORT,
  failureText,
  filterTaskRows,
  nextTaskSort,
  passCount,
  sortTaskRows
} from '../../../src-renderer/src/lib/task-rows-view'
import { taskRowsOf } from '../../main/report/compare-fixture'

const flips = {
  fixed: ['f1', 'f2'],
  broken: ['b1'],
  bothPass: ['p1'],
  bothFail: ['x1'],
  mcnemarP: 1,
  undecided: 0
}
const rows = taskRowsOf(flips, { f1: { level: 'hard' }, b1: { level: 'easy' } }, ['b1'])
const keys = (rs: { taskKey: string }[]) => rs.map((r) => r.taskKey)

describe('per-task flip table view', () => {
  it('filters by cell, or to the tasks that changed verdict', () => {
    expect(keys(filterTaskRows(rows, 'changed')).sort()).toEqual(['b1', 'f1', 'f2'])
    expect(keys(filterTaskRows(rows, 'bothFail'))).toEqual(['x1'])
    expect(filterTaskRows(rows, 'all')).toHaveLength(5)
  })

  it('keeps the engine’s regression order by default, reverses it, or sorts by a column with blanks last', () => {
    expect(keys(sortTaskRows(rows, DEFAULT_TASK_SORT, null))).toEqual(keys(rows))
    expect(keys(sortTaskRows(rows, { key: 'regression', desc: true }, null))).toEqual(keys(rows).reverse())
    expect(keys(sortTaskRows(rows, { key: 'category', desc: false }, 'level')).slice(0, 2)).toEqual(['b1', 'f1'])
    expect(keys(sortTaskRows(rows, { key: 'category', desc: true }, 'level')).slice(0, 2)).toEqual(['f1', 'b1'])
    expect(keys(sortTaskRows(rows, { key: 'task', desc: false }, null))).toEqual(['b1', 'f1', 'f2', 'p1', 'x1'])
    const byFailure = sortTaskRows(rows, { key: 'failure', desc: false }, null)
    expect(byFailure[0].taskKey).toBe('b1') // harness first
    expect(byFailure.at(-1)!.failure).toBeNull()
    expect(nextTaskSort(DEFAULT_TASK_SORT, 'task')).toEqual({ key: 'task', desc: false })
    expect(nextTaskSort({ key: 'task', desc: false }, 'task')).toEqual({ key: 'task', desc: true })
    expect(nextTaskSort({ key: 'task', desc: true }, 'task')).toEqual(DEFAULT_TASK_SORT)
  })

  it('writes pass counts and failure modes as the table shows them', () => {
    const b1 = rows.find((r) => r.taskKey === 'b1')!
    expect(`${passCount(b1.a)} → ${passCount(b1.b)}`).toBe('3/4 → 1/4')
    expect(failureText(b1)).toBe('harness · parse_error')
    expect(passCount({ passed: 0, decided: 0 })).toBe('–')
  })

  it('lists the Groups tab’s tasks by change and by the engine’s reward delta', () => {
    const byKey = new Map(rows.map((r) => [r.taskKey, r]))
    const all = ['x1', 'p1', 'f2', 'f1', 'b1', 'only-a']
    const flat = (k: string) => ({ a: k === 'p1', b: false })
    expect(groupKeys(all, flat, byKey, 'broken', 'task')).toEqual(['b1'])
    expect(groupKeys(all, flat, byKey, 'changed', 'task')).toEqual(['b1', 'f1', 'f2'])
    expect(groupKeys(all, flat, byKey, 'either', 'task')).toEqual(['p1'])
    const up = groupKeys(all, flat, byKey, 'all', 'deltaUp')
    expect(up[0]).toBe('b1')
    expect(up.at(-1)).toBe('only-a')
    const down = groupKeys(all, flat, byKey, 'all', 'deltaDown')
    expect(byKey.get(down[0])!.cell).toBe('fixed')
    expect(down.at(-1)).toBe('only-a')
  })
})

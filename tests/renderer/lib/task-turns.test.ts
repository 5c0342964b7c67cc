import { describe, expect, it } from 'vitest'
import type { SeriesTask } from '@contract/compare'
import { taskTurns } from '../../../src-renderer/src/lib/task-turns'

const task = (passed: (boolean | null)[]): SeriesTask => ({ taskKey: 't', passed, learnedAt: null, forgotten: false })

describe('where a task’s verdict turned', () => {
  it('first solved is its first pass; forgotten at is where the failing it ends on began', () => {
    expect(taskTurns(task([false, null, true, true, false, null, false]))).toEqual({ firstSolved: 2, forgottenAt: 4 })
    // solved, lost, solved again: it ends solved, so it is not forgotten (SeriesTask.forgotten)
    expect(taskTurns(task([true, false, true]))).toEqual({ firstSolved: 0, forgottenAt: null })
    // lost twice: forgotten at the second loss, after its last pass
    expect(taskTurns(task([true, false, true, false]))).toEqual({ firstSolved: 0, forgottenAt: 3 })
    expect(taskTurns(task([false, true, null, true]))).toEqual({ firstSolved: 1, forgottenAt: null })
    expect(taskTurns(task([false, null, false]))).toEqual({ firstSolved: null, forgottenAt: null })
    expect(taskTurns(task([]))).toEqual({ firstSolved: null, forgottenAt: null })
  })
})

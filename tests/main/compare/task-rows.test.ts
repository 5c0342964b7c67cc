/**
 * The per-task flip table (issue 15, item 4) on two runs written into a real engine database: each task's pass counts,
 * mean rewards and deltas are worked out by hand below, and must be the very figures the flip cells and the paired
 * metrics use; harness failures (no result recorded, an error status) are told apart from the model's.
 */
import { describe, expect, it } from 'vitest'
import { compareRuns } from '../../../src-main/compare/compare-runs'
import { byRegression, taskFlipRows } from '../../../src-main/compare/task-rows'
import { insertRun, tempDb, type EpisodeSpec } from './synthetic-db'
import { readRunValues, taskPassCounts } from '../../../src-main/compare/task-values'
import { pairTasks } from '../../../src-main/compare/pairing'

const ep = (task: string, reward: number, more: Partial<EpisodeSpec> = {}): EpisodeSpec => ({
  task,
  reward,
  info: { suite: task < 'm' ? 'core' : 'extra' },
  ...more
})

// A: every task mostly passes but `keep-fail`; B: `broke-harness` fails by parse errors, `broke-model` by wrong
// answers, `mixed` one of each, `fixed` passes now
const A: EpisodeSpec[] = [
  ep('broke-harness', 1),
  ep('broke-harness', 1),
  ep('broke-model', 1),
  ep('broke-model', 0.8),
  ep('fixed', 0),
  ep('fixed', 0.2),
  ep('keep-fail', 0),
  ep('keep-fail', 0),
  ep('mixed', 1),
  ep('mixed', 1),
  ep('still-pass', 1),
  ep('still-pass', 1),
  ep('only-a', 1)
]
const B: EpisodeSpec[] = [
  ep('broke-harness', 0, { unscored: 'parse_error' }),
  ep('broke-harness', 0, { unscored: 'parse_error' }),
  ep('broke-model', 0, { termination: 'no_tools' }),
  ep('broke-model', 0.2, { termination: 'no_tools' }),
  ep('fixed', 1),
  ep('fixed', 1),
  ep('keep-fail', 0, { status: 'error', termination: 'sandbox_crashed' }),
  ep('keep-fail', 0),
  ep('mixed', 0, { unscored: 'test_timeout' }),
  ep('mixed', 0),
  ep('still-pass', 1),
  ep('still-pass', 0.6)
]

function report() {
  const db = tempDb()
  const a = insertRun(db, { id: 'a', threshold: 0.5, episodes: A })
  const b = insertRun(db, { id: 'b', threshold: 0.5, episodes: B })
  return { db, r: compareRuns(db, a, b, { resamples: 200 }) }
}

describe('per-task flip rows', () => {
  const { db, r } = report()
  const row = (k: string) => r.taskRows.find((x) => x.taskKey === k)!

  it('lists every shared task, most regressed first', () => {
    expect(r.taskRows.map((x) => x.taskKey)).toEqual([
      // pass delta −1 (2/2 → 0/2), then by reward delta: −1, −1, −0.8
      'broke-harness',
      'mixed',
      'broke-model',
      // 0 pass delta: still-pass −0.2, keep-fail 0
      'still-pass',
      'keep-fail',
      'fixed'
    ])
    expect(r.taskRowsLeftOut).toBe(0)
    expect(r.taskRows.some((x) => x.taskKey === 'only-a')).toBe(false)
  })

  it('gives both sides’ pass counts and mean rewards, and their deltas', () => {
    const m = row('broke-model')
    expect([m.a.passed, m.a.decided, m.b.passed, m.b.decided]).toEqual([2, 2, 0, 2])
    expect(m.a.meanReward).toBeCloseTo(0.9)
    expect(m.b.meanReward).toBeCloseTo(0.1)
    expect(m.rewardDelta).toBeCloseTo(-0.8)
    expect(m.passDelta).toBe(-1)
    expect(row('fixed')).toMatchObject({ cell: 'fixed', passDelta: 1, a: { passed: 0, decided: 2 } })
    expect(row('fixed').rewardDelta).toBeCloseTo(0.9)
    expect(row('still-pass')).toMatchObject({ cell: 'bothPass', failure: null, categories: { suite: 'extra' } })
    expect(row('broke-harness').categories).toEqual({ suite: 'core' })
  })

  it('tells harness failures (no result, error status) from the model’s', () => {
    expect(row('broke-harness')).toMatchObject({
      cell: 'broken',
      failure: 'harness',
      b: { harnessFailures: 2, modelFailures: 0, failureReason: 'parse_error' }
    })
    expect(row('broke-model')).toMatchObject({
      failure: 'model',
      b: { harnessFailures: 0, modelFailures: 2, failureReason: 'no_tools' }
    })
    expect(row('mixed')).toMatchObject({ failure: 'mixed', b: { harnessFailures: 1, modelFailures: 1 } })
    expect(row('keep-fail')).toMatchObject({
      cell: 'bothFail',
      failure: 'mixed',
      b: { harnessFailures: 1, modelFailures: 1, failureReason: 'sandbox_crashed' }
    })
    // the fixed task's failing side is A: its failures were the model's
    expect(row('fixed')).toMatchObject({ failure: 'model', a: { modelFailures: 2, harnessFailures: 0 } })
  })

  it('puts each task in the same cell as the flip table', () => {
    for (const cell of ['fixed', 'broken', 'bothPass', 'bothFail'] as const)
      expect(
        r.taskRows
          .filter((x) => x.cell === cell)
          .map((x) => x.taskKey)
          .sort()
      ).toEqual([...r.flips[cell]].sort())
  })

  it('keeps every flipped task past the cap and says how many others it left out', () => {
    const va = readRunValues(db, 'a')
    const vb = readRunValues(db, 'b')
    const p = pairTasks(va, vb)
    const capped = taskFlipRows(va, vb, p, { a: taskPassCounts(va), b: taskPassCounts(vb) }, new Map(), 4)
    expect(capped.rows.map((x) => x.cell).filter((c) => c === 'fixed' || c === 'broken')).toHaveLength(4)
    expect(capped.rows).toHaveLength(4)
    expect(capped.leftOut).toBe(2)
    expect([...capped.rows].sort(byRegression)).toEqual(capped.rows)
  })
})

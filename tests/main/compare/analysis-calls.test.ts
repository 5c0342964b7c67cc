/**
 * breakdownRun, compareMany and trainingCurve on small runs written into a real database; every expected number is
 * worked out by hand from the rows (see the comments).
 */
import { describe, expect, it } from 'vitest'
import { breakdownRun } from '../../../src-main/compare/breakdown'
import { compareMany } from '../../../src-main/compare/compare-many'
import { trainingCurve } from '../../../src-main/compare/training-curve'
import { insertRun, tempDb, type EpisodeSpec } from './synthetic-db'

describe('breakdownRun', () => {
  const d = tempDb()
  // report 002's tiers, 3 episodes each; report 000's archetype × difficulty failures
  const ep = (tier: string, archetype: string, difficulty: string, reward: number, steps = 4): EpisodeSpec => ({
    task: `${tier}-${archetype}-${reward}-${steps}`,
    reward,
    steps,
    info: { tier, archetype, difficulty, flag: reward === 1 }
  })
  const run = insertRun(d, {
    id: 'r',
    threshold: 1,
    episodes: [
      ep('warmup', 'extract', 'easy', 1),
      ep('warmup', 'extract', 'easy', 1, 2),
      ep('warmup', 'extract', 'easy', 1, 3),
      ep('expert', 'min_max', 'hard', 1),
      ep('expert', 'min_max', 'hard', 0, 15),
      ep('expert', 'min_max', 'hard', 0.5, 15),
      { task: 'untiered', reward: 0 }
    ]
  })

  it('gives each value its counts ("expert: 1/3"), mean reward and population σ, best first', () => {
    const b = breakdownRun(d, run, ['tier'])
    expect(b.fields).toEqual(['tier'])
    expect(b.score).toBe('meanReward')
    expect(b.rows.map((r) => [r.values, r.episodes, r.passed, r.decided, r.failed])).toEqual([
      [['warmup'], 3, 3, 3, 0],
      [['expert'], 3, 1, 3, 2],
      [['(none)'], 1, 0, 1, 1]
    ])
    const expert = b.rows[1]
    expect(expert.meanReward).toBeCloseTo(0.5, 12)
    // 1, 0, 0.5: mean 0.5, population σ √(0.5/3)
    expect(expert.rewardStd).toBeCloseTo(Math.sqrt(0.5 / 3), 12)
    expect(expert.meanSteps).toBeCloseTo(34 / 3, 12)
    expect(b.rows[0].perfectRate).toBe(1)
    expect(b.missing).toBe(1)
    expect(b.total).toMatchObject({ episodes: 7, passed: 4, decided: 7 })
    expect(b.candidates).toEqual(expect.arrayContaining(['tier', 'archetype', 'difficulty', 'status']))
  })

  it('cross-tabulates two fields (failures by archetype × difficulty)', () => {
    const b = breakdownRun(d, run, ['archetype', 'info.difficulty'])
    expect(b.fields).toEqual(['archetype', 'difficulty'])
    const mm = b.rows.find((r) => r.values[0] === 'min_max')!
    expect(mm).toMatchObject({ values: ['min_max', 'hard'], failed: 2, episodes: 3 })
  })

  it('writes booleans as true / false, and refuses a field the run does not have, naming the ones it has', () => {
    expect(
      breakdownRun(d, run, ['flag'])
        .rows.map((r) => r.values[0])
        .sort()
    ).toEqual(['(none)', 'false', 'true'])
    expect(() => breakdownRun(d, run, ['colour'])).toThrow(
      /^the run has no field "colour"; it has: archetype, difficulty, flag, tier, status, termination$/
    )
  })
})

describe('compareMany (report 004: 8B, 30B, 30B trained; 3 examples × 2 rollouts)', () => {
  const d = tempDb()
  // rewards per example (r1 then r2 rollout), as report 004 prints them; steps (num_turns) likewise
  const run = (
    id: string,
    r1: number[],
    r2: number[],
    t1: number[],
    t2: number[],
    calls: (Record<string, number> | undefined)[] = []
  ): ReturnType<typeof insertRun> =>
    insertRun(d, {
      id,
      name: id,
      threshold: 0.5,
      episodes: [0, 1, 2].flatMap((ex) => [
        { task: `ex${ex}`, reward: r1[ex], steps: t1[ex], toolCalls: calls[ex * 2] ?? { llm_batch: 1 } },
        { task: `ex${ex}`, reward: r2[ex], steps: t2[ex], toolCalls: calls[ex * 2 + 1] ?? { llm_batch: 1 } }
      ])
    })
  const small = run('8b', [0.2, 0.6, 0.6], [0.6, 0.6, 0.6], [2, 4, 4], [4, 4, 4], [{}])
  const big = run('30b', [0.636, 0.9, 0.85], [0.887, 0.7, 0.738], [18, 5, 5], [7, 9, 8])
  const trained = run('30b-grpo', [0.962, 1, 1], [0.962, 1, 1], [6, 6, 6], [6, 6, 6])
  const r = compareMany(d, [small, big, trained], {})
  const row = (key: string) => r.rows.find((x) => x.key === key)!

  it('gives each run its whole-run mean, population σ and range', () => {
    const reward = row('reward')
    expect(reward.values[1]!.mean).toBeCloseTo(0.785167, 5)
    expect(reward.values[1]!.std).toBeCloseTo(0.1, 3)
    expect(reward.values[2]).toMatchObject({ min: 0.962, max: 1 })
    expect(reward.values[2]!.std).toBeCloseTo(0.018, 3)
    const steps = row('steps')
    expect(steps.values[1]).toMatchObject({ min: 5, max: 18 })
    expect(steps.values[1]!.mean).toBeCloseTo(8.667, 3)
    expect(steps.values[1]!.std).toBeCloseTo(4.422, 3)
    expect(steps.values[2]).toMatchObject({ mean: 6, std: 0, min: 6, max: 6 })
  })

  it('gives absolute and relative deltas against the baseline and the previous run, with paired CIs', () => {
    const reward = row('reward')
    expect(reward.vsBaseline[0]).toBeNull()
    // 8B mean 3.2 / 6 = 0.5333; 30B 0.785167: +0.251833, +47.2%
    expect(reward.vsBaseline[1]!.delta).toBeCloseTo(0.785167 - 3.2 / 6, 5)
    expect(reward.vsBaseline[1]!.relDelta).toBeCloseTo((0.785167 - 3.2 / 6) / (3.2 / 6), 4)
    expect(reward.vsBaseline[1]!.tasks).toBe(3)
    expect(reward.vsBaseline[1]!.ci95).not.toBeNull()
    // 30B → trained: the previous run's delta
    expect(reward.vsPrevious[2]!.delta).toBeCloseTo(5.924 / 6 - 0.785167, 5)
    expect(r.verdicts[0]).toBeNull()
    expect(r.verdicts[2]!.metric).toBe('reward')
    // equal tasks and rollouts: the paired change is the whole runs' change, and the verdict's
    expect(reward.vsBaseline[1]!.paired).toBeCloseTo(reward.vsBaseline[1]!.delta!, 12)
  })

  it('gives the paired change its CI is about where the runs differ in rollouts per task (the verdict names it)', () => {
    // ex0 drawn 4 times in the third run: its whole-run mean leans on ex0, its per-task mean does not
    const many = insertRun(d, {
      id: 'many-rollouts',
      name: 'many-rollouts',
      threshold: 0.5,
      episodes: [
        ...[0, 0, 0, 0].map(() => ({ task: 'ex0', reward: 0 })),
        { task: 'ex1', reward: 1 },
        { task: 'ex2', reward: 1 }
      ]
    })
    const m = compareMany(d, [small, big, many], {})
    const change = m.rows.find((x) => x.key === 'reward')!.vsBaseline[2]!
    const perTask = (xs: number[][]) => xs.map((t) => t.reduce((a, b) => a + b, 0) / t.length)
    const a = perTask([
      [0.2, 0.6],
      [0.6, 0.6],
      [0.6, 0.6]
    ])
    const b = perTask([[0, 0, 0, 0], [1], [1]])
    const paired = b.reduce((s, x, i) => s + x - a[i], 0) / 3
    expect(change.paired).toBeCloseTo(paired, 12)
    expect(change.delta).toBeCloseTo(2 / 6 - 3.2 / 6, 12)
    expect(Math.abs(change.paired! - change.delta!)).toBeGreaterThan(0.1)
    expect(m.verdicts[2]!.delta).toBeCloseTo(paired, 12)
  })

  it('has the zero-delegation rate and the per-rollout rewards of each task', () => {
    // 8B's first rollout calls no tool: 1 of 6
    expect(row('toolFree:llm_batch').values[0]!.mean).toBeCloseTo(1 / 6, 12)
    expect(row('toolFree:llm_batch').values[2]!.mean).toBe(0)
    expect(r.perTask[0]).toEqual({
      taskKey: 'ex0',
      rewards: [
        [0.2, 0.6],
        [0.636, 0.887],
        [0.962, 0.962]
      ]
    })
    expect(r.sharedTasks).toBe(3)
  })

  it('takes another baseline, and refuses one that is not among the runs', () => {
    const other = compareMany(d, [small, big, trained], { baseline: big.id })
    expect(other.baseline).toBe(1)
    expect(other.rows.find((x) => x.key === 'reward')!.vsBaseline[1]).toBeNull()
    expect(() => compareMany(d, [small, big], { baseline: 'nope' })).toThrow(
      'the baseline nope is not one of the runs compared'
    )
  })
})

describe('trainingCurve', () => {
  it('is each step’s whole batch: mean, σ, pass rate, steps, GRPO groups with no signal', () => {
    const d = tempDb()
    // step 0: group p1 = 1, 1 (no signal), group p2 = 0, 1; step 10: p3 = 0, 0 (no signal), p1 = 1 (a group of one)
    const run = insertRun(d, {
      id: 'train',
      threshold: 0.5,
      episodes: [
        { task: 'p1', reward: 1, step: 0, steps: 6, tokensOut: 100 },
        { task: 'p1', reward: 1, step: 0, steps: 8, tokensOut: 120 },
        { task: 'p2', reward: 0, step: 0, steps: 7, tokensOut: 140 },
        { task: 'p2', reward: 1, step: 0, steps: 9, tokensOut: 160, status: 'truncated' },
        { task: 'p3', reward: 0, step: 10, steps: 5 },
        { task: 'p3', reward: 0, step: 10, steps: 5 },
        { task: 'p1', reward: 1, step: 10, steps: 6 }
      ]
    })
    // the run says it is a training run: two distinct steps
    expect(run.trainingSteps).toBe(2)
    const c = trainingCurve(d, run)
    expect(c.points.map((p) => p.step)).toEqual([0, 10])
    const [s0, s10] = c.points
    expect(s0).toMatchObject({
      episodes: 4,
      tasks: 2,
      meanReward: 0.75,
      passRate: 0.75,
      meanSteps: 7.5,
      tokensOut: 130,
      groups: 2,
      noSignalShare: 0.5,
      truncatedShare: 0.25
    })
    expect(s0.rewardStd).toBeCloseTo(Math.sqrt(0.1875), 12)
    expect(s10).toMatchObject({ episodes: 3, groups: 1, noSignalShare: 1, tokensOut: null })
    expect(s10.meanReward).toBeCloseTo(1 / 3, 12)
    // p1 passes at both steps; nothing flipped
    expect(c.followedTasks).toBe(1)
    expect(c.tasks).toEqual([])
  })

  it('refuses a run without steps, saying what has them', () => {
    const d = tempDb()
    const run = insertRun(d, { id: 'eval', name: 'eval', episodes: [{ task: 't', reward: 1 }] })
    expect(run.trainingSteps).toBe(0)
    expect(() => trainingCurve(d, run)).toThrow(/^eval has no training steps/)
  })
})

/**
 * compareRuns on two small runs written into a real engine database; every expected number is worked out by hand
 * from the rows below (see the comments next to each assertion).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CompareMetric, CompareReport } from '@contract/compare'
import type { RunSummary } from '@contract/model'
import { compareRuns } from '../../../src-main/compare/compare-runs'
import type { Db } from '../../../src-main/db/open-db'
import { insertRun, tempDb, type EpisodeSpec } from './synthetic-db'

// Run A: 2 rollouts per task, threshold 0.5. t1 only in A; t3's second rollout errored.
const A: EpisodeSpec[] = [
  {
    task: 't1',
    reward: 1,
    turns: 3,
    info: { difficulty: 'easy', repo: 'r1', note: 'x' },
    metrics: { cost: 0.03, onlyA: 1 }
  },
  {
    task: 't1',
    reward: 0,
    turns: 5,
    info: { difficulty: 'easy', repo: 'r1', note: 'x' },
    metrics: { cost: 0.05, onlyA: 1 }
  },
  {
    task: 't2',
    reward: 1,
    turns: 2,
    tokensIn: 100,
    info: { difficulty: 'easy', repo: 'r2', note: 'x' },
    metrics: { cost: 0.02 }
  },
  {
    task: 't2',
    reward: 1,
    turns: 4,
    tokensIn: 100,
    info: { difficulty: 'easy', repo: 'r2', note: 'x' },
    metrics: { cost: 0.04 }
  },
  { task: 't3', reward: 0, turns: 6, info: { difficulty: 'hard', repo: 'r3', note: 'x' }, metrics: { cost: 0.06 } },
  {
    task: 't3',
    reward: 0,
    turns: 6,
    status: 'error',
    info: { difficulty: 'hard', repo: 'r3', note: 'x' },
    metrics: { cost: 0.06 }
  },
  { task: 't4', reward: 0.5, turns: 4, info: { difficulty: 'hard', repo: 'r4', note: 'x' }, metrics: { cost: 0.04 } },
  { task: 't4', reward: 0, turns: 8, info: { difficulty: 'hard', repo: 'r4', note: 'x' }, metrics: { cost: 0.08 } },
  { task: 't5', reward: 0, turns: 7, info: { difficulty: 'hard', repo: 'r5', note: 'x' }, metrics: { cost: 0.07 } },
  { task: 't5', reward: 0, turns: 7, info: { difficulty: 'hard', repo: 'r5', note: 'x' }, metrics: { cost: 0.07 } }
]
// Run B: 1 rollout per task; t6 only in B. `note` differs from A's, so it is an outcome-like field, not a category.
const B: EpisodeSpec[] = [
  { task: 't2', reward: 1, turns: 2, info: { difficulty: 'easy', repo: 'r2', note: 'y' }, metrics: { cost: 0.02 } },
  { task: 't3', reward: 1, turns: 3, info: { difficulty: 'hard', repo: 'r3', note: 'y' }, metrics: { cost: 0.03 } },
  { task: 't4', reward: 0, turns: 5, info: { difficulty: 'hard', repo: 'r4', note: 'y' }, metrics: { cost: 0.05 } },
  { task: 't5', reward: 1, turns: 4, info: { difficulty: 'hard', repo: 'r5', note: 'y' }, metrics: { cost: 0.04 } },
  { task: 't6', reward: 1, turns: 1, info: { difficulty: 'easy', repo: 'r6', note: 'y' }, metrics: { cost: 0.01 } }
]

let db: Db
let runA: RunSummary
let runB: RunSummary
let report: CompareReport
const metric = (key: string, r: CompareReport = report): CompareMetric => {
  const m = r.metrics.find((x) => x.key === key)
  if (!m) throw new Error(`no metric ${key}`)
  return m
}

beforeAll(() => {
  db = tempDb()
  runA = insertRun(db, {
    id: 'A',
    threshold: 0.5,
    header: { sampling: { temperature: 0.7, max_tokens: 4096 }, env_version: '1.0' },
    episodes: A
  })
  runB = insertRun(db, {
    id: 'B',
    threshold: 0.5,
    header: { sampling_args: { temperature: 1, max_tokens: 4096 }, env_version: '1.0' },
    episodes: B
  })
  report = compareRuns(db, runA, runB, {})
})
afterAll(() => db.close())

describe('compareRuns on hand-checked runs', () => {
  it('pairs by task key', () => {
    expect(report.sharedTasks).toBe(4)
    expect(report).toMatchObject({ onlyA: 1, onlyB: 1, onlyATasks: ['t1'], onlyBTasks: ['t6'] })
    expect(report.runA).toMatchObject({ id: 'A', episodes: 10, tasks: 5, rolloutsPerTask: 2, passThreshold: 0.5 })
    expect(report.runB).toMatchObject({ id: 'B', episodes: 5, tasks: 5, rolloutsPerTask: 1 })
  })

  it('computes per-task means, then paired means over the shared tasks', () => {
    // per-task reward A: t2 1, t3 0, t4 0.25, t5 0 → 0.3125; B: 1, 1, 0, 1 → 0.75; diffs 0, 1, -0.25, 1
    expect(metric('reward')).toMatchObject({ kind: 'paired', n: 4, better: 'higher' })
    expect(metric('reward').a).toBeCloseTo(0.3125, 12)
    expect(metric('reward').b).toBeCloseTo(0.75, 12)
    expect(metric('reward').delta).toBeCloseTo(0.4375, 12)
    expect(metric('reward').relDelta).toBeCloseTo(0.4375 / 0.3125, 12)
    // pass (reward >= 0.5) per task A: 1, 0, 0.5, 0; B: 1, 1, 0, 1
    expect(metric('passRate').a).toBeCloseTo(0.375, 12)
    expect(metric('passRate').b).toBeCloseTo(0.75, 12)
    expect(metric('passRate').isRate).toBe(true)
    // reward = 1 per task A: 1, 0, 0, 0
    expect(metric('perfectRate').a).toBeCloseTo(0.25, 12)
    expect(metric('perfectRate').b).toBeCloseTo(0.75, 12)
    // steps per task A: 3, 6, 6, 7 → 5.5; B: 2, 3, 5, 4 → 3.5 (the rows' steps; messages are a row of their own)
    expect(metric('steps')).toMatchObject({ unit: 'steps', label: 'Mean steps' })
    expect(metric('steps').delta).toBeCloseTo(-2, 12)
    expect(metric('messages').unit).toBe('messages')
    // status ok per task A: 1, 0.5, 1, 1
    expect(metric('completionRate').a).toBeCloseTo(0.875, 12)
    expect(metric('completionRate').b).toBe(1)
    // reward / steps per task A: (1/2 + 1/4)/2, 0, (0.5/4 + 0)/2, 0; B: 1/2, 1/3, 0, 1/4
    expect(metric('rewardPerStep').a).toBeCloseTo((0.375 + 0.0625) / 4, 12)
    expect(metric('rewardPerStep').b).toBeCloseTo((0.5 + 1 / 3 + 0.25) / 4, 12)
    // per-task cost A: 0.03, 0.06, 0.06, 0.07; B: 0.02, 0.03, 0.05, 0.04
    expect(metric('metric:cost').a).toBeCloseTo(0.055, 12)
    expect(metric('metric:cost').b).toBeCloseTo(0.035, 12)
    expect(metric('metric:cost').better).toBe('lower')
    // a metric only one run has is not compared; tokens in: only A has them, so no pair and no delta
    expect(report.metrics.some((m) => m.key === 'metric:onlyA')).toBe(false)
    expect(metric('tokensIn')).toMatchObject({ a: 100, b: null, delta: null, n: 0, ci95: null })
    // no run records durations or tokens out: left out
    expect(report.metrics.some((m) => m.key === 'durationMs' || m.key === 'tokensOut')).toBe(false)
  })

  it('gives whole-run statistics of the shared tasks as summary metrics', () => {
    // shared-task rewards A: 1 1 0 0 0.5 0 0 0; B: 1 1 0 1
    expect(metric('rewardMin')).toMatchObject({ kind: 'summary', a: 0, b: 0, ci95: null })
    expect(metric('rewardMax')).toMatchObject({ a: 1, b: 1, delta: 0 })
    // population σ (numpy's default): episode mean 2.5 / 8 = 0.3125
    const sdA = Math.sqrt((2 * 0.6875 ** 2 + 0.1875 ** 2 + 5 * 0.3125 ** 2) / 8)
    expect(metric('rewardStd').a).toBeCloseTo(sdA, 12)
    expect(metric('rewardStd').b).toBeCloseTo(Math.sqrt(0.75 / 4), 12) // 1 1 0 1: mean 0.75
    // passed episodes' steps A: 2, 4 (t2), 4 (t4's 0.5); B: 2, 3, 4
    expect(metric('stepsSuccess').a).toBeCloseTo(10 / 3, 12)
    expect(metric('stepsSuccess').b).toBeCloseTo(3, 12)
    // pooled reward per step over shared-task episodes: A 2.5 / (2+4+6+6+4+8+7+7 = 44); B 3 / 14
    expect(metric('rewardPerStepPooled').a).toBeCloseTo(2.5 / 44, 12)
    expect(metric('rewardPerStepPooled').b).toBeCloseTo(3 / 14, 12)
  })

  it('gives each paired figure over the whole runs too (every episode, shared or not)', () => {
    // A's 10 rewards sum to 3.5; B's 5 to 4
    expect(metric('reward').whole!.a).toBeCloseTo(0.35, 12)
    expect(metric('reward').whole!.b).toBeCloseTo(0.8, 12)
    expect(metric('reward').whole!.delta).toBeCloseTo(0.45, 12)
    // pass A: t1 1 of 2, t2 2, t4 1 → 4 of 10; B 4 of 5
    expect(metric('passRate').whole).toMatchObject({ a: 0.4, b: 0.8 })
  })

  it('orders metrics reward first', () => {
    expect(report.metrics.slice(0, 5).map((m) => m.key)).toEqual([
      'reward',
      'rewardStd',
      'rewardMin',
      'rewardMax',
      'passRate'
    ])
    expect(report.metrics.at(-1)!.key).toBe('metric:cost')
  })

  it('puts every paired delta inside its CI', () => {
    expect(report.ci).toEqual({ method: 'paired-bootstrap', resamples: 2000, seed: 1 })
    for (const m of report.metrics.filter((x) => x.kind === 'paired' && x.n >= 2)) {
      expect(m.ci95, m.key).not.toBeNull()
      expect(m.ci95![0]).toBeLessThanOrEqual(m.delta! + 1e-12)
      expect(m.ci95![1]).toBeGreaterThanOrEqual(m.delta! - 1e-12)
    }
    // reward diffs are 0, 1, -0.25, 1: a resample mean can never leave [-0.25, 1]
    const [lo, hi] = metric('reward').ci95!
    expect(lo).toBeGreaterThanOrEqual(-0.25)
    expect(hi).toBeLessThanOrEqual(1)
  })

  it('builds the flip table (a task passes when more than half of its rollouts pass)', () => {
    // A: t2 pass, t3 fail, t4 1 of 2 (not more than half) fail, t5 fail; B: t2, t3, t5 pass, t4 fails
    expect(report.flips).toMatchObject({
      fixed: ['t3', 't5'],
      broken: [],
      bothPass: ['t2'],
      bothFail: ['t4'],
      undecided: 0
    })
    // McNemar 2 vs 0: 2 · 1/4
    expect(report.flips.mcnemarP).toBeCloseTo(0.5, 12)
    expect(report.flipCategories).toEqual({ t3: { difficulty: 'hard' }, t5: { difficulty: 'hard' } })
  })

  it('computes pass@k up to the smaller rollout count', () => {
    // B has 1 rollout per task: only k = 1; pass@1 = mean c/n
    expect(report.passAtK).toHaveLength(1)
    expect(report.passAtK[0].tasks).toBe(4)
    expect(report.passAtK[0].a.passAtK).toBeCloseTo(0.375, 12)
    expect(report.passAtK[0].a.passHatK).toBeCloseTo(0.375, 12)
    expect(report.passAtK[0].b.passAtK).toBeCloseTo(0.75, 12)
  })

  it('breaks down by task-level info fields, best delta first', () => {
    // repo is unique per task and note differs between the runs: neither is a category
    expect(report.categoryFields).toEqual(['difficulty'])
    const [hard, easy] = report.perCategory
    expect(hard).toMatchObject({ field: 'difficulty', value: 'hard', tasks: 3, passedA: 0, passedB: 2, decided: 3 })
    // hard tasks t3, t4, t5: A 0, 0.25, 0; B 1, 0, 1
    expect(hard.a).toBeCloseTo(0.25 / 3, 12)
    expect(hard.b).toBeCloseTo(2 / 3, 12)
    expect(hard.delta).toBeCloseTo(2 / 3 - 0.25 / 3, 12)
    expect(hard.ci95![0]).toBeLessThanOrEqual(hard.delta!)
    expect(hard.ci95![1]).toBeGreaterThanOrEqual(hard.delta!)
    expect(easy).toMatchObject({
      value: 'easy',
      tasks: 1,
      a: 1,
      b: 1,
      delta: 0,
      ci95: null,
      passedA: 1,
      passedB: 1,
      decided: 1
    })
    // beside the paired delta, each run's whole-run figures for the value: A's hard episodes (t3, t4, t5) 0.5 / 6;
    // easy (t1, t2) 3 / 4, passed 3 of 4; B's easy (t2, t6) 2 / 2
    expect(hard.wholeA.episodes).toBe(6)
    expect(hard.wholeA.score).toBeCloseTo(0.5 / 6, 12)
    expect(easy.wholeA).toMatchObject({ episodes: 4, score: 0.75, passed: 3, decided: 4 })
    expect(easy.wholeB).toMatchObject({ episodes: 2, score: 1, passed: 2, decided: 2 })
  })

  it('breaks down by an asked field even when it is no category', () => {
    const r = compareRuns(db, runA, runB, { category: 'repo' })
    expect(r.categoryFields).toEqual(['difficulty'])
    // shared values by delta, then the values only one run has (whole-run figures, no paired delta)
    expect(r.perCategory.map((c) => c.value)).toEqual(['r3', 'r5', 'r2', 'r4', 'r1', 'r6'])
    expect(r.perCategory.slice(0, 4).every((c) => c.field === 'repo' && c.tasks === 1)).toBe(true)
    expect(r.perCategory[4]).toMatchObject({
      value: 'r1',
      tasks: 0,
      delta: null,
      wholeA: { episodes: 2, score: 0.5, passed: 1, decided: 2 },
      wholeB: { episodes: 0 }
    })
    expect(r.perCategory[5]).toMatchObject({
      value: 'r6',
      tasks: 0,
      wholeA: { episodes: 0 },
      wholeB: { episodes: 1, score: 1, passed: 1, decided: 1 }
    })
  })

  it('gives the share solved within k steps, with 5/10/15/20', () => {
    const at = (k: number) => report.solvedWithin.find((s) => s.k === k)!
    expect(report.solvedWithin.map((s) => s.k)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    // A: 8 shared-task episodes, passes at 2, 4, 4 steps; B: 4 episodes, passes at 2, 3, 4
    expect(at(1)).toEqual({ k: 1, a: 0, b: 0 })
    expect(at(2)).toEqual({ k: 2, a: 1 / 8, b: 1 / 4 })
    expect(at(3)).toEqual({ k: 3, a: 1 / 8, b: 2 / 4 })
    expect(at(5)).toEqual({ k: 5, a: 3 / 8, b: 3 / 4 })
    expect(at(20)).toEqual({ k: 20, a: 3 / 8, b: 3 / 4 })
  })

  it('draws the reward histogram on common edges', () => {
    const h = report.histogram
    expect(h.edges).toHaveLength(21)
    expect(h.edges[0]).toBe(0)
    expect(h.edges[20]).toBe(1)
    expect(h.edges[10]).toBeCloseTo(0.5, 12)
    // A: five 0s, one 0.5, two 1s; B: one 0, three 1s
    expect(h.a[0]).toBe(5)
    expect(h.a[10]).toBe(1)
    expect(h.a[19]).toBe(2)
    expect(h.a.reduce((s, x) => s + x, 0)).toBe(8)
    expect(h.b[0]).toBe(1)
    expect(h.b[19]).toBe(3)
  })

  it('warns about task sets, rollouts, sampling and the CI width, ranked, and explains the CI', () => {
    const codes = report.warnings.map((w) => w.code)
    // the reward delta's CI includes no change: that can change the conclusion, so it comes first
    expect(codes).toEqual(['too-few-tasks', 'different-tasks', 'different-rollouts', 'different-sampling'])
    expect(report.warnings.map((w) => w.severity)).toEqual(['conclusion', 'caveat', 'caveat', 'caveat'])
    const msg = (code: string) => report.warnings.find((w) => w.code === code)!.message
    expect(msg('different-tasks')).toContain('A has 5, B has 5')
    expect(msg('different-tasks')).toContain('4 shared tasks (1 only in A, 1 only in B)')
    expect(msg('different-rollouts')).toContain('4 of 4 shared tasks (A 2, B 1')
    // temperature differs (found at different depths); max_tokens is the same
    expect(msg('different-sampling')).toContain('temperature 0.7 vs 1')
    expect(msg('different-sampling')).not.toContain('max_tokens')
    expect(msg('too-few-tasks')).toMatch(
      /^Too few shared tasks to tell this difference from noise \(the mean reward delta's 95% CI, .* includes no change\)/
    )
    // the whole runs tell the same story as the shared tasks (+0.45 inside the CI): said, not ranked up
    expect(msg('different-tasks')).toContain(
      'Mean reward: whole runs 0.350 → 0.800 (+0.450); shared tasks 0.313 → 0.750 (+0.438'
    )
    expect(report.ciNote).toMatch(/resampling the 4 shared tasks .* 2000 times \(seed 1\)/)
  })
})

describe('compareRuns edge cases', () => {
  it('flags environment versions that differ, in the header or in episode info', () => {
    const d = tempDb()
    const ep = (task: string, v: string): EpisodeSpec => ({ task, reward: 1, info: { env_version: v } })
    const a = insertRun(d, {
      id: 'a',
      threshold: 0.5,
      header: { env: { version: '2' } },
      episodes: [ep('x', '1.0'), ep('y', '1.0')]
    })
    const b = insertRun(d, {
      id: 'b',
      threshold: 0.5,
      header: { env: { version: '3' } },
      episodes: [ep('x', '1.1'), ep('y', '1.1')]
    })
    const w = compareRuns(d, a, b, {}).warnings.find((x) => x.code === 'different-env-version')!
    expect(w.message).toContain('version "2" vs "3"')
    expect(w.message).toContain('env_version 1.0 vs 1.1')
    d.close()
  })

  it('says when nothing is shared, and when a run has no verdict', () => {
    const d = tempDb()
    const a = insertRun(d, {
      id: 'a',
      threshold: null,
      episodes: [
        { task: 'x', reward: 3 },
        { task: 'y', reward: 2 }
      ]
    })
    const b = insertRun(d, { id: 'b', threshold: null, episodes: [{ task: 'z', reward: 1 }] })
    const none = compareRuns(d, a, b, {})
    expect(none).toMatchObject({
      sharedTasks: 0,
      onlyA: 2,
      onlyB: 1,
      passAtK: [],
      perCategory: [],
      solvedWithin: expect.any(Array)
    })
    expect(none.warnings.map((w) => w.code)).toEqual(['no-shared-tasks'])
    expect(none.histogram).toEqual({ edges: [], a: [], b: [] })

    const c = insertRun(d, {
      id: 'c',
      threshold: null,
      episodes: [
        { task: 'x', reward: 2.5 },
        { task: 'y', reward: 2.5, success: true }
      ]
    })
    const r = compareRuns(d, a, c, {})
    // a has neither a success flag nor a threshold: no verdict anywhere; c decides y by its flag
    expect(r.flips).toMatchObject({ fixed: [], broken: [], undecided: 2, mcnemarP: null })
    expect(r.warnings.find((w) => w.code === 'no-verdict')!.message).toMatch(/^Run A has no pass\/fail verdict/)
    expect(r.metrics.find((m) => m.key === 'passRate')).toMatchObject({ a: null, b: 1, delta: null, n: 0 })
    // rewards outside [0, 1]: no perfect rate
    expect(r.metrics.some((m) => m.key === 'perfectRate')).toBe(false)
    d.close()
  })

  it('shows a metric that repeats the reward once, and does not take a per-task count for a category', () => {
    const d = tempDb()
    const eps = (rewards: number[]): EpisodeSpec[] =>
      rewards.map((r, i) => ({
        task: `t${i}`,
        reward: r,
        metrics: { reward: r, steps: i },
        info: { tests_total: 10 + i, tier: i % 2 }
      }))
    const a = insertRun(d, { id: 'a', threshold: 0.5, episodes: eps([0, 1, 0, 1]) })
    const b = insertRun(d, { id: 'b', threshold: 0.5, episodes: eps([1, 1, 0, 0]) })
    const r = compareRuns(d, a, b, {})
    expect(r.metrics.filter((m) => m.key.startsWith('metric:')).map((m) => m.key)).toEqual(['metric:steps'])
    // tests_total: 4 values over 4 tasks; tier: 2 values over 4 tasks
    expect(r.categoryFields).toEqual(['tier'])
    d.close()
  })

  it('is reproducible per seed and moves with another seed (300 tasks)', () => {
    const d = tempDb()
    const eps = (shift: number): EpisodeSpec[] =>
      Array.from({ length: 300 }, (_, i) => ({
        task: `t${i}`,
        reward: (((i * 7919) % 1000) / 1000 + shift * ((i % 7) / 7)) % 1
      }))
    const a = insertRun(d, { id: 'a', threshold: 0.5, episodes: eps(0) })
    const b = insertRun(d, { id: 'b', threshold: 0.5, episodes: eps(1) })
    const one = compareRuns(d, a, b, { seed: 1 })
    const again = compareRuns(d, a, b, { seed: 1 })
    const other = compareRuns(d, a, b, { seed: 2, resamples: 500 })
    expect(again.metrics).toEqual(one.metrics)
    expect(other.ci).toEqual({ method: 'paired-bootstrap', seed: 2, resamples: 500 })
    const ci1 = one.metrics.find((m) => m.key === 'reward')!.ci95
    const ci2 = other.metrics.find((m) => m.key === 'reward')!.ci95
    expect(ci2).not.toEqual(ci1)
    // the point estimate is the same and inside both
    const delta = one.metrics.find((m) => m.key === 'reward')!.delta!
    for (const ci of [ci1!, ci2!]) {
      expect(ci[0]).toBeLessThan(delta)
      expect(ci[1]).toBeGreaterThan(delta)
    }
    d.close()
  })
})

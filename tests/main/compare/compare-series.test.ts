/**
 * compareSeries: a hand-checked 3-checkpoint series written into a real database, and the demo workspace's base vs
 * trained pair through the engine API, checked against the demo JSONL files.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compareSeries } from '../../../src-main/compare/compare-series'
import { taskHistory } from '../../../src-main/compare/task-history'
import { tempEngine } from '../../helpers/temp-engine'
import { insertRun, tempDb, type EpisodeSpec } from './synthetic-db'

const eps = (passes: Record<string, boolean>, extra: Partial<EpisodeSpec> = {}): EpisodeSpec[] =>
  Object.entries(passes).map(([task, ok]) => ({ task, reward: ok ? 1 : 0, turns: ok ? 2 : 4, ...extra }))

describe('taskHistory', () => {
  it('reads how a task ended: learned (ends passing after a fail) from where, forgotten (ends failing after a pass), changes', () => {
    expect(taskHistory('t', [false, true, true])).toMatchObject({ learnedAt: 1, forgotten: false, changes: 1 })
    // a fail along the way, passing again at the end: learned again at 2, not forgotten
    expect(taskHistory('t', [true, false, true])).toMatchObject({ learnedAt: 2, forgotten: false, changes: 2 })
    expect(taskHistory('t', [false, true, false, true, true])).toMatchObject({ learnedAt: 3, forgotten: false })
    // ends failing after passing: forgotten, not learned
    expect(taskHistory('t', [false, true, false])).toMatchObject({ learnedAt: null, forgotten: true, changes: 2 })
    expect(taskHistory('t', [true, true, false, null])).toMatchObject({ learnedAt: null, forgotten: true })
    expect(taskHistory('t', [false, false])).toMatchObject({ learnedAt: null, forgotten: false, changes: 0 })
    expect(taskHistory('t', [true, true, true])).toMatchObject({ learnedAt: null, forgotten: false, changes: 0 })
    // no verdict at a point: skipped, the fail before still counts
    expect(taskHistory('t', [false, null, true])).toMatchObject({ learnedAt: 2, forgotten: false, changes: 1 })
  })
})

describe('compareSeries on three checkpoints', () => {
  const db = tempDb()
  // t1 learned at step 100; t2 passed then forgotten; t3 flips twice; t4 always fails; t5 only in the last run
  const s0 = insertRun(db, {
    id: 's0',
    checkpointStep: 0,
    threshold: 0.5,
    episodes: eps({ t1: false, t2: true, t3: false, t4: false })
  })
  const s1 = insertRun(db, {
    id: 's1',
    checkpointStep: 100,
    threshold: 0.5,
    episodes: eps({ t1: true, t2: true, t3: true, t4: false })
  })
  const s2 = insertRun(db, {
    id: 's2',
    checkpointStep: 200,
    threshold: 0.5,
    header: { sampling: { temperature: 1 } },
    episodes: eps({ t1: true, t2: false, t3: false, t4: false, t5: true })
  })
  const noHeader = { ...s0, header: { sampling: { temperature: 0.6 } } }
  const r = compareSeries(db, [noHeader, s1, s2])

  it('orders points as given, by training step, each over its whole run', () => {
    expect(r.points.map((p) => [p.runId, p.step])).toEqual([
      ['s0', 0],
      ['s1', 100],
      ['s2', 200]
    ])
    expect(r.axis).toBe('step')
    // every task some two points have is followed (t5 is only in the last)
    expect(r.sharedTasks).toBe(4)
    // reward over each whole run: 1/4, 3/4, and s2's five episodes 2/5 (t5 counts: a point is its whole batch)
    const value = (key: string) => r.points.map((p) => p.metrics.find((m) => m.key === key)!.value)
    expect(value('reward')).toEqual([0.25, 0.75, 0.4])
    expect(value('steps')).toEqual([3.5, 2.5, 3.2])
    // population σ of 0 1 0 0: √(3/16)
    expect(value('rewardStd')[0]).toBeCloseTo(Math.sqrt(3 / 16), 12)
    expect(r.points[0].metrics.some((m) => m.key === 'tokensIn')).toBe(false)
  })

  it('lists the tasks that changed, most changes first, with when they were learned or forgotten', () => {
    expect(r.tasks).toEqual([
      // t3 passed at 100 only: ends failing, forgotten (its pass at 100 is no learning it kept)
      { taskKey: 't3', passed: [false, true, false], learnedAt: null, forgotten: true },
      { taskKey: 't1', passed: [false, true, true], learnedAt: 1, forgotten: false },
      { taskKey: 't2', passed: [true, true, false], learnedAt: null, forgotten: true }
    ])
  })

  it('warns about different task sets and sampling', () => {
    expect(r.warnings.map((w) => w.code)).toEqual(['different-tasks', 'different-sampling'])
    expect(r.warnings[0].message).toContain('4, 4, 5')
    expect(r.warnings[0].message).toContain('each point is over its whole run')
    expect(r.warnings[1].message).toContain('temperature 0.6 vs 1')
  })

  it('uses positions when a run has no step', () => {
    const plain = compareSeries(db, [s2, { ...s1, checkpointStep: null }])
    expect(plain.points.map((p) => p.step)).toEqual([0, 1])
    expect(plain.axis).toBe('order')
    expect(compareSeries(db, [])).toEqual({ points: [], axis: 'order', sharedTasks: 0, tasks: [], warnings: [] })
  })
})

describe('compareSeries over the training steps inside one run (a hosted-RL export)', () => {
  it('is each step’s whole batch, not only the tasks every step has (a GRPO run samples new problems per step)', () => {
    const db = tempDb()
    // step 0: t1 1, t2 0, t3 1 → 2/3; step 1: t1 0, t4 1 → 1/2. Over shared tasks (t1 only) it would read 1 then 0.
    const run = insertRun(db, {
      id: 'grpo',
      threshold: 0.5,
      episodes: [
        { task: 't1', reward: 1, step: 0 },
        { task: 't2', reward: 0, step: 0 },
        { task: 't3', reward: 1, step: 0 },
        { task: 't1', reward: 0, step: 1 },
        { task: 't4', reward: 1, step: 1 }
      ]
    })
    const r = compareSeries(db, [run])
    expect(r.points.map((p) => p.metrics.find((m) => m.key === 'reward')!.value)).toEqual([2 / 3, 0.5])
    expect(r.tasks).toEqual([{ taskKey: 't1', passed: [true, false], learnedAt: null, forgotten: true }])
  })

  it('makes each step a point, named and stepped, with the tasks that flipped between steps', () => {
    const db = tempDb()
    // steps 10, 20, 30; t1 fails, passes, passes (learned at 1); t2 passes, fails, passes (lost at 20, back at 30:
    // it ends solved, learned again at 2, not forgotten)
    const run = insertRun(db, {
      id: 'hosted',
      name: 'hosted',
      threshold: 1,
      episodes: [...eps({ t1: false, t2: true }), ...eps({ t1: true, t2: false }), ...eps({ t1: true, t2: true })]
    })
    const setStep = db.prepare('UPDATE episodes SET step = ? WHERE ordinal = ?')
    ;[10, 10, 20, 20, 30, 30].forEach((step, ordinal) => setStep.run(step, ordinal))
    const r = compareSeries(db, [run])
    expect(r.axis).toBe('step')
    expect(r.points.map((p) => [p.name, p.step])).toEqual([
      ['hosted @10', 10],
      ['hosted @20', 20],
      ['hosted @30', 30]
    ])
    expect(r.points.map((p) => p.metrics.find((m) => m.key === 'reward')?.value)).toEqual([0.5, 0.5, 1])
    expect(r.sharedTasks).toBe(2)
    expect(r.tasks).toEqual([
      { taskKey: 't2', passed: [true, false, true], learnedAt: 2, forgotten: false },
      { taskKey: 't1', passed: [false, true, true], learnedAt: 1, forgotten: false }
    ])
  })

  it('refuses a single run with fewer than two steps, saying why', () => {
    const db = tempDb()
    const run = insertRun(db, { id: 'flat', name: 'flat', episodes: eps({ t1: true }) })
    expect(() => compareSeries(db, [run])).toThrow(/^flat has no training steps: its episodes carry no step/)
  })
})

describe('compareSeries on the demo workspace (base → GRPO step 400)', () => {
  const DEMO = resolve(import.meta.dirname, '../../../resources/demo/repo-repair')

  /** Task → passed (more than half of its rollouts have success: true), straight from a demo JSONL file. */
  function verdicts(file: string): Map<string, boolean> {
    const rows = readFileSync(join(DEMO, file), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { task_id: string; success: boolean })
    const by = new Map<string, boolean[]>()
    for (const r of rows) by.set(r.task_id, [...(by.get(r.task_id) ?? []), r.success])
    return new Map([...by].map(([t, s]) => [t, s.filter(Boolean).length * 2 > s.length]))
  }

  it('has steps 0 and 400 and the tasks whose verdict changed', async () => {
    const { engine } = tempEngine()
    try {
      await engine.indexPaths([DEMO])
      const runs = await engine.api.listRuns()
      const base = runs.find((x) => x.checkpointStep === 0)!
      const trained = runs.find((x) => x.checkpointStep === 400)!
      const r = await engine.api.compareSeries([base.id, trained.id])
      expect(r.points.map((p) => p.step)).toEqual([0, 400])
      expect(r.sharedTasks).toBe(16)

      const a = verdicts('base--qwen3-8b.jsonl')
      const b = verdicts('trained--qwen3-8b-grpo-step400.jsonl')
      const learned = [...a.keys()].filter((t) => !a.get(t) && b.get(t)).sort()
      const forgotten = [...a.keys()].filter((t) => a.get(t) && !b.get(t)).sort()
      expect(learned.length).toBeGreaterThan(0)
      const key = (t: string) => t.replace(/^.*?:/, '')
      expect(
        r.tasks
          .filter((t) => t.learnedAt === 1)
          .map((t) => key(t.taskKey))
          .sort()
      ).toEqual(learned)
      expect(
        r.tasks
          .filter((t) => t.forgotten)
          .map((t) => key(t.taskKey))
          .sort()
      ).toEqual(forgotten)
      expect(r.tasks).toHaveLength(learned.length + forgotten.length)
    } finally {
      await engine.close()
    }
  })
})

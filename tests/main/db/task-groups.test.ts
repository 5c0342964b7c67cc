/**
 * Grouping the episodes table by task (listTaskGroups) and the query parts it shares with listEpisodes (the task of an
 * unfolded group, info and token sort keys), over a small generated chat-JSONL run indexed by a real engine.
 */
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TaskGroupSummary } from '@contract/model'
import { dispatch } from '../../../src-main/services/dispatch'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'

interface Spec {
  task: string
  difficulty: string
  /** One reward per rollout (null: the rollout has none). */
  rewards: (number | null)[]
  status?: Record<number, 'error' | 'truncated'>
}

// File order: t-b first, so file order and task-key order differ.
const TASKS: Spec[] = [
  { task: 't-b', difficulty: 'hard', rewards: [0, 0.5, 1], status: { 0: 'error' } },
  { task: 't-a', difficulty: 'easy', rewards: [1, 1, 1] },
  { task: 't-d', difficulty: 'medium', rewards: [null, 0, 0.25], status: { 0: 'truncated', 1: 'error' } },
  { task: 't-c', difficulty: 'easy', rewards: [0.75, 0.25] }
]

function rows(): string {
  const out: string[] = []
  TASKS.forEach((t, ti) =>
    t.rewards.forEach((reward, k) => {
      const status = t.status?.[k] ?? 'ok'
      out.push(
        JSON.stringify({
          task_id: t.task,
          rollout: k,
          difficulty: t.difficulty,
          reward,
          status,
          error: status === 'error' ? `boom ${t.task}/${k}` : null,
          usage: { input_tokens: 100 * (ti + 1) + k, output_tokens: 10 },
          metrics: { format_reward: k === 0 ? 0 : 1 },
          messages: [
            { role: 'user', content: `Solve ${t.task}` },
            { role: 'assistant', content: `attempt ${k}` }
          ]
        })
      )
    })
  )
  return out.join('\n') + '\n'
}

let engine: Engine
let dir: string
let runId: string
beforeAll(async () => {
  const t = tempEngine()
  engine = t.engine
  dir = t.dir
  const file = join(dir, 'groups.jsonl')
  writeFileSync(file, rows())
  const report = await engine.indexPaths([file])
  expect(report.failed).toBe(0)
  const runs = await engine.api.listRuns()
  expect(runs).toHaveLength(1)
  runId = runs[0].id
})
afterAll(async () => {
  await engine.close()
  rmSync(dir, { recursive: true, force: true })
})

const keys = (groups: TaskGroupSummary[]): string[] => groups.map((g) => g.taskKey)

describe('listTaskGroups', () => {
  it('aggregates every task of the run, in file order by default', async () => {
    const page = await engine.api.listTaskGroups({ runId })
    expect(page.total).toBe(4)
    expect(page.offset).toBe(0)
    expect(keys(page.items)).toEqual(['t-b', 't-a', 't-d', 't-c'])
    // every group's rollouts: the episodes the grouped table holds (its Export… counts them)
    expect(page.rollouts).toBe(page.items.reduce((n, g) => n + g.rollouts, 0))
    const b = page.items[0]
    expect(b).toMatchObject({
      taskKey: 't-b',
      taskKeyKind: 'explicit',
      rollouts: 3,
      minReward: 0,
      maxReward: 1,
      passed: 2, // 0.5 and 1 pass the default threshold 0.5
      passKnown: 3,
      errors: 1,
      truncated: 0,
      preview: 'Solve t-b'
    })
    expect(b.meanReward).toBeCloseTo(0.5)
    expect(b.meanTurns).toBe(2)
    // a missing reward has no verdict, as it is not in the mean: one denominator for both
    const d = page.items[2]
    expect(d).toMatchObject({
      rollouts: 3,
      minReward: 0,
      maxReward: 0.25,
      passed: 0,
      passKnown: 2,
      errors: 1,
      truncated: 1
    })
    expect(d.meanReward).toBeCloseTo(0.125)
  })

  it('applies the filter expression and free text before grouping', async () => {
    const page = await engine.api.listTaskGroups({ runId, filter: 'reward >= 0.5' })
    expect(keys(page.items)).toEqual(['t-b', 't-a', 't-c'])
    expect(page.items.map((g) => g.rollouts)).toEqual([2, 3, 1])
    expect(page.rollouts).toBe(6)
    // over every group, not the page's
    expect((await engine.api.listTaskGroups({ runId, filter: 'reward >= 0.5', limit: 1 })).rollouts).toBe(6)
    expect(page.items[0]).toMatchObject({ minReward: 0.5, maxReward: 1, passed: 2, passKnown: 2, errors: 0 })
    // the preview is the first *matching* rollout's
    expect((await engine.api.listTaskGroups({ runId, filter: 'info.difficulty == "easy"' })).total).toBe(2)
    expect(keys((await engine.api.listTaskGroups({ runId, text: 'T-D' })).items)).toEqual(['t-d'])
    expect((await engine.api.listTaskGroups({ runId, filter: 'reward > 5' })).total).toBe(0)
  })

  it('orders groups by the aggregate of the sort key, missing values last, ties in file order', async () => {
    const order = async (
      sort: Parameters<Engine['api']['listTaskGroups']>[0]['sort'],
      desc = false
    ): Promise<string[]> => keys((await engine.api.listTaskGroups({ runId, sort, desc })).items)
    expect(await order('reward', true)).toEqual(['t-a', 't-b', 't-c', 't-d']) // means 1, 0.5, 0.5, 0.125
    expect(await order('reward')).toEqual(['t-d', 't-b', 't-c', 't-a'])
    expect(await order('taskKey')).toEqual(['t-a', 't-b', 't-c', 't-d'])
    expect(await order('taskKey', true)).toEqual(['t-d', 't-c', 't-b', 't-a'])
    expect(await order('status', true)).toEqual(['t-d', 't-b', 't-a', 't-c']) // 2, 1, 0, 0 rollouts not ok
    expect(await order('info:difficulty')).toEqual(['t-a', 't-c', 't-b', 't-d']) // easy, easy, hard, medium
    expect(await order('tokensIn', true)).toEqual(['t-c', 't-d', 't-a', 't-b'])
    expect(await order('metric:format_reward')).toEqual(['t-c', 't-b', 't-a', 't-d']) // 1/2 before 2/3, ties in file order
    expect(await order('ordinal', true)).toEqual(['t-c', 't-d', 't-a', 't-b'])
  })

  it('pages over groups', async () => {
    const second = await engine.api.listTaskGroups({ runId, sort: 'taskKey', offset: 2, limit: 2 })
    expect(second).toMatchObject({ total: 4, offset: 2 })
    expect(keys(second.items)).toEqual(['t-c', 't-d'])
    expect((await engine.api.listTaskGroups({ runId, offset: 4 })).items).toEqual([])
  })

  it('refuses a bad filter, an unknown run and an unknown sort key through the API guard', async () => {
    const bad = await dispatch(engine.api, 'listTaskGroups', [{ runId, filter: 'rewrd < 1' }])
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad-request' } })
    const missing = await dispatch(engine.api, 'listTaskGroups', [{ runId: 'nope' }])
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } })
    const sort = await dispatch(engine.api, 'listTaskGroups', [{ runId, sort: 'info:' }])
    expect(sort).toMatchObject({ ok: false, error: { code: 'bad-request' } })
    const ok = await dispatch(engine.api, 'listTaskGroups', [{ runId, sort: 'info:difficulty', desc: true, limit: 1 }])
    expect(ok).toMatchObject({ ok: true, value: { total: 4, items: [{ taskKey: 't-d' }] } }) // medium > hard > easy
  })
})

describe('listEpisodes with the grouped table’s additions', () => {
  it('lists one task’s rollouts (an unfolded group), still filtered and sorted', async () => {
    const page = await engine.api.listEpisodes({ runId, taskKey: 't-b', sort: 'reward', desc: true })
    expect(page.total).toBe(3)
    expect(page.items.map((e) => [e.taskKey, e.reward])).toEqual([
      ['t-b', 1],
      ['t-b', 0.5],
      ['t-b', 0]
    ])
    const filtered = await engine.api.listEpisodes({ runId, taskKey: 't-b', filter: 'status == "error"' })
    expect(filtered.items.map((e) => e.error)).toEqual(['boom t-b/0'])
    expect((await engine.api.listEpisodes({ runId, taskKey: 'no-such-task' })).total).toBe(0)
  })

  it('sorts episodes by an info field and by tokens', async () => {
    const byInfo = await engine.api.listEpisodes({ runId, sort: 'info:difficulty' })
    expect(byInfo.items.map((e) => e.info.difficulty)).toEqual([
      'easy',
      'easy',
      'easy',
      'easy',
      'easy',
      'hard',
      'hard',
      'hard',
      'medium',
      'medium',
      'medium'
    ])
    const byTokens = await engine.api.listEpisodes({ runId, sort: 'tokensIn', desc: true, limit: 2 })
    expect(byTokens.items.map((e) => e.tokensIn)).toEqual([401, 400])
  })
})

describe('groupRollouts: several tasks’ rollouts in one call', () => {
  it('gives each task asked its rollouts in rollout order, in the order asked, with a verdict each', async () => {
    const answer = await engine.api.groupRollouts({ runId, taskKeys: ['t-c', 't-b', 'no-such-task'] })
    expect(answer.map((t) => t.taskKey)).toEqual(['t-c', 't-b', 'no-such-task'])
    expect(answer[0]).toMatchObject({ total: 2 })
    expect(answer[0].rollouts.map((r) => [r.rollout, r.reward, r.passed])).toEqual([
      [0, 0.75, true],
      [1, 0.25, false]
    ])
    expect(answer[1].rollouts.map((r) => r.reward)).toEqual([0, 0.5, 1])
    // the ids open the same episodes the table lists
    const listed = await engine.api.listEpisodes({ runId, taskKey: 't-b', sort: 'rollout' })
    expect(answer[1].rollouts.map((r) => r.id)).toEqual(listed.items.map((e) => e.id))
    expect(answer[2]).toEqual({ taskKey: 'no-such-task', total: 0, rollouts: [] })
  })

  it('sorts by reward (missing last either way), cuts at perTask and still counts them all', async () => {
    const desc = await engine.api.groupRollouts({ runId, taskKeys: ['t-d'], sort: 'reward', desc: true })
    expect(desc[0].rollouts.map((r) => r.reward)).toEqual([0.25, 0, null])
    const asc = await engine.api.groupRollouts({ runId, taskKeys: ['t-d'], sort: 'reward' })
    expect(asc[0].rollouts.map((r) => r.reward)).toEqual([0, 0.25, null])
    const cut = await engine.api.groupRollouts({ runId, taskKeys: ['t-b', 't-a'], perTask: 2 })
    expect(cut.map((t) => [t.total, t.rollouts.length])).toEqual([
      [3, 2],
      [3, 2]
    ])
  })

  it('applies the filter, and refuses a bad one, an unknown run and too many tasks through the API guard', async () => {
    const ok = await engine.api.groupRollouts({ runId, taskKeys: ['t-b', 't-d'], filter: 'status == "error"' })
    expect(ok.map((t) => t.rollouts.map((r) => r.rollout))).toEqual([[0], [1]])
    expect(ok.map((t) => t.total)).toEqual([1, 1])
    const bad = await dispatch(engine.api, 'groupRollouts', [{ runId, taskKeys: ['t-a'], filter: 'reward <' }])
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad-request' } })
    const unknown = await dispatch(engine.api, 'groupRollouts', [{ runId: 'nope', taskKeys: ['t-a'] }])
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not-found' } })
    const many = Array.from({ length: 1001 }, (_, i) => `t${i}`)
    const tooMany = await dispatch(engine.api, 'groupRollouts', [{ runId, taskKeys: many }])
    expect(tooMany).toMatchObject({ ok: false, error: { code: 'bad-request' } })
  })
})

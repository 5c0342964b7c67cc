/** One episodes list over several runs (a saved view over runs), over the demo's base and trained runs. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BadRequestError, NotFoundError } from '@contract/guards'
import type { EpisodeSummary, RunSummary } from '@contract/model'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'

const DEMO = resolve(import.meta.dirname, '../../../resources/demo')
let engine: Engine
let a: RunSummary
let b: RunSummary

const all = async (
  q: { filter?: string; sort?: 'reward' | 'ordinal'; desc?: boolean },
  runIds?: string[]
): Promise<EpisodeSummary[]> => (await engine.api.listEpisodes({ runId: a.id, runIds, limit: 5000, ...q })).items

beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([DEMO])
  ;[a, b] = (await engine.api.listRuns()).filter((r) => r.format === 'chat-jsonl')
}, 60_000)
afterAll(() => engine?.close())

describe('listEpisodes over several runs', () => {
  it('lists both runs in the order asked, each in file order, with the total of both', async () => {
    const page = await engine.api.listEpisodes({ runId: a.id, runIds: [b.id], limit: 5000 })
    expect(page.total).toBe(a.episodes + b.episodes)
    const runs = page.items.map((e) => e.runId)
    expect(runs.indexOf(b.id)).toBe(a.episodes) // a's block first, then b's
    expect(runs.lastIndexOf(a.id)).toBe(a.episodes - 1)
    const ordinals = page.items.slice(0, a.episodes).map((e) => e.ordinal)
    expect(ordinals).toEqual([...ordinals].sort((x, y) => x - y))
    // runId repeated in runIds counts once
    expect((await engine.api.listEpisodes({ runId: a.id, runIds: [a.id, b.id], limit: 1 })).total).toBe(
      a.episodes + b.episodes
    )
  })

  it('sorts and pages across the runs', async () => {
    const byReward = await all({ sort: 'reward' }, [b.id])
    const rewards = byReward.map((e) => e.reward).filter((r): r is number => r !== null)
    expect(rewards).toEqual([...rewards].sort((x, y) => x - y))
    expect(new Set(byReward.slice(0, 30).map((e) => e.runId)).size).toBe(2) // interleaved, not run by run
    // equal rewards keep the runs' order, then file order
    const ones = byReward.filter((e) => e.reward === 1)
    expect(ones.findIndex((e) => e.runId === b.id)).toBe(ones.filter((e) => e.runId === a.id).length)
    const p2 = await engine.api.listEpisodes({ runId: a.id, runIds: [b.id], sort: 'reward', offset: 10, limit: 10 })
    expect(p2.items.map((e) => e.id)).toEqual(byReward.slice(10, 20).map((e) => e.id))
  })

  it('filters across the runs, `passed` by each run’s own threshold', async () => {
    // Two verifiers runs without a success flag, so `passed` is reward ≥ the run's threshold.
    const dir = mkdtempSync(join(tmpdir(), 'rs-multi-run-'))
    for (const model of ['base', 'tuned']) {
      const folder = join(dir, 'evals', `math--${model}`, '00000001')
      mkdirSync(folder, { recursive: true })
      const line = (i: number, reward: number): string =>
        JSON.stringify({
          example_id: i,
          prompt: [{ role: 'user', content: `q${i}` }],
          completion: [{ role: 'assistant', content: 'a' }],
          task: 't',
          answer: 'a',
          reward
        })
      writeFileSync(join(folder, 'results.jsonl'), [0.2, 0.5, 0.95].map((r, i) => line(i, r)).join('\n') + '\n')
    }
    const { engine: e2 } = tempEngine()
    try {
      await e2.indexPaths([dir])
      const [x, y] = await e2.api.listRuns()
      await e2.api.setPassThreshold(x.id, 0.9)
      await e2.api.setPassThreshold(y.id, 0.4)
      const both = (f?: string) => e2.api.listEpisodes({ runId: x.id, runIds: [y.id], filter: f }).then((p) => p.items)
      const passed = await both('passed == true')
      expect(passed.map((e) => [e.runId, e.reward])).toEqual([
        [x.id, 0.95],
        [y.id, 0.5],
        [y.id, 0.95]
      ])
      expect((await both()).map((e) => e.passed)).toEqual([false, false, true, false, true, true])
    } finally {
      await e2.close()
    }
  })

  it('ids: only those episodes of the runs (an id of another run or of none is simply not listed)', async () => {
    const [a0, a1] = (await all({})).slice(0, 2)
    const [b0] = (await engine.api.listEpisodes({ runId: b.id, limit: 1 })).items
    const page = await engine.api.listEpisodes({ runId: a.id, ids: [a1.id, b0.id, 'nope', a0.id], limit: 10 })
    expect(page.items.map((e) => e.id)).toEqual([a0.id, a1.id]) // file order, b0 is not in run a
    expect((await engine.api.listEpisodes({ runId: a.id, runIds: [b.id], ids: [b0.id, a0.id] })).total).toBe(2)
    expect((await engine.api.listEpisodes({ runId: a.id, ids: [] })).total).toBe(0)
  })

  it('refuses an unknown run and task groups over several runs', async () => {
    await expect(engine.api.listEpisodes({ runId: a.id, runIds: ['nope'] })).rejects.toBeInstanceOf(NotFoundError)
    await expect(engine.api.listTaskGroups({ runId: a.id, runIds: [b.id] })).rejects.toBeInstanceOf(BadRequestError)
  })
})

/** An opened episode links to its task's other rollouts and to the same task in other runs (real Wordle runs). */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EpisodeDetail, RunSummary } from '@contract/model'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'

const WORDLE_A = fixture('verifiers/willccbb-verifiers/wordle--gpt-4.1-mini/9a56fe55/results.jsonl')
const WORDLE_B = fixture('verifiers/willccbb-verifiers/wordle--gpt-5-mini/b5161fc3/results.jsonl')
const MATH = fixture('verifiers/willccbb-verifiers/math-python--gpt-4.1-mini/578769a7/results.jsonl')

describe('related episodes', () => {
  let t: ReturnType<typeof tempEngine>
  let engine: Engine
  let runs: RunSummary[]
  beforeAll(async () => {
    t = tempEngine()
    engine = t.engine
    await engine.indexPaths([WORDLE_A, WORDLE_B, MATH])
    runs = (await engine.api.listRuns()).filter((r) => r.name.startsWith('wordle'))
  })
  afterAll(async () => {
    await engine.close()
    rmSync(t.dir, { recursive: true, force: true })
  })

  const open = async (runId: string, ordinal: number): Promise<EpisodeDetail> => {
    const page = await engine.api.listEpisodes({ runId, offset: ordinal, limit: 1 })
    return engine.api.getEpisode(page.items[0].id)
  }

  it('lists every rollout of the task in its run, this one included, by rollout', async () => {
    const ep = await open(runs[0].id, 0)
    const all = await engine.api.listEpisodes({ runId: runs[0].id, limit: 10_000 })
    const expected = all.items.filter((e) => e.taskKey === ep.taskKey).sort((a, b) => a.rollout - b.rollout)
    expect(expected.length).toBeGreaterThan(1)
    expect(ep.related.sameTask.map((r) => r.id)).toEqual(expected.map((e) => e.id))
    expect(ep.related.sameTask.map((r) => r.reward)).toEqual(expected.map((e) => e.reward))
    expect(ep.related.sameTask.every((r) => r.runId === runs[0].id && r.runName === runs[0].name)).toBe(true)
  })

  it('lists the same task once per run, in the runs list order, preferring the same rollout index', async () => {
    expect(runs).toHaveLength(2)
    const all = await engine.api.listEpisodes({ runId: runs[1].id, limit: 10_000 })
    const ep = await open(runs[0].id, 1)
    const inRuns = ep.related.sameTaskInRuns
    expect(inRuns.map((r) => r.runId)).toEqual(runs.map((r) => r.id))
    expect(inRuns[0].id).toBe(ep.id)
    const twin = all.items.find((e) => e.taskKey === ep.taskKey && e.rollout === ep.rollout)
    expect(twin).toBeDefined()
    expect(inRuns[1]).toMatchObject({ id: twin?.id, rollout: ep.rollout, reward: twin?.reward, passed: twin?.passed })
  })

  it('links only to itself across runs when no other run has the task', async () => {
    const math = (await engine.api.listRuns()).find((r) => r.name.startsWith('math-python'))
    expect(math).toBeDefined()
    const ep = await open(math?.id ?? '', 0)
    expect(ep.related.sameTaskInRuns.map((r) => r.id)).toEqual([ep.id])
  })
})

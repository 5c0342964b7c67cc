/**
 * Search hits of a training run say their step: the demo's GRPO run samples the same task at many steps, so hits of
 * one task, rollout and turn differ only by it (issue found by an audit: three hits read alike).
 */
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunSummary } from '@contract/model'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'

const DEMO = resolve(import.meta.dirname, '../../../resources/demo')
let engine: Engine
let grpo: RunSummary

beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([DEMO])
  grpo = (await engine.api.listRuns()).find((r) => r.trainingSteps > 1 && r.format === 'prime-hosted-rl')!
  expect(grpo).toBeDefined()
}, 60_000)
afterAll(() => engine?.close())

describe('search over a training run', () => {
  it("gives each hit its episode's step", async () => {
    const page = await engine.api.search('ModuleNotFoundError', { runIds: [grpo.id], limit: 200 })
    expect(page.hits.length).toBeGreaterThan(2)
    const episodes = (await engine.api.listEpisodes({ runId: grpo.id, limit: 5000 })).items
    const stepOf = new Map(episodes.map((e) => [e.id, e.step]))
    for (const h of page.hits) expect(h.step).toBe(stepOf.get(h.episodeId))
    expect(page.hits.every((h) => h.step !== null)).toBe(true)
    // hits that read alike but for the step (same task, rollout and turn): told apart now
    const seen = new Map<string, Set<number | null>>()
    for (const h of page.hits) {
      const key = `${h.taskKey}/${h.rollout}/${h.turn}`
      seen.set(key, (seen.get(key) ?? new Set()).add(h.step))
    }
    expect([...seen.values()].some((steps) => steps.size > 1)).toBe(true)
  })

  it('an eval run has no step', async () => {
    const base = (await engine.api.listRuns()).find((r) => r.trainingSteps === 0)!
    const page = await engine.api.search('pytest', { runIds: [base.id], limit: 5 })
    expect(page.hits.length).toBeGreaterThan(0)
    expect(page.hits.every((h) => h.step === null)).toBe(true)
  })
})

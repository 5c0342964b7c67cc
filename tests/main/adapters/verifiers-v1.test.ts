/**
 * verifiers v1 traces.jsonl (vf eval v1, prime-rl ≥ Aug 2026) and prime-rl's Apr–Jul 2026 rows files, over the
 * fixtures of tests/fixtures/verifiers-v1 (README there: what the producers' code writes, with commits).
 */
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunSummary } from '@contract/model'
import { verifiersV1Adapter as V1 } from '../../../src-main/formats/adapters/verifiers-v1'
import { primeRlRowsAdapter } from '../../../src-main/formats/adapters/prime-rl-rows'
import { verifiersAdapter } from '../../../src-main/formats/adapters/verifiers'
import { detectFormat } from '../../../src-main/formats/detect'
import { formatContext } from '../../../src-main/formats/context'
import { MAX_RECORD_BYTES } from '../../../src-main/indexer/index-job'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'
import { ownFixture } from '../../helpers/fixtures-path'
import { rowsOf } from './read-rows'
import { statSync } from 'node:fs'

const VF_EVAL = ownFixture('verifiers-v1/vf-eval/outputs/wiki-search--gpt-4.1-mini--default--9c1e4a2b/traces.jsonl')
const RUN = ownFixture('verifiers-v1/prime-rl-run')
const ROWS = ownFixture('verifiers-v1/prime-rl-rows')

const detect = (path: string): ReturnType<typeof detectFormat> =>
  detectFormat(path, statSync(path).size, MAX_RECORD_BYTES, formatContext())

describe('vf eval traces.jsonl', () => {
  const rows = rowsOf(VF_EVAL)
  const file = { path: VF_EVAL, ctx: formatContext() }
  const s = rows.map((r) => V1.summarize(r, file))
  const bodies = rows.map((r) => V1.parseEpisode(r))

  it('is detected by content, wherever it is and whatever its name', () => {
    const d = detect(VF_EVAL)
    expect(d.kind === 'jsonl' && d.adapter).toBe(V1)
    const dir = mkdtempSync(join(tmpdir(), 'rs-v1-'))
    copyFileSync(VF_EVAL, join(dir, 'episodes.jsonl'))
    const moved = detect(join(dir, 'episodes.jsonl'))
    expect(moved.kind === 'jsonl' && moved.adapter).toBe(V1)
  })

  it('turns follow the final branch of the message graph (the last leaf back to its root)', () => {
    // episode 1: a search, then a compaction restarted from the system message with a summary: the final branch
    expect(bodies[0].turns.map((t) => [t.role, t.isPrompt])).toEqual([
      ['system', true],
      ['user', true],
      ['assistant', false]
    ])
    expect(bodies[0].turns[1].text).toMatch(/^Summary of earlier work/)
    expect(bodies[0].turns[2].text).toBe('The Ljubljanica (page: Ljubljana).')
    expect(bodies[0].turns[2].tokens).toBe(12)
    expect(s[0].turns).toBe(3)
    // the producer's count takes every sampled node, on any branch (Trace.num_turns); the steps are the branch's
    expect(s[0].metrics.num_turns).toBe(3)
    expect(s[0].steps).toBeUndefined()
    expect(s[0].metrics.branches).toBe(2)
  })

  it('pairs tool calls with their results by id', () => {
    const turns = bodies[3].turns
    expect(turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool'
    ])
    expect(turns[2].toolCalls).toEqual([{ id: 'call_t0', name: 'wiki_search', arguments: { query: 'Tunguska 0' } }])
    expect(turns.filter((t) => t.role === 'tool').map((t) => [t.toolCallId, t.toolName, t.isObservation])).toEqual([
      ['call_t0', 'wiki_search', true],
      ['call_t1', 'wiki_search', true],
      ['call_t2', 'wiki_search', true]
    ])
    expect(bodies[3].tools).toEqual([expect.objectContaining({ name: 'wiki_search' })])
  })

  it('task key, group, reward and the per-reward breakdown', () => {
    expect(s[0].sourceId).toBe((rows[0].task as { key: string }).key)
    expect(s[0].sourceId).toMatch(/^[0-9a-f]{64}$/)
    expect(s[0].info.group).toBe('g-ljubljana')
    expect(s[0].info.env).toBe('wiki-search')
    // Σ score × weight: correct 1 + cites_page 1 × 0.5
    expect(s[0].reward).toBe(1.5)
    expect(s[0].metrics).toMatchObject({ correct: 1, cites_page: 0.5, num_searches: 2, reward: 1.5 })
    expect(s[0].answer).toBe('Ljubljanica')
    expect(s[0].preview).toBe('Which river flows through Ljubljana?')
    expect(s[0].step).toBeNull()
  })

  it('tokens, times: fed-in tokens counted once per call, generated tokens summed', () => {
    // calls: 120 in / 18 out, 170 / 20 (32 new), 90 / 12 (a compacted prompt: nothing new)
    expect(s[0].tokensIn).toBe(152)
    expect(s[0].tokensOut).toBe(50)
    expect(s[0].durationMs).toBeCloseTo(7000, 3)
    expect(s[0].generationMs).toBeCloseTo(3600, 3)
  })

  it('several agents: the reward is the trainable one, each agent’s rewards by name', () => {
    expect(s[1].reward).toBe(1.5)
    expect(s[1].metrics).toMatchObject({ 'agent/correct': 1, 'agent/cites_page': 0.5, 'judge/verdict': 1 })
    expect(s[1].info.agents).toBe('agent, judge')
    expect(bodies[1].turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant'])
    expect(s[1].turns).toBe(5)
  })

  it('an episode that failed before any trace, and one cut by the turn limit', () => {
    expect(s[2]).toMatchObject({ status: 'error', reward: null, turns: 0, metrics: { num_turns: 0 } })
    expect(s[2].error).toBe('RuntimeError: sandbox failed to start: image pull timed out')
    expect(s[2].preview).toBe('What is the capital of Burkina Faso?')
    expect(s[3]).toMatchObject({
      status: 'truncated',
      error: 'truncated: max_turns',
      termination: 'max_turns',
      reward: 0
    })
  })

  it('a bare Trace record (one trace per line) is an episode of that trace', () => {
    const trace = rows[0].traces as Record<string, unknown>[]
    expect(V1.matches(trace[0])).toBe(true)
    expect(V1.summarize(trace[0])).toMatchObject({ reward: 1.5, turns: 3, sourceId: s[0].sourceId })
  })

  it('a trace no reward ran on has the producer’s reward 0 (Trace.reward), marked unscored and counted as a failure', () => {
    const [t] = rows[0].traces as Record<string, unknown>[]
    const errored = { ...rows[0], ok: false, traces: [{ ...t, rewards: {} }] }
    expect(V1.summarize(errored)).toMatchObject({ reward: 0, unscored: 'errored before scoring' })
    const skipped = { ...rows[0], traces: [{ ...t, rewards: { correct: null } }] }
    expect(V1.summarize(skipped)).toMatchObject({ reward: 0, unscored: 'no reward ran' })
    expect(V1.summarize(rows[0]).unscored).toBeNull()
  })

  it('the raw view leaves the token arrays out', () => {
    const raw = JSON.stringify(bodies[0].raw)
    expect(raw).not.toContain('"token_ids":[')
    expect(raw).toContain('"token_ids":"[0 values]"')
  })
})

describe('prime-rl rollouts folder (Episode files)', () => {
  let engine: Engine
  let runs: RunSummary[]
  beforeAll(async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([RUN])
    expect(report.failed).toBe(0)
    runs = await engine.api.listRuns()
  })
  afterAll(() => engine.close())

  it('one training run for train, another for eval; the effective files are companions', async () => {
    expect(runs.map((r) => [r.name, r.format, r.trainingSteps, r.episodes]).sort()).toEqual([
      ['prime-rl-run · eval', 'verifiers-v1', 2, 12],
      ['prime-rl-run · train', 'verifiers-v1', 3, 24]
    ])
  })

  it('each episode has its folder step, its GRPO group, and whether the batch filters kept it', async () => {
    const train = runs.find((r) => r.name.endsWith('train'))!
    const page = await engine.api.listEpisodes({ runId: train.id, limit: 100 })
    for (const { step, file, all, effective } of rowsByStep()) {
      const kept = new Set(effective.map((e) => e.id))
      const here = page.items.filter((e) => e.step === step)
      expect(here.length, file).toBe(all.length)
      for (const e of all) {
        const ep = here.find(
          (x) => x.info.group === e.group.id && x.reward === rewardOf(e) && x.sourceId === e.task.key
        )
        expect(ep, `${file} ${e.id}`).toBeDefined()
      }
      expect(here.filter((e) => e.info.batch === 'kept').length).toBe(kept.size)
      expect(here.filter((e) => e.info.batch === 'filtered out').length).toBe(all.length - kept.size)
    }
  })
})

describe('an effective file alone', () => {
  it('is the episode source, every rollout marked kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-eff-'))
    const eff = join(dir, 'out/rollouts/step_7/train/effective')
    mkdirSync(eff, { recursive: true })
    copyFileSync(join(RUN, 'rollouts/step_1/train/effective/traces.jsonl'), join(eff, 'traces.jsonl'))
    const { engine } = tempEngine()
    try {
      await engine.indexPaths([dir])
      const [run] = await engine.api.listRuns()
      const eps = (await engine.api.listEpisodes({ runId: run.id, limit: 100 })).items
      expect(eps.length).toBe(8)
      expect(new Set(eps.map((e) => `${e.step} ${e.info.subset} ${e.info.batch}`))).toEqual(
        new Set(['7 effective kept'])
      )
      // the GRPO advantage prime-rl stamps on the kept traces
      expect(eps.every((e) => typeof e.metrics.advantage === 'number')).toBe(true)
    } finally {
      await engine.close()
    }
  })
})

describe('prime-rl rows files (Apr–Jul 2026)', () => {
  const train0 = join(ROWS, 'rollouts/step_0/train_rollouts.jsonl')

  it('a verifiers row is prime-rl in a step folder, verifiers elsewhere', () => {
    const d = detect(train0)
    expect(d.kind === 'jsonl' && d.adapter).toBe(primeRlRowsAdapter)
    const dir = mkdtempSync(join(tmpdir(), 'rs-rows-'))
    mkdirSync(join(dir, 'x'))
    copyFileSync(train0, join(dir, 'x', 'results.jsonl'))
    const elsewhere = detect(join(dir, 'x', 'results.jsonl'))
    expect(elsewhere.kind === 'jsonl' && elsewhere.adapter).toBe(verifiersAdapter)
  })

  it('the step is the folder’s, the env of an eval file its name’s', () => {
    const r = rowsOf(train0)[0]
    expect(primeRlRowsAdapter.summarize(r, { path: train0, ctx: formatContext() })).toMatchObject({
      step: 0,
      info: expect.objectContaining({ work: 'train' })
    })
    const ev = join(ROWS, 'rollouts/step_1/eval_rollouts_math-python.jsonl')
    expect(primeRlRowsAdapter.summarize(rowsOf(ev)[0], { path: ev, ctx: formatContext() })).toMatchObject({
      step: 1,
      info: expect.objectContaining({ work: 'eval', env: 'math-python' })
    })
  })

  it('index into one train run and one eval run with steps', async () => {
    const { engine } = tempEngine()
    try {
      await engine.indexPaths([ROWS])
      const runs = await engine.api.listRuns()
      expect(runs.map((r) => [r.name, r.format, r.trainingSteps, r.episodes]).sort()).toEqual([
        ['prime-rl-rows · eval', 'prime-rl', 2, 12],
        ['prime-rl-rows · train', 'prime-rl', 2, 16]
      ])
    } finally {
      await engine.close()
    }
  })
})

interface Written {
  id: string
  task: { key: string }
  group: { id: string }
  traces: { rewards: Record<string, { score: number; weight?: number }> }[]
}

/** The producer's Trace.reward: Σ score × weight of the rewards that ran, 0 when none ran (an errored rollout). */
const rewardOf = (e: Written): number => {
  const rs = Object.values(e.traces[0].rewards)
  return rs.reduce((s, r) => s + r.score * (r.weight ?? 1), 0)
}

function rowsByStep(): { step: number; file: string; all: Written[]; effective: Written[] }[] {
  return [0, 1, 2].map((step) => {
    const file = join(RUN, `rollouts/step_${step}/train/all/traces.jsonl`)
    const effective = join(RUN, `rollouts/step_${step}/train/effective/traces.jsonl`)
    return {
      step,
      file,
      all: rowsOf(file) as unknown as Written[],
      effective: statSync(effective).size ? (rowsOf(effective) as unknown as Written[]) : []
    }
  })
}

/**
 * Generic per-step JSONL (FORMATS.md §6.4 / §6.2) on the project's own fixtures in tests/fixtures/step-jsonl
 * (no real OpenEnv / TRL step log exists in the shared corpus). Every number below was read off the
 * fixture lines by hand; the comments say how.
 */
import { readFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { pickGroupedJsonlAdapter, pickJsonlAdapter } from '../../../src-main/formats/registry'
import { isStepRecord, stepJsonlAdapter as S } from '../../../src-main/formats/adapters/step-jsonl'
import { RecordError } from '../../../src-main/formats/types'
import type { Engine } from '../../../src-main/services/engine-types'
import { fixture, ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { formatContext } from '../../../src-main/formats/context'

const ECHO = ownFixture('step-jsonl/openenv-echo.jsonl')
const TRL = ownFixture('step-jsonl/trl-grpo-rollouts.jsonl')
const GYM = ownFixture('step-jsonl/gym-no-episode-id.jsonl')
const records = (p: string): Record<string, unknown>[] =>
  readFileSync(p, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))

describe('detection', () => {
  it('claims the first record of each fixture, and not the rows of other JSONL formats', () => {
    for (const p of [ECHO, TRL, GYM]) expect(pickGroupedJsonlAdapter(records(p)[0], p)).toBe(S)
    const wordle = records(fixture('verifiers/willccbb-verifiers/wordle--gpt-5-mini/b5161fc3/results.jsonl'))[0]
    expect(isStepRecord(wordle)).toBe(false)
    expect(isStepRecord({ messages: [], episode_id: 1, step: 0, action: 'x', reward: 1 })).toBe(false)
    expect(isStepRecord({ responses_create_params: {}, episode_id: 1, step: 0, action: 'x', reward: 1 })).toBe(false)
    // hosted-RL export: training `step` + problem_id + prompt/completion strings, no action
    expect(isStepRecord({ problem_id: 3, step: 2, run_id: 'r', prompt: '[]', completion: '[]', reward: 1 })).toBe(false)
    // a step index is required, and an action
    expect(isStepRecord({ episode_id: 'e', action: 'x', reward: 1 })).toBe(false)
    expect(isStepRecord({ episode_id: 'e', step: 0, observation: 'x', reward: 1 })).toBe(false)
    // without an episode id, both an observation and a reward/done are needed
    expect(isStepRecord({ step: 0, action: 'x', reward: 1 })).toBe(false)
    expect(isStepRecord({ step: 0, action: 'x', observation: 'y', done: false })).toBe(true)
    // a verifiers-like row that still has the own step fields is claimed only with an episode id
    expect(isStepRecord({ prompt: 'p', completion: 'c', step: 0, action: 'a', reward: 1 })).toBe(false)
    expect(pickJsonlAdapter(records(ECHO)[0])).toBeUndefined()
  })
})

describe('OpenEnv echo log: interleaved episodes, a missing step, a truncated episode', () => {
  const doc = records(ECHO)
  const [run] = S.index(doc, ECHO, formatContext())

  it('groups 6 lines into 3 episodes in first-appearance order (ep-a, ep-b, ep-c)', () => {
    expect(run.runKey).toBe('')
    expect(run.header.name).toBe('step-jsonl/openenv-echo')
    expect(run.episodes.map((e) => e.locator)).toEqual(['id:ep-a', 'id:ep-b', 'id:ep-c'])
    // task_id of each episode; ep-a and ep-c are the same task
    expect(run.episodes.map((e) => e.summary.sourceId)).toEqual(['echo/greet', 'echo/count', 'echo/greet'])
    expect(run.episodes[0].summary.promptHash).toBe(run.episodes[2].summary.promptHash)
    expect(run.episodes[0].summary.promptHash).not.toBe(run.episodes[1].summary.promptHash)
  })

  it('episode reward = sum of step rewards; turns = action + observation per step', () => {
    // ep-a: 0.5 + 1.1; ep-b: 0.3 + 0.3 + 0.5; ep-c: 0.2
    const rewards = run.episodes.map((e) => e.summary.reward!)
    expect(rewards[0]).toBeCloseTo(1.6, 10)
    expect(rewards[1]).toBeCloseTo(1.1, 10)
    expect(rewards[2]).toBeCloseTo(0.2, 10)
    expect(run.episodes.map((e) => e.summary.turns)).toEqual([4, 6, 2])
    // the step count is the episode's `steps` (the producer's own count: one line per step), not a metric
    expect(run.episodes.map((e) => e.summary.steps)).toEqual([2, 3, 1])
    expect(run.episodes.map((e) => e.summary.metrics)).toEqual([{}, {}, {}])
    expect(run.episodes.map((e) => e.summary.termination)).toEqual(['done', 'truncated', 'done'])
  })

  it('ep-b: steps sorted 0, 1, 3 with step 2 missing, truncated on its last line', () => {
    const b = run.episodes[1].summary
    expect(b.status).toBe('truncated')
    expect(b.error).toBe('truncated after 3 steps')
    expect(b.info).toEqual({ episode_id: 'ep-b', end: 'truncated', missing_steps: '2' })
    const body = S.parseEpisode(doc, 'id:ep-b', ECHO, formatContext())
    expect(body.turns.filter((t) => t.role === 'assistant').map((t) => t.toolCalls[0].arguments)).toEqual([
      { message: 'one' },
      { message: 'two' },
      { message: 'three' }
    ])
    const last = body.turns[5]
    expect(last).toMatchObject({
      role: 'tool',
      toolCallId: 'step-3',
      toolName: 'action',
      reward: 0.5,
      done: true,
      meta: { truncated: true }
    })
  })

  it('ep-a: action → assistant tool call, observation → paired tool result with per-step reward / done', () => {
    const a = run.episodes[0].summary
    expect(a).toMatchObject({ status: 'ok', error: null, info: { episode_id: 'ep-a', end: 'done' }, success: null })
    const { turns } = S.parseEpisode(doc, 'id:ep-a', ECHO, formatContext())
    expect(turns.map((t) => [t.role, t.isObservation, t.reward, t.done])).toEqual([
      ['assistant', false, null, null],
      ['tool', true, 0.5, false],
      ['assistant', false, null, null],
      ['tool', true, 1.1, true]
    ])
    expect(turns[0].toolCalls).toEqual([{ id: 'step-0', name: 'action', arguments: { message: 'hello' } }])
    expect(turns[1].toolCallId).toBe('step-0')
    expect(JSON.parse(turns[1].text)).toEqual({ echoed_message: 'hello', message_length: 5 })
  })

  it('an episode gone from the file is a RecordError', () => {
    expect(() => S.parseEpisode(doc, 'id:ep-z', ECHO, formatContext())).toThrow(RecordError)
    expect(() => S.index([], ECHO, formatContext())).toThrow(RecordError)
  })
})

describe('TRL-style rollouts: rollout_id / t / command / result / terminated / truncated / episode_return', () => {
  const doc = records(TRL)
  const [run] = S.index(doc, TRL, formatContext())
  const prompt = 'List the files in /srv and print the largest one.'
  const digest = createHash('sha256').update(prompt).digest('hex').slice(0, 12)

  it('two episodes of the same prompt task; the episode_return field wins over the sum', () => {
    expect(run.episodes.map((e) => e.locator)).toEqual(['id:7', 'id:8'])
    const [a, b] = run.episodes.map((e) => e.summary)
    expect(a.sourceId).toBe(`prompt:${digest}`)
    expect(b.sourceId).toBe(a.sourceId)
    expect(a).toMatchObject({ reward: 1, success: true, status: 'ok', step: 40, turns: 5, preview: prompt })
    // step rewards 0.0 + 1.0 kept apart as a metric
    expect(a.metrics).toEqual({ step_reward_sum: 1 })
    expect(a.steps).toBe(2)
    // -0.1 + 0.0 summed = -0.1 and the episode_return says -0.1
    expect(b).toMatchObject({ reward: -0.1, success: false, status: 'truncated', error: 'truncated after 2 steps' })
    expect(b.info.end).toBe('truncated')
  })

  it('the episode succeeded when a step says so (success only on the last line here)', () => {
    expect(run.episodes.map((e) => e.summary.success)).toEqual([true, false])
  })

  it('prompt turn, then per step the model text + reasoning + command call and the paired result', () => {
    const { turns } = S.parseEpisode(doc, 'id:7', TRL, formatContext())
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool'])
    expect(turns[0]).toMatchObject({ isPrompt: true, text: prompt })
    expect(turns[1]).toMatchObject({
      text: '<think>Start by listing.</think><tool>ls -la /srv</tool>',
      reasoning: 'Start by listing.',
      toolCalls: [{ id: 'step-0', name: 'command', arguments: 'ls -la /srv' }]
    })
    expect(turns[2]).toMatchObject({
      toolCallId: 'step-0',
      toolName: 'command',
      reward: 0,
      done: false,
      meta: { latencyMs: 812 }
    })
    expect(turns[4]).toMatchObject({ text: 'ERROR disk full', reward: 1, done: true })
    const failed = S.parseEpisode(doc, 'id:8', TRL, formatContext()).turns[2]
    expect(failed.meta).toEqual({ error: 'command timed out after 30 s' })
  })
})

describe('gym log without episode ids: episodes split after done, obs before / next_obs after the action', () => {
  const doc = records(GYM)
  const [run] = S.index(doc, GYM, formatContext())

  it('5 lines → 2 episodes (done on line 2 ends the first)', () => {
    expect(run.episodes.map((e) => [e.locator, e.summary.sourceId, e.summary.reward, e.summary.turns])).toEqual([
      ['auto:0', 'episode-0', 2, 6],
      ['auto:1', 'episode-1', 3, 9]
    ])
    const { turns } = S.parseEpisode(doc, 'auto:0', GYM, formatContext())
    expect(turns.slice(0, 3).map((t) => [t.role, t.text])).toEqual([
      ['env', '[\n  0.01,\n  0.02\n]'],
      ['assistant', ''],
      ['tool', '[\n  0.02,\n  0.05\n]']
    ])
    expect(turns[1].toolCalls).toEqual([{ id: 'step-0', name: 'action', arguments: 1 }])
  })

  it('an index restart also starts a new episode', () => {
    const lines = [
      { step: 0, action: 'a', observation: 'o', reward: 1, done: false },
      { step: 1, action: 'b', observation: 'o', reward: 1, done: false },
      { step: 0, action: 'c', observation: 'o', reward: 1, done: false }
    ]
    expect(S.index(lines, '/x/log.jsonl', formatContext())[0].episodes.map((e) => e.summary.reward)).toEqual([2, 1])
  })
})

describe('through the engine', () => {
  let engine: Engine | null = null
  afterEach(async () => {
    await engine?.close()
    engine = null
  })

  it('indexes the three fixtures, lists episodes with task keys and opens one with paired tool results', async () => {
    engine = tempEngine().engine
    const dir = ownFixture('step-jsonl')
    const report = await engine.indexPaths([dir])
    expect(report.files.map((f) => [f.path.slice(dir.length + 1), f.format, f.state, f.episodes])).toEqual([
      ['gym-no-episode-id.jsonl', 'step-jsonl', 'indexed', 2],
      ['openenv-echo.jsonl', 'step-jsonl', 'indexed', 3],
      ['trl-grpo-rollouts.jsonl', 'step-jsonl', 'indexed', 2]
    ])
    const runs = await engine.api.listRuns()
    const echo = runs.find((r) => r.source === join(dir, 'openenv-echo.jsonl'))!
    expect(echo).toMatchObject({ format: 'step-jsonl', episodes: 3, tasks: 2 })
    const page = await engine.api.listEpisodes({ runId: echo.id, sort: 'ordinal' })
    expect(page.items.map((e) => [e.taskKey, e.taskKeyKind, e.rollout, e.status])).toEqual([
      ['echo/greet', 'explicit', 0, 'ok'],
      ['echo/count', 'explicit', 0, 'truncated'],
      ['echo/greet', 'explicit', 1, 'ok']
    ])
    const ep = await engine.api.getEpisode(page.items[1].id)
    expect(ep.turns).toHaveLength(6)
    expect(ep.turns[1]).toMatchObject({ role: 'tool', toolCallId: 'step-0', reward: 0.3 })
    expect(JSON.parse(ep.raw)).toHaveLength(3)
  })
})

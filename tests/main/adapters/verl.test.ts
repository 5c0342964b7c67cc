/**
 * verl rollout / validation dumps over the own fixture (tests/fixtures/verl/README.md: written as
 * RayPPOTrainer._dump_generations writes them): a DAPO math run's rollout_data_dir (steps 1–3, groups of 4, step 2
 * reordered as balance_batch leaves it) and validation_data_dir (steps 0 and 2, groups of 2), and a multi-turn tool
 * agent loop run (Qwen tool calls and tool responses in the decoded text).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { verlDumpAdapter as V } from '../../../src-main/formats/adapters/verl'
import { formatContext } from '../../../src-main/formats/context'
import { pickDocumentAdapter, pickGroupedJsonlAdapter } from '../../../src-main/formats/registry'
import type { Engine } from '../../../src-main/services/engine-types'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const TRAIN = ownFixture('verl/dapo-qwen2.5-7b/rollout')
const VAL = ownFixture('verl/dapo-qwen2.5-7b/validation')
const TOOL = ownFixture('verl/gsm8k-tool-qwen2.5-3b/rollout')
const rows = (path: string): Record<string, unknown>[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

describe('verl: detection', () => {
  it('a step file is claimed by its rows, read whole; a one-row file as one JSON object', () => {
    const step1 = join(TRAIN, '1.jsonl')
    expect(pickGroupedJsonlAdapter(rows(step1)[0], step1)).toBe(V)
    expect(pickDocumentAdapter(rows(step1)[0], step1)).toBe(V)
  })

  it('a row without the keys _dump_generations always writes is not claimed', () => {
    const [row] = rows(join(TRAIN, '1.jsonl'))
    for (const key of ['input', 'output', 'gts', 'score', 'step']) {
      const { [key]: _gone, ...rest } = row
      expect(pickGroupedJsonlAdapter(rest, 'x.jsonl')).not.toBe(V)
    }
    expect(V.matchesFirstRecord!({ ...row, step: '1' }, 'x.jsonl')).toBe(false)
  })
})

describe('verl: a rollout step file', () => {
  const path = join(TRAIN, '2.jsonl')
  const [run] = V.index(rows(path), path, formatContext())

  it('belongs to the run of its folder, with the step of its rows', () => {
    expect(run.runKey).toBe(TRAIN)
    expect(run.header.name).toBe('dapo-qwen2.5-7b/rollout (verl train)')
    expect(run.header.header).toMatchObject({ producer: 'verl', dump: 'train' })
    expect(run.episodes.map((e) => e.summary.step)).toEqual(Array(8).fill(2))
  })

  it('score is the reward, acc the verdict, pred an info field, gts the answer', () => {
    const s = run.episodes[0].summary
    expect(s).toMatchObject({ reward: 1, success: true, answer: '4', sourceId: null, rollout: null })
    expect(s.metrics).toEqual({ score: 1, acc: 1 })
    expect(s.info).toEqual({ pred: '4' })
    expect(run.episodes[2].summary).toMatchObject({ reward: -1, success: false, info: { pred: '9' } })
  })

  it('rows with the same input share a prompt hash wherever balance_batch put them', () => {
    const hashes = run.episodes.map((e) => e.summary.promptHash)
    expect(new Set(hashes).size).toBe(2)
    expect(hashes.filter((h) => h === hashes[0])).toHaveLength(4)
    // the same prompt at another step hashes the same: it pairs across steps
    const step1 = join(TRAIN, '1.jsonl')
    const [other] = V.index(rows(step1), step1, formatContext())
    expect(other.episodes[0].summary.promptHash).toBe(hashes[1])
  })

  it('the decoded ChatML prompt (special tokens skipped) reads as system and user turns, the output as the answer', () => {
    const s = run.episodes[1].summary
    expect(s.turns).toBe(3)
    expect(s.preview).toMatch(/^Solve the following math problem step by step\./)
    const body = V.parseEpisode(rows(path), run.episodes[1].locator, path, formatContext())
    expect(body.turns.map((t) => [t.role, t.isPrompt])).toEqual([
      ['system', true],
      ['user', true],
      ['assistant', false]
    ])
    expect(body.turns[0].text).toBe('You are Qwen, created by Alibaba Cloud. You are a helpful assistant.')
    expect(body.turns[2].text).toBe(rows(path)[1].output)
    expect(body.infoFull).toMatchObject({ gts: '72', score: 1, step: 2, acc: true, chat_template: 'chatml-stripped' })
    expect(body.raw).toEqual(rows(path)[1])
  })
})

describe('verl: a validation step file', () => {
  const path = join(VAL, '0.jsonl')
  const [run] = V.index(rows(path), path, formatContext())

  it('is a run of its own, named as validation; its step 0 is before training', () => {
    expect(run.runKey).toBe(VAL)
    expect(run.header.name).toBe('dapo-qwen2.5-7b/validation (verl validation)')
    expect(run.episodes.map((e) => [e.summary.step, e.summary.reward, e.summary.metrics.reward])).toEqual([
      [0, -1, -1],
      [0, 1, 1],
      [0, -1, -1],
      [0, -1, -1]
    ])
  })
})

describe('verl: a multi-turn tool agent loop', () => {
  const path = join(TOOL, '1.jsonl')
  const data = rows(path)
  const [run] = V.index(data, path, formatContext())
  const body = (i: number) => V.parseEpisode(data, run.episodes[i].locator, path, formatContext())

  it('tool calls, tool responses and the final answer are turns; the tools text in the system prompt stays text', () => {
    const turns = body(1).turns
    expect(turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool', 'assistant'])
    expect(turns[0].text).toContain(
      '<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>'
    )
    expect(turns[2]).toMatchObject({
      text: '12 * 50 = 600.',
      toolCalls: [{ name: 'calc_gsm8k_reward', arguments: { answer: '600' } }]
    })
    expect(turns[3]).toMatchObject({
      text: "Current parsed answer='600' reward=0.0",
      toolName: 'calc_gsm8k_reward',
      isObservation: true
    })
    expect(turns[6].text).toBe('#### 10')
    expect(run.episodes[1].summary.turns).toBe(7)
  })

  it('a completion cut inside a tool call (max response length) keeps the unfinished call as text', () => {
    const turns = body(3).turns
    expect(turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant'])
    expect(turns[2].toolCalls).toEqual([])
    expect(turns[2].text).toBe(data[3].output)
  })

  it('rows without reward extras have the score as their only metric and no verdict', () => {
    expect(run.episodes.map((e) => [e.summary.reward, e.summary.success, e.summary.metrics])).toEqual([
      [1, null, { score: 1 }],
      [1, null, { score: 1 }],
      [0, null, { score: 0 }],
      [0, null, { score: 0 }]
    ])
  })
})

describe('verl through the engine', () => {
  it('a dump folder indexes into one training run with steps; rollout and validation folders are two runs', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([ownFixture('verl/dapo-qwen2.5-7b')])
    expect(report.files.map((f) => [f.state, f.format, f.episodes])).toEqual(
      Array(5).fill(['indexed', 'verl', expect.any(Number)])
    )
    const runs = await engine.api.listRuns()
    expect(runs.map((r) => [r.name, r.episodes]).sort()).toEqual([
      ['dapo-qwen2.5-7b/rollout (verl train)', 24],
      ['dapo-qwen2.5-7b/validation (verl validation)', 8]
    ])
    const train = runs.find((r) => r.name.includes('train'))!
    const curve = await engine.api.trainingCurve(train.id)
    expect(
      curve.points.map((p) => [p.step, p.episodes, p.tasks, p.groups, p.meanReward, p.passRate, p.noSignalShare])
    ).toEqual([
      [1, 8, 2, 2, -0.75, 0.125, 0.5],
      [2, 8, 2, 2, 0.25, 0.625, 0],
      [3, 8, 2, 2, 0.5, 0.75, 0.5]
    ])
    // a group's rollouts are numbered 0..3 at each step
    const page = await engine.api.listEpisodes({ runId: train.id, sort: 'ordinal' })
    const step2 = page.items.filter((e) => e.step === 2)
    expect(step2.map((e) => e.rollout)).toEqual([0, 0, 1, 1, 2, 2, 3, 3])
  })
})

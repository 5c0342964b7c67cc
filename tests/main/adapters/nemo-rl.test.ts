/**
 * NeMo-RL dumps over the own fixture (tests/fixtures/nemo-rl/README.md, built by tests/generators/nemo-rl-dump.mjs
 * as log_batched_dict_as_jsonl writes them): a math GRPO experiment (train steps 1–2, validation at 0 and 2, groups of
 * 2) and a multi-turn sliding-puzzle experiment; plus a generated 50 MB training line and a file with bad lines.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { nemoRlAdapter as N } from '../../../src-main/formats/adapters/nemo-rl'
import { formatContext } from '../../../src-main/formats/context'
import { pickJsonlAdapter } from '../../../src-main/formats/registry'
import { parseJsonlRecord } from '../../../src-main/formats/jsonl-record'
import type { Engine } from '../../../src-main/services/engine-types'
import { chatmlPrompt, trainLine } from '../../generators/nemo-rl-dump.mjs'
import { checkJsonlAdapterProperties } from '../../helpers/adapter-properties'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { rowsOf } from './read-rows'

const EXP = ownFixture('nemo-rl/grpo-math-qwen2.5-1.5b/exp_001')
const PUZZLE = ownFixture('nemo-rl/grpo-sliding-puzzle/exp_001')
const file = (dir: string, name: string) => ({ path: join(dir, name), rows: rowsOf(join(dir, name)) })
const ctxFile = (path: string) => ({ path, ctx: formatContext() })

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

describe('NeMo-RL: detection and records', () => {
  it('train and validation lines are NeMo-RL by their content (content, rewards, idx)', () => {
    for (const name of ['train_data_step1.jsonl', 'val_data_step0.jsonl']) {
      const { path, rows } = file(EXP, name)
      expect(pickJsonlAdapter(rows[0], path)).toBe(N)
    }
  })

  it('a training line: the templated prompt and the generation become turns; reward, step, kept by the loss', () => {
    const { path, rows } = file(EXP, 'train_data_step2.jsonl')
    const s = N.summarize(rows[0], ctxFile(path))
    expect(s).toMatchObject({ reward: 1, success: true, step: 2, info: { idx: 0, batch: 'kept' } })
    expect(s.metrics.input_length).toBe((rows[0].input_lengths as number[])[0])
    // with NeMo Gym, the agent that ran the sample (`agent_ref: [{name}]`)
    const gym = { ...rows[0], agent_ref: [{ name: 'math_with_judge' }] }
    expect(N.summarize(gym, ctxFile(path)).info.agent_ref).toBe('math_with_judge')
    // the sample the loss leaves out (sample_loss_mask 0) is what the batch filters dropped
    expect(N.summarize(rows[3], ctxFile(path)).info.batch).toBe('filtered out')
    const body = N.parseEpisode(rows[0], ctxFile(path))
    expect(body.turns.map((t) => [t.role, t.isPrompt])).toEqual([
      ['system', true],
      ['user', true],
      ['assistant', false]
    ])
    expect(body.turns[1].text).toBe('What is 17 * 23?')
    expect(body.turns[2].text).toContain('\\boxed{391}')
    // the rows of a prompt at a step share the task key (its group); the other prompt does not
    const hashes = rows.map((r) => N.summarize(r, ctxFile(path)).promptHash)
    expect(hashes[0]).toBe(hashes[1])
    expect(hashes[2]).toBe(hashes[3])
    expect(hashes[0]).not.toBe(hashes[2])
  })

  it('a validation line keeps its message log; the same prompt pairs with the training rows', () => {
    const val = file(EXP, 'val_data_step0.jsonl')
    const train = file(EXP, 'train_data_step1.jsonl')
    const s = N.summarize(val.rows[1], ctxFile(val.path))
    expect(s).toMatchObject({ reward: 0, success: false, step: 0 })
    expect(s.promptHash).toBe(N.summarize(train.rows[0], ctxFile(train.path)).promptHash)
    expect(N.parseEpisode(val.rows[1]).turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant'])
  })

  it('a multi-turn line: generations and the raw environment observations alternate as turns', () => {
    const { rows } = file(PUZZLE, 'train_data_step1.jsonl')
    const turns = N.parseEpisode(rows[1]).turns
    expect(turns.map((t) => [t.role, t.isObservation])).toEqual([
      ['system', false],
      ['user', false],
      ['assistant', false],
      ['env', true],
      ['assistant', false],
      ['env', true]
    ])
    expect(turns[3].text).toContain('Viewing the board')
    expect(N.summarize(rows[1]).turns).toBe(6)
  })

  it('the per-token arrays are never parsed: each is a note of its size', () => {
    const { path, rows } = file(EXP, 'train_data_step1.jsonl')
    const text = JSON.stringify(rows[0])
    const r = parseJsonlRecord(N, text) as Record<string, unknown>
    for (const k of ['token_ids', 'token_loss_mask', 'advantages', 'generation_logprobs', 'prev_logprobs'])
      expect(r[k]).toMatch(/^\[not read: \d+ bytes\]$/)
    expect(r.rewards).toEqual([1])
    expect(N.summarize(r, ctxFile(path)).reward).toBe(1)
  })

  it('random and mutated lines never throw', () => {
    checkJsonlAdapterProperties(N, [
      ...file(EXP, 'train_data_step1.jsonl').rows,
      ...file(EXP, 'val_data_step0.jsonl').rows
    ])
  })
})

/** Mean of the `rewards` (one-element lists) of a dump file's lines, as NeMo-RL's accuracy / train reward. */
const meanReward = (rows: Record<string, unknown>[]): number =>
  rows.reduce((a, r) => a + (r.rewards as number[])[0], 0) / rows.length

describe('NeMo-RL through the engine', () => {
  it('an experiment is a train run and a validation run; per step, the mean reward is the producer accuracy', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([EXP])
    expect(report.files.map((f) => [f.path.slice(EXP.length + 1), f.format, f.state, f.episodes])).toEqual([
      ['train_data_step1.jsonl', 'nemo-rl', 'indexed', 4],
      ['train_data_step2.jsonl', 'nemo-rl', 'indexed', 4],
      ['val_data_step0.jsonl', 'nemo-rl', 'indexed', 4],
      ['val_data_step2.jsonl', 'nemo-rl', 'indexed', 4]
    ])
    const runs = await engine.api.listRuns()
    expect(runs.map((r) => [r.name, r.episodes]).sort()).toEqual([
      ['grpo-math-qwen2.5-1.5b/exp_001 · train (NeMo-RL)', 8],
      ['grpo-math-qwen2.5-1.5b/exp_001 · validation (NeMo-RL)', 8]
    ])
    const val = runs.find((r) => r.name.includes('validation'))!
    const valCurve = await engine.api.trainingCurve(val.id)
    // `validate`: accuracy = mean of the rewards; pass_k = share of prompts with a reward > 0 among its samples
    expect(valCurve.points.map((p) => [p.step, p.episodes, p.groups, p.meanReward])).toEqual([
      [0, 4, 2, meanReward(file(EXP, 'val_data_step0.jsonl').rows)],
      [2, 4, 2, meanReward(file(EXP, 'val_data_step2.jsonl').rows)]
    ])
    const train = runs.find((r) => r.name.includes('train'))!
    const curve = await engine.api.trainingCurve(train.id)
    expect(curve.points.map((p) => [p.step, p.meanReward, p.noSignalShare, p.kept?.episodes])).toEqual([
      [1, meanReward(file(EXP, 'train_data_step1.jsonl').rows), 0.5, 4],
      [2, meanReward(file(EXP, 'train_data_step2.jsonl').rows), 0.5, 3]
    ])
    // opened again from the file: the raw view shows the skipped arrays as notes, the turns are there
    const page = await engine.api.listEpisodes({ runId: train.id, sort: 'ordinal' })
    const opened = await engine.api.getEpisode(page.items[0].id)
    expect(opened.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant'])
    expect(opened.raw).toMatch(/"token_ids": "\[not read: \d+ bytes\]"/)
  })

  it('a 50 MB training line with its token arrays indexes (under the record limit, arrays never parsed)', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'nemo-big-')), 'exp_001')
    mkdirSync(dir)
    const line = trainLine({
      content: [chatmlPrompt('Count to three.'), 'One, two, three.<|im_end|>'],
      reward: 1,
      advantage: 0.5,
      padTo: 2_000_000,
      idx: 0
    })
    expect(line.length).toBeGreaterThan(45e6)
    writeFileSync(join(dir, 'train_data_step7.jsonl'), line + '\n')
    engine = tempEngine().engine
    const report = await engine.indexPaths([dir])
    expect(report.files.map((f) => [f.state, f.episodes, f.warnings])).toEqual([['indexed', 1, []]])
    const [run] = await engine.api.listRuns()
    const [ep] = (await engine.api.listEpisodes({ runId: run.id })).items
    expect([ep.step, ep.reward]).toEqual([7, 1])
    expect((await engine.api.getEpisodeTurns(ep.id)).map((t) => t.text)).toEqual([
      'You are Qwen, created by Alibaba Cloud. You are a helpful assistant.',
      'Count to three.',
      'One, two, three.'
    ])
  }, 60_000)

  it('a broken line and a line without rewards are reported by line number; the other lines index', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'nemo-bad-')), 'exp_001')
    mkdirSync(dir)
    const good = (idx: number) =>
      JSON.stringify({
        content: [
          [
            { role: 'user', content: `Q${idx}` },
            { role: 'assistant', content: 'A' }
          ]
        ],
        rewards: [1],
        idx
      })
    writeFileSync(
      join(dir, 'val_data_step3.jsonl'),
      [good(0), '{"content": [[{"role": "user"', JSON.stringify({ content: [['Q']], idx: 2 }), good(3)].join('\n') +
        '\n'
    )
    engine = tempEngine().engine
    const [f] = (await engine.indexPaths([dir])).files
    expect([f.state, f.episodes]).toEqual(['indexed', 2])
    expect(f.warnings).toEqual([
      expect.stringMatching(/^line 2: invalid JSON/),
      'line 3: not a NeMo-RL dump line (content, rewards, idx); skipped'
    ])
  })
})

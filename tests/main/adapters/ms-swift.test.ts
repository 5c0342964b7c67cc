/**
 * ms-swift GRPO completion logs over the own fixture (tests/fixtures/ms-swift/README.md, built by
 * tests/generators/ms-swift-completions.mjs as GRPOTrainer.log writes them): a transformers-trainer run with logging
 * steps 5 and 10 (4 rows each: 2 prompts × 2 generations, MathAccuracy and Format rewards, one Format NaN) and a
 * Megatron run (gen_step).
 */
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { msSwiftAdapter as S } from '../../../src-main/formats/adapters/ms-swift'
import { pickJsonlAdapter } from '../../../src-main/formats/registry'
import { readIndexedEpisode } from '../../../src-main/formats/open-episode-source'
import { RecordError } from '../../../src-main/formats/types'
import type { Engine } from '../../../src-main/services/engine-types'
import { checkJsonlAdapterProperties } from '../../helpers/adapter-properties'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { rowsOf } from './read-rows'

const RUN = ownFixture('ms-swift/v0-20260301-101500/completions.jsonl')
const MEGATRON = ownFixture('ms-swift/megatron-v1-20260302-080000/completions.jsonl')
const lines = rowsOf(RUN)

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

describe('ms-swift: a logging step', () => {
  it('is read by its columns; each row is an episode', () => {
    expect(pickJsonlAdapter(lines[0], RUN)).toBe(S)
    expect(pickJsonlAdapter(rowsOf(MEGATRON)[0], MEGATRON)).toBe(S)
    expect(lines.map((l) => S.rowsOf!(l))).toEqual([4, 4])
  })

  it('a row: step, turns, the reward as the sum of the reward-function columns, the solution as the answer', () => {
    const s = S.summarize(lines[1], undefined, 2)
    expect(s).toMatchObject({
      step: 10,
      reward: 2,
      success: true,
      answer: '150',
      metrics: { MathAccuracy: 1, Format: 1, advantage: 0.7071 }
    })
    const body = S.parseEpisode(lines[1], undefined, 2)
    expect(body.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant'])
    expect(body.turns[2].reasoning).toBe('Work it out.')
    expect(body.raw).toMatchObject({ step: '10', MathAccuracy: 1, solution: '150' })
  })

  it("a reward function that scored NaN adds nothing (the trainer's nansum) and is not a metric", () => {
    const s = S.summarize(lines[1], undefined, 3)
    expect(s.reward).toBe(0)
    expect(s.metrics).not.toHaveProperty('Format')
  })

  it("a prompt's rows at a step share the task key; the Megatron log's gen_step is the step", () => {
    const hashes = [0, 1, 2, 3].map((row) => S.summarize(lines[0], undefined, row).promptHash)
    expect(hashes[0]).toBe(hashes[1])
    expect(hashes[2]).toBe(hashes[3])
    expect(hashes[0]).not.toBe(hashes[2])
    expect(S.summarize(rowsOf(MEGATRON)[0], undefined, 1).step).toBe(0)
  })

  it("the Ray driver's one row per line: its gen_step, prompt, completion and reward", () => {
    const ray = {
      gen_step: 3,
      prompt: (lines[0].prompt as string[])[0],
      completion: 'The answer is \\boxed{4}.',
      reward: 1.5
    }
    expect(pickJsonlAdapter(ray, RUN)).toBe(S)
    expect(S.rowsOf!(ray)).toBe(1)
    expect(S.summarize(ray, undefined, 0)).toMatchObject({ step: 3, reward: 1.5, metrics: { reward: 1.5 } })
    expect(S.parseEpisode(ray, undefined, 0).turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant'])
  })

  it('a line whose columns differ in length is refused as a whole; a row without text alone', () => {
    const torn = { ...lines[0], completion: (lines[0].completion as string[]).slice(1) }
    expect(() => S.rowsOf!(torn)).toThrow(RecordError)
    const holed = { ...lines[0], prompt: ['', ...(lines[0].prompt as string[]).slice(1)] }
    expect(() => S.summarize(holed, undefined, 0)).toThrow(/no prompt text/)
    expect(S.summarize(holed, undefined, 1).step).toBe(5)
  })

  it('random and mutated lines never throw', () => {
    checkJsonlAdapterProperties(S, [...lines, ...rowsOf(MEGATRON)])
  })
})

describe('ms-swift through the engine', () => {
  it('a completions log is one training run; per step, the mean reward is computed from the columns', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([RUN])
    expect(report.files.map((f) => [f.format, f.state, f.episodes])).toEqual([['ms-swift', 'indexed', 8]])
    const [run] = await engine.api.listRuns()
    expect(run.name).toBe('v0-20260301-101500 (ms-swift GRPO)')
    const curve = await engine.api.trainingCurve(run.id)
    // nansum over the reward columns, per row, then the mean over the step's rows (the trainer's `reward`)
    const expected = lines.map((l) => {
      const n = (l.prompt as string[]).length
      let sum = 0
      for (let i = 0; i < n; i++)
        for (const k of ['MathAccuracy', 'Format']) sum += ((l[k] as (number | null)[])[i] ?? 0) as number
      return sum / n
    })
    expect(curve.points.map((p) => [p.step, p.episodes, p.groups, p.meanReward])).toEqual([
      [5, 4, 2, expected[0]],
      [10, 4, 2, expected[1]]
    ])
    // each row opens from its line by its index: the viewer reads one row back
    const page = await engine.api.listEpisodes({ runId: run.id, sort: 'ordinal' })
    const opened = await engine.api.getEpisode(page.items[6].id)
    expect(opened.turns[2].text).toBe('<answer>The answer is \\boxed{150}.</answer>')
    expect(JSON.parse(opened.raw)).toMatchObject({ step: '10', prompt: (lines[1].prompt as string[])[2] })
  })

  it('a logging step appended to a running log adds its rows after the others (live tail)', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'swift-live-')), 'completions.jsonl')
    writeFileSync(path, JSON.stringify(lines[0]) + '\n')
    engine = tempEngine().engine
    await engine.indexPaths([path])
    appendFileSync(path, JSON.stringify(lines[1]) + '\n')
    const [f] = (await engine.indexPaths([path])).files
    expect([f.state, f.episodes]).toEqual(['indexed', 8])
    const [run] = await engine.api.listRuns()
    const page = await engine.api.listEpisodes({ runId: run.id, sort: 'ordinal' })
    expect(page.items.map((e) => e.step)).toEqual([5, 5, 5, 5, 10, 10, 10, 10])
    expect((await engine.api.getEpisodeTurns(page.items[7].id))[2].text).toBe('The answer is \\boxed{1500}.')
  })

  it('a broken line and a torn line are reported; the rows of the other lines index', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'swift-bad-')), 'completions.jsonl')
    const torn = { ...lines[1], completion: (lines[1].completion as string[]).slice(1) }
    writeFileSync(path, [JSON.stringify(lines[0]), '{"step": ["7"', JSON.stringify(torn)].join('\n') + '\n')
    engine = tempEngine().engine
    const [f] = (await engine.indexPaths([path])).files
    expect([f.state, f.episodes]).toEqual(['indexed', 4])
    expect(f.warnings).toEqual([
      expect.stringMatching(/^line 2: invalid JSON/),
      'line 3: columns of different lengths (prompt 4, completion 3, step 4); skipped'
    ])
    const read = readIndexedEpisode(
      { path, format: 'ms-swift', size: 0, mtimeMs: 0 },
      { byteOffset: 0, byteLength: JSON.stringify(lines[0]).length, locator: '3' }
    )
    expect(read.body.turns[2].text).toBe((lines[0].completion as string[])[3])
  })
})

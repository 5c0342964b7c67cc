/**
 * SkyRL evaluation dumps over the own fixture (tests/fixtures/skyrl/README.md: written as
 * dump_per_dataset_eval_results writes them): GSM8K evaluated at global steps 0 and 10 (2 prompts × 2 samples, one
 * cut at the length limit), a token-level scored data source at step 10, and each evaluation's aggregated_results.jsonl.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { skyrlAggregatedResultsAdapter, skyrlEvalAdapter as S } from '../../../src-main/formats/adapters/skyrl'
import { formatContext } from '../../../src-main/formats/context'
import { pickDocumentAdapter, pickGroupedJsonlAdapter } from '../../../src-main/formats/registry'
import type { Engine } from '../../../src-main/services/engine-types'
import { checkDocumentAdapterProperties } from '../../helpers/adapter-properties'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const ROOT = ownFixture('skyrl/gsm8k-qwen2.5-1.5b-grpo')
const STEP0 = join(ROOT, 'dumped_evals/global_step_0_evals')
const STEP10 = join(ROOT, 'dumped_evals/global_step_10_evals')
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

describe('SkyRL: detection', () => {
  it('a data source file is read whole by its trajectories; aggregated_results.jsonl is its companion', () => {
    const gsm = join(STEP0, 'openai_gsm8k.jsonl')
    expect(pickGroupedJsonlAdapter(rows(gsm)[0], gsm)).toBe(S)
    const agg = join(STEP0, 'aggregated_results.jsonl')
    expect(pickDocumentAdapter(rows(agg)[0], agg)).toBe(skyrlAggregatedResultsAdapter)
  })
})

describe('SkyRL: a trajectory', () => {
  it('ChatML with its special tokens becomes system, user and assistant turns; reward, pass, step, answer', () => {
    const path = join(STEP0, 'openai_gsm8k.jsonl')
    const [run] = S.index(rows(path), path, formatContext())
    expect(run.header.name).toBe('gsm8k-qwen2.5-1.5b-grpo · openai/gsm8k (SkyRL eval)')
    expect(run.episodes.map((e) => [e.summary.reward, e.summary.success, e.summary.step, e.summary.answer])).toEqual([
      [1, true, 0, '72'],
      [0, false, 0, '72'],
      [0, false, 0, '10'],
      [1, true, 0, '10']
    ])
    // a prompt's samples share a prompt hash: they are one task's group at the step
    const hashes = run.episodes.map((e) => e.summary.promptHash)
    expect(hashes[0]).toBe(hashes[1])
    expect(hashes[2]).toBe(hashes[3])
    expect(hashes[0]).not.toBe(hashes[2])
    const body = S.parseEpisode(rows(path), '0', path, formatContext())
    expect(body.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant'])
    expect(body.turns[1].text).toContain('Natalia sold clips')
    expect(body.turns[2].text).toBe(
      'In April she sold 48. In May she sold 48 / 2 = 24. Altogether 48 + 24 = 72.\n#### 72'
    )
  })

  it('stop_reason length is a truncated episode; a token-level score is summed and passes on its last token', () => {
    const gsm = join(STEP10, 'openai_gsm8k.jsonl')
    const cut = S.index(rows(gsm), gsm, formatContext())[0].episodes[3].summary
    expect(cut).toMatchObject({ status: 'truncated', termination: 'length', reward: 0, step: 10 })
    const toy = join(STEP10, 'toy_arithmetic.jsonl')
    const [run] = S.index(rows(toy), toy, formatContext())
    expect(run.episodes.map((e) => [e.summary.reward, e.summary.success, e.summary.info.token_level_reward])).toEqual([
      [1, true, true],
      [0, false, true]
    ])
  })

  it('random and mutated rows never throw', () => {
    const path = join(STEP10, 'openai_gsm8k.jsonl')
    checkDocumentAdapterProperties(S, [
      { doc: rows(path), path },
      { doc: rows(path)[0], path }
    ])
  })
})

describe('SkyRL through the engine', () => {
  it('one run per data source over the evaluations; per step, the mean reward is the producer avg_score', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([ROOT])
    expect(report.files.map((f) => [f.path.slice(ROOT.length + 1), f.format, f.state, f.episodes])).toEqual([
      ['dumped_evals/global_step_0_evals/aggregated_results.jsonl', 'skyrl', 'sidecar', 0],
      ['dumped_evals/global_step_0_evals/openai_gsm8k.jsonl', 'skyrl', 'indexed', 4],
      ['dumped_evals/global_step_10_evals/aggregated_results.jsonl', 'skyrl', 'sidecar', 0],
      ['dumped_evals/global_step_10_evals/openai_gsm8k.jsonl', 'skyrl', 'indexed', 4],
      ['dumped_evals/global_step_10_evals/toy_arithmetic.jsonl', 'skyrl', 'indexed', 2]
    ])
    const runs = await engine.api.listRuns()
    expect(runs.map((r) => [r.name, r.episodes]).sort()).toEqual([
      ['gsm8k-qwen2.5-1.5b-grpo · openai/gsm8k (SkyRL eval)', 8],
      ['gsm8k-qwen2.5-1.5b-grpo · toy/arithmetic (SkyRL eval)', 2]
    ])
    const gsm = runs.find((r) => r.name.includes('openai/gsm8k'))!
    const curve = await engine.api.trainingCurve(gsm.id)
    const produced = [STEP0, STEP10].map((dir) => rows(join(dir, 'aggregated_results.jsonl'))[0])
    expect(curve.points.map((p) => [p.step, p.episodes, p.tasks, p.meanReward])).toEqual([
      [0, 4, 2, produced[0]['eval/openai_gsm8k/avg_score']],
      [10, 4, 2, produced[1]['eval/openai_gsm8k/avg_score']]
    ])
    expect(curve.points[1].truncatedShare).toBe(0.25)
    // and the curve says so step by step, with the producer's figure beside its own
    expect(curve.points.map((p) => p.producer)).toEqual(
      produced.map((p) => ({
        label: 'eval/openai_gsm8k/avg_score',
        value: p['eval/openai_gsm8k/avg_score'],
        agrees: true
      }))
    )
    expect(curve.producerSource).toBe(join(dirname(STEP0), 'global_step_<N>_evals', 'aggregated_results.jsonl'))
  })
})

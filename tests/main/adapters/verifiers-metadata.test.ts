/** Run headers from verifiers metadata.json of every era (FORMATS.md §1.3), the folder-name fallback and broken files. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  namesFromFolder,
  readVerifiersMetadata,
  verifiersMetadataFacts,
  verifiersRunHeader
} from '../../../src-main/formats/adapters/verifiers-metadata'
import { verifiersAdapter } from '../../../src-main/formats/adapters/verifiers'
import { pickJsonlAdapter } from '../../../src-main/formats/registry'
import { fixture, ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const W = 'verifiers/willccbb-verifiers'
const P = 'verifiers/prime-environments-metadata-only'
const header = (dir: string) => verifiersRunHeader(fixture(`${dir}/results.jsonl`))

describe('metadata.json of each era', () => {
  it('v0a (Aug 2025, Wordle): env, model, date + time; no aggregates', () => {
    const h = header(`${W}/wordle--gpt-4.1-mini/9a56fe55`)
    expect(h).toEqual({
      name: 'wordle · gpt-4.1-mini (9a56fe55)',
      env: 'wordle',
      model: 'gpt-4.1-mini',
      createdAt: '2025-08-22T22:09:34',
      checkpointStep: null,
      passThreshold: null,
      headlines: [], // v0a writes no avg_reward
      wallTimeMs: null, // its `time` "22:09:34" is a clock time, not a duration
      header: {
        env: 'wordle',
        model: 'gpt-4.1-mini',
        num_examples: 5,
        rollouts_per_example: 3,
        max_tokens: 1024,
        temperature: null,
        date: '2025-08-22',
        time: '22:09:34'
      }
    })
    expect(verifiersAdapter.readRunHeader).toBe(verifiersRunHeader)
    expect(header(`${W}/wordle--gpt-5-mini/b5161fc3`)).toMatchObject({
      name: 'wordle · gpt-5-mini (b5161fc3)',
      createdAt: '2025-08-22T22:06:49'
    })
    expect(header(`${W}/mmmu--gpt-4.1-mini/69203f4b`).createdAt).toBe('2025-08-26T02:57:51')
    expect(header(`${W}/tool-test--gpt-4.1-mini/066dba27`).header).toMatchObject({
      avg_reward: 1,
      avg_tool_A_calls: 0.4,
      avg_total_tool_calls: 2.4
    })
  })

  it('v0b (Sep 2025, math-python, mcp-env, mastermind): date with time, time_ms, avg_* aggregates', () => {
    const h = header(`${W}/math-python--gpt-4.1-mini/578769a7`)
    expect(h).toMatchObject({
      name: 'math-python · gpt-4.1-mini (578769a7)',
      env: 'math-python',
      model: 'gpt-4.1-mini',
      createdAt: '2025-09-30T00:47:48'
    })
    expect(h.header).toMatchObject({
      sampling_args: { max_tokens: null },
      time_ms: 34940.431118011475,
      avg_reward: 0.9333333333333333,
      avg_python_calls: 2,
      avg_correct_answer_reward_func: 0.9333333333333333
    })
    expect(h.header.nameFromFolder).toBeUndefined()
    expect(header(`${W}/math-python--gpt-5-nano/cb7a1799`).header).toMatchObject({
      avg_reward: 1,
      avg_python_calls: 1.0666666666666667
    })
    expect(header(`${W}/mcp-env--gpt-4.1-mini/d6b4b7e4`)).toMatchObject({
      createdAt: '2025-09-18T23:11:00',
      header: { avg_judge_reward: 1 }
    })
    const mm = header(`${P}/mastermind/mastermind--anthropic--claude-sonnet-4.5/0fbc2d07`)
    expect(mm).toMatchObject({
      name: 'mastermind · anthropic/claude-sonnet-4.5 (0fbc2d07)',
      model: 'anthropic/claude-sonnet-4.5',
      createdAt: '2025-10-15T10:24:45',
      header: { avg_reward: 0.7456828860470078, avg_solved_reward: 0.26666666666666666 }
    })
  })

  it('v1 (BigBench-BBH): env_id, base_url, avg_metrics; no date', () => {
    const h = header(`${P}/BigBench_BBH/BigBench-BBH--kimi-k2-0905-preview/cb59ef18`)
    expect(h).toMatchObject({
      name: 'BigBench-BBH · kimi-k2-0905-preview (cb59ef18)',
      env: 'BigBench-BBH',
      model: 'kimi-k2-0905-preview',
      createdAt: null
    })
    expect(h.header).toMatchObject({
      base_url: 'https://api.moonshot.ai/v1/',
      avg_reward: 0,
      avg_metrics: {},
      state_columns: [],
      env_args: {}
    })
  })

  it('v2 (agent_dojo): tools reduced to their names; usage and version_info kept', () => {
    const h = header(`${P}/agent_dojo/agent_dojo--gpt-4.1-mini/6f039687`)
    expect(h).toMatchObject({ env: 'agent_dojo', model: 'gpt-4.1-mini', passThreshold: null })
    expect(h.header.tools).toBeUndefined()
    const names = h.header.toolNames as string[]
    expect(names).toHaveLength(24)
    expect([names[0], names[23]]).toEqual(['send_email', 'search_files'])
    expect(h.header).toMatchObject({
      avg_error: 0,
      usage: { input_tokens: 4375, output_tokens: 76 },
      avg_metrics: { evaluate_run: 1, num_turns: 2, total_tool_calls: 1 },
      version_info: { vf_version: '0.1.11.dev0', env_version: '0.1.0' }
    })
    expect(JSON.stringify(h.header).length).toBeLessThan(2000) // the 13.6 KB file without its tool schemas
  })

  it('v3 (polars-env): pass_threshold, pass_at_k, time in seconds; beside an LFS pointer', () => {
    const h = header(`${P}/polars_env/polars-env--openai--gpt-5.4-nano/6f807f73`)
    expect(h).toMatchObject({
      name: 'polars-env · openai/gpt-5.4-nano (6f807f73)',
      env: 'polars-env',
      model: 'openai/gpt-5.4-nano',
      passThreshold: 0.5,
      createdAt: null
    })
    expect(h.header).toMatchObject({
      time: 621.5548901557922,
      pass_at_k: { '1': 0.9166666666666666, '2': 0.9423076923076923 },
      pass_threshold: 0.5,
      toolNames: ['bash', 'execute_code'],
      state_columns: ['scoring_error']
    })
  })

  it('v3 with an ISO date and a cost (own fixture code-env)', () => {
    const h = verifiersRunHeader(ownFixture('verifiers/evals/code-env--openai--gpt-5.4-nano/3f2a9c1e/results.jsonl'))
    expect(h).toMatchObject({
      name: 'code-env · openai/gpt-5.4-nano (3f2a9c1e)',
      createdAt: '2026-01-15T09:30:00.123456',
      passThreshold: 0.75,
      header: {
        name: 'code-env smoke test',
        toolNames: ['bash'],
        cost: { total_usd: 0.03 },
        env_args: { max_turns: 4 }
      }
    })
    const continuation = ownFixture('verifiers/evals/continuation--gpt-4.1-mini/5e5e5e5e/results.jsonl')
    expect(verifiersRunHeader(continuation).createdAt).toBe('2025-08-20T07:05:09')
  })

  it('readVerifiersMetadata / verifiersMetadataFacts describe a metadata.json on its own', () => {
    const meta = readVerifiersMetadata(fixture(`${P}/agent_dojo/agent_dojo--gpt-4.1-mini/6f039687/metadata.json`))
    expect(meta).not.toBeNull()
    const facts = verifiersMetadataFacts(meta!)
    expect(facts).toMatchObject({ env: 'agent_dojo', model: 'gpt-4.1-mini', createdAt: null, passThreshold: null })
    expect(readVerifiersMetadata(join(tmpdir(), 'no-such-dir-rollscope', 'metadata.json'))).toBeNull()
    // a metadata.json is not a results row
    expect(pickJsonlAdapter(meta!)).toBeUndefined()
  })
})

describe("the producer's own figures: avg_reward headline, wall time, checkpoint step", () => {
  const avg = (value: number) => [
    { label: 'avg_reward', value, source: 'metadata.json avg_reward', matches: 'meanReward', trust: 'rows' }
  ]

  it('avg_reward of every era that writes one, as a headline the rows are trusted over', () => {
    // metadata.json avg_reward, read by hand from each file
    expect(header(`${W}/math-python--gpt-4.1-mini/578769a7`).headlines).toEqual(avg(0.9333333333333333))
    expect(header(`${W}/tool-test--gpt-4.1-mini/066dba27`).headlines).toEqual(avg(1))
    expect(header(`${P}/mastermind/mastermind--anthropic--claude-sonnet-4.5/0fbc2d07`).headlines).toEqual(
      avg(0.7456828860470078)
    )
    expect(header(`${P}/BigBench_BBH/BigBench-BBH--kimi-k2-0905-preview/cb59ef18`).headlines).toEqual(avg(0))
    expect(header(`${P}/polars_env/polars-env--openai--gpt-5.4-nano/6f807f73`).headlines).toEqual(
      avg(0.9166666666666666)
    )
    // v0a (wordle) has none
    expect(header(`${W}/wordle--gpt-5-mini/b5161fc3`).headlines).toEqual([])
  })

  it('wall time: time_ms (ms), time (s, v3); a clock-time string or a zero is none', () => {
    expect(header(`${W}/math-python--gpt-4.1-mini/578769a7`).wallTimeMs).toBe(34940.431118011475) // time_ms
    expect(header(`${W}/mcp-env--gpt-4.1-mini/d6b4b7e4`).wallTimeMs).toBe(3771.3992595672607) // time_ms
    expect(header(`${P}/agent_dojo/agent_dojo--gpt-4.1-mini/6f039687`).wallTimeMs).toBe(3154.6244621276855) // time_ms
    expect(header(`${P}/polars_env/polars-env--openai--gpt-5.4-nano/6f807f73`).wallTimeMs).toBe(621554.8901557922) // time 621.5548901557922 s
    expect(header(`${P}/BigBench_BBH/BigBench-BBH--kimi-k2-0905-preview/cb59ef18`).wallTimeMs).toBeNull() // time_ms 0.0
    expect(header(`${W}/mmmu--gpt-4.1-mini/69203f4b`).wallTimeMs).toBeNull() // time "02:57:51"
    // own fixture code-env: time 646.0 s
    expect(
      verifiersRunHeader(ownFixture('verifiers/evals/code-env--openai--gpt-5.4-nano/3f2a9c1e/results.jsonl')).wallTimeMs
    ).toBe(646000)
  })

  it('checkpoint step from a top-level checkpoint_step, else step; not from env_args or sampling_args', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rollscope-meta-')), 'env-x--m-y', '0001')
    mkdirSync(dir, { recursive: true })
    const at = (meta: object) => {
      writeFileSync(join(dir, 'metadata.json'), JSON.stringify({ env_id: 'env-x', model: 'm-y', ...meta }))
      return verifiersRunHeader(join(dir, 'results.jsonl')).checkpointStep
    }
    expect(at({ checkpoint_step: 300 })).toBe(300)
    expect(at({ step: 40 })).toBe(40)
    expect(at({ checkpoint_step: 300, step: 40 })).toBe(300)
    expect(at({ step: 0 })).toBe(0)
    expect(at({ step: 'final' })).toBeNull()
    expect(at({ step: 2.5 })).toBeNull()
    expect(at({ env_args: { step: 7 }, sampling_args: { step: 7 } })).toBeNull()
    // none of the corpus files carries one
    expect(header(`${P}/polars_env/polars-env--openai--gpt-5.4-nano/6f807f73`).checkpointStep).toBeNull()
  })

  it('through the engine: a header of 0.0 over rows averaging 1.38 is flagged, naming the header as wrong', async () => {
    // a run like the ones FORMATS.md §9 describes: rows 1.2, 1.5, 1.44 (mean 1.38), metadata avg_reward 0.0
    const dir = join(mkdtempSync(join(tmpdir(), 'rollscope-meta-')), 'game--m', 'r1')
    mkdirSync(dir, { recursive: true })
    const row = (id: number, reward: number) =>
      JSON.stringify({
        example_id: id,
        prompt: [{ role: 'user', content: `task ${id}` }],
        completion: [{ role: 'assistant', content: 'x' }],
        reward
      })
    writeFileSync(join(dir, 'results.jsonl'), [row(0, 1.2), row(1, 1.5), row(2, 1.44)].join('\n') + '\n')
    writeFileSync(
      join(dir, 'metadata.json'),
      JSON.stringify({ env_id: 'game', model: 'm', avg_reward: 0.0, time: 12.5 })
    )
    const { engine } = tempEngine()
    try {
      await engine.indexPaths([dir])
      const [run] = await engine.api.listRuns()
      expect(run.meanReward).toBeCloseTo(1.38, 12)
      expect(run.wallTimeMs).toBe(12500)
      expect(run.headlines).toHaveLength(1)
      expect(run.headlines[0]).toMatchObject({ label: 'avg_reward', value: 0, agrees: false })
      expect(run.headlines[0].note).toContain("the producer's header is wrong here")
      // the real math-python run agrees: avg_reward 0.9333333333333333 = 14/15 rows
      await engine.indexPaths([fixture(`${W}/math-python--gpt-4.1-mini/578769a7`)])
      const mp = (await engine.api.listRuns()).find((r) => r.env === 'math-python')!
      expect(mp.headlines[0]).toMatchObject({ value: 0.9333333333333333, agrees: true, note: null })
      expect(mp.wallTimeMs).toBe(34940.431118011475)
    } finally {
      await engine.close()
    }
  })
})

describe('without a usable metadata.json', () => {
  it('takes env and model from <env>--<model>/<id>/, splitting on the first --', () => {
    expect(namesFromFolder('/x/agency-bench--openai--gpt-oss-20b:free/ab12cd34/results.jsonl')).toEqual({
      env: 'agency-bench',
      model: 'openai/gpt-oss-20b:free',
      runFolder: 'ab12cd34'
    })
    expect(namesFromFolder('/x/plain/ab12cd34/results.jsonl')).toEqual({
      env: null,
      model: null,
      runFolder: 'ab12cd34'
    })
    const h = verifiersRunHeader(ownFixture('verifiers/evals/gsm8k--meta-llama--llama-3.1-8b/0badc0de/results.jsonl'))
    expect(h).toEqual({
      name: 'gsm8k · meta-llama/llama-3.1-8b (0badc0de)',
      env: 'gsm8k',
      model: 'meta-llama/llama-3.1-8b',
      createdAt: null,
      checkpointStep: null,
      passThreshold: null,
      headlines: [],
      wallTimeMs: null,
      header: { nameFromFolder: true }
    })
  })

  it('names a run in a folder without the pattern by its folders', () => {
    expect(verifiersRunHeader('/nowhere/plain/results.jsonl')).toMatchObject({
      name: 'nowhere/plain',
      env: null,
      model: null,
      header: {}
    })
  })

  it('reports a broken metadata.json in the header and falls back to the folder names', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rollscope-meta-')), 'env-x--m-y', '0001')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'metadata.json'), '{"env": "env-x", "model": ')
    const h = verifiersRunHeader(join(dir, 'results.jsonl'))
    expect(h).toMatchObject({
      name: 'env-x · m-y (0001)',
      env: 'env-x',
      model: 'm-y',
      header: { nameFromFolder: true }
    })
    expect(h.header.metadataError).toBe('metadata.json could not be read: Unexpected end of JSON input at position 26')
    writeFileSync(join(dir, 'metadata.json'), '[1, 2]')
    expect(verifiersRunHeader(join(dir, 'results.jsonl')).header.metadataError).toBe(
      'metadata.json could not be read: metadata.json is not a JSON object'
    )
  })

  it('replaces huge header values by a note', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rollscope-meta-')), 'big--m', 'r1')
    mkdirSync(dir, { recursive: true })
    const meta = { env_id: 'big', model: 'm', env_args: { corpus: 'x'.repeat(10_000) }, avg_reward: 0.5 }
    writeFileSync(join(dir, 'metadata.json'), JSON.stringify(meta))
    const h = verifiersRunHeader(join(dir, 'results.jsonl'))
    expect(h.header).toEqual({ env_id: 'big', model: 'm', env_args: '[omitted: 10,013 characters]', avg_reward: 0.5 })
  })
})

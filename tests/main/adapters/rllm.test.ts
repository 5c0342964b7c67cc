/**
 * rLLM evaluation runs over the own fixture (tests/fixtures/rllm/README.md, built by tests/generators/rllm-eval.mjs as
 * `rllm eval` writes them): a gsm8k run with a tool-using solver episode (two steps), a solver + judge episode and an
 * errored episode, with meta.json and results.json.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { rllmEpisodeAdapter as R, rllmRunFilesAdapter } from '../../../src-main/formats/adapters/rllm'
import { formatContext } from '../../../src-main/formats/context'
import { pickDocumentAdapter } from '../../../src-main/formats/registry'
import type { Engine } from '../../../src-main/services/engine-types'
import { checkDocumentAdapterProperties } from '../../helpers/adapter-properties'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const RUN = ownFixture('rllm/eval_results/gsm8k_Qwen_Qwen3-4B_20260310_142233')
const EPISODES = ['episode_000000_gsm8k-0.json', 'episode_000001_gsm8k-1.json', 'episode_000002_gsm8k-2.json']
const episode = (i: number) => {
  const path = join(RUN, 'episodes', EPISODES[i])
  return { path, doc: JSON.parse(readFileSync(path, 'utf8')) as unknown }
}
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

describe('rLLM: detection', () => {
  it('an episode file is rLLM by its Episode keys; meta.json and results.json are its companions', () => {
    const { path, doc } = episode(0)
    expect(pickDocumentAdapter(doc, path)).toBe(R)
    for (const name of ['meta.json', 'results.json'])
      expect(pickDocumentAdapter(read(join(RUN, name)), join(RUN, name))).toBe(rllmRunFilesAdapter)
  })
})

describe('rLLM: an episode', () => {
  it('one run per run folder, named and described by meta.json, with results.json score as its headline', () => {
    const { path, doc } = episode(0)
    const [run] = R.index(doc, path, formatContext())
    expect(run.runKey).toBe(RUN)
    expect(run.header).toMatchObject({
      name: 'gsm8k_Qwen_Qwen3-4B_20260310_142233',
      model: 'Qwen/Qwen3-4B',
      env: 'gsm8k',
      createdAt: '2026-03-10T14:22:33Z',
      headlines: [{ label: 'score', value: 1 / 3, source: 'results.json score', matches: 'passRate' }]
    })
    expect(run.header.header).toMatchObject({ agent: 'math_tool_agent', split: 'test', total: 3, correct: 1 })
  })

  it('a multi-step trajectory: each step adds the messages it did not repeat; per-step rewards on its responses', () => {
    const { path, doc } = episode(0)
    const s = R.index(doc, path, formatContext())[0].episodes[0].summary
    expect(s).toMatchObject({ sourceId: 'gsm8k-0', reward: 1, success: true, status: 'ok', rollout: 0, answer: '72' })
    const turns = R.parseEpisode(doc, '0', path, formatContext()).turns
    expect(turns.map((t) => [t.role, t.reward, t.done])).toEqual([
      ['system', null, null],
      ['user', null, null],
      ['assistant', 0, false],
      ['tool', null, null],
      ['assistant', 1, true]
    ])
    expect(turns[2].toolCalls.map((c) => c.name)).toEqual(['calculator'])
    expect(turns.every((t) => t.meta?.agent === undefined)).toBe(true)
  })

  it("several agents: each trajectory's turns in order, each marked with its agent; the reward is the first's", () => {
    const { path, doc } = episode(1)
    const s = R.index(doc, path, formatContext())[0].episodes[0].summary
    // run_dataset: the first trajectory's reward (the solver's 0), is_correct as the verdict
    expect(s).toMatchObject({ reward: 0, success: false, info: { agents: 'solver, judge' }, turns: 5 })
    const turns = R.parseEpisode(doc, '0', path, formatContext()).turns
    expect(turns.map((t) => [t.index, t.role, t.meta?.agent, t.reward])).toEqual([
      [0, 'system', 'solver', null],
      [1, 'user', 'solver', null],
      [2, 'assistant', 'solver', 0],
      [3, 'user', 'judge', null],
      [4, 'assistant', 'judge', 1]
    ])
    expect(turns[3].isPrompt).toBe(true)
  })

  it('an errored episode: status error with the message, reward 0 as the producer counts it, no turns', () => {
    const { path, doc } = episode(2)
    const s = R.index(doc, path, formatContext())[0].episodes[0].summary
    expect(s).toMatchObject({ status: 'error', error: 'sandbox exited with code 137', reward: 0, turns: 0 })
    expect(s.termination).toBe('error')
  })

  it('random and mutated episodes never throw', () => {
    checkDocumentAdapterProperties(R, [episode(0), episode(1), episode(2)])
  })
})

describe('rLLM through the engine', () => {
  it("a run folder is one run; its pass rate and mean reward equal the producer's results.json", async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([RUN])
    expect(report.files.map((f) => [f.path.slice(RUN.length + 1), f.state, f.episodes])).toEqual([
      ['episodes/episode_000000_gsm8k-0.json', 'indexed', 1],
      ['episodes/episode_000001_gsm8k-1.json', 'indexed', 1],
      ['episodes/episode_000002_gsm8k-2.json', 'indexed', 1],
      ['meta.json', 'sidecar', 0],
      ['results.json', 'sidecar', 0]
    ])
    const [run] = await engine.api.listRuns()
    const results = read(join(RUN, 'results.json'))
    const items = results.items as { reward: number }[]
    expect(run.episodes).toBe(results.total)
    expect(run.passRate).toBeCloseTo(results.score as number, 12)
    expect(run.meanReward).toBeCloseTo(items.reduce((a, i) => a + i.reward, 0) / items.length, 12)
    expect(run.headlines?.map((h) => [h.label, h.value])).toEqual([['score', results.score]])
  })

  it('an episode file that is not valid JSON fails on its own; the run keeps the others', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rllm-bad-'))
    cpSync(RUN, dir, { recursive: true })
    writeFileSync(join(dir, 'episodes', EPISODES[1]), '{"id": "gsm8k-1:0", "trajectories": [')
    engine = tempEngine().engine
    const report = await engine.indexPaths([dir])
    const states = report.files.map((f) => [f.path.slice(dir.length + 1), f.state])
    // a JSON document cut short is an error of that file (saying where it breaks), not "not a trace"
    expect(states).toContainEqual(['episodes/episode_000001_gsm8k-1.json', 'error'])
    expect(report.files.find((f) => f.path.endsWith('episode_000001_gsm8k-1.json'))!.error).toMatch(
      /^a JSON document that does not parse: .*the file ends mid-document/
    )
    const [run] = await engine.api.listRuns()
    expect(run.episodes).toBe(2)
  })
})

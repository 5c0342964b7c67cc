/**
 * The whole engine over the real verifiers fixtures (../shared/fixtures/verifiers), with expected
 * values computed by hand from the files (python3 over the JSONL; see the comments).
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IndexReport, RunSummary } from '@contract/model'
import { FIXTURES } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'

const VERIFIERS = join(FIXTURES, 'verifiers')
let engine: Engine
let report: IndexReport
let runs: RunSummary[]
const run = (dir: string): RunSummary => {
  const r = runs.find((x) => x.source.includes(`/${dir}/`))
  if (!r) throw new Error(`no run for ${dir}`)
  return r
}

beforeAll(async () => {
  engine = tempEngine().engine
  report = await engine.indexPaths([VERIFIERS])
  runs = await engine.api.listRuns()
})
afterAll(() => engine.close())

describe('indexing every verifiers fixture', () => {
  it('reports a state for every file, and indexes the 7 results files as runs', () => {
    const byName = Object.fromEntries(report.files.map((f) => [f.path.slice(VERIFIERS.length + 1), f]))
    // 9 results.jsonl (2 are Git LFS pointers) + 11 metadata.json
    expect(report.files).toHaveLength(20)
    expect(report.failed).toBe(0)
    expect(report.indexed).toBe(7)
    expect(runs).toHaveLength(7)
    const lfs = byName['willccbb-verifiers/_lfs-pointer-example/tool-test--gpt-4.1-mini/066dba27/results.jsonl']
    expect(lfs.state).toBe('not-downloaded')
    expect(lfs.error).toMatch(/Git LFS pointer.*23,975 bytes/)
    const polars =
      byName['prime-environments-metadata-only/polars_env/polars-env--openai--gpt-5.4-nano/6f807f73/results.jsonl']
    expect(polars.state).toBe('not-downloaded')
    expect(polars.error).toMatch(/844,823 bytes/)
    const meta = byName['prime-environments-metadata-only/agent_dojo/agent_dojo--gpt-4.1-mini/6f039687/metadata.json']
    expect(meta.state).toBe('sidecar')
    expect(meta.warnings[0]).toMatch(/no results.jsonl/)
    expect(byName['willccbb-verifiers/wordle--gpt-5-mini/b5161fc3/results.jsonl']).toMatchObject({
      state: 'indexed',
      episodes: 15
    })
  })

  it('indexes the Wordle pair as 2 runs of 15 episodes over 5 tasks, keyed by answer', async () => {
    for (const dir of ['9a56fe55', 'b5161fc3']) {
      const r = run(dir)
      expect(r).toMatchObject({ episodes: 15, tasks: 5, rolloutsPerTask: 3, env: 'wordle', format: 'verifiers' })
      expect(r.warnings[0]).toMatch(/id field does not identify tasks/)
      const page = await engine.api.listEpisodes({ runId: r.id, limit: 100 })
      expect(new Set(page.items.map((e) => e.taskKey))).toEqual(
        new Set(['answer:story', 'answer:thing', 'answer:water', 'answer:voice', 'answer:sleep'])
      )
      expect(page.items.every((e) => e.taskKeyKind === 'answer')).toBe(true)
    }
    const mini = run('9a56fe55')
    expect(mini.model).toBe('gpt-4.1-mini')
    // rewards: 2.15 0.6 2.15 2.0 1.6333 1.77 1.6667 1.8667 1.9429 2.2 2.1333 2.1667 1.9429 1.7429 2.25
    expect(mini.meanReward).toBeCloseTo(1.881016, 5)
    expect(mini.rewardStd).toBeCloseTo(0.394088, 4) // population σ, as numpy prints it
    expect(mini.rewardMin).toBe(0.6)
    expect(mini.rewardMax).toBe(2.25)
    // rewards outside [0, 1]: no default threshold, so no pass or perfect rate until the user sets one
    expect(mini.passThreshold).toBeNull()
    expect(mini.passRate).toBeNull()
    expect(mini.perfectRate).toBeNull()
    expect(mini.meanTurns).toBeCloseTo(10.266667, 5)
    expect(mini.metrics.map((m) => m.name)).toEqual(
      expect.arrayContaining([
        'check_answer_reward_func',
        'partial_credit_reward_func',
        'count_turns_reward_func',
        'format_reward_func'
      ])
    )
    expect(run('b5161fc3').meanReward).toBeCloseTo(1.308267, 5)
  })

  it('numbers rollouts by occurrence within a task and pairs tasks across runs', async () => {
    const page = await engine.api.listEpisodes({ runId: run('9a56fe55').id, sort: 'ordinal', limit: 100 })
    // rows cycle story, thing, water, voice, sleep: row 0, 5, 10 are the three story games
    expect([0, 5, 10].map((i) => [page.items[i].taskKey, page.items[i].rollout])).toEqual([
      ['answer:story', 0],
      ['answer:story', 1],
      ['answer:story', 2]
    ])
    expect(page.items[1].reward).toBe(0.6)
    expect(page.items[0].turns).toBe(8)
  })

  it('keys Sep-2025 math-python by prompt hash: the same 5 problems in both runs', async () => {
    const a = run('578769a7')
    const b = run('cb7a1799')
    expect(a).toMatchObject({ episodes: 15, tasks: 5, passThreshold: 0.5 })
    // one failure (row 5): 14/15
    expect(a.meanReward).toBeCloseTo(14 / 15, 10)
    // t(14) = 2.145, std 0.258199: half-width 0.1430 → [0.7903, 1.0763], clipped to the reward range [0, 1]
    expect(a.rewardCi95?.[0]).toBeCloseTo(0.7903, 4)
    expect(a.rewardCi95?.[1]).toBe(1)
    expect(a.passRate).toBeCloseTo(14 / 15, 10)
    expect(a.perfectRate).toBeCloseTo(14 / 15, 10)
    expect(a.meanTurns).toBeCloseTo(7, 10)
    expect(a.metrics.find((m) => m.name === 'total_tool_calls')?.mean).toBeCloseTo(2, 10)
    expect(b.meanReward).toBe(1)
    expect(b.meanTurns).toBeCloseTo(77 / 15, 10)
    const keysA = new Set((await engine.api.listEpisodes({ runId: a.id, limit: 100 })).items.map((e) => e.taskKey))
    const keysB = new Set((await engine.api.listEpisodes({ runId: b.id, limit: 100 })).items.map((e) => e.taskKey))
    expect(keysA.size).toBe(5)
    expect(keysA).toEqual(keysB)
    expect([...keysA].every((k) => /^p:[0-9a-f]{12}$/.test(k))).toBe(true)
  })

  it('keeps reliable ids as explicit task keys (mcp-env: one example, 3 rollouts)', async () => {
    const r = run('d6b4b7e4')
    expect(r).toMatchObject({ episodes: 3, tasks: 1 })
    const page = await engine.api.listEpisodes({ runId: r.id })
    expect(page.items.map((e) => [e.taskKey, e.taskKeyKind, e.rollout])).toEqual([
      ['0', 'explicit', 0],
      ['0', 'explicit', 1],
      ['0', 'explicit', 2]
    ])
    expect(page.items[0].answer).toBe('ENVIRONMENTS HUB')
  })

  it('opens an episode with normalized turns: string-encoded tool calls paired with results by order', async () => {
    const page = await engine.api.listEpisodes({ runId: run('cb7a1799').id, sort: 'ordinal', limit: 1 })
    const ep = await engine.api.getEpisode(page.items[0].id)
    expect(ep.turnCount).toBe(5)
    expect(ep.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant'])
    expect(ep.turns[2].toolCalls).toEqual([
      { id: 'call_M7VDvRdmPgW8MpbszWdt25eL', name: 'python', arguments: { code: 'a = -3\nb = 3\nprint(a + b)\n' } }
    ])
    expect(ep.turns[3]).toMatchObject({
      text: '0',
      toolCallId: 'call_M7VDvRdmPgW8MpbszWdt25eL',
      toolName: 'python',
      isObservation: true
    })
    expect(ep.turns[4].text).toContain('\\boxed{0}')
    expect(JSON.parse(ep.raw).id).toBe(0)
  })

  it('sorts, filters and searches episodes', async () => {
    const id = run('b5161fc3').id
    const byReward = await engine.api.listEpisodes({ runId: id, sort: 'reward', desc: true, limit: 3 })
    expect(byReward.items.map((e) => e.reward)).toEqual([2.2, 2.1666666667, 2.06])
    const low = await engine.api.listEpisodes({ runId: id, filter: 'reward < 0.5' })
    expect(low.total).toBe(4) // 0.3933 ×3 and 0.304
    const text = await engine.api.listEpisodes({ runId: id, text: 'WATER' })
    expect(text.total).toBe(3)
    await expect(engine.api.listEpisodes({ runId: id, filter: 'rewrd < 1' })).rejects.toThrow(/Unknown field "rewrd"/)
  })

  it('applies a user pass threshold and recomputes the pass rate', async () => {
    const id = run('b5161fc3').id
    const updated = await engine.api.setPassThreshold(id, 1.5)
    // rewards ≥ 1.5: 1.95 2.2 2.05 2.06 1.8333 2.06 2.1667 1.96 → 8 of 15
    expect(updated.passThreshold).toBe(1.5)
    expect(updated.passThresholdIsUser).toBe(true)
    expect(updated.passRate).toBeCloseTo(8 / 15, 10)
    const reset = await engine.api.setPassThreshold(id, null)
    expect(reset.passRate).toBeNull()
  })

  it('skips unchanged files on the next run', async () => {
    const again = await engine.indexPaths([VERIFIERS])
    expect(again.skipped).toBe(20)
    expect(again.indexed).toBe(0)
    expect(await engine.api.listRuns()).toHaveLength(7)
  })
})

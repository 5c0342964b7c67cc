/**
 * The per-episode detectors over the whole real corpus (../shared/fixtures, 225 episodes in 26 runs: 183 with a
 * transcript, the Harbor traces export's four windows being one trial, and, since issue 12, 42 results-only
 * SWE-bench instances of the two deepseek runs): the counts
 * per code are pinned, so a detector that starts flooding (or stops seeing) shows up here. Checked by hand:
 * - `tool-error` + `timeout`: inspect-ai/log_tool_call_error.json, the one sample whose tool messages carry Inspect
 *   ToolCallErrors (parsing, timeout, permission, file_not_found... one of them `timeout`);
 * - `loop`: inspect-ai/log_message_deduplication.eval sample 0 calls `bash {"cmd": "ls"}` five times in a row. The
 *   A-B-A-B cycles add no episode here (no false positive from edit/test rounds in the SWE-agent trajectories);
 * - no tool result in the corpus is a harness timeout text (its only "timed out" strings are config keys).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempEngine } from '../../helpers/temp-engine'
import { FIXTURES } from '../../helpers/fixtures-path'
import type { Engine } from '../../../src-main/services/engine-types'
import type { EpisodeSummary } from '@contract/model'

let engine: Engine
const episodes: { source: string; ep: EpisodeSummary }[] = []
beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([FIXTURES])
  for (const r of await engine.api.listRuns()) {
    for (const ep of (await engine.api.listEpisodes({ runId: r.id, limit: 5000 })).items)
      episodes.push({ source: r.source.slice(FIXTURES.length + 1), ep })
  }
}, 120_000)
afterAll(() => engine.close())

const PER_EPISODE = ['loop', 'empty-answer', 'truncated', 'error', 'tool-error', 'timeout']
const flagged = (code: string) =>
  episodes
    .filter((e) => e.ep.anomalies.includes(code as never))
    .map((e) => `${e.source}#${e.ep.sourceId}/${e.ep.rollout}`)

describe('anomalies over the real corpus', () => {
  it('flags few episodes per code', () => {
    // 183 transcripts + 2 × 21 instances the deepseek runs' harness reports scored without a trajectory on disk
    // (results-only episodes: no transcript, so no transcript anomaly)
    expect(episodes.length).toBe(225)
    expect(episodes.filter((e) => !e.ep.transcript)).toHaveLength(42)
    const counts = Object.fromEntries(PER_EPISODE.map((c) => [c, flagged(c).length]))
    // truncated: 5 transcripts, and the 3 instances of deepseek_chat_dev whose exit status (its exit_statuses
    // yaml, no trajectory) is TimeoutExpired
    expect(counts).toEqual({ loop: 1, 'empty-answer': 33, truncated: 8, error: 0, 'tool-error': 1, timeout: 1 })
  })

  it('names the tool-error, timeout and loop episodes', () => {
    expect(flagged('tool-error')).toEqual(['inspect-ai/log_tool_call_error.json#1/3'])
    expect(flagged('timeout')).toEqual(['inspect-ai/log_tool_call_error.json#1/3'])
    expect(flagged('loop')).toEqual(['inspect-ai/log_message_deduplication.eval#0/0'])
  })

  it('the anomaly filter lists exactly the timeout episode', async () => {
    const run = (await engine.api.listRuns()).find((r) => r.source.endsWith('log_tool_call_error.json'))!
    const page = await engine.api.listEpisodes({ runId: run.id, limit: 50, filter: 'anomaly == "timeout"' })
    expect(page.items.map((e) => e.rollout)).toEqual([3])
    expect(
      (await engine.api.listEpisodes({ runId: run.id, limit: 50, filter: 'anomaly in ["tool-error", "timeout"]' }))
        .total
    ).toBe(1)
  })

  it('the opened episode points each of its codes at a turn: the first failed call, the first timeout, the loop', async () => {
    const run = (await engine.api.listRuns()).find((r) => r.source.endsWith('log_tool_call_error.json'))!
    const [ep] = (await engine.api.listEpisodes({ runId: run.id, filter: 'anomaly == "timeout"' })).items
    const detail = await engine.api.getEpisode(ep.id)
    const errors = detail.turns.filter((t) => t.meta?.error)
    const timeoutTurn = errors.find((t) => /^timeout\b/i.test(t.meta!.error!))!
    const firstOther = errors.find((t) => !/^timeout\b/i.test(t.meta!.error!))!
    expect(detail.anomalyTurns).toEqual({ 'tool-error': firstOther.index, timeout: timeoutTurn.index })
    const preview = await engine.api.getEpisodePreview(ep.id)
    expect(preview.anomalyTurns).toEqual(detail.anomalyTurns)

    const loopRun = (await engine.api.listRuns()).find((r) => r.source.endsWith('log_message_deduplication.eval'))!
    const [looped] = (await engine.api.listEpisodes({ runId: loopRun.id, filter: 'anomaly == "loop"' })).items
    const loop = await engine.api.getEpisode(looped.id)
    const at = loop.anomalyTurns?.loop
    expect(at).toBeDefined()
    // the turn where the third identical `ls` call is made
    const lsCalls = loop.turns.filter((t) => !t.isPrompt && t.toolCalls.some((c) => c.name === 'bash'))
    expect(at).toBe(lsCalls[2].index)
    // codes the index did not flag get no turn, even where the viewer's pass would find one
    for (const code of Object.keys(loop.anomalyTurns ?? {})) expect(loop.anomalies).toContain(code)
  })
})

/**
 * Harbor ATIF trajectories, trial folders and the traces export (FORMATS.md §4.1–4.2), over every golden file
 * and a Harbor job folder built here (no real one exists). Turn counts were computed with a python script over
 * the files: one turn per step, plus one per observation result (sub-agent references excluded), continuation
 * copies of already-seen steps dropped.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { atifAdapter } from '../../../src-main/formats/adapters/atif'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const G = (name: string): string => fixture(`harbor-atif/golden/terminus_2/hello-world-${name}`)

async function indexed(paths: string[]) {
  const { engine } = tempEngine()
  const report = await engine.indexPaths(paths)
  const runs = await engine.api.listRuns()
  const episodes = (
    await Promise.all(runs.map(async (r) => (await engine.api.listEpisodes({ runId: r.id, sort: 'ordinal' })).items))
  ).flat()
  return { engine, report, runs, episodes }
}

describe('ATIF golden trajectories', () => {
  it('the golden folder: four trajectories; continuations and sub-trajectories are companions; the traces export is its own run of one trial', async () => {
    const { report, episodes } = await indexed([fixture('harbor-atif/golden/terminus_2')])
    const states = Object.fromEntries(
      report.files.map((f) => [basename(f.path).replace('hello-world-', ''), [f.state, f.format, f.episodes]])
    )
    expect(states).toEqual({
      'context-summarization.trajectory.json': ['indexed', 'atif', 1],
      'context-summarization.trajectory.summarization-1-answers.json': ['sidecar', 'atif', 0],
      'context-summarization.trajectory.summarization-1-questions.json': ['sidecar', 'atif', 0],
      'context-summarization.trajectory.summarization-1-summary.json': ['sidecar', 'atif', 0],
      'context-summarization-linear-history.trajectory.json': ['indexed', 'atif', 1],
      'context-summarization-linear-history.trajectory.cont-1.json': ['sidecar', 'atif', 0],
      'invalid-json.trajectory.json': ['indexed', 'atif', 1],
      'invalid-json.traces.json': ['indexed', 'harbor-traces', 1],
      'timeout.trajectory.json': ['indexed', 'atif', 1]
    })
    expect(episodes.filter((e) => e.turns !== null)).toHaveLength(5)
  })

  it('context summarization: 17 turns, 7 tool calls paired by order, sub-trajectories linked, cumulative tokens', async () => {
    const { episodes, engine } = await indexed([G('context-summarization.trajectory.json')])
    const [ep] = episodes
    expect(ep).toMatchObject({ turns: 17, tokensIn: 7802, tokensOut: 1030, status: 'ok', reward: null })
    expect(ep.metrics.cost_usd).toBeCloseTo(0.029805, 6)
    const d = await engine.api.getEpisode(ep.id)
    const calls = d.turns.flatMap((t) => t.toolCalls)
    expect(calls).toHaveLength(7)
    expect(calls[0]).toEqual({
      id: 'call_0_1',
      name: 'bash_command',
      arguments: { keystrokes: 'mkdir test_dir\n', duration: 0.1 }
    })
    // every tool result answers the call of its step
    const results = d.turns.filter((t) => t.role === 'tool')
    expect(results.map((t) => t.toolCallId)).toEqual(calls.map((c) => c.id))
    const system = d.turns.find((t) => t.role === 'system' && t.text.includes('sub-trajectory'))!
    expect(system.text).toContain(
      '↳ sub-trajectory trajectory.summarization-1-summary.json: Context summarization 1: Step 1 - Summary generation (5 steps)'
    )
    expect(system.text).toContain('trajectory.summarization-1-questions.json')
    expect((d.infoFull.subagents as { steps: number }[]).map((s) => s.steps)).toEqual([5, 2, 7])
    expect(d.turns.find((t) => t.role === 'assistant')!.meta).toMatchObject({
      costUsd: expect.any(Number),
      metrics: { prompt_tokens: expect.any(Number) }
    })
  })

  it('a continued trajectory is one episode: 19 turns, the repeated copied step dropped, 3 new copied steps marked', async () => {
    const { episodes, engine } = await indexed([
      G('context-summarization-linear-history.trajectory.json'),
      G('context-summarization-linear-history.trajectory.cont-1.json')
    ])
    expect(episodes).toHaveLength(1)
    expect(episodes[0]).toMatchObject({ turns: 19, tokensIn: 7802, tokensOut: 1030 })
    expect(episodes[0].info).toMatchObject({ continuations: 1 })
    const d = await engine.api.getEpisode(episodes[0].id)
    expect(d.turns.filter((t) => t.meta?.copied).length).toBe(3)
    expect(d.infoFull.files as string[]).toHaveLength(2)
  })

  it('invalid JSON: the parse-error feedback (a result without a call) is environment feedback; timeout file: 7 turns', async () => {
    const { episodes, engine } = await indexed([G('invalid-json.trajectory.json'), G('timeout.trajectory.json')])
    const byTurns = episodes.map((e) => e.turns).sort()
    expect(byTurns).toEqual([7, 9])
    const inv = episodes.find((e) => e.turns === 9)!
    const d = await engine.api.getEpisode(inv.id)
    const feedback = d.turns.find((t) => t.text.startsWith('Previous response had parsing errors'))!
    expect(feedback).toMatchObject({ role: 'user', isObservation: true, toolCallId: null })
    expect(d.turns.flatMap((t) => t.toolCalls)).toHaveLength(3)
    // a trajectory outside a Harbor trial folder has no termination: ATIF itself records none
    expect(episodes.map((e) => e.termination)).toEqual([null, null])
  })

  it('the traces export: its model-call windows (2, 4, 6, 8 messages) of one trial are one episode, the last window', async () => {
    const rows = JSON.parse(readFileSync(G('invalid-json.traces.json'), 'utf8')) as {
      trial_name: string
      episode: string
      conversations: unknown[]
    }[]
    // the file: one trial, each window the conversation so far
    expect(new Set(rows.map((r) => r.trial_name)).size).toBe(1)
    expect(rows.map((r) => r.conversations.length)).toEqual([2, 4, 6, 8])
    for (const r of rows) expect(r.conversations).toEqual(rows[3].conversations.slice(0, r.conversations.length))
    const { episodes, engine } = await indexed([G('invalid-json.traces.json')])
    expect(episodes.map((e) => [e.taskKey, e.turns, e.info.episode, e.info.windows, e.info.windows_nested])).toEqual([
      ['hello-world', 8, 'episode-3', 4, undefined]
    ])
    const [run] = await engine.api.listRuns()
    // one attempt of one task, not four rollouts; "NORMALIZED_TIMESTAMP" is no date
    expect(run).toMatchObject({ episodes: 1, tasks: 1, rolloutsPerTask: 1, createdAt: null })
    const d = await engine.api.getEpisode(episodes[0].id)
    expect(d.turns.map((t) => t.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant'
    ])
  })
})

describe('Harbor job folder (built here from FORMATS.md §4.2)', () => {
  it('trials join their result.json: reward, exception as status, task_name as task key; the job is one run', async () => {
    const job = join(mkdtempSync(join(tmpdir(), 'rs-harbor-')), 'jobs', 'my-job')
    const trial = (name: string, trajectory: string, result: object): void => {
      mkdirSync(join(job, name, 'agent'), { recursive: true })
      copyFileSync(G(trajectory), join(job, name, 'agent', 'trajectory.json'))
      writeFileSync(
        join(job, name, 'result.json'),
        JSON.stringify({
          id: name,
          task_name: 'hello-world',
          trial_name: name,
          source: 'terminal-bench',
          agent_info: { name: 'terminus-2' },
          started_at: '2026-01-01T00:00:00Z',
          finished_at: '2026-01-01T00:01:30Z',
          ...result
        })
      )
    }
    trial('hello-world__a1', 'invalid-json.trajectory.json', {
      verifier_result: { rewards: { reward: 1 } },
      exception_info: null
    })
    trial('hello-world__a2', 'timeout.trajectory.json', {
      verifier_result: { rewards: { reward: 0 } },
      exception_info: {
        exception_type: 'AgentTimeoutError',
        exception_message: 'Agent execution timed out after 60 seconds'
      }
    })
    writeFileSync(join(job, 'result.json'), JSON.stringify({ n_trials: 2, n_errors: 1, evals: {} }))
    const { report, runs, episodes } = await indexed([job])
    expect(report.files.map((f) => [f.path.slice(job.length), f.state]).sort()).toEqual([
      ['/hello-world__a1/agent/trajectory.json', 'indexed'],
      ['/hello-world__a1/result.json', 'sidecar'],
      ['/hello-world__a2/agent/trajectory.json', 'indexed'],
      ['/hello-world__a2/result.json', 'sidecar'],
      ['/result.json', 'sidecar']
    ])
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({ name: 'my-job', env: 'terminal-bench', episodes: 2, meanReward: 0.5 })
    expect(episodes.map((e) => [e.taskKey, e.rollout, e.reward, e.status, e.error, e.durationMs]).sort()).toEqual([
      ['hello-world', 0, 1, 'ok', null, 90000],
      ['hello-world', 1, 0, 'truncated', 'AgentTimeoutError: Agent execution timed out after 60 seconds', 90000]
    ])
    // termination: the trial's exception_info.exception_type; a trial without an exception records no reason
    expect(episodes.map((e) => e.termination).sort()).toEqual(['AgentTimeoutError', null])
    expect(runs[0].terminations).toEqual([{ reason: 'AgentTimeoutError', count: 1 }])
  })

  it('claims ATIF documents only', () => {
    expect(atifAdapter.matches({ schema_version: 'ATIF-v1.5', steps: [] }, 'x.json')).toBe(true)
    expect(atifAdapter.matches({ schema_version: '1.5', steps: [] }, 'x.json')).toBe(false)
    expect(atifAdapter.matches([{ schema_version: 'ATIF-v1.5', steps: [] }], 'x.json')).toBe(false)
  })
})

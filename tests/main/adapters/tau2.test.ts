/**
 * tau2-bench results (FORMATS.md §5.2). No real text-mode file is in the corpus, so the fixtures in
 * tests/fixtures/tau2 were written from tau2's own models (`Results`, `SimulationRun`, `RewardInfo`,
 * `Message`, `Tick` in src/tau2/data_model): the file layout (one JSON with `simulations`) and the dir
 * layout (`results.json` with `simulation_index` + `simulations/<id>.json`, one text telecom simulation
 * with user-side tool calls and one voice simulation with `ticks`). Numbers below are counted by hand
 * from those files (python json.load; the expression is in the comments).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tau2Adapter } from '../../../src-main/formats/adapters/tau2'
import { pickDocumentAdapter } from '../../../src-main/formats/registry'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'
import { formatContext } from '../../../src-main/formats/context'

const FILE = ownFixture('tau2/file-layout/claude-3-7-sonnet_airline_default_gpt-4.1_2trials.json')
const DIR = ownFixture('tau2/dir-layout')
const SIM_A = join(DIR, 'simulations/1f2e3d4c-0000-4000-8000-00000000000a.json')
const SIM_B = join(DIR, 'simulations/1f2e3d4c-0000-4000-8000-00000000000b.json')
const read = (p: string): unknown => JSON.parse(readFileSync(p, 'utf8'))

describe('tau2 file layout (one Results JSON with simulations)', () => {
  const doc = read(FILE)
  const [run] = tau2Adapter.index(doc, FILE, formatContext())
  const eps = run.episodes.map((e) => e.summary)

  it('detected as tau2-bench; header from info', () => {
    expect(pickDocumentAdapter(doc, FILE)?.format).toBe('tau2-bench')
    expect(run.header.model).toBe('claude-3-7-sonnet-20250219') // info.agent_info.llm
    expect(run.header.env).toBe('tau2/airline') // info.environment_info.domain_name
    expect(run.header.header.user_llm).toBe('gpt-4.1-2025-04-14')
  })

  it('3 simulations: task keys, trials, rewards, statuses from termination_reason', () => {
    expect(eps.map((e) => e.sourceId)).toEqual(['0', '0', '1'])
    expect(eps.map((e) => e.rollout)).toEqual([0, 1, 0])
    expect(eps.map((e) => e.reward)).toEqual([1, 0, 0])
    expect(eps.map((e) => e.success)).toEqual([true, false, false])
    // user_stop / max_steps / too_many_errors
    expect(eps.map((e) => e.status)).toEqual(['ok', 'truncated', 'error'])
    expect(eps[1].error).toBe('termination_reason: max_steps')
    expect(eps[2].info.termination_reason).toBe('too_many_errors')
    // termination_reason as the termination field; every simulation has a reward: none unscored
    expect(eps.map((e) => e.termination)).toEqual(['user_stop', 'max_steps', 'too_many_errors'])
    expect(eps.map((e) => e.unscored)).toEqual([null, null, null])
    expect(run.header.scoring).toEqual({ unscoredAs: 'excluded', producer: 'tau2-bench', noun: 'simulations' })
    // len(messages) = 10, 6; sim 2: 3 messages + a MultiToolMessage of 2 tool messages = 5
    expect(eps.map((e) => e.turns)).toEqual([10, 6, 5])
    expect(eps.map((e) => e.durationMs)).toEqual([41000, 310500, 60000])
    expect(eps[0].preview).toBe("Hi, I'd like to cancel my reservation EHGLP3. My user id is emma_kim_9957.")
    expect(eps[0].promptHash).toBe(eps[1].promptHash) // same task, user scenario hashed
    expect(eps[0].promptHash).not.toBe(eps[2].promptHash)
  })

  it('reward_info checks, breakdown and costs as metrics; assistant usage as tokens', () => {
    expect(eps[0].metrics).toEqual({
      db_match: 1,
      db_reward: 1,
      action_checks_passed: 1,
      action_checks_total: 1,
      nl_assertions_passed: 1,
      nl_assertions_total: 1,
      'reward_breakdown.DB': 1,
      'reward_breakdown.COMMUNICATE': 1,
      agent_cost: 0.0312,
      user_cost: 0.0041
    })
    // assistant usage: prompt 2100+2300+2400+2450, completion 60+48+40+15 (user simulator usage left out)
    expect([eps[0].tokensIn, eps[0].tokensOut]).toEqual([9250, 163])
    expect(eps[1].metrics).toEqual({ agent_cost: 0.2, user_cost: 0.02 }) // reward_info without checks
    expect(eps[2].metrics).toMatchObject({
      db_match: 0,
      action_checks_passed: 0,
      action_checks_total: 1,
      'reward_breakdown.DB': 0
    })
  })

  it('turns: simulated user marked, tool results paired by the tool message id, costs and errors in meta', () => {
    const { turns, infoFull } = tau2Adapter.parseEpisode(doc, '0', FILE, formatContext())
    expect(turns.map((t) => t.role)).toEqual([
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user'
    ])
    expect(turns.filter((t) => t.meta?.simulatedUser).map((t) => t.index)).toEqual([1, 5, 9])
    expect(turns[2].toolCalls).toEqual([
      { id: 'toolu_01', name: 'get_reservation_details', arguments: { reservation_id: 'EHGLP3' } }
    ])
    expect(turns[3]).toMatchObject({ toolCallId: 'toolu_01', toolName: 'get_reservation_details', isObservation: true })
    expect(turns[2].meta).toMatchObject({ costUsd: 0.0061, latencyMs: 1500 })
    expect(turns[2].tokens).toBe(60)
    expect(infoFull.termination_reason).toBe('user_stop')
    const err = tau2Adapter.parseEpisode(doc, '2', FILE, formatContext()).turns
    expect(err[3]).toMatchObject({ role: 'tool', toolCallId: 'toolu_11', toolName: 'update_reservation_flights' })
    expect(err[3].meta?.error).toBe('Error: Payment method not found')
    expect(err[4]).toMatchObject({ toolCallId: 'toolu_12', toolName: 'get_user_details' })
    expect(err[4].meta?.error).toBeUndefined()
  })
})

describe('tau2 dir layout (results.json + simulations/)', () => {
  it('results.json beside simulations/ is a sidecar (no double counting)', () => {
    const doc = read(join(DIR, 'results.json'))
    expect(tau2Adapter.matches(doc, join(DIR, 'results.json'))).toBe(true)
    expect(tau2Adapter.index(doc, join(DIR, 'results.json'), formatContext())).toEqual([])
  })

  it('a text simulation file: one episode in the folder run; the simulated user calls tools too', () => {
    const doc = read(SIM_A)
    const [run] = tau2Adapter.index(doc, SIM_A, formatContext())
    expect(run.runKey).toBe(DIR)
    expect(run.header).toMatchObject({ name: 'dir-layout', model: 'gpt-4.1-mini', env: 'tau2/telecom' })
    const s = run.episodes[0].summary
    expect(s).toMatchObject({
      sourceId: '[mobile_data_issue]airplane_mode_on|data_mode_off[PERSONA:None]',
      reward: 1,
      status: 'ok',
      turns: 10,
      rollout: 0
    })
    expect(s.metrics).toMatchObject({
      env_assertions_passed: 1,
      env_assertions_total: 1,
      'reward_breakdown.ENV_ASSERTION': 1
    })
    expect([s.tokensIn, s.tokensOut]).toEqual([3100, 32]) // 1500+1600, 20+12
    const { turns } = tau2Adapter.parseEpisode(doc, '0', SIM_A, formatContext())
    expect(turns[3]).toMatchObject({
      role: 'user',
      toolCalls: [{ id: 'call_u1', name: 'check_status_bar', arguments: {} }]
    })
    expect(turns[3].meta?.simulatedUser).toBe(true)
    expect(turns[4]).toMatchObject({ role: 'tool', toolCallId: 'call_u1', toolName: 'check_status_bar' })
  })

  it('a voice simulation (ticks): speech runs merged per speaker, tool call and result kept; agent_error → error, reward null', () => {
    const doc = read(SIM_B)
    const s = tau2Adapter.index(doc, SIM_B, formatContext())[0].episodes[0].summary
    expect(s).toMatchObject({
      sourceId: 'voice_40',
      reward: null,
      success: null,
      status: 'error',
      error: 'termination_reason: agent_error',
      turns: 5
    })
    // reward_info is absent (not evaluated): left out of the mean, as tau2's pandas mean skips None
    expect(s).toMatchObject({ termination: 'agent_error', unscored: 'not evaluated' })
    const { turns } = tau2Adapter.parseEpisode(doc, '0', SIM_B, formatContext())
    // ticks 2-3 user text, 5-7 agent speech without text, 9 agent tool call + result, 10 user speech
    expect(turns.map((t) => [t.role, t.text])).toEqual([
      ['user', 'Hi, I need to change my flight.'],
      ['assistant', '[speech, 3 ticks]'],
      ['assistant', ''],
      ['tool', '{"reservation_id": "ABC123"}'],
      ['user', '[speech, 1 tick]']
    ])
    expect(turns[2].toolCalls[0]).toEqual({
      id: 'fc_1',
      name: 'get_reservation_details',
      arguments: { reservation_id: 'ABC123' }
    })
    expect(turns[3].toolCallId).toBe('fc_1')
  })

  it("an infrastructure_error simulation is dropped from the figures as tau2's metrics drop it, even with a reward", () => {
    const doc = read(SIM_A) as Record<string, unknown>
    const infra = { ...doc, termination_reason: 'infrastructure_error' } // reward_info.reward 1.0 kept in the file
    const s = tau2Adapter.index(infra, SIM_A, formatContext())[0].episodes[0].summary
    expect(s).toMatchObject({
      reward: null,
      success: null,
      termination: 'infrastructure_error',
      unscored: 'infrastructure_error',
      status: 'error'
    })
  })

  it('results.json listing simulations with no simulations/ folder is a clear error', () => {
    const doc = read(join(DIR, 'results.json'))
    expect(() => tau2Adapter.index(doc, '/nowhere/results.json', formatContext())).toThrow(/simulation_index/)
  })
})

describe('tau2 through the engine', () => {
  let engine: Engine | undefined
  afterEach(async () => {
    await engine?.close()
    engine = undefined
  })

  it('both layouts: 2 runs, 3 + 2 episodes, results.json a sidecar', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([ownFixture('tau2')])
    const byName = Object.fromEntries(report.files.map((f) => [f.path.split('/').slice(-2).join('/'), f]))
    expect(byName['dir-layout/results.json']).toMatchObject({ state: 'sidecar', format: 'tau2-bench' })
    expect(byName['simulations/1f2e3d4c-0000-4000-8000-00000000000a.json']).toMatchObject({
      state: 'indexed',
      episodes: 1
    })
    const runs = await engine.api.listRuns()
    const counts = Object.fromEntries(runs.map((r) => [r.name, r.episodes]))
    expect(counts).toEqual({ 'dir-layout': 2, 'claude-3-7-sonnet_airline_default_gpt-4.1_2trials': 3 })
    const fileRun = runs.find((r) => r.episodes === 3)!
    expect(fileRun.tasks).toBe(2)
    expect(fileRun.meanReward).toBeCloseTo(1 / 3, 10)
    const page = await engine.api.listEpisodes({ runId: fileRun.id, sort: 'ordinal' })
    expect(page.items.map((e) => e.status)).toEqual(['ok', 'truncated', 'error'])
    expect(fileRun.terminations).toEqual([
      { reason: 'max_steps', count: 1 },
      { reason: 'too_many_errors', count: 1 },
      { reason: 'user_stop', count: 1 }
    ])
    // dir layout: the voice simulation was not evaluated; the mean is the text simulation's 1.0 alone
    const dirRun = runs.find((r) => r.name === 'dir-layout')!
    expect(dirRun).toMatchObject({ meanReward: 1, scored: 1 })
    expect(dirRun.unscored).toMatchObject({
      count: 1,
      reasons: [{ reason: 'not evaluated', count: 1 }],
      countedAs: 'excluded',
      producer: 'tau2-bench'
    })
    const detail = await engine.api.getEpisode(page.items[0].id)
    expect(detail.turns).toHaveLength(10)
    expect(detail.taskKey).toBe('0')
  })
})

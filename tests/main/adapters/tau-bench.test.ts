/**
 * tau-bench v1 result array (FORMATS.md §5.1) over the real corpus file
 * tau-bench/gpt-4o-airline.first3tasks.json (12 elements: task_id 0,1,2 × trial 0..3, written trial by trial).
 * Every number below was read from the file with python (json.load, then the expression in the comment).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { tauBenchAdapter, tauFileFacts } from '../../../src-main/formats/adapters/tau-bench'
import { pickDocumentAdapter } from '../../../src-main/formats/registry'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { formatContext } from '../../../src-main/formats/context'

const PATH = fixture('tau-bench/gpt-4o-airline.first3tasks.json')
const doc = JSON.parse(readFileSync(PATH, 'utf8')) as unknown[]

describe('tau-bench v1: gpt-4o-airline.first3tasks.json', () => {
  const runs = tauBenchAdapter.index(doc, PATH, formatContext())
  const eps = runs[0].episodes.map((e) => e.summary)

  it('is claimed by the tau-bench adapter (and by nothing before it in the registry)', () => {
    expect(pickDocumentAdapter(doc, PATH)?.format).toBe('tau-bench')
    expect(tauBenchAdapter.matches([{ task_id: 1, reward: 1 }], PATH)).toBe(false) // no traj
    expect(tauBenchAdapter.matches({ task_id: 1, reward: 1, traj: [] }, PATH)).toBe(false) // not an array
  })

  it('one run of 12 episodes: task keys, rollouts = trial, rewards, statuses', () => {
    expect(runs).toHaveLength(1)
    expect(runs[0].header.model).toBe('gpt-4o') // file name <model>-<domain>.json
    expect(runs[0].header.env).toBe('tau-bench/airline')
    // [e['task_id'] for e in d] / [e['trial'] for e in d]
    expect(eps.map((e) => e.sourceId)).toEqual(['0', '1', '2', '0', '1', '2', '0', '1', '2', '0', '1', '2'])
    expect(eps.map((e) => e.rollout)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3])
    // [e['reward'] for e in d]: only (task 1, trial 1) and (task 2, trial 2) succeed
    expect(eps.map((e) => e.reward)).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0])
    expect(eps.map((e) => e.success)).toEqual([
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      true,
      false,
      false,
      false
    ])
    // element 5 (task 2, trial 1) has reward_info null: 62 messages, ends on a tool result (step limit)
    expect(eps.map((e) => e.status)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'truncated',
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'ok'
    ])
    expect(eps[5].error).toMatch(/reward_info/)
    // [len(e['traj']) for e in d]
    expect(eps.map((e) => e.turns)).toEqual([32, 12, 24, 26, 22, 62, 24, 20, 38, 46, 16, 36])
    expect(eps[0].preview).toBe("Hi! I'm looking to book a flight from New York to Seattle on May 20th.") // traj[1].content
  })

  it('reward_info checks become metrics; user_cost and the expected actions too', () => {
    // d[0]['info']['reward_info']['info'] = {r_actions: 0.0, gt_data_hash: …}, 1 expected action, user_cost 0.0035475000000000003
    expect(eps[0].metrics).toEqual({ r_actions: 0, expected_actions: 1, user_cost: 0.0035475000000000003 })
    expect(eps[0].info.user_id).toBe('mia_li_3668')
    // d[8]: {r_outputs: 1.0, outputs: {"23553": true}}, 5 update_reservation_flights actions
    expect(eps[8].metrics).toMatchObject({ r_outputs: 1, outputs_total: 1, outputs_matched: 1, expected_actions: 5 })
    expect(eps[2].metrics).toMatchObject({ r_outputs: 0, outputs_total: 1, outputs_matched: 0 })
    // d[4]: r_actions 1.0, user_cost 0.0020025
    expect(eps[4].metrics).toMatchObject({ r_actions: 1, user_cost: 0.0020025 })
    // d[5]: no reward_info, user_cost null → no metrics
    expect(eps[5].metrics).toEqual({})
  })

  it('same task → same prompt hash (from the task instruction), different tasks differ', () => {
    expect(eps[0].promptHash).toBe(eps[3].promptHash)
    expect(eps[0].promptHash).not.toBe(eps[1].promptHash)
  })

  it('turns of episode 0: prompt = system + opening user line; simulated user marked; tool calls paired by id', () => {
    const { turns } = tauBenchAdapter.parseEpisode(doc, '0', PATH, formatContext())
    expect(turns).toHaveLength(32)
    expect(turns.map((t) => t.role).slice(0, 8)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'tool'
    ])
    expect(turns[0].isPrompt && turns[1].isPrompt && !turns[2].isPrompt).toBe(true)
    // 8 user messages, all from the user simulator (the first included)
    const users = turns.filter((t) => t.role === 'user')
    expect(users).toHaveLength(8)
    expect(users.every((t) => t.meta?.simulatedUser === true)).toBe(true)
    expect(turns.filter((t) => t.role !== 'user').some((t) => t.meta?.simulatedUser)).toBe(false)
    // traj[6]: get_user_details {"user_id":"mia_li_3668"}, answered by traj[7]
    expect(turns[6].toolCalls).toEqual([
      { id: 'call_oIHazX6yQrB8hUwl4cRilFKj', name: 'get_user_details', arguments: { user_id: 'mia_li_3668' } }
    ])
    expect(turns[7].toolCallId).toBe('call_oIHazX6yQrB8hUwl4cRilFKj')
    expect(turns[7].toolName).toBe('get_user_details')
    expect(turns[7].isObservation).toBe(true)
    // 8 tool calls and 8 tool results in traj 0, every result pairs with a call
    const calls = turns.flatMap((t) => t.toolCalls.map((c) => c.id))
    const results = turns.filter((t) => t.role === 'tool').map((t) => t.toolCallId)
    expect(calls).toHaveLength(8)
    expect(results.sort()).toEqual([...calls].sort())
    expect(turns[31].text).toBe('Thank you so much for your help! ###STOP###')
  })

  it('an exception element ({error, traceback}, empty traj) is an error episode', () => {
    const bad = [
      ...doc.slice(0, 1),
      { task_id: 7, reward: 0.0, info: { error: 'RateLimitError: boom', traceback: 'Traceback…' }, traj: [], trial: 0 }
    ]
    const s = tauBenchAdapter.index(
      bad,
      '/x/tool-calling-gpt-4o-mini-0.0_range_0-50_user-gpt-4o-llm_1122140000.json',
      formatContext()
    )
    const e = s[0].episodes[1].summary
    expect(e).toMatchObject({ status: 'error', error: 'RateLimitError: boom', sourceId: '7', turns: 0, reward: 0 })
    expect(s[0].header.model).toBe('gpt-4o-mini')
    expect(s[0].header.header.user_model).toBe('gpt-4o')
  })

  it('file-name facts', () => {
    expect(tauFileFacts('/r/react-claude-3-5-sonnet-20240620-0.0_range_0-115_user-gpt-4o-llm_0901120000.json')).toEqual(
      {
        model: 'claude-3-5-sonnet-20240620',
        domain: null,
        userModel: 'gpt-4o',
        strategy: 'react'
      }
    )
    expect(tauFileFacts('/r/gpt-4o-retail.json').domain).toBe('retail')
  })

  it('through the engine: one run, 12 episodes, mean reward 2/12, full turns', async () => {
    const { engine } = tempEngine()
    try {
      const report = await engine.indexPaths([PATH])
      expect(report.files[0]).toMatchObject({ state: 'indexed', format: 'tau-bench', episodes: 12 })
      const [run] = await engine.api.listRuns()
      expect(run.episodes).toBe(12)
      expect(run.tasks).toBe(3)
      expect(run.meanReward).toBeCloseTo(2 / 12, 10)
      const page = await engine.api.listEpisodes({ runId: run.id, sort: 'ordinal' })
      expect(page.items.map((e) => e.taskKey).slice(0, 3)).toEqual(['0', '1', '2'])
      expect(page.items.map((e) => e.rollout).slice(0, 4)).toEqual([0, 0, 0, 1])
      const detail = await engine.api.getEpisode(page.items[4].id)
      expect(detail.turns).toHaveLength(22)
      expect(detail.reward).toBe(1)
      expect(detail.passed).toBe(true)
    } finally {
      await engine.close()
    }
  })
})

/** The verifiers adapter on real files of each era (../shared/fixtures/verifiers) and on a synthetic 2026 row. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { verifiersAdapter } from '../../../src-main/indexer/adapters/verifiers'
import { chatJsonlAdapter } from '../../../src-main/indexer/adapters/chat-jsonl'
import { pickJsonlAdapter } from '../../../src-main/indexer/adapters/registry'
import { namesFromFolder, verifiersRunHeader } from '../../../src-main/indexer/adapters/verifiers-metadata'
import { fixture } from '../../helpers/fixtures-path'

const W = 'verifiers/willccbb-verifiers'
const P = 'verifiers/prime-environments-metadata-only'
const rows = (rel: string): Record<string, unknown>[] =>
  readFileSync(fixture(rel), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>)

describe('verifiers results rows', () => {
  it('tool-test (Aug 2025): dict tool calls, flattened tool metrics', () => {
    const [r] = rows(`${W}/tool-test--gpt-4.1-mini/066dba27/results.jsonl`)
    expect(pickJsonlAdapter(r)).toBe(verifiersAdapter)
    const s = verifiersAdapter.summarize(r)
    expect(s).toMatchObject({ sourceId: '0', reward: 1, turns: 2, status: 'ok', answer: null })
    expect(s.metrics).toEqual({ reward: 1, total_tool_calls: 2, tool_A_calls: 0, tool_B_calls: 1, tool_C_calls: 0, tool_D_calls: 1, tool_call_reward_func: 1 })
    expect(s.info).toEqual({}) // oai_tools and tool_names are lists, not categories
    const body = verifiersAdapter.parseEpisode(r)
    expect(body.turns[1].toolCalls).toEqual([
      { id: 'call_NqH2U6P4ZybkZ1vjKdVN3Zlx', name: 'tool_B', arguments: { x: 'example' } },
      { id: 'call_hqdv0ObzgFoUieaTxNy0ZX6t', name: 'tool_D', arguments: { x: true } }
    ])
    expect(body.tools).toHaveLength(4)
  })

  it('math-python (late Sep 2025): string tool calls, timing, tool results without ids', () => {
    const all = rows(`${W}/math-python--gpt-4.1-mini/578769a7/results.jsonl`)
    const s = verifiersAdapter.summarize(all[0])
    expect(s).toMatchObject({ sourceId: '0', answer: '0', reward: 1, turns: 7 })
    expect(s.durationMs).toBeCloseTo(all[0].total_ms as number, 6)
    expect(Object.keys(s.metrics).sort()).toEqual(['correct_answer_reward_func', 'python_calls', 'reward', 'total_tool_calls'])
    const body = verifiersAdapter.parseEpisode(all[0])
    expect(body.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool', 'assistant'])
    expect(body.turns[3]).toMatchObject({ toolCallId: 'call_RYna5gb2agTQButNTFngPJmD', toolName: 'python', isObservation: true })
    expect(body.turns[3].text).toContain("No module named 'sympy'")
    // row 5 is the one failure of the run: same problem as row 0 (answer "0"), different prompt from row 1
    expect(verifiersAdapter.summarize(all[5])).toMatchObject({ reward: 0, answer: '0' })
    expect(verifiersAdapter.summarize(all[5]).promptHash).toBe(s.promptHash)
    expect(verifiersAdapter.summarize(all[1]).promptHash).not.toBe(s.promptHash)
  })

  it('the same problem hashes the same in two runs (math-python 4.1-mini vs 5-nano, Wordle)', () => {
    const a = rows(`${W}/math-python--gpt-4.1-mini/578769a7/results.jsonl`).map((r) => verifiersAdapter.summarize(r))
    const b = rows(`${W}/math-python--gpt-5-nano/cb7a1799/results.jsonl`).map((r) => verifiersAdapter.summarize(r))
    expect(new Set(a.map((x) => x.promptHash))).toEqual(new Set(b.map((x) => x.promptHash)))
    expect(new Set(a.map((x) => x.promptHash)).size).toBe(5)
    const w = rows(`${W}/wordle--gpt-5-mini/b5161fc3/results.jsonl`).map((r) => verifiersAdapter.summarize(r))
    expect(new Set(w.map((x) => x.promptHash)).size).toBe(1) // one prompt for every game: the answer tells them apart
    expect(w.map((x) => x.answer).slice(0, 5)).toEqual(['story', 'thing', 'water', 'voice', 'sleep'])
  })

  it('Wordle: board feedback inside the completion is an observation', () => {
    const [r] = rows(`${W}/wordle--gpt-4.1-mini/9a56fe55/results.jsonl`)
    const turns = verifiersAdapter.parseEpisode(r).turns
    expect(turns).toHaveLength(8)
    expect(turns[3]).toMatchObject({ role: 'user', isObservation: true, isPrompt: false })
    expect(turns[3].text).toContain('C R A N E')
    expect(turns[1]).toMatchObject({ role: 'user', isObservation: false, isPrompt: true })
  })

  it('mmmu keeps the literal [image] marker', () => {
    const [r] = rows(`${W}/mmmu--gpt-4.1-mini/69203f4b/results.jsonl`)
    const s = verifiersAdapter.summarize(r)
    expect(s).toMatchObject({ answer: 'C', reward: 1, turns: 2, metrics: { reward: 1, correct_answer: 1 } })
    expect(verifiersAdapter.parseEpisode(r).turns[0].text).toContain('[image]')
  })

  it('a 2026 row: example_id, metrics dict counted once, timing, token usage, truncation and errors', () => {
    const base = {
      example_id: 7,
      task: 'default',
      prompt: [{ role: 'user', content: 'Q' }],
      completion: [{ role: 'assistant', content: 'A' }],
      reward: 0.5,
      correctness: 0.5,
      metrics: { correctness: 0.5, num_turns: 1 },
      timing: { start_time: 1, total: 2.5 },
      token_usage: { input_tokens: 100, output_tokens: 20 },
      is_completed: true,
      is_truncated: false,
      error: null,
      tool_defs: [{ name: 'bash', description: 'run', parameters: {}, strict: true }],
      info: { difficulty: 'hard', nested: { a: 1 } }
    }
    const s = verifiersAdapter.summarize(base)
    expect(s).toMatchObject({ sourceId: '7', status: 'ok', tokensIn: 100, tokensOut: 20, durationMs: 2500, info: { difficulty: 'hard' } })
    expect(s.metrics).toEqual({ reward: 0.5, correctness: 0.5, num_turns: 1, is_completed: 1, is_truncated: 0 })
    expect(verifiersAdapter.parseEpisode(base).tools).toEqual(base.tool_defs)
    expect(verifiersAdapter.summarize({ ...base, is_truncated: true, stop_condition: 'max_turns' })).toMatchObject({ status: 'truncated', error: 'max_turns' })
    expect(verifiersAdapter.summarize({ ...base, error: { error: 'E', message: 'sandbox timed out' } })).toMatchObject({ status: 'error', error: 'sandbox timed out' })
    expect(verifiersAdapter.summarize({ ...base, task: 'math', completion: [], reward: 0 })).toMatchObject({
      sourceId: 'math/7',
      status: 'error',
      error: 'generation failed (empty completion)'
    })
  })

  it('a completion env with string prompt and completion', () => {
    const s = verifiersAdapter.summarize({ id: 1, prompt: 'Once upon', completion: ' a time', reward: 0.3 })
    expect(s).toMatchObject({ turns: 2, preview: 'Once upon' })
    expect(verifiersAdapter.parseEpisode({ id: 1, prompt: 'Once upon', completion: ' a time' }).turns.map((t) => t.role)).toEqual(['user', 'assistant'])
  })

  it('leaves the hosted-RL export shape to its own adapter', () => {
    expect(verifiersAdapter.matches({ prompt: '[]', completion: '[]', problem_id: 1, run_id: 'x', reward: 1 })).toBe(false)
  })
})

describe('verifiers metadata.json, every era', () => {
  it('v0a (Aug 2025, Wordle): env, model, date + time', () => {
    const h = verifiersRunHeader(fixture(`${W}/wordle--gpt-4.1-mini/9a56fe55/results.jsonl`))
    expect(h).toMatchObject({ name: 'wordle · gpt-4.1-mini (9a56fe55)', env: 'wordle', model: 'gpt-4.1-mini', createdAt: '2025-08-22 22:09:34', passThreshold: null })
    expect(h.header).toMatchObject({ rollouts_per_example: 3, max_tokens: 1024 })
  })
  it('v0b (Sep 2025, math-python): sampling_args, avg_* aggregates', () => {
    const h = verifiersRunHeader(fixture(`${W}/math-python--gpt-5-nano/cb7a1799/results.jsonl`))
    expect(h).toMatchObject({ env: 'math-python', model: 'gpt-5-nano', createdAt: '2025-09-29 21:20:27' })
    expect(h.header).toMatchObject({ avg_reward: 1, avg_python_calls: 1.0666666666666667, sampling_args: { max_tokens: null } })
  })
  it('v1 (BigBench), v2 (agent_dojo: tools reduced to names), v3 (polars: pass_threshold)', () => {
    const v1 = verifiersRunHeader(fixture(`${P}/BigBench_BBH/BigBench-BBH--kimi-k2-0905-preview/cb59ef18/results.jsonl`))
    expect(v1).toMatchObject({ env: 'BigBench-BBH', model: 'kimi-k2-0905-preview' })
    const v2 = verifiersRunHeader(fixture(`${P}/agent_dojo/agent_dojo--gpt-4.1-mini/6f039687/results.jsonl`))
    expect(v2.header.toolNames).toEqual(expect.arrayContaining(['send_email']))
    expect(v2.header.tools).toBeUndefined()
    expect(v2.header.usage).toEqual({ input_tokens: 4375, output_tokens: 76 })
    const v3 = verifiersRunHeader(fixture(`${P}/polars_env/polars-env--openai--gpt-5.4-nano/6f807f73/results.jsonl`))
    expect(v3).toMatchObject({ env: 'polars-env', model: 'openai/gpt-5.4-nano', passThreshold: 0.5 })
  })
  it('without metadata.json, names come from the folder (split on the first --)', () => {
    expect(namesFromFolder('/x/agency-bench--openai--gpt-oss-20b:free/ab12cd34/results.jsonl')).toEqual({
      env: 'agency-bench',
      model: 'openai/gpt-oss-20b:free',
      runFolder: 'ab12cd34'
    })
    const h = verifiersRunHeader('/nowhere/env-x--m-y/0001/results.jsonl')
    expect(h).toMatchObject({ name: 'env-x · m-y (0001)', header: { nameFromFolder: true } })
  })
})

describe('generic chat JSONL', () => {
  const row = {
    id: 't-1',
    model: 'm',
    difficulty: 'hard',
    info: { archetype: 'loop', deep: [1] },
    answer: 'done',
    reward: 0.75,
    success: false,
    usage: { input_tokens: 10, output_tokens: 5 },
    duration_ms: 1200,
    metrics: { tests_passed: 3 },
    tools: [{ type: 'function', function: { name: 'bash' } }],
    messages: [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'fix it' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'bash', arguments: '{"command":"ls"}' } }] },
      { role: 'tool', tool_call_id: 'c', content: 'a b', reward: 0.25, done: false },
      { role: 'assistant', content: 'ok' }
    ]
  }
  it('summarizes ids, success flag, categories, usage and metrics', () => {
    expect(pickJsonlAdapter(row)).toBe(chatJsonlAdapter)
    expect(chatJsonlAdapter.summarize(row)).toMatchObject({
      sourceId: 't-1',
      answer: 'done',
      reward: 0.75,
      success: false,
      status: 'ok',
      turns: 5,
      preview: 'fix it',
      info: { difficulty: 'hard', archetype: 'loop' },
      metrics: { reward: 0.75, tests_passed: 3 },
      tokensIn: 10,
      tokensOut: 5,
      durationMs: 1200
    })
  })
  it('parses turns with per-step rewards and paired tool results', () => {
    const body = chatJsonlAdapter.parseEpisode(row)
    expect(body.turns.map((t) => [t.role, t.isPrompt])).toEqual([
      ['system', true],
      ['user', true],
      ['assistant', false],
      ['tool', false],
      ['assistant', false]
    ])
    expect(body.turns[3]).toMatchObject({ toolName: 'bash', toolCallId: 'c', reward: 0.25, done: false })
    expect(body.tools).toEqual(row.tools)
  })
  it('takes a declared status and error', () => {
    expect(chatJsonlAdapter.summarize({ ...row, status: 'truncated' })).toMatchObject({ status: 'truncated' })
    expect(chatJsonlAdapter.summarize({ ...row, status: undefined, error: 'env crashed' })).toMatchObject({ status: 'error', error: 'env crashed' })
  })
})

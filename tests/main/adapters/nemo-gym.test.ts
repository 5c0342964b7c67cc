/**
 * NeMo Gym rollouts (FORMATS.md §6.3) over the three corpus folders (example_multi_step,
 * finance_sec_search, grl_sokoban) and the own fixture circle_click_mini (images, reasoning text,
 * per-step rewards, incomplete / failed responses; tests/fixtures/nemo-gym/README.md).
 * Expected numbers were read off the files with python: json.loads per line, then
 * len(responses_create_params.input), the response.output item types in order (a function_call right
 * after a model message or another call joins that model turn), usage, reward and the _ng_* indices.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { nemoGymAdapter as N } from '../../../src-main/formats/adapters/nemo-gym'
import { itemsToMessages } from '../../../src-main/formats/adapters/responses-items'
import { nemoGymFilesAdapter as F } from '../../../src-main/formats/adapters/nemo-gym-files'
import { pickDocumentAdapter, pickGroupedJsonlAdapter, pickJsonlAdapter } from '../../../src-main/formats/registry'
import { RecordError } from '../../../src-main/formats/types'
import type { Engine } from '../../../src-main/services/engine-types'
import { fixture, ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { rowsOf } from './read-rows'

const MULTI = fixture('nemo-gym/example_multi_step')
const FINANCE = fixture('nemo-gym/finance_sec_search')
const SOKOBAN = fixture('nemo-gym/grl_sokoban')
const CIRCLE = ownFixture('nemo-gym/circle_click_mini')
const rollouts = (dir: string) => rowsOf(join(dir, 'example_rollouts.jsonl'))

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})
const newEngine = (): Engine => (engine = tempEngine().engine)

describe('detection', () => {
  it('rollout rows are nemo-gym; input rows and the metrics files are its side files', () => {
    for (const dir of [MULTI, FINANCE, SOKOBAN, CIRCLE]) expect(pickJsonlAdapter(rollouts(dir)[0])).toBe(N)
    const input = rowsOf(join(FINANCE, 'example.jsonl'))[0]
    expect(pickJsonlAdapter(input)).toBeUndefined()
    expect(pickGroupedJsonlAdapter(input, join(FINANCE, 'example.jsonl'))).toBe(F)
    expect(pickGroupedJsonlAdapter(input, join(FINANCE, 'example_rollouts.jsonl'))).toBeUndefined()
    for (const f of [join(SOKOBAN, 'example_rollouts_aggregate_metrics.json'), join(MULTI, 'example_metrics.json')]) {
      expect(pickDocumentAdapter(JSON.parse(readFileSync(f, 'utf8')), f)).toBe(F)
    }
    expect(F.matches([{ name: 'x' }], '/x.json')).toBe(false)
    expect(F.matches(rollouts(SOKOBAN)[0], '/x.json')).toBe(false) // a one-line rollouts file stays a rollouts file
  })
})

describe('finance_sec_search: tool calls paired by call_id, empty reasoning items', () => {
  const rows = rollouts(FINANCE)
  const s = rows.map((r) => N.summarize(r))

  it('task / rollout indices, rewards, turns, tokens', () => {
    // file order is completion order: tasks 1, 4, 3, 2, 0
    expect(s.map((x) => [x.sourceId, x.rollout, x.reward, x.turns, x.tokensIn, x.tokensOut, x.status])).toEqual([
      ['1', 0, 1, 9, 6015, 955, 'ok'],
      ['4', 0, 1, 11, 8023, 1025, 'ok'],
      ['3', 0, 1, 13, 18315, 1828, 'ok'],
      ['2', 0, 1, 19, 22310, 3316, 'ok'],
      ['0', 0, 1, 21, 241071, 4279, 'ok']
    ])
    expect(s[0]).toMatchObject({
      answer: '164,000',
      success: null,
      metrics: { reward: 1, judge_rating: 2 },
      info: { agent: 'finance_agent', judge_text: expect.stringContaining('[[2]]') } // 189 chars: a category
    })
    expect(s[1].info.judge_text).toBeUndefined() // 206 chars: text, not a category
    expect(Object.keys(s[0].metrics).sort()).toEqual(['judge_rating', 'reward'])
  })

  it('row 3 (task 2): three parallel parse_html_page calls in one model turn, each result paired by call_id', () => {
    const turns = N.parseEpisode(rows[3]).turns
    expect(turns).toHaveLength(19)
    expect(turns[0]).toMatchObject({ role: 'user', isPrompt: true })
    const parallel = turns.find((t) => t.toolCalls.length === 3)!
    expect(parallel.toolCalls.map((c) => [c.id, c.name])).toEqual([
      ['call_3QOCcBpX0WpvXAuXMtd58FW2', 'parse_html_page'],
      ['call_BidCoOEAo4NQvuIZxSnh2jBd', 'parse_html_page'],
      ['call_tZskJqPXnGFtD5uA1IxOAYCT', 'parse_html_page']
    ])
    const results = turns.slice(parallel.index + 1, parallel.index + 4)
    expect(results.map((t) => [t.role, t.toolCallId, t.toolName, t.isObservation])).toEqual([
      ['tool', 'call_3QOCcBpX0WpvXAuXMtd58FW2', 'parse_html_page', true],
      ['tool', 'call_BidCoOEAo4NQvuIZxSnh2jBd', 'parse_html_page', true],
      ['tool', 'call_tZskJqPXnGFtD5uA1IxOAYCT', 'parse_html_page', true]
    ])
    // every result answers a call with the same id; 10 calls, 10 results
    const calls = turns.flatMap((t) => t.toolCalls)
    const outs = turns.filter((t) => t.role === 'tool')
    expect([calls.length, outs.length]).toEqual([10, 10])
    for (const o of outs) expect(calls.some((c) => c.id === o.toolCallId && c.name === o.toolName)).toBe(true)
    expect(calls[0]).toMatchObject({ name: 'sec_filing_search', arguments: { ticker: 'MSFT' } })
    // reasoning items had empty summaries: no reasoning text invented
    expect(turns.every((t) => t.reasoning === null)).toBe(true)
    expect(N.parseEpisode(rows[3]).tools).toHaveLength(4)
  })
})

describe('example_multi_step: no task index (content keys), system + user input', () => {
  const rows = rollouts(MULTI)
  const s = rows.map((r) => N.summarize(r))

  it('5 rollouts of 5 different inputs; booleans are 0/1 metrics', () => {
    expect(s.map((x) => [x.sourceId, x.rollout, x.turns, x.tokensIn, x.tokensOut])).toEqual([
      [null, null, 9, 2940, 8],
      [null, null, 9, 2932, 8],
      [null, null, 11, 2970, 45],
      [null, null, 9, 2943, 8],
      [null, null, 9, 2938, 8]
    ])
    expect(new Set(s.map((x) => x.promptHash)).size).toBe(5)
    expect(s[0].metrics).toEqual({
      reward: 1,
      accuracy: 1,
      set_overlap: 1,
      original_term_minefield_hit: 0,
      order_instruction_following_failure: 0
    })
    expect(s[0].preview).toBe(
      'What factors contribute to a region experiencing extremely high temperatures, and how do these factors interact?'
    )
  })

  it('turns: system, user, then 3 calls each answered, then the answer', () => {
    const turns = N.parseEpisode(rows[0]).turns
    expect(turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant'
    ])
    expect(turns[2].toolCalls).toEqual([
      { id: 'call_uUgNQKjdAOaYOr49vMVKVCly', name: 'get_synonym_value', arguments: { synonym: 'Blazing' } }
    ])
    expect(turns[3]).toMatchObject({
      toolCallId: 'call_uUgNQKjdAOaYOr49vMVKVCly',
      toolName: 'get_synonym_value',
      text: '{"synonym_value": 711}'
    })
    expect(turns[8]).toMatchObject({ text: '[711, 407]', toolCalls: [] })
  })
})

describe('grl_sokoban: environment observations inside output, terminated / truncated', () => {
  const rows = rollouts(SOKOBAN)
  const s = rows.map((r) => N.summarize(r))

  it('tasks written 0, 2, 3, 4, 1; reward 10 solved, -2 truncated by the step limit', () => {
    expect(s.map((x) => [x.sourceId, x.rollout, x.reward, x.success, x.status, x.turns])).toEqual([
      ['0', 0, 10, true, 'ok', 22],
      ['2', 0, -2.0000000000000004, false, 'truncated', 43],
      ['3', 0, -2.0000000000000004, false, 'truncated', 43],
      ['4', 0, -2.0000000000000004, false, 'truncated', 43],
      ['1', 0, -2.0000000000000004, false, 'truncated', 43]
    ])
    expect(s[1].error).toBe('truncated by the environment (step or time limit)')
    expect(s[0].metrics).toEqual({ reward: 10, terminated: 1, truncated: 0 })
    expect(s[0].info).toMatchObject({ agent: 'grl_sokoban_gymnasium_agent', action_label: 'Up', success: true })
    expect([s[0].tokensIn, s[0].tokensOut]).toEqual([6999, 80])
    // termination from the gymnasium flags: row 0 terminated: true, the others truncated: true
    expect(s.map((x) => x.termination)).toEqual(['terminated', 'truncated', 'truncated', 'truncated', 'truncated'])
  })

  it('turns: the board after every move is an observation; the last turn is done', () => {
    const turns = N.parseEpisode(rows[1]).turns
    expect(turns).toHaveLength(43)
    expect(turns.slice(0, 3).map((t) => [t.role, t.isPrompt])).toEqual([
      ['system', true],
      ['user', true],
      ['user', true]
    ])
    expect(turns[3]).toMatchObject({ role: 'assistant', text: '<action>Down</action>', isObservation: false })
    expect(turns[4]).toMatchObject({ role: 'user', isObservation: true, isPrompt: false })
    expect(turns[4].text).toMatch(/^Sokoban board:/)
    expect(turns[42].done).toBe(true)
    expect(turns.slice(0, 42).every((t) => t.done === null)).toBe(true)
  })

  it('run header: env from the folder, model and agent from the first row, aggregate and dataset metrics', () => {
    const h = N.readRunHeader(join(SOKOBAN, 'example_rollouts.jsonl'))
    expect(h).toMatchObject({
      name: 'grl_sokoban · Qwen/Qwen3-4B-Instruct-2507 (example_rollouts)',
      env: 'grl_sokoban',
      model: 'Qwen/Qwen3-4B-Instruct-2507',
      createdAt: new Date(1778816760 * 1000).toISOString(),
      header: {
        agent: 'grl_sokoban_gymnasium_agent',
        sampling: { temperature: 0.7, max_output_tokens: 8192, reasoning: { effort: 'medium' } },
        aggregateMetrics: [
          {
            agent: 'grl_sokoban_gymnasium_agent',
            key_metrics: { 'mean/reward': 0.3999999999999998, 'mean/truncated': 0.8 }
          }
        ],
        datasetMetrics: { 'Number of examples': 5, license: 'Apache 2.0' }
      }
    })
    expect(JSON.stringify(h.header)).not.toContain('group_level_metrics')
    // the one agent's agent_metrics["mean/reward"] 0.3999999999999998 is the producer's headline
    expect(h.headlines).toEqual([
      {
        label: 'mean/reward',
        value: 0.3999999999999998,
        source: 'example_rollouts_aggregate_metrics.json agent_metrics["mean/reward"]',
        matches: 'meanReward'
      }
    ])
  })
})

describe('circle_click_mini (own): images by reference, reasoning, per-step rewards, failed / incomplete', () => {
  const rows = rollouts(CIRCLE)
  const s = rows.map((r) => N.summarize(r))

  it('statuses and errors', () => {
    expect(s.map((x) => [x.sourceId, x.rollout, x.reward, x.status, x.error, x.turns])).toEqual([
      ['1', 1, 1, 'ok', null, 3],
      ['0', 0, 0, 'truncated', 'incomplete: max_output_tokens', 3],
      ['1', 0, 0, 'error', 'upstream timeout after 60s', 2],
      ['0', 1, 1, 'ok', null, 8]
    ])
    expect(s[0].metrics).toEqual({ reward: 1, hit: 1, clicked_x: 34, clicked_y: 20 })
    // row 1's response is incomplete: incomplete_details.reason; the others have no flag and a complete response
    expect(s.map((x) => x.termination)).toEqual([null, 'max_output_tokens', null, null])
  })

  it('no base64 in any summary field; the picture is in the turn by reference', () => {
    for (const { actions: _actions, ...stored } of s) {
      // (the actions are the record's own items, read by the indexer and dropped: only the rest is stored)
      expect(JSON.stringify(stored)).not.toContain('base64')
      expect(stored.preview).toMatch(/^Where is the red circle\? \(image [01]\) \[image\]$/)
    }
    expect(s[0].info.screenshot).toBeUndefined() // a short data URI is no category
    // same question, other picture → other task content
    expect(s[0].promptHash).not.toBe(s[1].promptHash)
    expect(s[0].promptHash).toBe(s[2].promptHash)
    const turns = N.parseEpisode(rows[0]).turns
    expect(turns[1].text).toBe('Where is the red circle? (image 1)\n[image]')
    expect(turns[1].images).toEqual([{ src: expect.stringMatching(/^data:image\/png;base64,/), mime: 'image/png' }])
    expect(turns[2]).toMatchObject({
      role: 'assistant',
      text: 'click(34, 20)',
      reasoning: 'The circle is near the top left.'
    })
  })

  it('a tool output image, env observations with per-step reward and done', () => {
    const turns = N.parseEpisode(rows[3]).turns
    expect(turns.map((t) => [t.role, t.isObservation, t.reward, t.done])).toEqual([
      ['system', false, null, null],
      ['user', false, null, null],
      ['assistant', false, null, null],
      ['tool', true, null, null],
      ['assistant', false, null, null],
      ['user', true, -0.5, false],
      ['assistant', false, null, null],
      ['user', true, 1, true]
    ])
    expect(turns[2].toolCalls).toEqual([{ id: 'call_zoom_1', name: 'zoom', arguments: { x: 64, y: 64 } }])
    expect(turns[3]).toMatchObject({
      toolCallId: 'call_zoom_1',
      toolName: 'zoom',
      text: 'zoomed 2x\n[image]',
      images: [{ mime: 'image/png' }]
    })
  })
})

describe('Responses items and bad input', () => {
  it('a trailing reasoning item becomes a model turn; unknown items keep their text; built-in tool calls', () => {
    const m = itemsToMessages([
      { type: 'web_search_call', id: 'ws_1', action: { query: 'nemo gym' }, status: 'completed' },
      { type: 'mystery', text: 'hello' },
      { type: 'reasoning', summary: [{ type: 'summary_text', text: 'thinking' }] }
    ])
    expect(m).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ type: 'web_search_call', call_id: 'ws_1', name: 'web_search', arguments: { query: 'nemo gym' } }]
      },
      { role: 'env', content: '[mystery] hello' },
      { role: 'assistant', content: null, reasoning_content: 'thinking' }
    ])
  })

  it('not a rollout → RecordError; a string input; a row without output and reward is an error', () => {
    expect(() => N.summarize({ responses_create_params: {}, reward: 1 })).toThrow(RecordError)
    expect(() => N.summarize({ responses_create_params: { input: [] }, response: { output: [] } })).toThrow(RecordError)
    const s = N.summarize({
      responses_create_params: { input: 'Say hi', instructions: 'Be brief.' },
      response: { output: [] }
    })
    expect(s).toMatchObject({
      status: 'error',
      error: 'the response has no output',
      turns: 2,
      preview: 'Say hi',
      sourceId: null,
      rollout: null
    })
  })
})

describe('through the engine', () => {
  it('three corpus folders and the own one: one run each, side files are sidecars, episodes listed in task order', async () => {
    const e = newEngine()
    const report = await e.indexPaths([MULTI, FINANCE, SOKOBAN, CIRCLE])
    // by folder/file name: where the real fixtures sit beside the project's own ones is the checkout's business
    const states = report.files
      .map((f) => [f.path.split('/').slice(-2).join('/'), f.format, f.state, f.episodes])
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    expect(states).toEqual([
      ['circle_click_mini/example.jsonl', 'nemo-gym', 'sidecar', 0],
      ['circle_click_mini/example_rollouts.jsonl', 'nemo-gym', 'indexed', 4],
      ['example_multi_step/example.jsonl', 'nemo-gym', 'sidecar', 0],
      ['example_multi_step/example_metrics.json', 'nemo-gym', 'sidecar', 0],
      ['example_multi_step/example_rollouts.jsonl', 'nemo-gym', 'indexed', 5],
      ['finance_sec_search/example.jsonl', 'nemo-gym', 'sidecar', 0],
      ['finance_sec_search/example_metrics.json', 'nemo-gym', 'sidecar', 0],
      ['finance_sec_search/example_rollouts.jsonl', 'nemo-gym', 'indexed', 5],
      ['finance_sec_search/example_rollouts_aggregate_metrics.json', 'nemo-gym', 'sidecar', 0],
      ['grl_sokoban/example.jsonl', 'nemo-gym', 'sidecar', 0],
      ['grl_sokoban/example_metrics.json', 'nemo-gym', 'sidecar', 0],
      ['grl_sokoban/example_rollouts.jsonl', 'nemo-gym', 'indexed', 5],
      ['grl_sokoban/example_rollouts_aggregate_metrics.json', 'nemo-gym', 'sidecar', 0]
    ])
    const runs = await e.api.listRuns()
    expect(runs).toHaveLength(4)
    const run = (env: string) => runs.find((r) => r.env === env)!

    // sokoban: rows written 0, 2, 3, 4, 1 → listed 0..4 by default (ordinal) sort
    const sok = await e.api.listEpisodes({ runId: run('grl_sokoban').id, sort: 'ordinal' })
    expect(sok.items.map((x) => [x.ordinal, x.taskKey, x.taskKeyKind, x.rollout, x.reward])).toEqual([
      [0, '0', 'explicit', 0, 10],
      [1, '1', 'explicit', 0, -2.0000000000000004],
      [2, '2', 'explicit', 0, -2.0000000000000004],
      [3, '3', 'explicit', 0, -2.0000000000000004],
      [4, '4', 'explicit', 0, -2.0000000000000004]
    ])
    expect(run('grl_sokoban')).toMatchObject({ episodes: 5, tasks: 5, model: 'Qwen/Qwen3-4B-Instruct-2507' })
    expect(run('grl_sokoban').meanReward).toBeCloseTo(0.4, 10) // (10 - 4 × 2) / 5, as the aggregate file says
    expect(run('grl_sokoban').headlines).toMatchObject([
      { label: 'mean/reward', value: 0.3999999999999998, agrees: true, note: null }
    ])
    expect(run('grl_sokoban').terminations).toEqual([
      { reason: 'truncated', count: 4 },
      { reason: 'terminated', count: 1 }
    ])
    // finance_sec_search: mean/reward 1.0 over five rewards of 1; example_multi_step and the own fixture have no aggregate file
    expect(run('finance_sec_search').headlines).toMatchObject([{ value: 1, ours: 1, agrees: true }])
    expect(run('example_multi_step').headlines).toEqual([])
    // the episode opened from the sorted list is the right line of the file (task 1 was written last)
    const task1 = await e.api.getEpisode(sok.items[1].id)
    expect(task1).toMatchObject({ taskKey: '1', turnCount: 43, status: 'truncated' })
    expect(task1.turns[42].done).toBe(true)

    const fin = await e.api.listEpisodes({ runId: run('finance_sec_search').id, sort: 'ordinal' })
    expect(fin.items.map((x) => [x.taskKey, x.turns])).toEqual([
      ['0', 21],
      ['1', 9],
      ['2', 19],
      ['3', 13],
      ['4', 11]
    ])
    const ep = await e.api.getEpisode(fin.items[2].id)
    expect(ep.turns.flatMap((t) => t.toolCalls)).toHaveLength(10)

    // no task index: content keys, file order kept
    const multi = await e.api.listEpisodes({ runId: run('example_multi_step').id, sort: 'ordinal' })
    expect(multi.items.map((x) => [x.taskKeyKind, x.tokensIn])).toEqual([
      ['prompt_hash', 2940],
      ['prompt_hash', 2932],
      ['prompt_hash', 2970],
      ['prompt_hash', 2943],
      ['prompt_hash', 2938]
    ])

    // own fixture: written (1,1) (0,0) (1,0) (0,1) → listed by task then rollout
    const circle = await e.api.listEpisodes({ runId: run('circle_click_mini').id, sort: 'ordinal' })
    expect(circle.items.map((x) => [x.taskKey, x.rollout, x.status])).toEqual([
      ['0', 0, 'truncated'],
      ['0', 1, 'ok'],
      ['1', 0, 'error'],
      ['1', 1, 'ok']
    ])
    const detail = await e.api.getEpisode(circle.items[1].id)
    expect(detail.turns[7]).toMatchObject({ reward: 1, done: true })
  })

  it('an aggregate of several agents gives no headline (each mean covers a part of the file)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-nemo-'))
    copyFileSync(join(SOKOBAN, 'example_rollouts.jsonl'), join(dir, 'example_rollouts.jsonl'))
    const one = JSON.parse(readFileSync(join(SOKOBAN, 'example_rollouts_aggregate_metrics.json'), 'utf8')) as object[]
    writeFileSync(
      join(dir, 'example_rollouts_aggregate_metrics.json'),
      JSON.stringify([one[0], { ...one[0], agent_ref: { name: 'other' } }])
    )
    expect(N.readRunHeader(join(dir, 'example_rollouts.jsonl')).headlines).toEqual([])
  })

  it('appended rows (a collection still running) keep the task order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-nemo-'))
    const file = join(dir, 'example_rollouts.jsonl')
    const lines = readFileSync(join(SOKOBAN, 'example_rollouts.jsonl'), 'utf8').split('\n').filter(Boolean)
    writeFileSync(file, lines.slice(0, 3).join('\n') + '\n') // tasks 0, 2, 3
    copyFileSync(
      join(SOKOBAN, 'example_rollouts_aggregate_metrics.json'),
      join(dir, 'example_rollouts_aggregate_metrics.json')
    )
    const e = newEngine()
    await e.indexPaths([dir])
    writeFileSync(file, lines.join('\n') + '\n') // + tasks 4, 1
    const report = await e.indexPaths([dir])
    expect(report.files.find((f) => f.path === file)).toMatchObject({ state: 'indexed', episodes: 5 })
    const [run] = await e.api.listRuns()
    const page = await e.api.listEpisodes({ runId: run.id, sort: 'ordinal' })
    expect(page.items.map((x) => x.taskKey)).toEqual(['0', '1', '2', '3', '4'])
    expect(new Set(page.items.map((x) => x.id)).size).toBe(5)
    const last = await e.api.getEpisode(page.items[1].id)
    expect(last).toMatchObject({ taskKey: '1', turnCount: 43 })
  })
})

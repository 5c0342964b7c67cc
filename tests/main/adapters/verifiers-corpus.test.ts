/**
 * The verifiers adapter on EVERY results.jsonl of ../shared/fixtures/verifiers. Expected values were
 * read by hand from the files with python3 (json.loads per line; rewards, ids, answers; turns =
 * len(prompt) + len(completion); prompt hashes recomputed in python with the §7 recipe).
 *
 * Ids: wordle (both), math-python (both), mmmu and tool-test write `id = row // 3` while rows cycle
 * through 5 examples, so their ids do not identify tasks; mcp-env (1 example × 3) is consistent.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { verifiersAdapter as V } from '../../../src-main/formats/adapters/verifiers'
import { pickJsonlAdapter } from '../../../src-main/formats/registry'
import { describeLfsPointer, isLfsPointer } from '../../../src-main/formats/adapters/lfs-pointer'
import { fixture } from '../../helpers/fixtures-path'
import { rowsOf, type Row } from './read-rows'
import { tallyActions } from '../../../src-main/formats/actions/tally'

const W = 'verifiers/willccbb-verifiers'
const rows = (rel: string): Row[] => rowsOf(fixture(`${W}/${rel}/results.jsonl`))
const sums = (rel: string) => rows(rel).map((r) => V.summarize(r))
const cycle5 = <T>(five: T[]): T[] => [...five, ...five, ...five]
const ids15 = ['0', '0', '0', '1', '1', '1', '2', '2', '2', '3', '3', '3', '4', '4', '4']

interface Expected {
  rewards: number[]
  answers: (string | null)[]
  turns: number[]
  sourceIds: string[]
  metricKeys: string[]
}

const EXPECTED: Record<string, Expected> = {
  'wordle--gpt-4.1-mini/9a56fe55': {
    rewards: [
      2.15, 0.6, 2.15, 2.0, 1.6333333333, 1.77, 1.6666666667, 1.8666666667, 1.9428571429, 2.2, 2.1333333333,
      2.1666666667, 1.9428571429, 1.7428571429, 2.25
    ],
    answers: cycle5(['story', 'thing', 'water', 'voice', 'sleep']),
    turns: [8, 10, 8, 10, 6, 10, 12, 12, 14, 10, 6, 12, 14, 14, 8],
    sourceIds: ids15,
    metricKeys: [
      'check_answer_reward_func',
      'count_turns_reward_func',
      'format_reward_func',
      'partial_credit_reward_func',
      'reward'
    ]
  },
  'wordle--gpt-5-mini/b5161fc3': {
    rewards: [
      1.95, 2.2, 0.3933333333, 2.05, 0.304, 2.06, 0.62, 0.3933333333, 1.8333333333, 0.62, 2.06, 2.1666666667,
      0.3933333333, 1.96, 0.62
    ],
    answers: cycle5(['story', 'thing', 'water', 'voice', 'sleep']),
    turns: [8, 10, 8, 8, 12, 10, 10, 8, 6, 10, 10, 12, 8, 10, 10],
    sourceIds: ids15,
    metricKeys: [
      'check_answer_reward_func',
      'count_turns_reward_func',
      'format_reward_func',
      'partial_credit_reward_func',
      'reward'
    ]
  },
  'math-python--gpt-4.1-mini/578769a7': {
    rewards: [1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    answers: cycle5(['0', '98', '4', '17', '6']),
    turns: [7, 5, 9, 5, 7, 7, 5, 7, 5, 9, 9, 5, 7, 5, 13],
    sourceIds: ids15,
    metricKeys: ['correct_answer_reward_func', 'python_calls', 'reward', 'total_tool_calls']
  },
  'math-python--gpt-5-nano/cb7a1799': {
    rewards: Array(15).fill(1),
    answers: cycle5(['0', '98', '4', '17', '6']),
    turns: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 7],
    sourceIds: ids15,
    metricKeys: ['correct_answer_reward_func', 'python_calls', 'reward', 'total_tool_calls']
  },
  'mcp-env--gpt-4.1-mini/d6b4b7e4': {
    rewards: [1, 1, 1],
    answers: ['ENVIRONMENTS HUB', 'ENVIRONMENTS HUB', 'ENVIRONMENTS HUB'],
    turns: [4, 4, 4],
    sourceIds: ['0', '0', '0'],
    metricKeys: ['judge_reward', 'reward']
  },
  'mmmu--gpt-4.1-mini/69203f4b': {
    rewards: Array(15).fill(1),
    answers: cycle5(['C', 'B', 'A', 'B', 'C']),
    turns: Array(15).fill(2),
    sourceIds: ids15,
    metricKeys: ['correct_answer', 'reward']
  },
  'tool-test--gpt-4.1-mini/066dba27': {
    rewards: Array(15).fill(1),
    answers: Array(15).fill(null), // tool-test rows have no answer field
    turns: Array(15).fill(2),
    sourceIds: ids15,
    metricKeys: [
      'reward',
      'tool_A_calls',
      'tool_B_calls',
      'tool_C_calls',
      'tool_D_calls',
      'tool_call_reward_func',
      'total_tool_calls'
    ]
  }
}

describe('every results.jsonl under fixtures/verifiers', () => {
  it('is either one of the 7 runs below or one of the 2 Git LFS pointers', () => {
    const found: string[] = []
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name)
        if (statSync(p).isDirectory()) walk(p)
        else if (name === 'results.jsonl') found.push(relative(fixture('verifiers'), p))
      }
    }
    walk(fixture('verifiers'))
    const runs = Object.keys(EXPECTED).map((k) => `willccbb-verifiers/${k}/results.jsonl`)
    const pointers = [
      'prime-environments-metadata-only/polars_env/polars-env--openai--gpt-5.4-nano/6f807f73/results.jsonl',
      'willccbb-verifiers/_lfs-pointer-example/tool-test--gpt-4.1-mini/066dba27/results.jsonl'
    ]
    expect(found.sort()).toEqual([...runs, ...pointers].sort())
  })

  it.each(Object.entries(EXPECTED))('%s: records, rewards, ids, answers, turns, metric names', (rel, e) => {
    const all = rows(rel)
    expect(all).toHaveLength(e.rewards.length)
    expect(pickJsonlAdapter(all[0])).toBe(V)
    const s = all.map((r) => V.summarize(r))
    expect(s.map((x) => x.reward)).toEqual(e.rewards)
    expect(s.map((x) => x.sourceId)).toEqual(e.sourceIds)
    expect(s.map((x) => x.answer)).toEqual(e.answers)
    expect(s.map((x) => x.turns)).toEqual(e.turns)
    expect(s.every((x) => x.status === 'ok' && x.error === null && x.success === null)).toBe(true)
    expect(s.every((x) => Object.keys(x.metrics).sort().join() === e.metricKeys.join())).toBe(true)
    expect(s.every((x) => x.promptHash.length === 64 && x.tokensIn === null && x.tokensOut === null)).toBe(true)
    // the full parse has exactly the turns the summary counted
    expect(all.map((r) => V.parseEpisode(r).turns.length)).toEqual(e.turns)
  })

  it.each([
    [
      'polars_env (prime-environments)',
      'verifiers/prime-environments-metadata-only/polars_env/polars-env--openai--gpt-5.4-nano/6f807f73/results.jsonl',
      '844,823'
    ],
    [
      'tool-test (_lfs-pointer-example)',
      `${W}/_lfs-pointer-example/tool-test--gpt-4.1-mini/066dba27/results.jsonl`,
      '23,975'
    ]
  ])('the LFS pointer %s is recognized with its real size', (_name, rel, size) => {
    const bytes = readFileSync(fixture(rel))
    expect(bytes.length).toBeLessThan(140)
    expect(isLfsPointer(bytes)).toBe(true)
    expect(describeLfsPointer(bytes.toString('utf8'))).toBe(
      `Git LFS pointer: content not downloaded (real size ${size} bytes). Run \`git lfs pull\` in the repository.`
    )
  })
})

describe('per-row details', () => {
  it('metrics and durations of single rows', () => {
    const w = sums('wordle--gpt-4.1-mini/9a56fe55')
    expect(w[0].metrics).toEqual({
      reward: 2.15,
      check_answer_reward_func: 1,
      partial_credit_reward_func: 0.7,
      count_turns_reward_func: 0.25,
      format_reward_func: 1
    })
    expect(w[1].metrics).toEqual({
      reward: 0.6,
      check_answer_reward_func: 0,
      partial_credit_reward_func: 0.4,
      count_turns_reward_func: 0,
      format_reward_func: 1
    })
    expect(sums('wordle--gpt-5-mini/b5161fc3')[4].metrics).toMatchObject({
      reward: 0.304,
      partial_credit_reward_func: 0.2,
      format_reward_func: 0.52
    })
    const m = sums('math-python--gpt-4.1-mini/578769a7')
    // generation_ms / scoring_ms / total_ms are timing, not metrics; total_ms is the duration
    expect(m[5].metrics).toEqual({ reward: 0, total_tool_calls: 2, python_calls: 2, correct_answer_reward_func: 0 })
    expect(m[0].durationMs).toBe(14312.5741481781)
    expect(m[5].durationMs).toBe(13681.1020374298)
    expect(sums('mcp-env--gpt-4.1-mini/d6b4b7e4')[2]).toMatchObject({
      durationMs: 3709.9568843842,
      metrics: { reward: 1, judge_reward: 1 }
    })
    expect(sums('tool-test--gpt-4.1-mini/066dba27')[1].metrics).toEqual({
      reward: 1,
      total_tool_calls: 3,
      tool_A_calls: 1,
      tool_B_calls: 1,
      tool_C_calls: 0,
      tool_D_calls: 1,
      tool_call_reward_func: 1
    })
    expect(w[0].durationMs).toBeNull() // Aug-2025 rows carry no timing
  })

  it('generation time (generation_ms, scoring excluded) apart from the total; no producer step count or stop condition', () => {
    const m = sums('math-python--gpt-4.1-mini/578769a7')
    // row 0: generation_ms 14311.0961914062, total_ms 14312.5741481781; row 5: 13673.182964325
    expect([m[0].generationMs, m[5].generationMs]).toEqual([14311.0961914062, 13673.182964325])
    expect(sums('mcp-env--gpt-4.1-mini/d6b4b7e4').map((x) => x.generationMs)).toEqual([
      3149.1508483887, 2944.1111087799, 3132.9216957092
    ])
    // Sep-2025 rows have no num_turns and no stop_condition: steps are counted from the transcript by the indexer
    expect(m.every((x) => x.steps === undefined && x.termination === null)).toBe(true)
    expect(tallyActions(m[0].actions).facts?.steps).toBe(3) // two python calls and the answer
    expect(sums('wordle--gpt-4.1-mini/9a56fe55')[0].generationMs).toBeNull()
  })

  it('info keeps scalars only: oai_tools and tool_names (lists) are not categories', () => {
    expect(sums('tool-test--gpt-4.1-mini/066dba27')[0].info).toEqual({})
    expect(sums('math-python--gpt-4.1-mini/578769a7')[0].info).toEqual({})
  })

  it('previews the first user message', () => {
    expect(sums('mcp-env--gpt-4.1-mini/d6b4b7e4')[0].preview).toBe(
      "Find out what Prime Intellect's newest announcement was from their website, give me the headline in 2 words. Their url is primeintellect.ai"
    )
    const p = sums('math-python--gpt-4.1-mini/578769a7')[0].preview
    expect(p).toHaveLength(200)
    expect(p.startsWith('Let \\[f(x) = \\left\\{ \\begin{array}{cl} ax+3, &\\text{ if }x>2,')).toBe(true)
    expect(p.endsWith('…')).toBe(true)
    expect(
      sums('wordle--gpt-4.1-mini/9a56fe55')[0].preview.startsWith(
        '[GAME] You are Playing Wordle. A secret 5-letter word'
      )
    ).toBe(true)
  })
})

describe('prompt hashes', () => {
  it('match the §7 recipe computed independently in python', () => {
    expect(sums('mcp-env--gpt-4.1-mini/d6b4b7e4')[0].promptHash.slice(0, 16)).toBe('529ef61c531d3c9a')
    expect(
      sums('math-python--gpt-4.1-mini/578769a7')
        .slice(0, 5)
        .map((s) => s.promptHash.slice(0, 16))
    ).toEqual(['13cbf721b69be676', 'fe958d1012a63f49', '156b2b4c78301207', 'd3f75a77a16aba89', '4c2e010cbf76e131'])
    expect(sums('wordle--gpt-4.1-mini/9a56fe55')[0].promptHash.slice(0, 16)).toBe('e9b40ea4da418a4e')
    expect(sums('mmmu--gpt-4.1-mini/69203f4b')[0].promptHash.slice(0, 16)).toBe('3d235c3924d14a98')
    expect(sums('tool-test--gpt-4.1-mini/066dba27')[0].promptHash.slice(0, 16)).toBe('ea117551a65b417b')
  })

  it('are equal for the same problem across the two math-python runs (5 problems, rows cycle)', () => {
    const a = sums('math-python--gpt-4.1-mini/578769a7').map((s) => s.promptHash)
    const b = sums('math-python--gpt-5-nano/cb7a1799').map((s) => s.promptHash)
    expect(a).toEqual(b) // both runs list the problems in the same order
    expect(new Set(a).size).toBe(5)
    expect([a[0], a[5], a[10]].every((h) => h === a[0])).toBe(true) // rows 0, 5, 10: the same problem (answer 0)
    expect(a[1]).not.toBe(a[0])
  })

  it('are one value for every Wordle game in both runs: the answer tells the games apart', () => {
    const a = sums('wordle--gpt-4.1-mini/9a56fe55')
    const b = sums('wordle--gpt-5-mini/b5161fc3')
    expect(new Set([...a, ...b].map((s) => s.promptHash)).size).toBe(1)
    expect(new Set(a.map((s) => s.answer)).size).toBe(5)
  })

  it('differ for the 5 mmmu and tool-test prompts, which cycle like math-python', () => {
    for (const rel of ['mmmu--gpt-4.1-mini/69203f4b', 'tool-test--gpt-4.1-mini/066dba27']) {
      const h = sums(rel).map((s) => s.promptHash)
      expect(new Set(h).size).toBe(5)
      expect(h[5]).toBe(h[0]) // rows 0 and 5: the same example, ids 0 and 1
      expect(h[1]).not.toBe(h[0]) // rows 0 and 1: both id 0, different examples
    }
  })
})

describe('transcripts', () => {
  it('math-python: string-encoded tool calls, tool results without ids paired by order', () => {
    const body = V.parseEpisode(rows('math-python--gpt-4.1-mini/578769a7')[0])
    expect(body.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant'
    ])
    expect(body.turns.map((t) => t.isPrompt)).toEqual([true, true, false, false, false, false, false])
    expect(body.turns[2].toolCalls).toHaveLength(1)
    expect(body.turns[2].toolCalls[0]).toMatchObject({ id: 'call_RYna5gb2agTQButNTFngPJmD', name: 'python' })
    expect(
      (body.turns[2].toolCalls[0].arguments as { code: string }).code.startsWith(
        'from sympy import symbols, Eq, solve\n'
      )
    ).toBe(true)
    expect(body.turns[2].text).toBe('') // content "" beside the tool call
    expect(body.turns[3]).toMatchObject({
      toolCallId: 'call_RYna5gb2agTQButNTFngPJmD',
      toolName: 'python',
      isObservation: true
    })
    expect(body.turns[3].text.endsWith("ModuleNotFoundError: No module named 'sympy'")).toBe(true)
    expect(body.turns[5]).toMatchObject({
      text: 'Out[2]: 0',
      toolCallId: 'call_GMCcBNRKUslcip4Gu1tZR8Gz',
      toolName: 'python'
    })
    expect(body.turns[6]).toMatchObject({ text: '\\[\n\\boxed{0}\n\\]', toolCalls: [], isObservation: false })
    expect(body.tools.map((t) => (t as { function: { name: string } }).function.name)).toEqual(['python'])
    expect(Object.keys(body.infoFull)).toEqual(['oai_tools'])
  })

  it('math-python row 14: five calls in a row, each result paired with its own call', () => {
    const turns = V.parseEpisode(rows('math-python--gpt-4.1-mini/578769a7')[14]).turns
    const calls = turns.filter((t) => t.role === 'assistant').flatMap((t) => t.toolCalls.map((c) => c.id))
    expect(calls).toEqual([
      'call_2OftxVwr0PbbmrajL4RgYdXQ',
      'call_hS2uGEPuKn09XIDamzC6hCkp',
      'call_tF1zhwpS78ALeghZXu0HqrF4',
      'call_Oz7GemtQr3zIxadS8A3eLRQd',
      'call_a0np4B8swmJ44GCOf2GvV9Gz'
    ])
    expect(turns.filter((t) => t.role === 'tool').map((t) => t.toolCallId)).toEqual(calls)
    expect(turns[turns.length - 2].text).toBe('Out[5]: 6.0')
  })

  it('mcp-env: a string-encoded call with JSON arguments, its result paired by order', () => {
    const body = V.parseEpisode(rows('mcp-env--gpt-4.1-mini/d6b4b7e4')[0])
    expect(body.turns[1].toolCalls).toEqual([
      {
        id: 'call_7u4rDoqfWc0aOHQPNk1MlmnC',
        name: 'crawling_exa',
        arguments: { url: 'https://primeintellect.ai', maxCharacters: 3000 }
      }
    ])
    expect(body.turns[2]).toMatchObject({
      role: 'tool',
      toolCallId: 'call_7u4rDoqfWc0aOHQPNk1MlmnC',
      toolName: 'crawling_exa'
    })
    expect(body.turns[2].text.startsWith('{\n  "requestId": "8d2b78a344fa8e2ffecb226eeea194a9"')).toBe(true)
    expect(body.turns[3].text).toBe(
      'The headline of Prime Intellect\'s newest announcement from their website is: "Environments Hub"'
    )
    expect(body.tools).toHaveLength(7)
  })

  it('tool-test: dict tool calls (no tool results in the completion)', () => {
    const all = rows('tool-test--gpt-4.1-mini/066dba27')
    const body = V.parseEpisode(all[0])
    expect(body.turns[1].toolCalls).toEqual([
      { id: 'call_NqH2U6P4ZybkZ1vjKdVN3Zlx', name: 'tool_B', arguments: { x: 'example' } },
      { id: 'call_hqdv0ObzgFoUieaTxNy0ZX6t', name: 'tool_D', arguments: { x: true } }
    ])
    expect(body.turns[1].text).toBe('') // no content key at all
    expect(V.parseEpisode(all[1]).turns[1].toolCalls.map((c) => [c.name, c.arguments])).toEqual([
      ['tool_D', { x: true }],
      ['tool_A', { x: 42 }],
      ['tool_B', { x: 'hello' }]
    ])
    expect(body.tools.map((t) => (t as { function: { name: string } }).function.name)).toEqual([
      'tool_A',
      'tool_B',
      'tool_C',
      'tool_D'
    ])
    expect(body.infoFull.tool_names).toEqual(['tool_B', 'tool_D'])
  })

  it('Wordle: board feedback inside the completion is an observation, the prompt is not', () => {
    const turns = V.parseEpisode(rows('wordle--gpt-4.1-mini/9a56fe55')[0]).turns
    expect(turns.map((t) => [t.role, t.isPrompt, t.isObservation])).toEqual([
      ['system', true, false],
      ['user', true, false],
      ['assistant', false, false],
      ['user', false, true],
      ['assistant', false, false],
      ['user', false, true],
      ['assistant', false, false],
      ['user', false, true]
    ])
    expect(turns[3].text).toBe('\nC R A N E\nX Y X X X\nYou have 5 guesses left.')
    expect(turns[7].text.endsWith('[GAME] [story]')).toBe(true)
  })

  it('mmmu: the literal [image] marker of Sep-2025 output is kept as text', () => {
    const all = rows('mmmu--gpt-4.1-mini/69203f4b')
    for (const r of all) expect(V.parseEpisode(r).turns[0].text.endsWith('\n\n[image]')).toBe(true)
    expect(V.parseEpisode(all[1]).turns[0].text.startsWith('Which image was generated by AI on <image 1>?')).toBe(true)
    expect(V.parseEpisode(all[0]).tools).toEqual([]) // no info at all in mmmu rows
    expect(V.parseEpisode(all[0]).infoFull).toEqual({})
  })
})

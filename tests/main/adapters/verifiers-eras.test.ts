/**
 * verifiers rows of eras the real corpus lacks (FORMATS.md §1.2, §8), from the project's own
 * fixtures in tests/fixtures/verifiers/evals: 2026 (code-env), Dec 2025 without metadata.json and
 * with a partial last line (gsm8k), and an Aug-2025 completion env with string prompts (continuation).
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { verifiersAdapter as V } from '../../../src-main/formats/adapters/verifiers'
import { chatJsonlAdapter } from '../../../src-main/formats/adapters/chat-jsonl'
import { pickJsonlAdapter } from '../../../src-main/formats/registry'
import { RecordError } from '../../../src-main/formats/types'
import { fixture, ownFixture } from '../../helpers/fixtures-path'
import { readJsonl, rowsOf } from './read-rows'
import { tallyActions } from '../../../src-main/formats/actions/tally'

const own = (dir: string) => rowsOf(ownFixture(`verifiers/evals/${dir}/results.jsonl`))

describe('2026 rows (code-env): example_id, timing, token_usage, metrics dict, tool_defs, errors', () => {
  const rows = own('code-env--openai--gpt-5.4-nano/3f2a9c1e')
  const s = rows.map((r) => V.summarize(r))

  it('are verifiers rows', () => {
    expect(rows).toHaveLength(5)
    expect(pickJsonlAdapter(rows[0])).toBe(V)
  })

  it('row 0: ok; the metrics dict and its flattened copy are counted once; timing.total in seconds', () => {
    expect(s[0]).toEqual({
      sourceId: '0',
      promptHash: s[0].promptHash,
      answer: '42',
      reward: 1,
      success: null,
      status: 'ok',
      error: null,
      turns: 5,
      preview: 'What does `expr 6 \\* 7` print?',
      metrics: { reward: 1, correctness: 1, num_turns: 2 },
      info: { difficulty: 'easy', source: 'synthetic' }, // tags (a list) is left out
      tokensIn: 1200,
      tokensOut: 340,
      durationMs: 12500,
      steps: 2, // num_turns 2.0
      termination: 'no_tools', // stop_condition
      generationMs: 11000, // timing.generation.duration 11.0 s (the row has no model spans)
      // what the agent did, as the adapter holds it: the indexer counts from it (tallyActions)
      actions: expect.objectContaining({ kind: 'messages' })
    })
    expect(tallyActions(s[0].actions)).toEqual({
      content: expect.objectContaining({ values: expect.any(Number) }), // the episode's fingerprint (issue 17)
      toolCalls: { bash: 1 }, // the one completion tool call (expr 6 \* 7)
      facts: { steps: 2, maxRepeat: 1, emptyFinal: false, toolError: false, timeout: false }
    })
  })

  it('rows 1 and 2: is_truncated → truncated (with the stop condition); error object → error message', () => {
    expect(s[1]).toMatchObject({
      status: 'truncated',
      error: 'truncated: max_turns',
      reward: 0,
      turns: 4,
      durationMs: 30000
    })
    expect(s[2]).toMatchObject({
      status: 'error',
      error: 'sandbox timed out after 600s',
      turns: 2,
      tokensIn: 0,
      tokensOut: 0
    })
  })

  it('steps = num_turns, termination = stop_condition, generation = timing.generation (s → ms) on every row', () => {
    // rows 1–4: num_turns 1, 0, 1, absent; stop_condition max_turns, has_error, no_tools, null (not truncated);
    // generation.duration 28.5, 598.5, 0.5 s; row 4's timing has only `total`
    expect(s.map((x) => x.steps)).toEqual([2, 1, 0, 1, undefined]) // undefined: counted from the transcript (null would say unknown)
    expect(s.map((x) => x.termination)).toEqual(['no_tools', 'max_turns', 'has_error', 'no_tools', null])
    expect(s.map((x) => x.generationMs)).toEqual([11000, 28500, 598500, 500, null])
    // without a stop_condition, is_truncated alone says `truncated`
    expect(V.summarize({ ...rows[1], stop_condition: null }).termination).toBe('truncated')
    // a row with model spans: the model calls, not the whole generation phase (which includes tool time)
    const spans = {
      ...rows[0],
      timing: {
        ...(rows[0].timing as object),
        model: { spans: [{ start: 1, end: 4.25, duration: 3.25 }], duration: 3.25 }
      }
    }
    expect(V.summarize(spans).generationMs).toBe(3250)
    // a generation span that never ended (end 0) is no time
    expect(
      V.summarize({ ...rows[0], timing: { generation: { start: 5, end: 0, duration: 0 } } }).generationMs
    ).toBeNull()
  })

  it('row 3: a sub-task prefixes the id; no answer field; an image part in the prompt', () => {
    expect(s[3]).toMatchObject({ sourceId: 'vision/0', answer: null, info: { difficulty: 'hard', task: 'vision' } })
    expect(s[3].preview).toBe('How many circles are in the picture? [image]')
    const turns = V.parseEpisode(rows[3]).turns
    expect(turns[0].text).toBe('How many circles are in the picture?\n[image]')
    // the picture travels by reference in `images` (episode body, loaded on demand), never inside the text
    expect(turns[0].text).not.toContain('base64')
    expect(turns[0].images).toEqual([{ src: expect.stringMatching(/^data:image\/png;base64,/), mime: 'image/png' }])
    expect(s[3].preview).not.toContain('base64')
    // another picture with the same question is another task
    const other = structuredClone(rows[3]) as { prompt: { content: { image_url?: { url: string } }[] }[] }
    other.prompt[0].content[1].image_url = { url: 'data:image/png;base64,AAAA' }
    expect(V.summarize(other as unknown as Record<string, unknown>).promptHash).not.toBe(s[3].promptHash)
  })

  it('row 4: NaN and -Infinity metrics (read as null) are not metrics', () => {
    expect(s[4]).toMatchObject({ sourceId: '3', reward: 1, metrics: { reward: 1, correctness: 1 }, durationMs: 1500 })
    expect(Object.keys(s[4].metrics)).toEqual(['reward', 'correctness'])
  })

  it('parses turns: dict tool call paired by id, content null, reasoning_content; tools from tool_defs', () => {
    const body = V.parseEpisode(rows[0])
    expect(body.turns.map((t) => [t.role, t.isPrompt, t.isObservation])).toEqual([
      ['system', true, false],
      ['user', true, false],
      ['assistant', false, false],
      ['tool', false, true],
      ['assistant', false, false]
    ])
    expect(body.turns[2]).toMatchObject({
      text: '',
      toolCalls: [{ id: 'call_a1', name: 'bash', arguments: { command: 'expr 6 \\* 7' } }]
    })
    expect(body.turns[3]).toMatchObject({ text: '42\n', toolCallId: 'call_a1', toolName: 'bash' })
    expect(body.turns[4]).toMatchObject({ text: 'It prints 42.', reasoning: 'The tool printed 42.' })
    expect(body.tools).toEqual([
      {
        name: 'bash',
        description: 'Run a shell command.',
        parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
        strict: true
      }
    ])
    expect(body.infoFull).toEqual({ difficulty: 'easy', source: 'synthetic', tags: ['arith'] })
    expect(V.parseEpisode(rows[4]).tools).toEqual([])
  })
})

describe('Dec-2025 rows without metadata.json (gsm8k)', () => {
  const { rows, errors } = readJsonl(
    ownFixture('verifiers/evals/gsm8k--meta-llama--llama-3.1-8b/0badc0de/results.jsonl')
  )
  const s = rows.map((r) => V.summarize(r))

  it('keeps the 3 complete lines; the 4th is a partial write', () => {
    expect(rows).toHaveLength(3)
    expect(errors.map((e) => e.line)).toEqual([4])
  })

  it('flattened env metrics, *_ms timing, tokens from prompt_tokens / completion_tokens', () => {
    expect(s[0]).toMatchObject({
      sourceId: '0',
      answer: '72',
      reward: 1,
      status: 'ok',
      turns: 3,
      durationMs: 816,
      tokensIn: 64,
      tokensOut: 12,
      info: { level: 1 },
      metrics: { reward: 1, correct_answer_reward_func: 1, turns: 1, prompt_tokens: 64, completion_tokens: 12 }
    })
    expect(s[2]).toMatchObject({ sourceId: '0', reward: 0, status: 'ok' })
    expect(s[2].promptHash).toBe(s[0].promptHash)
  })

  it('an empty completion with reward 0 is a failed generation', () => {
    expect(s[1]).toMatchObject({
      status: 'error',
      error: 'generation failed (empty completion)',
      turns: 2,
      durationMs: 0,
      reward: 0
    })
  })

  it('generation_ms is the generation time; its initial 0.0 (never set: the rollout did not complete) is none', () => {
    // generation_ms 812.5, 0.0, 640.0; no num_turns (`turns` is an env metric, not verifiers' step count)
    expect(s.map((x) => x.generationMs)).toEqual([812.5, null, 640])
    expect(s.map((x) => x.steps)).toEqual([undefined, undefined, undefined]) // counted from the transcript
    expect(s.map((x) => x.termination)).toEqual([null, null, null])
  })
})

describe('completion env (string prompt and completion)', () => {
  const rows = own('continuation--gpt-4.1-mini/5e5e5e5e')

  it('counts each string as one turn and hashes the prompt as one user message', () => {
    const s = rows.map((r) => V.summarize(r))
    expect(s[0]).toMatchObject({
      sourceId: '0',
      answer: null, // "" means no answer
      turns: 2,
      status: 'ok',
      preview: 'Once upon a time, in a lighthouse,',
      metrics: { reward: 0.8, coherence_reward: 0.8 }
    })
    const sha = createHash('sha256').update('[["user","Once upon a time, in a lighthouse,"]]').digest('hex')
    expect(s[0].promptHash).toBe(sha)
    expect(s[1]).toMatchObject({ turns: 2, status: 'error', error: 'generation failed (empty completion)' })
  })

  it('parses to a user turn and an assistant turn', () => {
    const turns = V.parseEpisode(rows[0]).turns
    expect(turns.map((t) => [t.role, t.text, t.isPrompt])).toEqual([
      ['user', 'Once upon a time, in a lighthouse,', true],
      ['assistant', ' there lived a keeper who counted ships.', false]
    ])
    expect(V.parseEpisode(rows[1]).turns).toHaveLength(2)
  })
})

describe('matching', () => {
  it('leaves the Prime hosted-RL export (JSON-string fields) to its own adapter', () => {
    const [hosted] = rowsOf(fixture('prime-hosted-rl-run/security-verifiers/bp6qd19u06wzeqkdrf0h24xx/results.jsonl'))
    expect(typeof hosted.prompt).toBe('string')
    expect(V.matches(hosted)).toBe(false)
    expect(pickJsonlAdapter(hosted)?.format).toBe('prime-hosted-rl')
  })

  it('does not claim the other formats of the corpus', () => {
    for (const rel of [
      'nemo-gym/grl_sokoban/example_rollouts.jsonl',
      'nemo-gym/finance_sec_search/example.jsonl',
      'swe-agent/v0.x/gpt4__swe-bench-dev-easy_first_only/all_preds.jsonl'
    ]) {
      expect(V.matches(rowsOf(fixture(rel))[0]), rel).toBe(false)
    }
    expect(pickJsonlAdapter(rowsOf(fixture('nemo-gym/grl_sokoban/example_rollouts.jsonl'))[0])?.format).toBe('nemo-gym')
    // mini-swe-agent trajectories are one JSON document with messages: not chat JSONL rows
    const trajPath = fixture(
      'mini-swe-agent/output/deepseek_chat_dev/pydicom__pydicom-901/pydicom__pydicom-901.traj.json'
    )
    const traj = JSON.parse(readFileSync(trajPath, 'utf8')) as Record<string, unknown>
    expect(Array.isArray(traj.messages)).toBe(true)
    expect(pickJsonlAdapter(traj)).toBeUndefined()
  })

  it('needs prompt, completion and a reward or id; skips a record with neither messages list nor string', () => {
    expect(V.matches({ prompt: [], completion: [], reward: 1 })).toBe(true)
    expect(V.matches({ prompt: [], completion: [] })).toBe(false)
    expect(V.matches({ prompt: [], reward: 1 })).toBe(false)
    expect(() => V.summarize({ id: 1, prompt: null, completion: null, reward: 0 })).toThrow(RecordError)
    // a chat row goes to the chat adapter, a verifiers row with messages-like prompt stays verifiers
    expect(pickJsonlAdapter({ messages: [{ role: 'user', content: 'hi' }] })).toBe(chatJsonlAdapter)
  })
})

/** Generic chat JSONL (FORMATS.md §6.1) on the project's own fixtures in tests/fixtures/chat-jsonl. */
import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chatJsonlAdapter as C, modelOfRecord } from '../../../src-main/formats/adapters/chat-jsonl'
import { chatJsonlMetaPath } from '../../../src-main/formats/adapters/chat-jsonl-meta'
import { pickJsonlAdapter } from '../../../src-main/formats/registry'
import { RecordError } from '../../../src-main/formats/types'
import { ownFixture } from '../../helpers/fixtures-path'
import { rowsOf } from './read-rows'
import { tallyActions } from '../../../src-main/formats/actions/tally'

const DESK = ownFixture('chat-jsonl/support-desk/base--tiny-7b.jsonl')
const PLAIN = ownFixture('chat-jsonl/plain-chats.jsonl')
const sha = (s: string): string => createHash('sha256').update(s).digest('hex')

describe('support-desk: tools, tool_call ids, per-step rewards, sidecar', () => {
  const rows = rowsOf(DESK)
  const s = rows.map((r) => C.summarize(r))

  it('matches the chat adapter', () => {
    expect(rows).toHaveLength(3)
    expect(rows.every((r) => pickJsonlAdapter(r) === C)).toBe(true)
  })

  it('row 0: id, answer, reward, success, categories + scalar info, usage, duration, metrics', () => {
    expect(s[0]).toEqual({
      sourceId: 't-001',
      promptHash: sha(
        '[["system","You are a support agent for an online shop. Use the tools; never guess order data."],' +
          '["user","Order  A-17 arrived broken.\\nPlease refund it."]]'
      ),
      answer: 'refund issued',
      reward: 1,
      success: true,
      status: 'ok',
      error: null,
      turns: 7,
      preview: 'Order A-17 arrived broken. Please refund it.',
      // rollout and duration_ms are bookkeeping, not metrics
      metrics: { reward: 1, tool_calls: 2, policy_violations: 0 },
      info: { difficulty: 'easy', category: 'refund', archetype: 'lookup-then-act', customer_tier: 'gold' },
      tokensIn: 820,
      tokensOut: 95,
      durationMs: 4100,
      // what the agent did, as the adapter holds it: the indexer counts from it (tallyActions)
      actions: expect.objectContaining({ kind: 'messages' })
    })
    expect(tallyActions(s[0].actions)).toEqual({
      content: expect.objectContaining({ values: expect.any(Number) }), // the episode's fingerprint (issue 17)
      // the two assistant tool_calls of the row, by function name
      toolCalls: { lookup_order: 1, issue_refund: 1 },
      facts: { steps: 3, maxRepeat: 1, emptyFinal: false, toolError: false, timeout: false }
    })
  })

  it('row 1: a "timeout" status is a truncation; row 2: a declared error, no reward, same task as row 0', () => {
    expect(s[1]).toMatchObject({
      sourceId: 't-002',
      status: 'truncated',
      error: null,
      reward: 0.25,
      success: false,
      turns: 5,
      durationMs: 60000
    })
    expect(s[1].metrics).toEqual({ reward: 0.25, tool_calls: 2, policy_violations: 1 })
    expect(s[2]).toMatchObject({
      sourceId: 't-001',
      status: 'error',
      error: 'upstream 503 from the model server',
      reward: null,
      success: null,
      turns: 3,
      tokensIn: null,
      tokensOut: null,
      metrics: {}
    })
    expect(s[2].promptHash).toBe(s[0].promptHash)
  })

  it('parses turns: prompt before the first assistant message, tool results paired by id with per-step reward / done', () => {
    const body = C.parseEpisode(rows[0])
    expect(
      body.turns.map((t) => [t.role, t.isPrompt, t.isObservation, t.toolCallId, t.toolName, t.reward, t.done])
    ).toEqual([
      ['system', true, false, null, null, null, null],
      ['user', true, false, null, null, null, null],
      ['assistant', false, false, null, null, null, null],
      ['tool', false, true, 'c1', 'lookup_order', 0.1, false],
      ['assistant', false, false, null, null, null, null],
      ['tool', false, true, 'c2', 'issue_refund', 0.9, true],
      ['assistant', false, false, null, null, null, null]
    ])
    expect(body.turns[2]).toMatchObject({
      text: '',
      tokens: 21,
      toolCalls: [{ id: 'c1', name: 'lookup_order', arguments: { order_id: 'A-17' } }]
    })
    expect(body.turns[4]).toMatchObject({
      reasoning: 'Delivered and broken: refund the full 39.5.',
      toolCalls: [{ id: 'c2', name: 'issue_refund', arguments: { order_id: 'A-17', amount: 39.5 } }]
    })
    expect(body.turns[6].text).toBe('Your refund of $39.50 is on its way.')
    expect(body.tools.map((t) => (t as { function: { name: string } }).function.name)).toEqual([
      'lookup_order',
      'issue_refund'
    ])
    expect(body.infoFull).toEqual({
      difficulty: 'easy',
      category: 'refund',
      archetype: 'lookup-then-act',
      customer_tier: 'gold',
      history: [{ order: 'A-9' }]
    })
  })

  it('pairs parallel calls answered out of order by their ids', () => {
    const turns = C.parseEpisode(rows[1]).turns
    expect(turns[2].toolCalls.map((c) => c.id)).toEqual(['p1', 'p2'])
    expect(turns.slice(3).map((t) => [t.toolCallId, t.text, t.reward, t.done])).toEqual([
      ['p2', 'B-2: shipped', 0, false],
      ['p1', 'B-1: shipped', 0.25, true]
    ])
  })

  it('reads the run header from the .meta.json sidecar', () => {
    expect(chatJsonlMetaPath(DESK)).toBe(ownFixture('chat-jsonl/support-desk/base--tiny-7b.meta.json'))
    expect(C.readRunHeader(DESK)).toEqual({
      name: 'support-desk · tiny-7b (base)',
      model: 'tiny-7b',
      env: 'support-desk',
      createdAt: '2026-02-01T10:00:00Z',
      checkpointStep: 0,
      passThreshold: 0.5,
      header: {
        name: 'support-desk · tiny-7b (base)',
        model: 'tiny-7b',
        env: 'support-desk',
        createdAt: '2026-02-01T10:00:00Z',
        checkpointStep: 0,
        passThreshold: 0.5,
        sampling: { temperature: 0.7 }
      }
    })
    expect(modelOfRecord(rows[0])).toBe('tiny-7b')
  })
})

describe('plain-chats: other id / answer / score / flag spellings, no sidecar', () => {
  const rows = rowsOf(PLAIN)
  const s = rows.map((r) => C.summarize(r))

  it('row 0: numeric task_id, target, score, passed, token_usage, image part', () => {
    expect(s[0]).toMatchObject({
      sourceId: '17',
      answer: 'Paris',
      reward: 0.9,
      success: true,
      status: 'ok',
      turns: 2,
      preview: 'Which city is on this postcard? [image]',
      info: { tier: 'A', split: 'test' },
      metrics: { score: 0.9 },
      tokensIn: 50,
      tokensOut: 4,
      durationMs: null
    })
    expect(C.parseEpisode(rows[0]).turns[0].text).toBe('Which city is on this postcard?\n[image]')
  })

  it('row 1: uid, numeric expected_answer, resolved, an error object; a follow-up user turn is an observation', () => {
    expect(s[1]).toMatchObject({
      sourceId: 'u-9',
      answer: '12',
      reward: null,
      success: false,
      status: 'error',
      error: 'rate limited by the provider',
      turns: 5,
      info: { split: 'test' },
      metrics: {}
    })
    expect(s[1].promptHash).toBe(sha('[["system","Be brief."],["user","Guess my number (1-20)."]]'))
    expect(C.parseEpisode(rows[1]).turns.map((t) => [t.role, t.isPrompt, t.isObservation])).toEqual([
      ['system', true, false],
      ['user', true, false],
      ['assistant', false, false],
      ['user', false, true],
      ['assistant', false, false]
    ])
    expect(C.parseEpisode(rows[1]).infoFull).toEqual({ split: 'test' })
  })

  it('names the run by folder and file without a sidecar', () => {
    expect(C.readRunHeader(PLAIN)).toEqual({
      name: 'chat-jsonl/plain-chats',
      model: null,
      env: null,
      createdAt: null,
      checkpointStep: null,
      passThreshold: null,
      header: {}
    })
    expect(modelOfRecord(rows[0])).toBeNull()
  })
})

describe('edge cases', () => {
  it('matches only a non-empty list of role objects, and not a mini-swe-agent document', () => {
    expect(C.matches({ messages: [{ role: 'user', content: 'x' }] })).toBe(true)
    expect(C.matches({ messages: [] })).toBe(false)
    expect(C.matches({ messages: [{ content: 'x' }] })).toBe(false)
    expect(C.matches({ messages: 'hi' })).toBe(false)
    expect(C.matches({ messages: [{ role: 'user', content: 'x' }], trajectory_format: 'mini-swe-agent-1' })).toBe(false)
  })

  it('skips a line without messages (RecordError)', () => {
    expect(() => C.summarize({ id: 1, messages: [] })).toThrow(RecordError)
    expect(() => C.summarize({ id: 1 })).toThrow(RecordError)
  })

  it('maps status words and falls back to error / truncated fields', () => {
    const base = { messages: [{ role: 'user', content: 'q' }] }
    const status = (extra: Record<string, unknown>) => {
      const r = C.summarize({ ...base, ...extra })
      return [r.status, r.error]
    }
    expect(status({ status: 'completed' })).toEqual(['ok', null])
    expect(status({ status: 'Cancelled' })).toEqual(['cancelled', null])
    expect(status({ status: 'max_turns' })).toEqual(['truncated', null])
    expect(status({ status: 'failed', error: 'boom' })).toEqual(['error', 'boom'])
    expect(status({ status: 'failed' })).toEqual(['ok', null])
    expect(status({ truncated: true })).toEqual(['truncated', null])
    expect(status({ error: { code: 3 } })).toEqual(['error', '{"code":3}'])
    expect(status({ error: '' })).toEqual(['ok', null])
  })

  it('notes a broken sidecar in the header and names the run by its file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollscope-chat-'))
    const file = join(dir, 'run-a.jsonl')
    writeFileSync(file, '{"messages": [{"role": "user", "content": "q"}]}\n')
    writeFileSync(join(dir, 'run-a.meta.json'), '{"name": ')
    const h = C.readRunHeader(file)
    expect(h.name.endsWith('/run-a')).toBe(true)
    expect(h.header).toEqual({
      metaError: 'the .meta.json sidecar could not be read: Unexpected end of JSON input at position 9'
    })
  })
})

import { describe, expect, it } from 'vitest'
import { normalizeToolCall, normalizeToolCalls } from '../../../src-main/indexer/adapters/tool-calls'
import { messagesToTurns } from '../../../src-main/indexer/adapters/messages'
import { contentText, oneLine } from '../../../src-main/indexer/adapters/content-text'
import { promptHash } from '../../../src-main/indexer/adapters/prompt-hash'
import { decodeMaybeJson, parseJsonLine } from '../../../src-main/indexer/tolerant-json'

describe('tool-call shapes → {id, name, arguments}', () => {
  const expected = { id: 'c1', name: 'bash', arguments: { command: 'ls' } }
  it.each([
    ['OpenAI nested function', { id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"command": "ls"}' } }],
    ['JSON-encoded string (verifiers Sep 2025)', '{"id": "c1", "function": {"arguments": "{\\"command\\": \\"ls\\"}", "name": "bash"}, "type": "function"}'],
    ['flat with string arguments (hosted RL)', { id: 'c1', name: 'bash', arguments: '{"command":"ls"}' }],
    ['Inspect', { id: 'c1', function: 'bash', arguments: { command: 'ls' }, type: 'function' }],
    ['ATIF', { tool_call_id: 'c1', function_name: 'bash', arguments: { command: 'ls' } }],
    ['Responses API', { type: 'function_call', call_id: 'c1', name: 'bash', arguments: '{"command":"ls"}' }]
  ])('%s', (_name, raw) => {
    expect(normalizeToolCall(raw)).toEqual(expected)
  })

  it('keeps unparsable arguments raw, drops nameless calls, decodes a list given as a string', () => {
    expect(normalizeToolCall({ id: null, function: { name: 'py', arguments: 'print(1' } })).toEqual({ id: null, name: 'py', arguments: 'print(1' })
    expect(normalizeToolCalls([{ foo: 1 }, null, 'not json'])).toEqual([])
    expect(normalizeToolCalls('[{"id":"a","name":"t","arguments":"{}"}]')).toEqual([{ id: 'a', name: 't', arguments: {} }])
    expect(normalizeToolCalls(null)).toEqual([])
  })
})

describe('messagesToTurns', () => {
  it('pairs tool results by id, and by order of unanswered calls when ids are missing', () => {
    const turns = messagesToTurns(
      [{ role: 'user', content: 'go' }],
      [
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'a', function: { name: 'f', arguments: '{}' } },
            { id: 'b', function: { name: 'g', arguments: '{}' } }
          ]
        },
        { role: 'tool', tool_call_id: 'b', content: 'for b' },
        { role: 'tool', content: 'no id: the oldest unanswered call (a)' },
        { role: 'assistant', content: 'done', reasoning_content: 'thinking' }
      ]
    )
    expect(turns.map((t) => [t.role, t.toolCallId, t.toolName, t.isPrompt, t.isObservation])).toEqual([
      ['user', null, null, true, false],
      ['assistant', null, null, false, false],
      ['tool', 'b', 'g', false, true],
      ['tool', 'a', 'f', false, true],
      ['assistant', null, null, false, false]
    ])
    expect(turns[1].text).toBe('')
    expect(turns[4].reasoning).toBe('thinking')
    expect(turns.map((t) => t.index)).toEqual([0, 1, 2, 3, 4])
  })

  it('marks user feedback inside the completion as an observation and keeps per-step reward/done', () => {
    const turns = messagesToTurns(
      [{ role: 'system', content: 's' }, { role: 'user', content: 'u' }],
      [
        { role: 'assistant', content: '[crane]' },
        { role: 'user', content: 'X Y X X X', reward: 0.2, done: false },
        { role: 'developer', content: 'odd' }
      ]
    )
    expect(turns.map((t) => [t.role, t.isObservation])).toEqual([
      ['system', false],
      ['user', false],
      ['assistant', false],
      ['user', true],
      ['system', false]
    ])
    expect([turns[3].reward, turns[3].done]).toEqual([0.2, false])
  })
})

describe('content and hashing', () => {
  it('joins content parts and replaces images with a marker (no base64 copied)', () => {
    const parts = [
      { type: 'text', text: 'look' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
      { type: 'input_image', image_url: 'data:image/png;base64,BBBB' }
    ]
    expect(contentText(parts)).toBe('look\n[image]\n[image]')
    expect(contentText(null)).toBe('')
    expect(oneLine('  a\n\n b\t c ')).toBe('a b c')
    expect(oneLine('x'.repeat(300))).toHaveLength(200)
  })

  it('hashes the task-defining messages by role and text only, ignoring trailing whitespace', () => {
    const a = promptHash([{ role: 'system', content: 'S' }, { role: 'user', content: 'Q  \n' }])
    const b = promptHash([{ role: 'system', content: 'S', extra: 1 }, { role: 'user', content: [{ type: 'text', text: 'Q' }] }])
    expect(a).toBe(b)
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(promptHash([{ role: 'user', content: 'Q' }])).not.toBe(a)
  })
})

describe('tolerant JSON', () => {
  it('turns bare NaN / Infinity outside strings into null, leaves strings alone', () => {
    expect(parseJsonLine('{"a": NaN, "b": -Infinity, "c": "NaN Infinity", "d": [Infinity]}')).toEqual({ a: null, b: null, c: 'NaN Infinity', d: [null] })
    expect(parseJsonLine('{"s": "say \\"NaN\\"", "v": NaN}')).toEqual({ s: 'say "NaN"', v: null })
  })
  it('rethrows real syntax errors', () => {
    expect(() => parseJsonLine('{"a": ')).toThrow(SyntaxError)
    expect(() => parseJsonLine('{"a": NaN')).toThrow(SyntaxError)
  })
  it('decodes JSON held in strings only when it is an object or array', () => {
    expect(decodeMaybeJson('{"x":1}')).toEqual({ x: 1 })
    expect(decodeMaybeJson('42')).toBe('42')
    expect(decodeMaybeJson('{broken')).toBe('{broken')
  })
})

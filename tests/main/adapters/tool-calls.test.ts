import { describe, expect, it } from 'vitest'
import { normalizeToolCall, normalizeToolCalls, parseArguments } from '../../../src-main/formats/adapters/tool-calls'

describe('tool-call shapes → {id, name, arguments}', () => {
  const expected = { id: 'c1', name: 'bash', arguments: { command: 'ls' } }
  it.each([
    [
      'OpenAI nested function',
      { id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"command": "ls"}' } }
    ],
    [
      'JSON-encoded string element (verifiers Sep 2025)',
      '{"id": "c1", "function": {"arguments": "{\\"command\\": \\"ls\\"}", "name": "bash"}, "type": "function"}'
    ],
    ['flat with string arguments (hosted RL, verifiers v1)', { id: 'c1', name: 'bash', arguments: '{"command":"ls"}' }],
    [
      'flat with dict arguments (tau2)',
      { id: 'c1', name: 'bash', arguments: { command: 'ls' }, requestor: 'assistant' }
    ],
    [
      'Inspect',
      { id: 'c1', function: 'bash', arguments: { command: 'ls' }, type: 'function', view: { content: 'ls' } }
    ],
    ['ATIF', { tool_call_id: 'c1', function_name: 'bash', arguments: { command: 'ls' } }],
    ['Responses API', { type: 'function_call', call_id: 'c1', name: 'bash', arguments: '{"command":"ls"}' }]
  ])('%s', (_name, raw) => {
    expect(normalizeToolCall(raw)).toEqual(expected)
  })

  it('keeps unparsable arguments raw and empty arguments as {}', () => {
    expect(normalizeToolCall({ function: { name: 'py', arguments: 'print(1' } })).toEqual({
      id: null,
      name: 'py',
      arguments: 'print(1'
    })
    expect(normalizeToolCall({ id: 'x', function: { name: 'noop', arguments: '' } })).toEqual({
      id: 'x',
      name: 'noop',
      arguments: {}
    })
    expect(parseArguments(undefined)).toEqual({})
    expect(parseArguments('[1, 2]')).toEqual([1, 2])
  })

  it('drops things that are no tool call and decodes a list given as a string', () => {
    expect(normalizeToolCalls([{ foo: 1 }, null, 'not json', 7])).toEqual([])
    expect(normalizeToolCalls('[{"id":"a","name":"t","arguments":"{}"}]')).toEqual([
      { id: 'a', name: 't', arguments: {} }
    ])
    expect(normalizeToolCalls(null)).toEqual([])
    expect(normalizeToolCalls(undefined)).toEqual([])
  })

  it('reads a legacy OpenAI function_call object as one call', () => {
    expect(normalizeToolCalls({ name: 'get_weather', arguments: '{"city": "Oslo"}' })).toEqual([
      { id: null, name: 'get_weather', arguments: { city: 'Oslo' } }
    ])
  })
})

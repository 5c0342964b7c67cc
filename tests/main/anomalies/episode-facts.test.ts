import { describe, expect, it } from 'vitest'
import { messageFacts, turnFacts } from '../../../src-main/formats/actions/episode-facts'
import { episodeAnomalies } from '../../../src-main/anomalies/episode-anomalies'
import { makeTurn } from '../../helpers/make-turn'

const call = (name: string, args: unknown) => ({
  id: Math.random().toString(36),
  type: 'function',
  function: { name, arguments: args }
})
const asst = (content: unknown, calls?: unknown[]) => ({
  role: 'assistant',
  content,
  ...(calls ? { tool_calls: calls } : {})
})
const tool = (content: string) => ({ role: 'tool', content })

describe('messageFacts (loop and empty answer over chat messages)', () => {
  it('counts the longest run of identical consecutive calls, tool output in between does not break it', () => {
    const ls = () => call('bash', '{"cmd": "ls"}')
    const msgs = [
      { role: 'user', content: 'go' },
      asst('', [ls()]),
      tool('a'),
      asst('again', [ls()]),
      tool('a'),
      asst('', [ls()]),
      tool('a'),
      asst('done')
    ]
    expect(messageFacts(msgs)).toEqual({ steps: 4, maxRepeat: 3, emptyFinal: false, toolError: false, timeout: false })
    expect(episodeAnomalies({ status: 'ok', error: null, facts: messageFacts(msgs) })).toEqual(['loop'])
  })

  it('a different argument or tool between the repeats breaks the run (re-running tests after edits is no loop)', () => {
    const t = () => call('bash', '{"cmd": "pytest"}')
    const msgs = [
      asst('', [t()]),
      asst('', [call('edit', { path: 'a' })]),
      asst('', [t()]),
      asst('', [call('bash', '{"cmd": "pytest -x"}')]),
      asst('', [t()]),
      asst('ok')
    ]
    expect(messageFacts(msgs).maxRepeat).toBe(1)
    expect(episodeAnomalies({ status: 'ok', error: null, facts: messageFacts(msgs) })).toEqual([])
  })

  it('object arguments compare by value; calls in a JSON-string list count; several calls in one message count in order', () => {
    const msgs = [
      asst('', JSON.stringify([call('f', { a: 1 }), call('f', { a: 1 })]) as unknown as unknown[]),
      asst('', [call('f', { a: 1 })]),
      asst('x')
    ]
    expect(messageFacts(msgs).maxRepeat).toBe(3)
  })

  it('empty final answer: last assistant with blank text and no call, no assistant at all, or an empty text completion', () => {
    expect(messageFacts([{ role: 'user', content: 'q' }, asst('  \n')]).emptyFinal).toBe(true)
    expect(messageFacts([asst([{ type: 'text', text: '' }])]).emptyFinal).toBe(true)
    expect(messageFacts([{ role: 'user', content: 'q' }]).emptyFinal).toBe(true)
    expect(messageFacts([]).emptyFinal).toBe(true)
    expect(messageFacts('').emptyFinal).toBe(true)
    expect(messageFacts('42').emptyFinal).toBe(false)
    expect(
      messageFacts([asst([{ type: 'text', text: 'The answer is 4' }]), { role: 'user', content: 'thanks' }]).emptyFinal
    ).toBe(false)
    // a final message that only calls a tool (submit) did answer
    expect(messageFacts([asst(null, [call('submit', '{}')])]).emptyFinal).toBe(false)
    expect(episodeAnomalies({ status: 'ok', error: null, facts: messageFacts([asst('')]) })).toEqual(['empty-answer'])
  })

  it('reads Responses API output items (function_call items, assistant message items)', () => {
    const fc = () => ({ type: 'function_call', call_id: 'c', name: 'search', arguments: '{"q":"x"}' })
    const out = [
      fc(),
      { type: 'function_call_output', output: 'r' },
      fc(),
      fc(),
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'hi' }] }
    ]
    // one action per model turn: fc | fc fc message (no observation between them) = 2
    expect(messageFacts(out)).toEqual({ steps: 2, maxRepeat: 3, emptyFinal: false, toolError: false, timeout: false })
  })
})

describe('turnFacts (parsed turns) and the status-based codes', () => {
  it('skips prompt turns and compares normalized calls', () => {
    const c = { id: null, name: 'python', arguments: { code: 'print(1)' } }
    const turns = [
      makeTurn({ role: 'assistant', isPrompt: true, toolCalls: [c] }),
      makeTurn({ toolCalls: [c] }),
      makeTurn({ toolCalls: [c] }),
      makeTurn({ text: 'final' })
    ]
    expect(turnFacts(turns)).toEqual({ steps: 3, maxRepeat: 2, emptyFinal: false, toolError: false, timeout: false })
    expect(turnFacts([...turns.slice(1), makeTurn({ toolCalls: [c] })]).maxRepeat).toBe(3)
    expect(
      turnFacts([makeTurn({ text: 'x' }), makeTurn({ role: 'tool', text: 'out' }), makeTurn({ text: '' })]).emptyFinal
    ).toBe(true)
  })

  it('truncated and error come from the status and the recorded error', () => {
    expect(episodeAnomalies({ status: 'truncated', error: 'truncated: max tokens', facts: null })).toEqual([
      'truncated'
    ])
    expect(episodeAnomalies({ status: 'error', error: null })).toEqual(['error'])
    expect(episodeAnomalies({ status: 'ok', error: 'tool timed out' })).toEqual(['error'])
    expect(episodeAnomalies({ status: 'cancelled', error: 'stopped' })).toEqual([])
    expect(episodeAnomalies({ status: 'ok', error: null })).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { makeTurn } from '../../helpers/make-turn'
import { formatArguments, turnLabel } from '../../../src-renderer/src/lib/turn-label'
import { displayValue, toolNames } from '../../../src-renderer/src/lib/display-value'

const turn = makeTurn

describe('turnLabel', () => {
  it('marks prompts, generated turns and observations', () => {
    expect(turnLabel(turn({ role: 'system', isPrompt: true }))).toEqual({
      role: 'system',
      origin: 'prompt',
      observation: false,
      toolLabel: null
    })
    expect(turnLabel(turn({ role: 'assistant' })).origin).toBe('generated')
    expect(turnLabel(turn({ role: 'user', isObservation: true }))).toEqual({
      role: 'user',
      origin: null,
      observation: true,
      toolLabel: null
    })
  })
  it('labels tool results with the tool name and call id', () => {
    expect(
      turnLabel(turn({ role: 'tool', isObservation: true, toolName: 'search', toolCallId: 'call_1' })).toolLabel
    ).toBe('search · call_1')
    expect(turnLabel(turn({ role: 'tool', isObservation: true })).toolLabel).toBe('unknown tool')
  })
})

describe('formatArguments', () => {
  it('pretty-prints objects and leaves unparsed strings as they are', () => {
    expect(formatArguments({ q: 'x', k: [1, 2] })).toBe('{\n  "q": "x",\n  "k": [\n    1,\n    2\n  ]\n}')
    expect(formatArguments('print(1+')).toBe('print(1+')
    expect(formatArguments(undefined)).toBe('')
  })
})

describe('display helpers', () => {
  it('displayValue gives one short line and the full text', () => {
    expect(displayValue({ a: [1, 2] })).toEqual({ short: '{"a":[1,2]}', full: '{"a":[1,2]}' })
    expect(displayValue('a\nb', 160).short).toBe('a b')
    expect(displayValue('x'.repeat(10), 4).short).toBe('xxx…')
    expect(displayValue(null).short).toBe('–')
  })
  it('toolNames reads OpenAI-style and flat definitions', () => {
    expect(toolNames([{ type: 'function', function: { name: 'search' } }, { name: 'python' }, 'junk', null])).toEqual([
      'search',
      'python'
    ])
  })
})

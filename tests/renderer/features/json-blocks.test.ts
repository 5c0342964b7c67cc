/** JSON in assistant text is fenced as `json` before markdown reads it (features/episode/json-blocks.ts). */
import { describe, expect, it } from 'vitest'
import { fenceJsonBlocks, isJsonMessage, jsonFence } from '../../../src-renderer/src/features/episode/json-blocks'

describe('isJsonMessage', () => {
  it('is an object or an array as a whole, whatever its layout', () => {
    expect(isJsonMessage('{"analysis": "a", "commands": []}')).toBe(true)
    expect(isJsonMessage('  [1, {"a": "x\\\\n"}]\n')).toBe(true)
    expect(isJsonMessage('"just a string"')).toBe(false)
    expect(isJsonMessage('42')).toBe(false)
    expect(isJsonMessage('{"a": 1} and then prose')).toBe(false)
    expect(isJsonMessage('Sure: {"a": 1}')).toBe(false)
  })

  it('takes the cut head of a longer message that starts like JSON as JSON (it cannot parse)', () => {
    expect(isJsonMessage('{\n  "analysis": "the start of a long', true)).toBe(true)
    expect(isJsonMessage('{\n  "analysis": "the start of a long')).toBe(false)
    expect(isJsonMessage('Prose that was cut', true)).toBe(false)
  })
})

describe('jsonFence', () => {
  it('fences with more backticks than any run inside', () => {
    expect(jsonFence('{"a": 1}\n')).toBe('```json\n{"a": 1}\n```')
    expect(jsonFence('{"md": "````x````"}')).toBe('`````json\n{"md": "````x````"}\n`````')
  })
})

describe('fenceJsonBlocks', () => {
  it('fences pretty-printed JSON and a one-line object standing between prose', () => {
    const text = 'Plan:\n{\n  "keystrokes": "printf \'a\\\\n\'\\n"\n}\nThen:\n{"done": true}\nend'
    expect(fenceJsonBlocks(text)).toBe(
      'Plan:\n```json\n{\n  "keystrokes": "printf \'a\\\\n\'\\n"\n}\n```\nThen:\n```json\n{"done": true}\n```\nend'
    )
  })

  it('leaves prose, indented or unclosed brackets, non-JSON and fenced blocks as they are', () => {
    for (const text of [
      'no json here\n',
      '  {\n  "indented": 1\n  }',
      '{\n  "never": "closed"',
      '{ not json }',
      '[link](https://x.example) and [1]',
      '```json\n{\n  "a": 1\n}\n```',
      '~~~~\n```\n{"inside": "a tilde fence"}\n~~~~'
    ])
      expect(fenceJsonBlocks(text)).toBe(text)
  })
})

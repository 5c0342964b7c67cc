import { describe, expect, it } from 'vitest'
import { BadRequestError } from '@contract/guards'
import { toFtsQuery } from '../../../src-main/search/search-query'
import { parseSnippet } from '../../../src-main/search/snippet'
import { chunks, CHUNK_CHARS, searchRowsOfTurn } from '../../../src-main/search/search-rows'
import { makeTurn } from '../../helpers/make-turn'

describe('toFtsQuery', () => {
  it.each([
    ['zebra', '"zebra"'],
    ['zebra fish', '"zebra" "fish"'],
    ['"exact words" here', '"exact words" "here"'],
    ['zeb*', '"zeb" *'],
    ['"exact wor"*', '"exact wor" *'],
    ['AND OR NOT', '"AND" "OR" "NOT"'],
    ['col:x', '"col:x"'],
    ['say "hi', '"say" "hi"'],
    ['a"b', '"a" "b"'],
    ['-- zebra ( )', '"zebra"']
  ])('%s → %s', (input, out) => expect(toFtsQuery(input)).toBe(out))

  it('doubles quotes inside a term and refuses input without words', () => {
    expect(toFtsQuery(`it's`)).toBe(`"it's"`)
    for (const bad of ['', '   ', '***', '"" ()', '-']) expect(() => toFtsQuery(bad), bad).toThrow(BadRequestError)
  })
})

describe('parseSnippet', () => {
  it('gives plain text and the offsets of the marked words, on one line', () => {
    expect(parseSnippet('…a \u0002zebra\u0003 b\n\u0002fish\u0003')).toEqual({ text: '…a zebra b fish', matches: [[3, 8], [11, 15]] })
    expect(parseSnippet('<b>&amp;</b>')).toEqual({ text: '<b>&amp;</b>', matches: [] })
  })
})

describe('search rows', () => {
  it('one row for reasoning and text, one per tool call as key: value lines, the result under its tool', () => {
    const t = makeTurn({ index: 3, role: 'assistant', text: 'I will run it', reasoning: 'think', toolCalls: [{ id: '1', name: 'bash', arguments: { command: 'ls -la\necho "hi"', n: 2 } }] })
    expect(searchRowsOfTurn(t)).toEqual([
      { turn: 3, role: 'assistant', tool: null, text: 'think\n\nI will run it' },
      { turn: 3, role: 'assistant', tool: 'bash', text: 'bash\ncommand: ls -la\necho "hi"\nn: 2' }
    ])
    expect(searchRowsOfTurn(makeTurn({ index: 4, role: 'tool', text: 'out', toolName: 'bash', isObservation: true }))).toEqual([
      { turn: 4, role: 'tool', tool: 'bash', text: 'out' }
    ])
  })

  it('cuts long texts at a space into chunks, and blanks the snippet marks', () => {
    const long = Array.from({ length: 10_000 }, (_, i) => `w${i}`).join(' ')
    const parts = chunks(long)
    expect(parts.length).toBeGreaterThan(1)
    expect(parts.every((p) => p.length <= CHUNK_CHARS)).toBe(true)
    expect(parts.join('')).toBe(long)
    expect(chunks('a\u0002b\u0003c')).toEqual(['a b c'])
  })
})

import { describe, expect, it } from 'vitest'
import { BadRequestError } from '@contract/guards'
import { toFtsQuery } from '../../../src-main/search/search-query'
import { parseSnippet } from '../../../src-main/search/snippet'
import {
  chunks,
  CHUNK_CHARS,
  episodeSearchRows,
  episodeSearchRowsUpTo,
  searchRowsOfTurn
} from '../../../src-main/search/search-rows'
import type { EpisodeBody } from '../../../src-main/formats/types'
import { makeTurn } from '../../helpers/make-turn'

describe('toFtsQuery', () => {
  it.each([
    ['zebra', '"zebra"'],
    ['zebra fish', '"zebra" AND "fish"'],
    ['"exact words" here', '"exact words" AND "here"'],
    ['zeb*', '"zeb" *'],
    ['"exact wor"*', '"exact wor" *'],
    ['col:x', '"col:x"'],
    ['say "hi', '"say" AND "hi"'],
    ['a"b', '"a" AND "b"'],
    ['-- zebra ( )', '"zebra"'],
    ['and or not', '"and" AND "or" AND "not"'],
    ['"OR" NEAR', '"OR" AND "NEAR"'],
    ['a-b x', '"a-b" AND "x"'],
    // operators
    ['a OR b', '"a" OR "b"'],
    ['a AND b', '"a" AND "b"'],
    ['a -b', '"a" NOT "b"'],
    ['a NOT b', '"a" NOT "b"'],
    ['a NOT b c', '("a" AND "c") NOT "b"'],
    ['a -b -"c d"', '"a" NOT ("b" OR "c d")'],
    ['a b OR c', '("a" AND "b") OR "c"'],
    ['(a OR b) -(c d)', '("a" OR "b") NOT ("c" AND "d")'],
    ['zeb* -q*', '"zeb" * NOT "q" *'],
    // lenient: dangling operators, stray or unclosed parentheses
    ['OR a OR', '"a"'],
    ['a NOT', '"a"'],
    ['x)) (y', '"x" AND "y"'],
    ['(a OR b', '"a" OR "b"']
  ])('%s → %s', (input, out) => expect(toFtsQuery(input)).toBe(out))

  it('doubles quotes inside a term and refuses input without words', () => {
    expect(toFtsQuery(`it's`)).toBe(`"it's"`)
    for (const bad of ['', '   ', '***', '"" ()', '-', 'AND OR NOT'])
      expect(() => toFtsQuery(bad), bad).toThrow(/no words to look for/)
  })

  it('refuses a query that only excludes, in whole or in one alternative, with a message saying why', () => {
    for (const bad of ['-a', 'NOT a', 'a OR -b', '(-a) b', '-a -b'])
      expect(() => toFtsQuery(bad), bad).toThrow(/only excludes/)
  })

  it('refuses absurd nesting and pasted pages', () => {
    expect(() => toFtsQuery('('.repeat(9) + 'a')).toThrow(BadRequestError)
    expect(toFtsQuery('('.repeat(8) + 'a')).toBe('"a"')
    expect(() => toFtsQuery(Array.from({ length: 65 }, (_, i) => `w${i}`).join(' '))).toThrow(/at most 64/)
    // each CJK character is a word of its phrase: a pasted paragraph of 65 is refused, one of 64 is not
    expect(() => toFtsQuery('错'.repeat(65))).toThrow(/each Chinese, Japanese or Korean character counts as one/)
    expect(toFtsQuery('错'.repeat(63) + ' test')).toBe(`"${Array(63).fill('错').join(' ')}" AND "test"`)
  })
})

describe('parseSnippet', () => {
  it('gives plain text and the offsets of the marked words, on one line', () => {
    expect(parseSnippet('…a \u0002zebra\u0003 b\n\u0002fish\u0003')).toEqual({
      text: '…a zebra b fish',
      matches: [
        [3, 8],
        [11, 15]
      ]
    })
    expect(parseSnippet('<b>&amp;</b>')).toEqual({ text: '<b>&amp;</b>', matches: [] })
  })
})

describe('search rows', () => {
  it('one row for reasoning and text, one per tool call as key: value lines, the result under its tool', () => {
    const t = makeTurn({
      index: 3,
      role: 'assistant',
      text: 'I will run it',
      reasoning: 'think',
      toolCalls: [{ id: '1', name: 'bash', arguments: { command: 'ls -la\necho "hi"', n: 2 } }]
    })
    expect(searchRowsOfTurn(t)).toEqual([
      { turn: 3, role: 'assistant', tool: null, text: 'think\n\nI will run it' },
      { turn: 3, role: 'assistant', tool: 'bash', text: 'bash\ncommand: ls -la\necho "hi"\nn: 2' }
    ])
    expect(
      searchRowsOfTurn(makeTurn({ index: 4, role: 'tool', text: 'out', toolName: 'bash', isObservation: true }))
    ).toEqual([{ turn: 4, role: 'tool', tool: 'bash', text: 'out' }])
  })

  it('reads an episode up to a row: the same first rows as the whole episode, for any row asked', () => {
    const long = Array.from({ length: 6_000 }, (_, i) => `w${i}`).join(' ')
    const turns = [
      makeTurn({ index: 0, role: 'user', text: 'task' }),
      makeTurn({ index: 1, role: 'assistant', text: long, toolCalls: [{ id: '1', name: 'bash', arguments: 'ls' }] }),
      makeTurn({ index: 2, role: 'tool', text: 'out', toolName: 'bash', isObservation: true }),
      makeTurn({ index: 3, role: 'assistant', text: '   ' }),
      makeTurn({ index: 4, role: 'assistant', text: long })
    ]
    const body = { turns } as unknown as EpisodeBody
    const all = episodeSearchRows(body)
    expect(all.length).toBeGreaterThan(6)
    for (let last = 0; last < all.length + 2; last++) {
      const some = episodeSearchRowsUpTo(body, last)
      expect(some.length).toBeGreaterThan(Math.min(last, all.length - 1))
      expect(some).toEqual(all.slice(0, some.length))
    }
  })

  it('cuts long texts at a space into chunks, and blanks the snippet marks', () => {
    const long = Array.from({ length: 10_000 }, (_, i) => `w${i}`).join(' ')
    const parts = chunks(long)
    expect(parts.length).toBeGreaterThan(1)
    expect(parts.every((p) => p.length <= CHUNK_CHARS)).toBe(true)
    expect(parts.join('')).toBe(long)
    expect(chunks('a\u0002b\u0003c')).toEqual(['a b c'])
  })

  it('reads - before an ideograph past the BMP as an exclusion, as before any other word', () => {
    expect(toFtsQuery('错误 -𠀀')).toBe('"错 误" NOT "𠀀"')
    expect(toFtsQuery('错误 -中')).toBe('"错 误" NOT "中"')
    expect(toFtsQuery('alpha -𝐀lpha')).toBe('"alpha" NOT "𝐀lpha"')
  })
})

import { describe, expect, it } from 'vitest'
import { expandKeysFor, findInTurns, MAX_MATCHES, splitOnMatches } from '../../../src-renderer/src/lib/find-in-turns'
import { makeTurn } from '../../helpers/make-turn'

describe('find in turns', () => {
  const turns = [
    makeTurn({ index: 0, role: 'user', text: 'Find the Needle' }),
    makeTurn({ index: 1, text: '\u001b[31mneedle\u001b[0m', reasoning: 'a needle in reasoning' }),
    makeTurn({ index: 2, toolCalls: [{ id: null, name: 'needle_tool', arguments: { q: 'NEEDLE' } }] }),
    makeTurn({ index: 3, role: 'tool', text: 'no match', meta: { error: 'needle error' } })
  ]

  it('finds every case-insensitive occurrence in reading order, across text, reasoning, tool calls and errors', () => {
    const { matches, capped } = findInTurns(turns, 'needle')
    expect(capped).toBe(false)
    expect(matches).toEqual([
      { position: 0, part: 'text', offset: 9 },
      // ANSI codes are not searched: the offset is in the text as shown
      { position: 1, part: 'text', offset: 0 },
      { position: 1, part: 'reasoning', offset: 2 },
      { position: 2, part: 'call:0', offset: 0 },
      { position: 2, part: 'call:0', offset: 22 },
      { position: 3, part: 'error', offset: 0 }
    ])
  })

  it('matches literally: regex characters in the query are plain text', () => {
    const t = [makeTurn({ text: 'a.b a+b (x) [y] $1 a*b' })]
    expect(findInTurns(t, 'a.b').matches).toHaveLength(1)
    expect(findInTurns(t, '(x)').matches).toHaveLength(1)
    expect(findInTurns(t, '[y]').matches).toHaveLength(1)
    expect(findInTurns(t, 'a*b').matches).toHaveLength(1)
    expect(findInTurns(t, '').matches).toHaveLength(0)
  })

  it('stops at MAX_MATCHES and says so', () => {
    const t = [makeTurn({ text: 'x'.repeat(MAX_MATCHES + 5) })]
    const r = findInTurns(t, 'x')
    expect(r.matches).toHaveLength(MAX_MATCHES)
    expect(r.capped).toBe(true)
  })

  it('names the expand keys that reveal a match', () => {
    expect(expandKeysFor({ position: 4, part: 'text', offset: 0 })).toEqual(['4:text', '4:prompt'])
    expect(expandKeysFor({ position: 4, part: 'call:1', offset: 0 })).toEqual(['4:call:1', '4:prompt'])
    expect(expandKeysFor({ position: 4, part: 'reasoning', offset: 0 })).toEqual([
      '4:reasoning',
      '4:reasoning:text',
      '4:prompt'
    ])
  })

  it('splits text around matches for highlighting, keeping the original case', () => {
    expect(splitOnMatches('Needle, needle!', 'needle')).toEqual(['', 'Needle', ', ', 'needle', '!'])
    expect(splitOnMatches('none', 'x')).toEqual(['none'])
    expect(splitOnMatches('abc', '')).toEqual(['abc'])
    // Unicode case folding keeps offsets exact (İ lower-cases to two code units with toLowerCase)
    expect(splitOnMatches('İx İX', 'x')).toEqual(['İ', 'x', ' İ', 'X', ''])
  })
})

import { describe, expect, it } from 'vitest'
import { turnFacts } from '../../../src-main/formats/actions/episode-facts'
import { episodeAnomalies } from '../../../src-main/anomalies/episode-anomalies'
import { makeTurn } from '../../helpers/make-turn'

/** One assistant turn per letter: the letter names a call (same letter = same name and arguments). */
const CALLS: Record<string, { name: string; arguments: unknown }> = {
  A: { name: 'bash', arguments: { cmd: 'pytest' } },
  B: { name: 'bash', arguments: { cmd: 'cat a.py' } },
  C: { name: 'str_replace', arguments: { path: 'a.py', old: 'x', new: 'y' } },
  // different edits of the same file: same tool, different arguments
  E1: { name: 'str_replace', arguments: { path: 'a.py', old: '1', new: '2' } },
  E2: { name: 'str_replace', arguments: { path: 'a.py', old: '2', new: '3' } },
  E3: { name: 'str_replace', arguments: { path: 'a.py', old: '3', new: '4' } },
  E4: { name: 'str_replace', arguments: { path: 'a.py', old: '4', new: '5' } }
}
const seq = (s: string) =>
  s
    .split(' ')
    .flatMap((k) => [
      makeTurn({ toolCalls: [{ id: null, ...CALLS[k] }] }),
      makeTurn({ role: 'tool', isObservation: true, text: 'out' })
    ])
const repeat = (s: string) => turnFacts(seq(s)).maxRepeat
const flagged = (s: string) =>
  episodeAnomalies({ status: 'ok', error: null, facts: turnFacts([...seq(s), makeTurn({ text: 'done' })]) }).includes(
    'loop'
  )

describe('loop: cycles of 1 to 3 identical calls repeated back to back', () => {
  it('counts how many times the cycle runs', () => {
    expect(repeat('A')).toBe(1)
    expect(repeat('A A A')).toBe(3)
    expect(repeat('A B A B')).toBe(2)
    expect(repeat('A B A B A B')).toBe(3)
    expect(repeat('C A B C A B C A B')).toBe(3)
    expect(repeat('C A B C A B')).toBe(2)
    expect(turnFacts([]).maxRepeat).toBe(0)
  })

  it('flags A-B-A-B-A-B and A-B-C ×3, also after other calls', () => {
    expect(flagged('A B A B A B')).toBe(true)
    expect(flagged('E1 C E2 A B A B A B E3')).toBe(true)
    expect(flagged('A B C A B C A B C')).toBe(true)
    expect(flagged('A A A')).toBe(true)
  })

  it('does not flag edit/test with different edits, two rounds only, or a broken cycle', () => {
    expect(flagged('E1 A E2 A E3 A E4 A')).toBe(false)
    expect(flagged('E1 B A E2 B A E3 B A')).toBe(false)
    expect(flagged('A B A B')).toBe(false)
    expect(flagged('A B A C A B A C')).toBe(false) // period 4: longer than LOOP_MAX_PERIOD
    expect(flagged('A B A B C A B')).toBe(false)
  })
})

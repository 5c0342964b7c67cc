import { describe, expect, it } from 'vitest'
import { SEQUENCE_MS, matchesKey, rememberKey } from '../../../src-renderer/src/keymap/chords'
import { dispatchKey } from '../../../src-renderer/src/keymap/dispatch'
import { nextNotable, notableTurnPositions } from '../../../src-renderer/src/lib/notable-turns'
import { makeTurn } from '../../helpers/make-turn'
import { goTo, keydown, keyEnv } from './key-fixtures'

describe('reading keys: the ends of the transcript', () => {
  it('G / End go to the last turn, g g / Home to the first; a single g does nothing', async () => {
    const env = keyEnv()
    await goTo(env.store, 'episode')
    const active = (): number => env.store.getState().episode.activeTurn
    expect(dispatchKey(keydown('G'), env, [])?.id).toBe('episode.ends')
    expect(active()).toBe(5)
    expect(dispatchKey(keydown('g'), env, [])).toBeNull()
    expect(active()).toBe(5)
    expect(dispatchKey(keydown('g'), env, [])?.id).toBe('episode.ends')
    expect(active()).toBe(0)
    // the second g of a pair is spent: a third g starts a new pair
    expect(dispatchKey(keydown('g'), env, [])).toBeNull()
    dispatchKey(keydown('End'), env, [])
    expect(active()).toBe(5)
    dispatchKey(keydown('Home'), env, [])
    expect(active()).toBe(0)
  })

  it('a doubled key needs its two presses close together and nothing between them', () => {
    const g = keydown('g')
    rememberKey(g, 1000)
    expect(matchesKey('g g', g, 1000 + SEQUENCE_MS)).toBe(true)
    expect(matchesKey('g g', g, 1001 + SEQUENCE_MS)).toBe(false)
    rememberKey(keydown('j'), 1000)
    expect(matchesKey('g g', g, 1001)).toBe(false)
    rememberKey(g, 1000)
    expect(matchesKey('g g', keydown('g', { ctrlKey: true }), 1001)).toBe(false)
    rememberKey(null)
  })
})

describe('reading keys: trouble spots and the highlighted turn', () => {
  it('notable turns are the error / truncated turns and the anomaly turns, by position, once each', () => {
    const turns = [0, 1, 2, 3, 4, 5].map((i) =>
      makeTurn({ index: i + 10, meta: i === 1 ? { error: 'boom' } : i === 4 ? { truncated: true } : undefined })
    )
    expect(notableTurnPositions(turns, { loop: 13, 'empty-answer': 11 } as never)).toEqual([1, 3, 4])
    // an episode cut short or failed as a whole, no turn saying so: its last turn is where it stopped
    expect(
      notableTurnPositions(
        turns.map((t) => ({ ...t, meta: {} })),
        undefined,
        'truncated'
      )
    ).toEqual([turns.length - 1])
    expect(
      notableTurnPositions(
        turns.map((t) => ({ ...t, meta: {} })),
        undefined,
        'ok'
      )
    ).toEqual([])
    expect(notableTurnPositions(turns, undefined, 'truncated')).toEqual([1, 4]) // turns say so: those
    expect(nextNotable([1, 3, 4], 1, 1)).toBe(3)
    expect(nextNotable([1, 3, 4], 1, -1)).toBeNull()
    expect(nextNotable([1, 3, 4], 4, 1)).toBeNull()
    expect(nextNotable([1, 3, 4], 9, -1)).toBe(4)
  })

  it('f with no trouble in the episode says so and stays put', async () => {
    const env = keyEnv()
    await goTo(env.store, 'episode')
    expect(dispatchKey(keydown('f'), env, [])?.id).toBe('episode.notable')
    expect(env.store.getState().episode.activeTurn).toBe(0)
    expect(env.store.getState().notices.at(-1)?.message).toMatch(/No turn with an error/)
  })

  it('s shows all of the highlighted turn and collapses it again; N opens its note; o opens its text', async () => {
    const env = keyEnv()
    await goTo(env.store, 'episode')
    dispatchKey(keydown('j'), env, [])
    dispatchKey(keydown('s'), env, [])
    expect(env.store.getState().episode.expanded).toEqual({ '1:text': true })
    dispatchKey(keydown('s'), env, [])
    expect(env.store.getState().episode.expanded).toEqual({})
    dispatchKey(keydown('N'), env, [])
    expect(env.store.getState().episode.noteTurn).toBe(1)
    dispatchKey(keydown('o'), env, [])
    await Promise.resolve()
    expect(env.store.getState().episode.editor?.title).toBe('#1 assistant')
  })
})

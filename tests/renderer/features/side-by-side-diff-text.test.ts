import { describe, expect, it } from 'vitest'
import type { EpisodePreview, Turn } from '@contract/model'
import { alignTurns } from '../../../src-renderer/src/lib/align-turns'
import { diffViewFor, finalAnswer, stepText } from '../../../src-renderer/src/features/compare/side-by-side/diff-text'
import { makeTurn } from '../../helpers/make-turn'

const episode = (id: string, turns: Turn[], over: Partial<EpisodePreview> = {}): EpisodePreview =>
  ({ id, runName: `run ${id}`, rollout: 0, answer: null, complete: true, turns, ...over }) as EpisodePreview

const bash = (cmd: string): Turn => makeTurn({ toolCalls: [{ id: null, name: 'bash', arguments: { command: cmd } }] })
const out = (text: string, reward: number | null = null): Turn =>
  makeTurn({ role: 'tool', toolName: 'bash', text, reward })

describe('side-by-side diff texts', () => {
  const a = episode('a', [
    makeTurn({ role: 'user', isPrompt: true, text: 'fix' }),
    bash('pytest'),
    out('\u001b[31m1 failed\u001b[0m', 0.5),
    makeTurn({ text: 'gave up' })
  ])
  const b = episode(
    'b',
    [
      makeTurn({ role: 'user', isPrompt: true, text: 'fix' }),
      bash('pytest -x'),
      out('1 passed', 1),
      makeTurn({ text: 'fixed' })
    ],
    {
      answer: 'FIXED'
    }
  )
  const al = alignTurns(a.turns, b.turns)

  it('a step is its call body and its observations under headings that read alike on both sides; colour codes dropped', () => {
    expect(stepText(a.turns, al.actionsA[0])).toBe('── call bash ──\npytest\n\n── tool · bash · r = 0.5 ──\n1 failed')
    expect(stepText(a.turns, undefined)).toBe('')
  })

  it('the final answer is what the model last wrote, never the expected answer; the title names the expected one', () => {
    // b's `answer` is the task's expected answer, not b's own
    expect(finalAnswer(b)).toBe('fixed')
    expect(finalAnswer(a)).toBe('gave up')
    expect(diffViewFor({ kind: 'answers' }, al, { ...a, answer: 'FIXED' }, b).view?.title).toBe(
      'Final answers (expected: FIXED)'
    )
  })

  it('names the row in the title and asks for full turns when a text it shows was cut', () => {
    const { view, cut } = diffViewFor({ kind: 'row', row: 0 }, al, a, b)
    expect(view?.title).toBe('Changed: A step 1 (bash) ↔ B step 1 (bash)')
    expect(cut).toEqual([])
    const cutA = episode(
      'a',
      a.turns.map((t, i) => (i === 2 ? { ...t, elided: { text: { chars: 9000, lines: 300 } } } : t)),
      { complete: false }
    )
    expect(diffViewFor({ kind: 'row', row: 0 }, al, cutA, b).cut).toEqual(['a'])
    // the answers come from the turns: cut turns must be fetched first
    expect(diffViewFor({ kind: 'answers' }, al, cutA, b).cut).toEqual(['a'])
    expect(diffViewFor({ kind: 'row', row: 99 }, al, a, b).view).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { visibleParts } from '../../../src-renderer/src/lib/thinking'
import { makeTurn } from '../../helpers/make-turn'

describe('visibleParts', () => {
  it('moves a leading <think> block of an assistant turn into the reasoning', () => {
    const t = makeTurn({ text: '<think>Try crane first.</think> <guess>[crane]</guess>' })
    expect(visibleParts(t)).toEqual({ text: '<guess>[crane]</guess>', reasoning: 'Try crane first.' })
  })
  it('takes a head closed by </think> without its opening tag (the template put it in the prompt)', () => {
    expect(visibleParts(makeTurn({ text: 'hmm, 2+2\n</think>\n\n4' }))).toEqual({ text: '4', reasoning: 'hmm, 2+2' })
  })
  it('keeps the format’s own reasoning, dropping the duplicated tags from the text', () => {
    const t = makeTurn({ text: '<think>Start by listing.</think><tool>ls</tool>', reasoning: 'Start by listing.' })
    expect(visibleParts(t)).toEqual({ text: '<tool>ls</tool>', reasoning: 'Start by listing.' })
  })
  it('leaves other turns, texts without a closing tag, and tags in mid-text alone', () => {
    expect(visibleParts(makeTurn({ role: 'user', text: '<think>x</think> y' })).text).toBe('<think>x</think> y')
    expect(visibleParts(makeTurn({ text: '<think>cut preview…' })).text).toBe('<think>cut preview…')
    expect(visibleParts(makeTurn({ text: 'Use <think> tags like <think>a</think>.' })).text).toBe(
      'Use <think> tags like <think>a</think>.'
    )
    expect(visibleParts(makeTurn({ text: '<think></think>answer' }))).toEqual({ text: 'answer', reasoning: null })
  })
})

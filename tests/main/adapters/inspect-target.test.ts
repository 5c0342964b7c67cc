/**
 * An Inspect sample's target list becomes one answer text, each target as text on its own: a target object with a
 * key named `toString` (any key a file may hold) made join() throw, found by the adapter's property test.
 */
import { describe, expect, it } from 'vitest'
import { sampleSummary } from '../../../src-main/formats/adapters/inspect-sample'

const sample = (target: unknown) => ({
  id: 1,
  epoch: 1,
  input: 'q',
  target,
  messages: [
    { role: 'user', content: 'q' },
    { role: 'assistant', content: 'a' }
  ],
  scores: { verify: { value: 'C' } }
})

describe('Inspect target as the answer', () => {
  it('joins a list of targets, each as text', () => {
    expect(sampleSummary(sample(['a', 'b'])).answer).toBe('a | b')
    expect(sampleSummary(sample(['a', 2, null])).answer).toBe('a | 2 | ')
    expect(sampleSummary(sample('ok')).answer).toBe('ok')
  })

  it('does not throw on a target whose own keys shadow Object methods', () => {
    const odd = JSON.parse('[{"toString": 1}, "b"]') as unknown
    expect(sampleSummary(sample(odd)).answer).toBe('{"toString":1} | b')
  })
})

/** Where the viewer points each anomaly: the turn a loop reaches 3 repeats, the first failure, the empty answer. */
import { describe, expect, it } from 'vitest'
import type { ToolCall } from '@contract/model'
import { anomalyTurns } from '../../../src-main/anomalies/anomaly-turns'
import { makeTurn } from '../../helpers/make-turn'

const call = (name: string, args: unknown): ToolCall => ({ id: null, name, arguments: args }) as ToolCall
const obs = (index: number, text: string, error?: string) =>
  makeTurn({ index, role: 'tool', isObservation: true, text, ...(error ? { meta: { error } } : {}) })

describe('anomalyTurns', () => {
  it('an A-B cycle: the turn of its third round; failures: the first of each kind; an empty last answer', () => {
    const a = call('edit', { path: 'x' })
    const b = call('test', {})
    const turns = [
      makeTurn({ index: 0, role: 'user', isPrompt: true, text: 'fix it' }),
      makeTurn({ index: 1, toolCalls: [a] }),
      obs(2, 'ok'),
      makeTurn({ index: 3, toolCalls: [b] }),
      obs(4, 'fail', 'Error: exit 1'),
      makeTurn({ index: 5, toolCalls: [a] }),
      obs(6, "The command 'pytest' was cancelled because it took more than 30 seconds."),
      makeTurn({ index: 7, toolCalls: [b] }),
      obs(8, 'fail', 'Error: exit 1'),
      makeTurn({ index: 9, toolCalls: [a] }),
      makeTurn({ index: 10, toolCalls: [b] }),
      makeTurn({ index: 11, text: '' })
    ]
    expect(anomalyTurns(turns)).toEqual({ 'tool-error': 4, timeout: 6, loop: 10, 'empty-answer': 11 })
  })

  it('nothing to point at in a clean episode', () => {
    const turns = [
      makeTurn({ index: 0, role: 'user', isPrompt: true, text: 'q' }),
      makeTurn({ index: 1, text: 'answer' })
    ]
    expect(anomalyTurns(turns)).toEqual({})
  })
})

/** The checksum behind an episode's fingerprint (issue 17 item 2): what the agent did, not when it was scored. */
import { describe, expect, it } from 'vitest'
import { hashActions } from '../../../src-main/formats/actions/content-hash'
import { makeTurn } from '../../helpers/make-turn'

const messages = (answer: string, calls: unknown[] = []) => ({
  kind: 'messages' as const,
  messages: [
    { role: 'assistant', content: 'Let me look.', tool_calls: calls },
    { role: 'tool', content: 'file.txt' },
    { role: 'assistant', content: answer }
  ]
})

describe('content hash', () => {
  it('is the same for the same actions read again, and differs for another rollout of the task', () => {
    const a = hashActions(messages('The answer is 3.'))
    expect(hashActions(JSON.parse(JSON.stringify(messages('The answer is 3.'))))).toEqual(a)
    expect(hashActions(messages('The answer is 4.'))).not.toEqual(a)
    expect(hashActions(messages('The answer is 3.', [{ function: { name: 'ls', arguments: '{}' } }]))).not.toEqual(a)
    // a long text: its ends and its length are read
    const long = 'x'.repeat(10_000)
    expect(hashActions(messages(long + 'a'))).not.toEqual(hashActions(messages(long + 'b')))
    expect(hashActions(messages(long))).not.toEqual(hashActions(messages(long + 'x')))
  })

  it('leaves out the prompt turns and the rewards a log or report sets later', () => {
    const turns = (reward: number | null, prompt: string) => ({
      kind: 'turns' as const,
      turns: [
        makeTurn({ index: 0, role: 'user', text: prompt, isPrompt: true }),
        makeTurn({ index: 1, role: 'assistant', text: 'done', reward })
      ]
    })
    expect(hashActions(turns(1, 'task A'))).toEqual(hashActions(turns(null, 'task B')))
    expect(hashActions({ kind: 'not-recorded', why: 'results only' })).toBeNull()
  })

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'leaf'
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(hashActions({ kind: 'messages', messages: [deep] })?.values).toBe(1)
  })
})

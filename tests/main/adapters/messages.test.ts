import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { messagesToTurns, taskDefiningMessages } from '../../../src-main/formats/adapters/messages'
import { contentText } from '../../../src-main/formats/adapters/content-text'
import { oneLine, previewOf } from '../../../src-main/formats/adapters/preview'
import { answerText, promptHash } from '../../../src-main/formats/adapters/prompt-hash'

const call = (id: string | null, name: string) => ({ id, type: 'function', function: { name, arguments: '{}' } })

describe('messagesToTurns', () => {
  it('pairs tool results by id, and by order of the unanswered calls when ids are missing', () => {
    const turns = messagesToTurns(
      [{ role: 'user', content: 'go' }],
      [
        { role: 'assistant', content: null, tool_calls: [call('a', 'f'), call('b', 'g'), call('c', 'h')] },
        { role: 'tool', tool_call_id: 'b', content: 'for b' },
        { role: 'tool', content: 'no id: the oldest unanswered call (a)', tool_calls: null },
        { role: 'tool', content: 'no id: then c' },
        { role: 'tool', content: 'nothing left to answer', name: 'orphan' },
        { role: 'assistant', content: 'done', reasoning_content: 'thinking' }
      ]
    )
    expect(turns.map((t) => [t.index, t.role, t.toolCallId, t.toolName, t.isPrompt, t.isObservation])).toEqual([
      [0, 'user', null, null, true, false],
      [1, 'assistant', null, null, false, false],
      [2, 'tool', 'b', 'g', false, true],
      [3, 'tool', 'a', 'f', false, true],
      [4, 'tool', 'c', 'h', false, true],
      [5, 'tool', null, 'orphan', false, true],
      [6, 'assistant', null, null, false, false]
    ])
    expect(turns[1].text).toBe('')
    expect(turns[1].toolCalls.map((c) => c.id)).toEqual(['a', 'b', 'c'])
    expect(turns[6]).toMatchObject({ text: 'done', reasoning: 'thinking' })
  })

  it('names a tool result by its own `function` (Inspect AI) when no call of the model answers to it', () => {
    const turns = messagesToTurns(
      [],
      [
        { role: 'tool', tool_call_id: 'bash_1', function: 'bash', content: 'out' },
        { role: 'tool', tool_call_id: 'x', name: 'named', content: 'out' }
      ]
    )
    expect(turns.map((t) => [t.toolCallId, t.toolName])).toEqual([
      ['bash_1', 'bash'],
      ['x', 'named']
    ])
  })

  it('marks user feedback inside the completion as an observation, never the prompt', () => {
    const turns = messagesToTurns(
      [
        { role: 'system', content: 's' },
        { role: 'user', content: 'u' }
      ],
      [
        { role: 'assistant', content: '[crane]' },
        { role: 'user', content: 'X Y X X X' },
        { role: 'user', content: 'You have 5 guesses left.' },
        { role: 'developer', content: 'odd' }
      ]
    )
    expect(turns.map((t) => [t.role, t.isPrompt, t.isObservation])).toEqual([
      ['system', true, false],
      ['user', true, false],
      ['assistant', false, false],
      ['user', false, true],
      ['user', false, true],
      ['system', false, false]
    ])
    // a completion that starts with a user message (before the model spoke) is not feedback
    expect(messagesToTurns([], [{ role: 'user', content: 'hi' }])[0].isObservation).toBe(false)
  })

  it('keeps per-message reward, done and usage tokens; null when absent', () => {
    const turns = messagesToTurns(
      [{ role: 'user', content: 'q' }],
      [
        { role: 'assistant', content: 'a', usage: { prompt_tokens: 50, completion_tokens: 7 } },
        { role: 'tool', content: 'r', reward: 0.25, done: false },
        { role: 'env', content: 'e', reward: 'high', done: 1 }
      ]
    )
    expect(turns.map((t) => [t.reward, t.done, t.tokens])).toEqual([
      [null, null, null],
      [null, null, 7],
      [0.25, false, null],
      [null, null, null]
    ])
    expect(turns[3]).toMatchObject({ role: 'env', isObservation: true })
  })

  it('reads reasoning from reasoning_content or reasoning, ignoring empty and non-string values', () => {
    const [a, b, c] = messagesToTurns(
      [],
      [
        { role: 'assistant', content: 'x', reasoning: 'r1' },
        { role: 'assistant', content: 'y', reasoning_content: '' },
        { role: 'assistant', content: 'z', reasoning: { summary: [] } }
      ]
    )
    expect([a.reasoning, b.reasoning, c.reasoning]).toEqual(['r1', null, null])
  })

  it('reads non-object messages as user text and unknown roles as user', () => {
    const turns = messagesToTurns(['plain text'], [{ role: 'narrator', content: 'n' }])
    expect(turns.map((t) => [t.role, t.text])).toEqual([
      ['user', 'plain text'],
      ['user', 'n']
    ])
  })
})

describe('content text', () => {
  it('joins text parts and replaces images by a marker (no base64 copied)', () => {
    const parts = [
      { type: 'text', text: 'look' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
      { type: 'input_image', image_url: 'data:image/png;base64,BBBB' },
      { type: 'image', image: 'attachment://abc' },
      { type: 'input_text', text: 'more' }
    ]
    expect(contentText(parts)).toBe('look\n[image]\n[image]\n[image]\nmore')
    expect(contentText(null)).toBe('')
    expect(contentText('')).toBe('')
    expect(contentText({ type: 'text', text: 'one part' })).toBe('one part')
  })
})

describe('preview', () => {
  it('collapses whitespace and cuts at 200 characters', () => {
    expect(oneLine('  a\n\n b\t c ')).toBe('a b c')
    const long = oneLine('word '.repeat(1000))
    expect(long).toHaveLength(200)
    expect(long.endsWith('…')).toBe(true)
    // a huge prompt with a long blank start still previews its text
    expect(oneLine(' '.repeat(5000) + 'late text')).toBe('late text')
  })

  it('takes the first user message, else the first message, or the prompt string', () => {
    expect(
      previewOf([
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'Q1\n' },
        { role: 'user', content: 'Q2' }
      ])
    ).toBe('Q1')
    expect(previewOf([{ role: 'system', content: 'only  system' }])).toBe('only system')
    expect(previewOf('Once upon\na time')).toBe('Once upon a time')
    expect(previewOf([])).toBe('')
  })
})

describe('prompt hash (FORMATS.md §7)', () => {
  const sha = (s: string): string => createHash('sha256').update(s).digest('hex')

  it('is sha256 of compact JSON [role, text] pairs, trailing whitespace stripped', () => {
    expect(
      promptHash([
        { role: 'system', content: 'S' },
        { role: 'user', content: 'Q  \n' }
      ])
    ).toBe(sha('[["system","S"],["user","Q"]]'))
    expect(promptHash('Once upon a time ')).toBe(sha('[["user","Once upon a time"]]'))
  })

  it('ignores extra keys and content-part packaging, but not the role or the text', () => {
    const a = promptHash([
      { role: 'system', content: 'S' },
      { role: 'user', content: 'Q' }
    ])
    expect(
      promptHash([
        { role: 'system', content: 'S', name: 'x' },
        { role: 'user', content: [{ type: 'text', text: 'Q' }] }
      ])
    ).toBe(a)
    expect(
      promptHash([
        { role: 'developer', content: 'S' },
        { role: 'user', content: 'Q' }
      ])
    ).toBe(a)
    expect(
      promptHash([
        { role: 'user', content: 'S' },
        { role: 'user', content: 'Q' }
      ])
    ).not.toBe(a)
    expect(
      promptHash([
        { role: 'system', content: 'S' },
        { role: 'user', content: 'Q?' }
      ])
    ).not.toBe(a)
  })

  it('keeps only system and user messages by default, every message with roles "all"', () => {
    const fewShot = [
      { role: 'user', content: '1+1?' },
      { role: 'assistant', content: '2' },
      { role: 'user', content: '2+2?' }
    ]
    expect(promptHash(fewShot)).toBe(sha('[["user","1+1?"],["user","2+2?"]]'))
    expect(promptHash(fewShot, 'all')).toBe(sha('[["user","1+1?"],["assistant","2"],["user","2+2?"]]'))
    expect(taskDefiningMessages(fewShot)).toEqual([fewShot[0]])
  })

  it('tells two images apart (digest of their data) while the turn text only says [image]', () => {
    const withImage = (data: string) => [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'How many?' },
          { type: 'image_url', image_url: { url: data } }
        ]
      }
    ]
    const a = promptHash(withImage('data:image/png;base64,AAAA'))
    expect(a).not.toBe(promptHash(withImage('data:image/png;base64,BBBB')))
    expect(a).toBe(promptHash(withImage('data:image/png;base64,AAAA')))
    expect(a).toBe(sha(`[["user","How many?\\n[image ${sha('data:image/png;base64,AAAA').slice(0, 16)}]"]]`))
  })

  it('answerText: strings as they are, other values as JSON, empty as null', () => {
    expect([
      answerText('C'),
      answerText(12),
      answerText(['a']),
      answerText(''),
      answerText(null),
      answerText(undefined)
    ]).toEqual(['C', '12', '["a"]', null, null, null])
  })
})

import { describe, expect, it } from 'vitest'
import { bootRows } from '../../../src-renderer/src/boot/boot-rows'
import { makeTurn } from '../../helpers/make-turn'

const longLog = Array.from({ length: 60 }, (_, i) => `\u001b[32mline ${i}\u001b[0m`).join('\n')

describe('bootRows', () => {
  it('folds the system prompt and the first user prompt to their first line, as the transcript does', () => {
    const rows = bootRows([
      makeTurn({ index: 0, role: 'system', isPrompt: true, text: 'You are an agent.\nUse the tools.' }),
      makeTurn({ index: 1, role: 'user', isPrompt: true, text: '\nFix the bug.\nDetails follow.' }),
      makeTurn({ index: 2, role: 'user', isPrompt: true, text: 'A second prompt.\nNot folded.' })
    ])
    expect(rows[0].folded).toEqual({ line: 'You are an agent.', size: '2 lines · 32 chars' })
    expect(rows[1].folded?.line).toBe('Fix the bug.')
    expect(rows[2].folded).toBeNull()
    expect(rows[2].text).toBe('A second prompt.\nNot folded.')
  })

  it('does not fold a user prompt when the first one came before the turns sent', () => {
    const rows = bootRows([makeTurn({ index: 9, role: 'user', isPrompt: true, text: 'Later.\nPrompt.' })], true)
    expect(rows[0].folded).toBeNull()
  })

  it('cuts a long observation to its preview, colour codes dropped, with the size of the whole', () => {
    const [row] = bootRows([makeTurn({ index: 3, role: 'tool', text: longLog, toolName: 'bash', toolCallId: 'c1' })])
    expect(row.text.split('\n')).toHaveLength(12)
    expect(row.text).not.toContain('\u001b')
    expect(row.more).toMatch(/^Show all \(60 lines · /)
    expect(row).toMatchObject({ mono: true, toolLabel: 'bash · c1', observation: false })
  })

  it('takes the size of a text the server cut from its elided size', () => {
    const [row] = bootRows([
      makeTurn({ index: 4, role: 'tool', text: 'head', elided: { text: { chars: 30_100, lines: 527 } } })
    ])
    expect(row.more).toBe('Show all (527 lines · 30.1k chars)')
  })

  it('shows a shell command as the command, other arguments as JSON, and reasoning collapsed', () => {
    const [row] = bootRows([
      makeTurn({
        index: 2,
        text: '<think>a\nb</think>Done.',
        toolCalls: [
          { id: 'c1', name: 'bash', arguments: { command: 'ls -la' } },
          { id: null, name: 'search', arguments: { q: 'x', k: 2 } }
        ]
      })
    ])
    expect(row.reasoning).toBe('Reasoning (2 lines)')
    expect(row.text).toBe('Done.')
    expect(row.calls).toEqual([
      { name: 'bash', id: 'c1', kind: 'shell', code: 'ls -la' },
      { name: 'search', id: null, kind: null, code: JSON.stringify({ q: 'x', k: 2 }, null, 2) }
    ])
    expect(row.origin).toBe('generated')
  })

  it('marks a turn with nothing to show as empty', () => {
    expect(bootRows([makeTurn({ index: 5, role: 'tool' })])[0].empty).toBe(true)
  })
})

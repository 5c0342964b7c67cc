import { describe, expect, it } from 'vitest'
import { makeTurn } from '../../helpers/make-turn'
import { expandableKeys, turnAsText } from '../../../src-renderer/src/lib/turn-text'

const turn = makeTurn

describe('turn text helpers', () => {
  it('lists every expand key the transcript uses', () => {
    const turns = [
      turn({ text: 'a' }),
      turn({
        index: 1,
        reasoning: 'r',
        toolCalls: [
          { id: 'c', name: 'bash', arguments: {} },
          { id: 'd', name: 'bash', arguments: {} }
        ]
      })
    ]
    expect(expandableKeys(turns)).toEqual([
      '0:text',
      '1:text',
      '1:reasoning',
      '1:reasoning:text',
      '1:call:0',
      '1:call:1'
    ])
  })

  it('copies a turn as plain text: header, reasoning, text without escape codes, tool calls, error', () => {
    const t = turn({
      index: 3,
      reasoning: 'think',
      text: '\u001b[31mred\u001b[0m done',
      reward: 0.5,
      toolCalls: [{ id: 'c1', name: 'bash', arguments: { cmd: 'ls' } }],
      meta: { error: 'boom' }
    })
    expect(turnAsText(t)).toBe(
      '#3 assistant reward 0.5\n\n[reasoning]\nthink\n\nred done\n\n[tool call bash c1]\n{\n  "cmd": "ls"\n}\n\n[error] boom'
    )
    expect(turnAsText(turn({ index: 4, role: 'tool', text: 'out', toolName: 'bash', toolCallId: 'c1' }))).toBe(
      '#4 tool (bash · c1)\n\nout'
    )
  })
})

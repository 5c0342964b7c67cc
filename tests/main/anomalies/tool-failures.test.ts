import { describe, expect, it } from 'vitest'
import { messageFacts, turnFacts } from '../../../src-main/formats/actions/episode-facts'
import { episodeAnomalies } from '../../../src-main/anomalies/episode-anomalies'
import { isTimeoutError, isTimeoutText } from '../../../src-main/formats/actions/tool-timeout'
import { makeTurn } from '../../helpers/make-turn'

const codes = (facts: ReturnType<typeof turnFacts>) => episodeAnomalies({ status: 'ok', error: null, facts })

describe('timeout messages: the harness templates only', () => {
  it('matches SWE-agent, mini-swe-agent and OpenHands timeout messages, head or tail of a long output', () => {
    expect(
      isTimeoutText(
        "The command 'python -m pytest' was cancelled because it took more than 30 seconds. Please try a different command that completes more quickly."
      )
    ).toBe(true)
    expect(
      isTimeoutText(
        'The last command <command>sleep 100</command> timed out and has been killed.\nThe output of the command was:\n<output>\n</output>'
      )
    ).toBe(true)
    expect(
      isTimeoutText(
        `${'x\n'.repeat(5000)}\nEXECUTION TIMED OUT BECAUSE NO OUTPUT WAS PRODUCED FOR MORE THAN 300.0 SECONDS.`
      )
    ).toBe(true)
    expect(
      isTimeoutText(
        `${'y'.repeat(9000)}\n[The command timed out after 120 seconds. You may wait longer to see additional output.]`
      )
    ).toBe(true)
    expect(isTimeoutError('timeout: Command timed out before completing.')).toBe(true)
  })

  it('does not match a command whose own output mentions a timeout', () => {
    expect(
      isTimeoutText('requests.exceptions.ReadTimeout: HTTPSConnectionPool: Read timed out. (read timeout=5)')
    ).toBe(false)
    expect(isTimeoutText('FAILED tests/test_net.py::test_timeout - TimeoutError: operation timed out')).toBe(false)
    expect(isTimeoutText('def set_timeout(self, seconds):\n    self.timeout = seconds')).toBe(false)
    expect(isTimeoutText('')).toBe(false)
    expect(isTimeoutError('parsing: Found 1 validation errors parsing tool input arguments')).toBe(false)
  })
})

describe('tool-error and timeout codes', () => {
  it('Inspect raw tool messages: error type timeout gives timeout, another type gives tool-error', () => {
    const asst = {
      role: 'assistant',
      content: '',
      tool_calls: [{ id: '1', function: { name: 'bash', arguments: '{}' } }]
    }
    const timeout = messageFacts([
      asst,
      { role: 'tool', content: '', error: { type: 'timeout', message: 'Command timed out before completing.' } },
      { role: 'assistant', content: 'ok' }
    ])
    expect(timeout).toMatchObject({ timeout: true, toolError: false })
    const parsing = messageFacts([
      asst,
      { role: 'tool', content: '', error: { type: 'parsing', message: 'bad args' } },
      { role: 'assistant', content: 'ok' }
    ])
    expect(codes(parsing)).toEqual(['tool-error'])
    const fine = messageFacts([
      asst,
      { role: 'tool', content: 'file.txt', error: null },
      { role: 'assistant', content: 'ok' }
    ])
    expect(codes(fine)).toEqual([])
  })

  it('a tool result with a harness timeout text (chat messages and Responses items)', () => {
    const msgs = [
      {
        role: 'tool',
        content: [{ type: 'text', text: 'The last command <command>make</command> timed out and has been killed.' }]
      },
      { role: 'assistant', content: 'x' }
    ]
    expect(codes(messageFacts(msgs))).toEqual(['timeout'])
    const items = [
      {
        type: 'function_call_output',
        output: "The command 'sleep 99' was cancelled because it took more than 5 seconds."
      },
      { type: 'message', role: 'assistant', content: 'x' }
    ]
    expect(codes(messageFacts(items))).toEqual(['timeout'])
  })

  it('turns: meta.error gives tool-error (timeout when it is one), observation text gives timeout, prompt turns and cancels do not count', () => {
    const last = makeTurn({ text: 'done' })
    expect(
      codes(
        turnFacts([makeTurn({ role: 'tool', isObservation: true, meta: { error: 'Error: user not found' } }), last])
      )
    ).toEqual(['tool-error'])
    expect(
      codes(
        turnFacts([makeTurn({ role: 'tool', isObservation: true, meta: { error: 'timeout: took too long' } }), last])
      )
    ).toEqual(['timeout'])
    expect(
      codes(turnFacts([makeTurn({ role: 'user', isObservation: true, text: 'EXECUTION TIMED OUT' }), last]))
    ).toEqual(['timeout'])
    // the same text said by the model, or in the prompt, is not a tool result
    expect(codes(turnFacts([makeTurn({ text: 'EXECUTION TIMED OUT' }), last]))).toEqual([])
    expect(
      codes(turnFacts([makeTurn({ role: 'tool', isPrompt: true, isObservation: true, meta: { error: 'x' } }), last]))
    ).toEqual([])
    expect(
      codes(turnFacts([makeTurn({ role: 'tool', isObservation: true, meta: { error: 'status: cancelled' } }), last]))
    ).toEqual([])
    expect(
      codes(
        turnFacts([
          makeTurn({ role: 'tool', isObservation: true, meta: { error: 'boom' } }),
          makeTurn({ role: 'tool', isObservation: true, text: 'EXECUTION TIMED OUT' }),
          last
        ])
      )
    ).toEqual(['tool-error', 'timeout'])
  })
})

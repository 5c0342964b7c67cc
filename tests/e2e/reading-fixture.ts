/**
 * A long agent episode written for the reading specs (reading-room, keyboard-gaps, control-chars): 124 turns of
 * shell calls with a long first result, a ping-pong loop and a harness timeout partway (anomaly turns to jump to), a Ctrl-D keystroke
 * (`\x04`) sent to a terminal and echoed back, dunder identifiers (`__init__.py`) in the assistant's markdown, and a
 * second, short episode. Written in the chat-JSONL shape
 * (task_id, rollout, reward, messages with tool_calls) the anomalies spec uses.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The run's name in the runs table (folder / file stem). */
export const READING_RUN = 'long-read/rollouts'
/** Turns of the long episode: the prompt, 61 call / result pairs, the final answer. */
export const LONG_TURNS = 124

/** A tool call, its result, and what the assistant says with it (`Step n.` when not given). */
type Call = [name: string, args: Record<string, unknown>, result: string, say?: string]

function row(task: string, reward: number, calls: Call[]): string {
  const messages: unknown[] = [{ role: 'user', content: `Fix the bug in ${task}.` }]
  calls.forEach(([name, args, result, say], i) => {
    const id = `call_${i}`
    messages.push({
      role: 'assistant',
      content: say ?? `Step ${i + 1}.`,
      tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }]
    })
    messages.push({ role: 'tool', tool_call_id: id, content: result })
  })
  messages.push({ role: 'assistant', content: reward === 1 ? 'Fixed: the tests pass.' : 'I could not fix it.' })
  return JSON.stringify({ task_id: task, rollout: 0, reward, messages })
}

/** Writes the run into `dir`/long-read and returns that folder. */
export function writeReadingRun(dir: string): string {
  const folder = join(dir, 'long-read')
  mkdirSync(folder, { recursive: true })
  const test: Call = ['bash', { cmd: 'python -m pytest -q' }, '1 failed']
  const look: Call = ['bash', { cmd: 'cat src/main.py' }, 'x = 1']
  const calls: Call[] = []
  for (let i = 0; i < 61; i++) {
    // the first result is long (folded to a preview with Show all)
    if (i === 0)
      calls.push([
        'bash',
        { cmd: 'python -m pytest -q' },
        Array.from({ length: 80 }, (_, n) => `tests/test_step.py::test_${n} PASSED`).join('\n')
      ])
    // turns #21 / #22: a Ctrl-D in the assistant's words, its command and the echo (next to a literal "^D")
    else if (i === 10)
      calls.push([
        'bash',
        { cmd: 'python3 -q\u0004' },
        '>>> ^D\u0004\nexit status 0',
        'Leaving the REPL with Ctrl-D (\u0004).'
      ])
    // turn #23: dunder identifiers in the assistant's markdown (shown as written, never as bold)
    else if (i === 11)
      calls.push([
        'bash',
        { cmd: 'cat pkg/__init__.py' },
        '__all__ = ["main"]',
        'Edit `pkg/__init__.py`, then __init__.py and __name__ == "__main__"; **bold** stays bold.'
      ])
    else if (i >= 30 && i < 36) calls.push(i % 2 ? look : test)
    else if (i === 50)
      calls.push([
        'bash',
        { cmd: 'sleep 999' },
        "The command 'sleep 999' was cancelled because it took more than 30 seconds. Please try a different command that completes more quickly."
      ])
    else calls.push(['bash', { cmd: `python step_${i}.py` }, `step ${i} done\nline two of step ${i}`])
  }
  const rows = [row('long-read', 0, calls), row('short-read', 1, [['bash', { cmd: 'ls' }, 'src tests']])]
  writeFileSync(join(folder, 'rollouts.jsonl'), rows.join('\n') + '\n')
  return folder
}

/**
 * SFT lines of agents that write their actions as text (SWE-agent 0.x, mini-swe-agent's text format) hold what the
 * model wrote and what it was sent, as the producer recorded them: the assistant's whole output (thought and fenced
 * command), no tool calls it never made, and the observations as user messages. The viewer still shows the commands
 * as calls (Turn.textActions). A mini-swe-agent run with real tool calls is the control: its lines keep them. Each
 * expectation is read from the raw file at test time.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunSummary } from '@contract/model'
import type { ChatMessage } from '../../../src-main/export/chat-messages'
import { exportEpisodes } from '../../../src-main/export/export-episodes'
import type { Engine } from '../../../src-main/services/engine-types'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const SWE_0X = 'swe-agent/v0.x/gpt4__swe-bench-dev-easy_first_only/pydicom__pydicom-1458.traj'
const MINI_TEXT = 'mini-swe-agent/fixtures/local.traj.json'
const MINI_CALLS = 'mini-swe-agent/output/deepseek_chat_dev/pydicom__pydicom-901/pydicom__pydicom-901.traj.json'

type Raw = { role: string; content: string; is_demo?: boolean; tool_calls?: unknown[] }

let engine: Engine
let runs: RunSummary[]

beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([SWE_0X, MINI_TEXT, MINI_CALLS].map((f) => fixture(f)))
  runs = await engine.api.listRuns()
}, 60_000)
afterAll(() => engine?.close())

/** The SFT messages of the one episode of the run read from `file`, written whole (`keep`: no trim at the end). */
async function sftOf(file: string): Promise<ChatMessage[]> {
  const run = runs.find((r) => r.source === fixture(file) || fixture(file).startsWith(`${r.source}/`))
  expect(run, file).toBeDefined()
  let text = ''
  await exportEpisodes(
    engine.api,
    { format: 'sft', runIds: [run!.id], sftEnding: 'keep' },
    async (c) => void (text += c)
  )
  const lines = text.trim().split('\n')
  expect(lines).toHaveLength(1)
  return (JSON.parse(lines[0]) as { messages: ChatMessage[] }).messages
}

/** The messages from the model's first output on, without the prompt. */
const fromFirstOutput = <T extends { role: string }>(messages: T[]): T[] =>
  messages.slice(messages.findIndex((m) => m.role === 'assistant'))

describe('SFT lines of text-action agents', () => {
  it('SWE-agent 0.x: the model’s whole outputs, the observations as user messages, no tool calls', async () => {
    const raw = JSON.parse(readFileSync(fixture(SWE_0X), 'utf8')) as {
      history: Raw[]
      trajectory: { observation: string }[]
    }
    const messages = await sftOf(SWE_0X)
    expect(messages.some((m) => m.role === 'tool' || ('tool_calls' in m && m.tool_calls))).toBe(false)
    const history = fromFirstOutput(raw.history.filter((m) => !m.is_demo))
    // the history stops before the last step's observation (the submit's output): the viewer and the line add it
    const expected = [
      ...history.map((m) => ({ role: m.role, content: m.content })),
      { role: 'user', content: raw.trajectory.at(-1)!.observation }
    ]
    expect(fromFirstOutput(messages).map((m) => ({ role: m.role, content: m.content }))).toEqual(expected)
    // the output keeps its fenced command, which the thought alone (the viewer's text) does not
    const first = fromFirstOutput(messages)[0]
    expect(first.content).toContain('```\ncreate reproduce_bug.py\n```')
  })

  it('SWE-agent 0.x: the viewer still shows each command as a call with its result', async () => {
    const run = runs.find((r) => fixture(SWE_0X).startsWith(`${r.source}/`) || r.source === fixture(SWE_0X))!
    const [episode] = (await engine.api.listEpisodes({ runId: run.id, limit: 5 })).items
    const detail = await engine.api.getEpisode(episode.id)
    const outputs = detail.turns.filter((t) => t.role === 'assistant' && !t.isPrompt)
    expect(outputs.length).toBeGreaterThan(0)
    for (const t of outputs) {
      expect(t.toolCalls).toHaveLength(1)
      expect(t.textActions?.output).toContain(t.text.trim().slice(0, 40))
    }
    expect(detail.turns.filter((t) => t.role === 'tool')).toHaveLength(outputs.length)
  })

  it('mini-swe-agent text format: the line is the raw conversation', async () => {
    const raw = JSON.parse(readFileSync(fixture(MINI_TEXT), 'utf8')) as Raw[]
    const messages = await sftOf(MINI_TEXT)
    expect(messages.map((m) => ({ role: m.role, content: m.content }))).toEqual(
      raw.map((m) => ({ role: m.role, content: m.content }))
    )
  })

  it('mini-swe-agent with tool calls (control): the line keeps its calls and tool results', async () => {
    const raw = JSON.parse(readFileSync(fixture(MINI_CALLS), 'utf8')) as { messages: Raw[] }
    const messages = await sftOf(MINI_CALLS)
    const calls = messages.filter((m) => m.role === 'assistant' && m.tool_calls?.length).length
    expect(calls).toBe(raw.messages.filter((m) => m.role === 'assistant' && m.tool_calls?.length).length)
    expect(calls).toBeGreaterThan(0)
    // every result, and the `exit` message that answers the last call (the submit's output)
    const results = raw.messages.filter((m) => m.role === 'tool' || m.role === 'exit').length
    expect(messages.filter((m) => m.role === 'tool').length).toBe(results)
  })
})

/**
 * SFT and preference lines against the raw files of three real runs whose shapes the QA pass found mishandled: the
 * verifiers tool-test run (a prompt, then one assistant turn of calls nobody answered), the Prime hosted-RL run (the
 * whole answer in `reasoning_content`, `content` null) and the gpt-5-mini wordle run (empty assistant turns inside
 * the game). Each expectation is read from the raw file at test time, not from the indexer.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SftEnding } from '@contract/export'
import type { RunSummary } from '@contract/model'
import type { ChatMessage } from '../../../src-main/export/chat-messages'
import { exportEpisodes } from '../../../src-main/export/export-episodes'
import type { ExportOptions, ExportResult } from '../../../src-main/export/export-types'
import type { Engine } from '../../../src-main/services/engine-types'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const TOOL_TEST = 'verifiers/willccbb-verifiers/tool-test--gpt-4.1-mini/066dba27/results.jsonl'
const PRIME = 'prime-hosted-rl-run/security-verifiers/bp6qd19u06wzeqkdrf0h24xx/results.jsonl'
const WORDLE = 'verifiers/willccbb-verifiers/wordle--gpt-5-mini/b5161fc3/results.jsonl'

type RawMessage = {
  role: string
  content: string | null
  reasoning_content?: string | null
  tool_calls?: { id: string; function: { name: string; arguments: string } }[] | null
}
/** The raw records' completions (Prime writes them as a JSON string, verifiers as an array). */
const completions = (rel: string): RawMessage[][] =>
  readFileSync(fixture(rel), 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { completion: RawMessage[] | string }).completion)
    .map((c) => (typeof c === 'string' ? (JSON.parse(c) as RawMessage[]) : c))

interface Line {
  messages: ChatMessage[]
  metadata: { episode_id: string; trimmed: boolean; ending: string; empty_turns_left_out: number }
}

let engine: Engine
let runs: RunSummary[]
const runOf = (file: string): RunSummary => runs.find((r) => r.source === fixture(file))!

beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([TOOL_TEST, PRIME, WORDLE].map((f) => fixture(f)))
  runs = await engine.api.listRuns()
}, 60_000)
afterAll(() => engine?.close())

async function sft(file: string, sftEnding?: SftEnding): Promise<{ lines: Line[]; result: ExportResult }> {
  let text = ''
  const o: ExportOptions = { format: 'sft', runIds: [runOf(file).id], sftEnding }
  const result = await exportEpisodes(engine.api, o, async (c) => void (text += c))
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)
  return { lines, result }
}
const assistants = (l: Line) => l.messages.filter((m) => m.role === 'assistant')

describe('a final call nobody answered stays (verifiers tool-test: user, then one turn of calls)', () => {
  it('every episode is written under every ending rule, ending with its calls and no tool message', async () => {
    const raw = completions(TOOL_TEST)
    expect(raw.length).toBe(15)
    for (const rule of ['trim', 'drop', 'keep'] as const) {
      const { lines, result } = await sft(TOOL_TEST, rule)
      expect(result, rule).toMatchObject({ episodes: raw.length, skipped: 0 })
      lines.forEach((line, i) => {
        const last = line.messages.at(-1)!
        expect(last.role).toBe('assistant')
        expect(line.messages.some((m) => m.role === 'tool')).toBe(false)
        const calls = last.role === 'assistant' ? (last.tool_calls ?? []) : []
        // the raw record's own calls: ids, names and arguments
        const shape = (c: { id: string; function: { name: string; arguments: string } }) => [
          c.id,
          c.function.name,
          JSON.parse(c.function.arguments) as unknown
        ]
        expect(calls.map(shape)).toEqual(raw[i][0].tool_calls!.map(shape))
        expect(line.metadata).toMatchObject({ ending: 'assistant', trimmed: false })
      })
    }
  })
})

describe('reasoning is written as reasoning_content (Prime hosted RL: the answer only there, content null)', () => {
  it('the default ending writes every episode with its reasoning; keep writes it too, never an empty message', async () => {
    const raw = completions(PRIME)
    expect(raw.length).toBe(25)
    for (const rule of [undefined, 'keep', 'drop'] as const) {
      const { lines, result } = await sft(PRIME, rule)
      expect(result, String(rule)).toMatchObject({ episodes: raw.length, skipped: 0 })
      lines.forEach((line, i) => {
        const [said] = assistants(line)
        const want = raw[i].find((m) => m.role === 'assistant')!
        expect(want.content).toBeNull()
        expect(said).toEqual({ role: 'assistant', content: '', reasoning_content: want.reasoning_content })
      })
    }
  })

  it('preference pairs carry the reasoning of both sides', async () => {
    let text = ''
    const r = await exportEpisodes(
      engine.api,
      { format: 'preference', runIds: [runOf(PRIME).id] },
      async (c) => void (text += c)
    )
    expect(r.pairs).toBeGreaterThan(0)
    for (const l of text.trim().split('\n')) {
      const p = JSON.parse(l) as { chosen: ChatMessage[]; rejected: ChatMessage[] }
      for (const side of [p.chosen, p.rejected])
        for (const m of side.filter((x) => x.role === 'assistant'))
          expect(m.role === 'assistant' && m.reasoning_content?.length).toBeGreaterThan(0)
    }
  })
})

describe('empty assistant turns inside a line (gpt-5-mini wordle: content "" mid-game)', () => {
  const empty = (m: RawMessage) =>
    m.role === 'assistant' && !m.content?.trim() && !m.reasoning_content?.trim() && !m.tool_calls?.length
  /** The raw file's empty assistant turns that something follows, per episode. */
  const midLine = () => completions(WORDLE).map((c) => c.filter((m, i) => empty(m) && i < c.length - 1).length)

  it('the raw file has them: truly empty, mid-game', () => {
    expect(midLine().reduce((a, b) => a + b, 0)).toBeGreaterThan(0)
  })

  it('trim leaves them out and says how many per line; keep writes them as they are', async () => {
    const want = midLine()
    const trim = await sft(WORDLE)
    expect(trim.lines.length).toBe(want.length)
    trim.lines.forEach((line, i) => {
      for (const m of assistants(line))
        expect(m.content.trim() !== '' || m.reasoning_content || m.tool_calls).toBeTruthy()
      expect(line.metadata.empty_turns_left_out).toBe(want[i])
    })
    const keep = await sft(WORDLE, 'keep')
    keep.lines.forEach((line, i) => {
      const kept = line.messages.filter(
        (m, k, all) => m.role === 'assistant' && m.content === '' && !m.tool_calls && k < all.length - 1
      )
      expect(kept.length).toBe(want[i])
      expect(line.metadata.empty_turns_left_out).toBe(0)
    })
  })
})

describe('skipped episodes come with their reasons', () => {
  it('sft: skippedBy counts each reason and adds up to skipped', async () => {
    const r = await exportEpisodes(
      engine.api,
      { format: 'sft', runIds: runs.map((x) => x.id), passedOnly: true },
      async () => undefined
    )
    // the Prime run has no pass/fail: each of its 25 episodes is left out as without a verdict, not as failed
    expect(r.skippedBy?.noVerdict).toBeGreaterThanOrEqual(25)
    expect(Object.values(r.skippedBy ?? {}).reduce((a, b) => a + b, 0)).toBe(r.skipped)
  })

  it('preference: every episode of the run is either in a pair or counted under a reason', async () => {
    for (const run of runs) {
      const r = await exportEpisodes(engine.api, { format: 'preference', runIds: [run.id] }, async () => undefined)
      expect(r.episodes + r.skipped, run.name).toBe(run.episodes)
      expect(Object.values(r.skippedBy ?? {}).reduce((a, b) => a + b, 0)).toBe(r.skipped)
    }
    const [a, b] = runs.filter((x) => x.source.includes('willccbb-verifiers'))
    const across = await exportEpisodes(
      engine.api,
      { format: 'preference', runIds: [a.id, b.id] },
      async () => undefined
    )
    // two runs: every rollout counts, not one per task (the tool-test and wordle runs share no task)
    expect(across.episodes + across.skipped).toBe(a.episodes + b.episodes)
    expect(Object.values(across.skippedBy ?? {}).reduce((x, y) => x + y, 0)).toBe(across.skipped)
  })
})

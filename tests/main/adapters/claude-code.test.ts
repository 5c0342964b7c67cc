/**
 * Claude Code sessions over the fixtures (tests/fixtures/claude-code/README.md): a real session of claude-code-log's
 * test data with its two sub-agents under `<session>/subagents/` (2.1.x), and two built sessions of one project: a
 * 1.0.x session with an inline sidechain, streamed blocks, thinking, an image, a failed tool call, a branch left by a
 * rewind, a compaction, a summary record, a line that is not JSON and a record of an unknown type; and a 2.0.x
 * session whose sub-agent is in `agent-<id>.jsonl` beside it.
 */
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Turn } from '@contract/model'
import { claudeCodeAdapter as C } from '../../../src-main/formats/adapters/claude-code'
import { toChatMessages } from '../../../src-main/export/chat-messages'
import { formatContext } from '../../../src-main/formats/context'
import { pickGroupedJsonlAdapter } from '../../../src-main/formats/registry'
import { readJsonlRecords } from '../../../src-main/formats/readers/jsonl-records'
import type { Engine } from '../../../src-main/services/engine-types'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const REAL = ownFixture('claude-code/real/-workspace-example-app')
const REAL_SESSION = join(REAL, '55550000-0000-4000-8000-000000000001.jsonl')
const BUILT = ownFixture('claude-code/built/-home-dev-calc')
const INLINE = join(BUILT, '0b9c6d2e-5a1f-4c3b-9e7d-2f8a1b4c6d01.jsonl')
const BESIDE = join(BUILT, '0b9c6d2e-5a1f-4c3b-9e7d-2f8a1b4c6d02.jsonl')
const AGENT_FILE = join(BUILT, 'agent-7f3a9c21.jsonl')

const records = (path: string): Record<string, unknown>[] => readJsonlRecords(path).records
const index = (path: string): ReturnType<typeof C.index> => C.index(records(path), path, formatContext())
const turnsOf = (path: string): Turn[] => C.parseEpisode(records(path), '', path, formatContext()).turns
const shape = (t: Turn): string =>
  [t.role, t.agent ? `@${t.agent.id}` : '', t.toolCalls.map((c) => c.name).join('+'), t.toolName ?? '']
    .filter(Boolean)
    .join(' ')

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

describe('Claude Code: detection', () => {
  it('a session by its first record (a message, a summary, a file snapshot); a sub-agent file too', () => {
    for (const path of [REAL_SESSION, INLINE, BESIDE, AGENT_FILE])
      expect(pickGroupedJsonlAdapter(records(path)[0], path)).toBe(C)
    expect(records(INLINE)[0].type).toBe('summary')
    expect(pickGroupedJsonlAdapter({ type: 'user', message: { role: 'user', content: 'hi' } }, 'x.jsonl')).not.toBe(C)
  })
})

describe('Claude Code: a 2.1 session with sub-agents in <session>/subagents/', () => {
  it('each sub-agent follows the call that started it, marked with its id and description', () => {
    const [run] = index(REAL_SESSION)
    const turns = run.episodes[0].summary.actions.kind === 'turns' ? run.episodes[0].summary.actions.turns : []
    expect(turns.map(shape)).toEqual([
      'user',
      'assistant mcp__plugin_showcase_example__inspect_repository_structure',
      'tool mcp__plugin_showcase_example__inspect_repository_structure',
      'assistant mcp__plugin_showcase_example__refresh_search_index',
      'tool mcp__plugin_showcase_example__refresh_search_index',
      'assistant ScheduleWakeup',
      'tool ScheduleWakeup',
      'assistant Agent+Agent',
      'user @showcol1',
      'assistant @showcol1',
      'user @showcol2',
      'assistant @showcol2 Grep',
      'tool @showcol2 Grep',
      'assistant @showcol2',
      'tool Agent',
      'tool Agent',
      'assistant'
    ])
    expect(turns[8].agent).toEqual({ id: 'showcol1', name: 'Survey the web module' })
    expect(turns[10].agent).toEqual({ id: 'showcol2', name: 'Survey the jobs module' })
    // the sub-agent's prompt is the task it was given, not environment feedback
    expect(turns[8].isObservation).toBe(false)
    const s = run.episodes[0].summary
    expect([s.sourceId, s.turns, s.metrics.sub_agents, s.tokensIn, s.tokensOut, s.durationMs]).toEqual([
      '55550000-0000-4000-8000-000000000001',
      17,
      2,
      8 * 120,
      8 * 40,
      16_000
    ])
    expect(run.header.name).toBe('example-app')
    expect(run.header.model).toBe('claude-haiku-4-5-20251001')
    expect(run.runKey).toBe(REAL)
  })

  it('a sub-agent file holds no episode of its own: a companion of its session', () => {
    const path = join(REAL, '55550000-0000-4000-8000-000000000001/subagents/agent-showcol1.jsonl')
    expect(index(path)).toEqual([])
    expect(C.companionWarnings!(path)).toEqual([])
  })
})

describe('Claude Code: a 1.0 session with an inline sidechain', () => {
  const turns = turnsOf(INLINE)

  it('the main chain: streamed blocks merged, the abandoned branch left out, summaries marked', () => {
    expect(turns.map(shape)).toEqual([
      'system',
      'user',
      'env',
      'assistant Read',
      'tool Read',
      'assistant Task',
      'user @task:toolu_02',
      'assistant @task:toolu_02 Grep',
      'tool @task:toolu_02 Grep',
      'assistant @task:toolu_02',
      'tool Task',
      'user',
      'assistant Edit',
      'tool Edit',
      'assistant Write',
      'tool Write',
      'system',
      'user',
      'assistant'
    ])
    // msg_01's three records (thinking, text, tool_use) are one turn
    expect(turns[3].reasoning).toBe('The bug is probably in divide(); read calc.py first.')
    expect(turns[3].text).toBe('Let me read calc.py.')
    // the rewound attempt (x-4) is on a branch the session left
    expect(turns.some((t) => t.text.includes('rewrite the whole file'))).toBe(false)
    // msg_06's two text blocks are one answer
    expect(turns[18].text).toBe(
      'Fixed: divide() now raises ValueError on b == 0, and test_calc.py covers it.\nRun `pytest` to check.'
    )
    expect(turns.filter((t) => t.meta?.contextSummary).map((t) => t.index)).toEqual([0, 16, 17])
    expect(turns[0].text).toBe('Summary: Fix divide by zero in calc.py')
    expect(turns[16].text).toContain('Conversation compacted (auto, 155000 tokens before)')
  })

  it('the sidechain is the Task sub-agent, named by the call and linked by its prompt', () => {
    const sub = turns.filter((t) => t.agent)
    expect(sub.every((t) => t.agent!.name === 'Find callers of divide')).toBe(true)
    expect(sub[0].text).toBe('Find every caller of divide() in the repo.')
    expect(sub[3].text).toBe('divide() is called from cli.py:14 and api.py:30.')
  })

  it('an image is an [image] marker with its data URI; a failed tool call carries its error', () => {
    expect(turns[11].text).toBe('Here is the traceback I get:\n[image]')
    expect(turns[11].images?.[0].mime).toBe('image/png')
    expect(turns[11].images?.[0].src.startsWith('data:image/png;base64,iVBOR')).toBe(true)
    expect(turns[11].isObservation).toBe(false)
    expect(turns[13].meta?.error).toContain('File has been modified since read')
    expect(turns[2].isObservation).toBe(true) // an isMeta message: the harness speaking
  })

  it('the summary: tokens of each API message once, the unknown record type named in the warnings', () => {
    const [run] = index(INLINE)
    const s = run.episodes[0].summary
    // msg_01 (3 records, one usage), msg_06 (2 records) once each; msg_02, 03, 05 and the sidechain's 2 messages of
    // 10 in / 5 out; msg_04, on the abandoned branch, not at all
    expect([s.tokensIn, s.tokensOut]).toEqual([4 + 2000 + 100 + 10 * 5 + 3008, 120 + 5 * 5 + 30])
    expect(s.info).toMatchObject({ git_branch: 'main', version: '1.0.98', off_branch_records: 1 })
    expect(s.preview).toBe('Fix the divide-by-zero bug in calc.py and add a test.')
    expect(run.warnings).toEqual(['1 record of unknown type "future-record-kind" skipped (first: record 15)'])
  })
})

describe('Claude Code: chat messages (SFT export)', () => {
  it("the sub-agent's turns are left out of the main agent's messages; its call keeps its result", () => {
    const messages = toChatMessages(turnsOf(INLINE))
    expect(messages.some((m) => m.content === 'Find every caller of divide() in the repo.')).toBe(false)
    const task = messages.findIndex((m) => m.role === 'assistant' && m.tool_calls?.[0].function.name === 'Task')
    expect(messages[task + 1]).toEqual({
      role: 'tool',
      tool_call_id: 'toolu_02',
      content: 'divide() is called from cli.py:14 and api.py:30.'
    })
    expect(messages.filter((m) => m.role === 'tool').map((m) => (m as { tool_call_id: string }).tool_call_id)).toEqual([
      'toolu_01',
      'toolu_02',
      'toolu_03',
      'toolu_04'
    ])
  })
})

describe('Claude Code: a 2.0 session with its sub-agent in agent-<id>.jsonl beside it', () => {
  it('the agent file is found by session id and placed after the Task call whose result names it', () => {
    expect(turnsOf(BESIDE).map(shape)).toEqual([
      'user',
      'assistant Task',
      'user @7f3a9c21',
      'assistant @7f3a9c21 Bash',
      'tool @7f3a9c21 Bash',
      'assistant @7f3a9c21',
      'tool Task',
      'assistant'
    ])
    expect(index(AGENT_FILE)).toEqual([])
  })
})

describe('Claude Code through the engine', () => {
  it('the project folder is one run; the bad line and the unknown record are skipped with a reason, nothing else lost', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([BUILT])
    expect(report.files.map((f) => [f.path.slice(BUILT.length + 1), f.format, f.state, f.episodes])).toEqual([
      ['0b9c6d2e-5a1f-4c3b-9e7d-2f8a1b4c6d01.jsonl', 'claude-code', 'indexed', 1],
      ['0b9c6d2e-5a1f-4c3b-9e7d-2f8a1b4c6d02.jsonl', 'claude-code', 'indexed', 1],
      ['agent-7f3a9c21.jsonl', 'claude-code', 'sidecar', 0]
    ])
    const inline = report.files[0]
    expect(inline.warnings).toEqual([
      expect.stringMatching(/^line 15: .*; skipped$/),
      '1 record of unknown type "future-record-kind" skipped (first: record 15)'
    ])
    const runs = await engine.api.listRuns()
    expect(runs.map((r) => [r.name, r.format, r.episodes, r.model])).toEqual([
      ['calc', 'claude-code', 2, 'claude-sonnet-4-20250514']
    ])
    const episodes = (await engine.api.listEpisodes({ runId: runs[0].id, sort: 'ordinal' })).items
    const detail = await engine.api.getEpisode(episodes[0].id)
    expect(detail.turns.length).toBe(19)
    expect(detail.turns[6].agent).toEqual({ id: 'task:toolu_02', name: 'Find callers of divide' })
    expect(detail.reward).toBeNull()
  })
})

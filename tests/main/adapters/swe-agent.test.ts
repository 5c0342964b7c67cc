/**
 * SWE-agent `.traj` adapter over the real corpus files (0.x, 1.0 function calling) and the own
 * fixtures for the shapes the corpus lacks (EnIGMA CTF, 1.0 with per-step `messages`, 1.0 with
 * per-step messages only, 1.1 nested run folder with `query`, demonstrations, thinking blocks,
 * exit_cost / exit_context). Numbers were counted by hand with python/jq on each file (see comments).
 */
import { readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Turn } from '../../../src-main/contract/model'
import { sweAgentAdapter } from '../../../src-main/formats/adapters/swe-agent'
import { miniSweAgentAdapter } from '../../../src-main/formats/adapters/mini-swe-agent'
import type { EpisodeSummaryRecord } from '../../../src-main/formats/types'
import { fixture, ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'
import { formatContext } from '../../../src-main/formats/context'

const V0 = fixture('swe-agent/v0.x/gpt4__swe-bench-dev-easy_first_only/pydicom__pydicom-1458.traj')
const V1FC = fixture('swe-agent/v1.0-function-calling/marshmallow-code__marshmallow-1867.traj')
const ENIGMA = ownFixture('swe-agent/enigma-ctf/warmup.traj')
const WITH_MESSAGES = ownFixture('swe-agent/v1.0-with-messages/marshmallow-code__marshmallow-1867.traj')
const MESSAGES_ONLY = ownFixture('swe-agent/v1.0-messages-only/astropy__astropy-12907.traj')
const DJANGO = ownFixture('swe-agent/v1.1-nested/django__django-11099/django__django-11099.traj')
const SYMPY = ownFixture('swe-agent/v1.1-nested/sympy__sympy-20590/sympy__sympy-20590.traj')

const load = (p: string): unknown => JSON.parse(readFileSync(p, 'utf8'))

function indexOne(
  p: string,
  doc = load(p)
): {
  runKey: string
  name: string
  model: string | null
  s: EpisodeSummaryRecord
  turns: Turn[]
  infoFull: Record<string, unknown>
} {
  expect(sweAgentAdapter.matches(doc, p)).toBe(true)
  const runs = sweAgentAdapter.index(doc, p, formatContext())
  expect(runs).toHaveLength(1)
  expect(runs[0].episodes).toHaveLength(1)
  const body = sweAgentAdapter.parseEpisode(doc, runs[0].episodes[0].locator, p, formatContext())
  const s = runs[0].episodes[0].summary
  expect(s.turns).toBe(body.turns.length)
  return {
    runKey: runs[0].runKey,
    name: runs[0].header.name,
    model: runs[0].header.model,
    s,
    turns: body.turns,
    infoFull: body.infoFull
  }
}

/** Every tool result answers the call of the assistant turn just before it (id when there is one, and name). */
function expectPairedInOrder(turns: Turn[]): void {
  let open: Turn['toolCalls'] = []
  for (const t of turns) {
    if (t.role === 'assistant') open = [...t.toolCalls]
    if (t.role === 'tool') {
      const call = open.shift()
      expect(call, `tool turn ${t.index} answers no call`).toBeDefined()
      expect(t.toolCallId).toBe(call!.id)
      expect(t.toolName).toBe(call!.name)
    }
  }
}

describe('swe-agent: real corpus files', () => {
  it('0.x pydicom__pydicom-1458: history turns, text actions as tool calls, the missing submit output restored', () => {
    const { runKey, name, model, s, turns } = indexOne(V0)
    // one run per folder, named after it; 0.x writes the run name as model_name_or_path in all_preds.jsonl
    expect(runKey).toBe(dirname(V0))
    expect(name).toBe('gpt4__swe-bench-dev-easy_first_only')
    expect(model).toBe('gpt4')
    expect(s.sourceId).toBe('pydicom__pydicom-1458')
    expect(s.status).toBe('ok') // info.exit_status = "submitted"
    expect(s.error).toBeNull()
    expect(s.reward).toBeNull() // no SWE-bench report for this instance anywhere near
    expect(s.info).toMatchObject({ exit_status: 'submitted', submitted: true, environment: 'swe_main' })
    // info.model_stats: instance_cost 1.26719, tokens_sent 122612, tokens_received 1369, api_calls 12; 12 trajectory steps
    expect(s.metrics).toEqual({ cost: 1.26719, tokens_sent: 122612, tokens_received: 1369, api_calls: 12, steps: 12 })
    expect([s.tokensIn, s.tokensOut]).toEqual([122612, 1369])
    expect(s.preview.startsWith('Pixel Representation attribute should be optional')).toBe(true)
    // history: system, 1 demo (is_demo), issue, 12 assistant + 11 observations = 26; + the submit output from trajectory[11] = 27
    expect(turns).toHaveLength(27)
    expect(turns.filter((t) => t.isPrompt).map((t) => t.role)).toEqual(['system', 'user', 'user'])
    // said beside the turn, its text the producer's (an SFT line writes the text)
    expect(turns[1].meta?.demonstration).toBe(1)
    expect(turns[1].text.startsWith('Here is a demonstration')).toBe(true)
    const calls = turns.flatMap((t) => t.toolCalls.map((c) => c.name))
    // actions (jq '.trajectory[].action'): create, edit, python, find_file, open, edit×4, python, rm, submit
    expect(calls).toEqual([
      'create',
      'edit',
      'bash',
      'find_file',
      'open',
      'edit',
      'edit',
      'edit',
      'edit',
      'bash',
      'bash',
      'submit'
    ])
    expect(turns[3].toolCalls[0].arguments).toEqual({ command: 'create reproduce_bug.py' })
    expect(turns[3].text.startsWith("First, I'll create a new Python script")).toBe(true) // the thought, not the fenced block
    expect(turns.filter((t) => t.role === 'tool')).toHaveLength(12)
    expectPairedInOrder(turns)
    expect(turns[26].text.startsWith('\ndiff --git a/pydicom/pixel_data_handlers/numpy_handler.py')).toBe(true)
  })

  it('1.0 function calling marshmallow-1867: OpenAI tool calls paired by tool_call_ids, step times', () => {
    const { runKey, name, model, s, turns } = indexOne(V1FC)
    expect(runKey).toBe(dirname(V1FC))
    expect(name).toBe('v1.0-function-calling')
    expect(model).toBe('gpt-4o') // replay_config.agent.model.name
    expect(s.sourceId).toBe('marshmallow-code__marshmallow-1867') // replay_config.problem_statement.id
    expect(s.status).toBe('ok')
    expect(s.metrics).toEqual({ cost: 0, tokens_sent: 0, tokens_received: 0, api_calls: 11, steps: 11 })
    // sum of the 11 trajectory[].execution_time = 3.99912708899501 s
    expect(s.durationMs).toBeCloseTo(3999.127, 2)
    expect(s.preview.startsWith('TimeDelta serialization precision')).toBe(true)
    // history has 24 messages: system, issue, 11 × (assistant with one tool call, tool result)
    expect(turns).toHaveLength(24)
    expect(turns.flatMap((t) => t.toolCalls.map((c) => c.name))).toEqual([
      'create',
      'insert',
      'bash',
      'bash',
      'find_file',
      'open',
      'edit',
      'edit',
      'bash',
      'bash',
      'submit'
    ])
    expect(turns[2].toolCalls[0]).toEqual({
      id: 'call_cyI71DYnRdoLHWwtZgIaW2wr',
      name: 'create',
      arguments: { filename: 'reproduce.py' }
    })
    expectPairedInOrder(turns)
    expect(turns[23]).toMatchObject({
      role: 'tool',
      toolCallId: 'call_submit',
      toolName: 'submit',
      isObservation: true
    })
    expect(turns[3].meta?.latencyMs).toBeCloseTo(238.7337, 3) // trajectory[0].execution_time
  })
})

describe('swe-agent: own fixtures for the shapes the corpus lacks', () => {
  it('EnIGMA CTF warmup (0.x schema): 3 steps, the empty submit output still answers the submit call', () => {
    const { name, model, s, turns } = indexOne(ENIGMA)
    expect(name).toBe('enigma-ctf')
    expect(model).toBeNull()
    expect(s.sourceId).toBe('warmup')
    expect(s.status).toBe('ok')
    // system, user, 3 assistant + 2 observations in history, + the empty last observation = 8
    expect(turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool'
    ])
    expect(turns.flatMap((t) => t.toolCalls.map((c) => c.name))).toEqual(['disassemble', 'bash', 'submit'])
    expect(turns[7]).toMatchObject({ text: '', toolName: 'submit' })
    expectPairedInOrder(turns)
  })

  it('1.0 with per-step messages: history wins; without history the last step messages give the same turns', () => {
    const doc = load(WITH_MESSAGES) as Record<string, unknown>
    const a = indexOne(WITH_MESSAGES, doc)
    expect(a.s.status).toBe('ok')
    expect(a.s.metrics).toEqual({ cost: 0.0421, tokens_sent: 8123, tokens_received: 312, api_calls: 3, steps: 3 })
    expect(a.s.durationMs).toBe(2000) // 0.25 + 0.5 + 1.25 s
    expect(a.turns).toHaveLength(8) // system, issue, 3 × (call, result)
    expectPairedInOrder(a.turns)
    const { history: _h, ...noHistory } = doc
    const b = indexOne(WITH_MESSAGES, noHistory)
    expect(b.turns.map((t) => [t.role, t.text, t.toolCallId])).toEqual(
      a.turns.map((t) => [t.role, t.text, t.toolCallId])
    )
    expect(b.s.promptHash).toBe(a.s.promptHash)
  })

  it('1.0 per-step messages only: demonstrations collapse into one prompt turn; exit_cost is truncated', () => {
    const { model, s, turns } = indexOne(MESSAGES_ONLY)
    expect(model).toBe('claude-3-5-sonnet-20241022') // replay_config is a JSON string here
    expect(s.status).toBe('truncated')
    expect(s.error).toBe('exit_cost: the cost limit was reached')
    expect(s.info).toMatchObject({ exit_status: 'exit_cost', submitted: false })
    // last step messages: system, 3 demo messages, issue, 2 × (call, result) → 1 + 1 + 1 + 4 = 7 turns
    expect(turns).toHaveLength(7)
    expect(turns[1].meta?.demonstration).toBe(3)
    expect(turns[1].text).not.toContain('[demonstration')
    expect(turns.filter((t) => t.isPrompt)).toHaveLength(3)
    expectPairedInOrder(turns)
    expect(s.preview).toBe(
      "Modeling's `separability_matrix` does not compute separability correctly for nested CompoundModels"
    )
  })

  it('1.1 nested run folder: runKey is the run folder, reward from the report.json beside the trajectory, thinking blocks', () => {
    const d = indexOne(DJANGO)
    expect(d.runKey).toBe(ownFixture('swe-agent/v1.1-nested'))
    expect(d.name).toBe('v1.1-nested')
    expect(d.model).toBe('anthropic/claude-sonnet-4-20250514')
    // report.json: resolved true; FAIL_TO_PASS 2 passed, PASS_TO_PASS 1 passed
    expect([d.s.reward, d.s.success]).toEqual([1, true])
    expect(d.s.metrics).toMatchObject({ f2p_passed: 2, f2p_failed: 0, p2p_passed: 1, p2p_failed: 0 })
    expect(d.s.info).toMatchObject({
      swebench: 'resolved',
      swe_agent_version: '1.1.0',
      exit_status: 'submitted (exit_cost)'
    })
    // auto-submitted after the cost limit: truncated, raw status kept
    expect(d.s.status).toBe('truncated')
    expect(d.s.error).toContain('submitted automatically')
    expect(d.turns).toHaveLength(7) // system, demo block, issue, 2 × (call, result)
    expect(d.turns[3].reasoning).toBe('The regex uses $ which matches before a trailing newline.')
    expect(d.turns[4].text.startsWith("Here's the result of running `cat -n`")).toBe(true) // content parts → text
    expectPairedInOrder(d.turns)
    expect(d.infoFull.swebench).toMatchObject({ outcome: 'resolved', reward: 1 })

    const y = indexOne(SYMPY)
    expect(y.runKey).toBe(d.runKey)
    expect(y.s.status).toBe('truncated')
    expect(y.s.error).toBe('exit_context: the context window was exceeded')
    expect(y.s.reward).toBeNull() // no report for sympy
    expect(y.turns).toHaveLength(4)
  })

  it('exit statuses: missing → truncated, exit_format / exceptions → error, raw status kept', () => {
    const doc = load(ENIGMA) as { info: Record<string, unknown> }
    const with_ = (exit: unknown): EpisodeSummaryRecord =>
      indexOne(ENIGMA, { ...doc, info: { ...doc.info, exit_status: exit } }).s
    expect(with_(undefined)).toMatchObject({ status: 'truncated', error: expect.stringContaining('no exit status') })
    expect(with_('exit_format')).toMatchObject({
      status: 'error',
      info: expect.objectContaining({ exit_status: 'exit_format' })
    })
    expect(with_('exit_api').status).toBe('error')
    expect(with_('early_exit').status).toBe('truncated')
    expect(with_('submitted (exit_context)').status).toBe('truncated')
  })

  it('does not claim mini-swe-agent trajectories, and mini-swe-agent does not claim .traj files', () => {
    const mini = fixture(
      'mini-swe-agent/output/deepseek_chat_dev/sqlfluff__sqlfluff-2419/sqlfluff__sqlfluff-2419.traj.json'
    )
    expect(sweAgentAdapter.matches(load(mini), mini)).toBe(false)
    for (const p of [V0, V1FC, ENIGMA, WITH_MESSAGES, MESSAGES_ONLY, DJANGO])
      expect(miniSweAgentAdapter.matches(load(p), p)).toBe(false)
    expect(sweAgentAdapter.matches({ trajectory: [{ foo: 1 }] }, '/x/a.traj')).toBe(false)
    expect(sweAgentAdapter.matches({ trajectory: [], info: {} }, '/x/a.json')).toBe(false)
  })
})

describe('swe-agent through the engine', () => {
  let engine: Engine | null = null
  afterEach(async () => {
    await engine?.close()
    engine = null
  })

  it('indexes the corpus folders and the own fixtures: one run per folder, sidecars, turns on demand', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([fixture('swe-agent'), ownFixture('swe-agent')])
    const states = Object.fromEntries(
      report.files.map((f) => [f.path.replace(/^.*\/(swe-agent\/)/, '$1'), [f.state, f.format, f.episodes]])
    )
    expect(states).toMatchObject({
      'swe-agent/v0.x/gpt4__swe-bench-dev-easy_first_only/pydicom__pydicom-1458.traj': ['indexed', 'swe-agent', 1],
      'swe-agent/v0.x/gpt4__swe-bench-dev-easy_first_only/all_preds.jsonl': ['sidecar', 'swe-bench-report', 0],
      'swe-agent/v1.1-nested/preds.json': ['sidecar', 'swe-bench-report', 0],
      'swe-agent/v1.1-nested/django__django-11099/report.json': ['sidecar', 'swe-bench-report', 0]
    })
    expect(report.files.filter((f) => f.state === 'error' || f.state === 'unknown-format')).toEqual([])
    const runs = await engine.api.listRuns()
    const byName = Object.fromEntries(runs.map((r) => [r.name, r]))
    expect(Object.keys(byName).sort()).toEqual([
      'enigma-ctf',
      'gpt4__swe-bench-dev-easy_first_only',
      'v1.0-function-calling',
      'v1.0-messages-only',
      'v1.0-with-messages',
      'v1.1-nested'
    ])
    expect(byName['v1.1-nested']).toMatchObject({
      format: 'swe-agent',
      episodes: 2,
      tasks: 2,
      model: 'anthropic/claude-sonnet-4-20250514'
    })
    const page = await engine.api.listEpisodes({ runId: byName['v1.1-nested'].id, sort: 'taskKey' })
    expect(page.items.map((e) => [e.taskKey, e.taskKeyKind, e.reward, e.status, e.turns])).toEqual([
      ['django__django-11099', 'explicit', 1, 'truncated', 7],
      ['sympy__sympy-20590', 'explicit', null, 'truncated', 4]
    ])
    const v0 = await engine.api.listEpisodes({ runId: byName['gpt4__swe-bench-dev-easy_first_only'].id })
    const detail = await engine.api.getEpisode(v0.items[0].id)
    expect(detail.turns).toHaveLength(27)
    expect(detail.turns[26]).toMatchObject({ role: 'tool', toolName: 'submit' })
    expect(detail.infoFull.exit_status).toBe('submitted')
  })
})

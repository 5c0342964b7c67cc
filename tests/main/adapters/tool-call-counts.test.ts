/**
 * Per-episode tool-call counts written at index time (tool-call-counts.ts), on real fixtures. Each expected count is
 * derived here from the raw file by a walk written for the test (not the adapter's code), and also pinned to the
 * number counted by hand with python (json / zipfile) so that a wrong walk in both places cannot pass.
 */
import { readFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { inspectAdapter } from '../../../src-main/formats/adapters/inspect'
import { nemoGymAdapter } from '../../../src-main/formats/adapters/nemo-gym'
import { sweAgentAdapter } from '../../../src-main/formats/adapters/swe-agent'
import {
  countMessageToolCalls,
  countTurnToolCalls,
  toolCallName,
  toolCallsJson
} from '../../../src-main/formats/actions/tool-call-counts'
import { verifiersAdapter } from '../../../src-main/formats/adapters/verifiers'
import { ZipArchive } from '../../../src-main/formats/readers/zip-reader'
import type { Engine } from '../../../src-main/services/engine-types'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { rowsOf, type Row } from './read-rows'
import { formatContext } from '../../../src-main/formats/context'
import { tallyActions } from '../../../src-main/formats/actions/tally'

type Counts = Record<string, number>
const bump = (c: Counts, name: string): void => void (c[name] = (c[name] ?? 0) + 1)
const plain = (c: Counts | null | undefined): Counts | null => (c ? { ...c } : null)
const sum = (list: Counts[]): Counts => {
  const out: Counts = {}
  for (const c of list) for (const [k, n] of Object.entries(c)) out[k] = (out[k] ?? 0) + n
  return out
}

const MATH_41 = fixture('verifiers/willccbb-verifiers/math-python--gpt-4.1-mini/578769a7/results.jsonl')
const MATH_NANO = fixture('verifiers/willccbb-verifiers/math-python--gpt-5-nano/cb7a1799/results.jsonl')
const NEMO = fixture('nemo-gym/example_multi_step/example_rollouts.jsonl')
const SWE_V0 = fixture('swe-agent/v0.x/gpt4__swe-bench-dev-easy_first_only/pydicom__pydicom-1458.traj')
const SWE_V1FC = fixture('swe-agent/v1.0-function-calling/marshmallow-code__marshmallow-1867.traj')
const INSPECT = fixture('inspect-ai/log_message_deduplication.eval')

/** verifiers Sep-2025 rows: completion messages whose `tool_calls` items are JSON strings of OpenAI calls. */
function verifiersExpected(r: Row): Counts {
  const c: Counts = {}
  for (const m of r.completion as { tool_calls?: unknown[] }[]) {
    for (const t of m.tool_calls ?? [])
      bump(c, (JSON.parse(t as string) as { function: { name: string } }).function.name)
  }
  return c
}

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

describe('tool-call counts from real fixtures', () => {
  it('verifiers math-python: every row calls python (gpt-4.1-mini 30 calls in 15 rows, gpt-5-nano 16)', () => {
    for (const [path, total] of [
      [MATH_41, 30],
      [MATH_NANO, 16]
    ] as const) {
      const rows = rowsOf(path)
      expect(rows).toHaveLength(15)
      const expected = rows.map(verifiersExpected)
      expect(sum(expected)).toEqual({ python: total })
      expect(expected.every((c) => c.python > 0)).toBe(true)
      expect(rows.map((r) => plain(tallyActions(verifiersAdapter.summarize(r).actions).toolCalls))).toEqual(expected)
    }
  })

  it('verifiers: a completion without calls counts as {} (known zero), prompt calls are not the model’s', () => {
    const row = rowsOf(MATH_41)[0]
    const fewShot = {
      role: 'assistant',
      content: '',
      tool_calls: [{ id: 'x', type: 'function', function: { name: 'python', arguments: '{}' } }]
    }
    const s = verifiersAdapter.summarize({
      ...row,
      prompt: [...(row.prompt as unknown[]), fewShot],
      completion: [{ role: 'assistant', content: 'no tools' }]
    })
    expect(plain(tallyActions(s.actions).toolCalls)).toEqual({})
    expect(toolCallsJson(tallyActions(s.actions).toolCalls)).toBe('{}')
  })

  it('NeMo example_multi_step: function_call items by name (5 rollouts: get_synonym_value 11, extract_synonym_values 5)', () => {
    const rows = rowsOf(NEMO)
    const expected = rows.map((r) => {
      const c: Counts = {}
      for (const it of (r.response as { output: { type?: string; name?: string }[] }).output)
        if (it.type === 'function_call') bump(c, it.name!)
      return c
    })
    expect(sum(expected)).toEqual({ get_synonym_value: 11, extract_synonym_values: 5 })
    expect(rows.map((r) => plain(tallyActions(nemoGymAdapter.summarize(r).actions).toolCalls))).toEqual(expected)
  })

  it('SWE-agent 1.0 function calling: the history’s tool calls (11: bash 4, edit 2, five others once)', () => {
    const doc = JSON.parse(readFileSync(SWE_V1FC, 'utf8')) as {
      history: { tool_calls?: { function: { name: string } }[] }[]
    }
    const expected: Counts = {}
    for (const m of doc.history) for (const t of m.tool_calls ?? []) bump(expected, t.function.name)
    expect(expected).toEqual({ create: 1, insert: 1, bash: 4, find_file: 1, open: 1, edit: 2, submit: 1 })
    const s = sweAgentAdapter.index(doc, SWE_V1FC, formatContext())[0].episodes[0].summary
    expect(plain(tallyActions(s.actions).toolCalls)).toEqual(expected)
  })

  it('SWE-agent 0.x: one call per trajectory action, named by its command (a shell command is `bash`)', () => {
    const doc = JSON.parse(readFileSync(SWE_V0, 'utf8')) as { trajectory: { action: string }[] }
    const own = new Set(['create', 'edit', 'find_file', 'open', 'submit'])
    const expected: Counts = {}
    for (const step of doc.trajectory) {
      const word = step.action.trim().split(/\s+/)[0]
      bump(expected, own.has(word) ? word : 'bash')
    }
    expect(expected).toEqual({ create: 1, edit: 5, bash: 3, find_file: 1, open: 1, submit: 1 })
    const runs = sweAgentAdapter.index(doc, SWE_V0, formatContext())
    expect(plain(tallyActions(runs[0].episodes[0].summary.actions).toolCalls)).toEqual(expected)
    // the summary's counts are the viewer's turns' calls
    const body = sweAgentAdapter.parseEpisode(doc, runs[0].episodes[0].locator, SWE_V0, formatContext())
    expect(plain(countTurnToolCalls(body.turns))).toEqual(expected)
  })

  it('Inspect log_message_deduplication.eval: the sample calls bash 5 times', () => {
    const zip = ZipArchive.open(INSPECT)
    const sample = zip.readJson('samples/0_epoch_1.json') as {
      messages: { tool_calls?: { function: string }[] | null }[]
    }
    const expected: Counts = {}
    for (const m of sample.messages) for (const t of m.tool_calls ?? []) bump(expected, t.function)
    expect(expected).toEqual({ bash: 5 })
    const runs = inspectAdapter.index(zip, INSPECT, formatContext())
    expect(runs[0].episodes.map((e) => plain(tallyActions(e.summary.actions).toolCalls))).toEqual([expected])
  })

  it('the indexer stores the counts in episodes.tool_calls_json (NULL where the adapter has none)', async () => {
    const t = tempEngine()
    engine = t.engine
    await engine.indexPaths([MATH_NANO, INSPECT])
    const db = new Database(t.dbPath, { readonly: true })
    try {
      const rows = db
        .prepare(
          `SELECT r.format, e.tool_calls_json j FROM episodes e JOIN runs r ON r.id = e.run_id ORDER BY r.format, e.ordinal`
        )
        .all() as {
        format: string
        j: string | null
      }[]
      expect(rows.filter((r) => r.format === 'inspect').map((r) => JSON.parse(r.j!))).toEqual([{ bash: 5 }])
      const v = rows.filter((r) => r.format === 'verifiers').map((r) => JSON.parse(r.j!) as Counts)
      expect(v).toHaveLength(15)
      expect(sum(v)).toEqual({ python: 16 })
    } finally {
      db.close()
    }
  })
})

describe('toolCallName / countMessageToolCalls shapes', () => {
  it('reads every call shape with normalizeToolCall’s precedence, without the arguments', () => {
    expect(toolCallName({ id: 'a', type: 'function', function: { name: 'python', arguments: '{not json' } })).toBe(
      'python'
    )
    expect(toolCallName('{"function": {"name": "python"}, "id": "x"}')).toBe('python')
    expect(toolCallName({ type: 'function_call', call_id: 'c', name: 'search' })).toBe('search')
    expect(toolCallName({ tool_call_id: 't', function_name: 'read_file' })).toBe('read_file')
    expect(toolCallName({ id: 'i', function: 'bash', arguments: {} })).toBe('bash')
    expect(toolCallName({ function: {} })).toBe('unknown')
    expect(toolCallName({ arguments: {} })).toBeNull()
    expect(toolCallName('plain text')).toBeNull()
  })

  it('counts lists, JSON-string lists, legacy function_call and odd tool names from an index on', () => {
    const messages = [
      { role: 'assistant', tool_calls: [{ function: { name: 'a' } }] }, // before `from`: not counted
      { role: 'assistant', tool_calls: '[{"name": "b"}, {"name": "b"}]' },
      { role: 'assistant', function_call: { name: 'c', arguments: '{}' } },
      { role: 'assistant', tool_calls: [{ name: '__proto__' }, { name: 'constructor' }] },
      'not a message',
      { role: 'tool', content: 'x' }
    ]
    const c = countMessageToolCalls(messages, 1)
    expect(JSON.parse(toolCallsJson(c)!)).toEqual({ b: 2, c: 1, ['__proto__']: 1, constructor: 1 })
    expect(countMessageToolCalls('a completion string')).toEqual({})
    expect(toolCallsJson(null)).toBeNull()
  })
})

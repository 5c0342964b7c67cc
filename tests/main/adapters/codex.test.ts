/**
 * Codex CLI rollouts over the fixtures (tests/fixtures/codex/README.md): claude-code-log's two committed rollouts (one
 * of each era), and built sessions of one project on two days (shell and patch calls, a local shell call, a web search,
 * a compaction, an interrupted turn, a line that is not JSON, a line of an unknown type) plus an older-era rollout.
 */
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Turn } from '@contract/model'
import { codexAdapter as X } from '../../../src-main/formats/adapters/codex'
import { formatContext } from '../../../src-main/formats/context'
import { pickGroupedJsonlAdapter } from '../../../src-main/formats/registry'
import { readJsonlRecords } from '../../../src-main/formats/readers/jsonl-records'
import type { Engine } from '../../../src-main/services/engine-types'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const REAL = ownFixture('codex/real/sessions')
const REAL_NEW = join(REAL, '2026/01/02/rollout-2026-01-02T03-04-05-11111111-1111-4111-8111-111111111111.jsonl')
const REAL_OLD = join(REAL, 'rollout-44444444-4444-4444-8444-444444444444.jsonl')
const BUILT = ownFixture('codex/built/sessions')
const FIX = join(BUILT, '2025/10/14/rollout-2025-10-14T09-30-00-0199e2a1-7c3d-7e10-9a2b-3c4d5e6f7a01.jsonl')
const ABORTED = join(BUILT, '2025/10/15/rollout-2025-10-15T14-02-00-0199e7b4-1a2b-7c3d-8e4f-5a6b7c8d9e02.jsonl')
const LEGACY = join(BUILT, '2025/08/01/rollout-2025-08-01T08-00-00-5f0c2d1e-8a7b-4c6d-9e0f-1a2b3c4d5e03.jsonl')

const records = (path: string): Record<string, unknown>[] => readJsonlRecords(path).records
const index = (path: string): ReturnType<typeof X.index> => X.index(records(path), path, formatContext())
const turnsOf = (path: string): Turn[] => X.parseEpisode(records(path), '', path, formatContext()).turns
const shape = (t: Turn): string =>
  [t.role, t.toolCalls.map((c) => c.name).join('+'), t.toolName ?? ''].filter(Boolean).join(' ')

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

describe('Codex: detection', () => {
  it('a rollout by its session_meta line; an older rollout by its bare meta line and its name', () => {
    for (const path of [REAL_NEW, REAL_OLD, FIX, LEGACY])
      expect(pickGroupedJsonlAdapter(records(path)[0], path)).toBe(X)
    // a bare {id, timestamp} object is a rollout only in a file named as one
    expect(pickGroupedJsonlAdapter(records(REAL_OLD)[0], '/tmp/notes.jsonl')).not.toBe(X)
  })
})

describe('Codex: a rollout of today', () => {
  const turns = turnsOf(FIX)

  it('response items are the transcript; event messages do not double it; bookkeeping items are left out', () => {
    expect(turns.map(shape)).toEqual([
      'system',
      'user',
      'user',
      'assistant shell',
      'tool shell',
      'assistant apply_patch',
      'tool apply_patch',
      'assistant local_shell',
      'tool local_shell',
      'assistant web_search',
      'system',
      'assistant shell',
      'tool shell',
      'assistant'
    ])
    expect(turns.filter((t) => t.text.startsWith('Fixed: /todos')).length).toBe(1)
    expect(turns[3].reasoning).toContain('The empty list probably hits an index error.')
    expect(turns.some((t) => t.text.includes('ghost_commit'))).toBe(false)
  })

  it('shell outputs unwrapped to their text, a non-zero exit code marked; the compaction marked as a summary', () => {
    expect(turns[4].text).toBe(
      'def list_todos():\n    items = db.all()\n    return jsonify(first=items[0], items=items)\n'
    )
    expect(turns[4].meta?.error).toBeUndefined()
    expect(turns[6].text).toBe('Success. Updated the following files:\nM app/routes.py\n')
    expect(turns[8].text).toContain('1 failed, 11 passed')
    expect(turns[10].meta?.contextSummary).toBe(true)
    expect(turns[10].text).toMatch(/^Context compacted: The user asked to fix a 500/)
    expect(turns[7].toolCalls[0].arguments).toMatchObject({ type: 'exec', command: ['pytest', '-q'] })
  })

  it('the summary: task, tokens of the last token_count, model of the turn context; the unknown line named', () => {
    const [run] = index(FIX)
    const s = run.episodes[0].summary
    expect(s.preview).toBe('The /todos endpoint returns 500 when the list is empty. Fix it and run the tests.')
    expect([s.tokensIn, s.tokensOut, s.status, s.sourceId]).toEqual([
      21400,
      655,
      'ok',
      '0199e2a1-7c3d-7e10-9a2b-3c4d5e6f7a01'
    ])
    expect(s.info).toMatchObject({ cwd: '/home/dev/todo-api', cli_version: '0.46.0', git_branch: 'main' })
    expect(run.header.model).toBe('gpt-5-codex')
    expect(run.runKey).toBe(`${BUILT}#/home/dev/todo-api`)
    expect(run.warnings).toEqual(['1 record of unknown type "workspace_probe" skipped (first: record 18)'])
  })

  it('an interrupted session is cancelled, with the reason as its termination', () => {
    const s = index(ABORTED)[0].episodes[0].summary
    expect([s.status, s.termination, s.turns]).toEqual(['cancelled', 'aborted: interrupted', 3])
  })
})

describe('Codex: the older era', () => {
  it('a bare meta line, then bare items with state lines between', () => {
    expect(turnsOf(LEGACY).map(shape)).toEqual(['user', 'assistant local_shell', 'tool local_shell', 'assistant'])
    const [run] = index(LEGACY)
    expect(run.runKey).toBe(BUILT) // no cwd in that era: the sessions folder's run
    expect(run.episodes[0].summary.info.git_branch).toBe('main')
    expect(turnsOf(REAL_OLD).map((t) => t.text)).toEqual([
      'Open the synthetic legacy session.',
      'The synthetic legacy session is open.'
    ])
  })

  it('the committed rollout of today reads with its custom tool and MCP calls', () => {
    expect(turnsOf(REAL_NEW).map(shape)).toEqual([
      'user',
      'assistant exec_command',
      'tool exec_command',
      'assistant apply_patch',
      'tool apply_patch',
      'assistant mcp__synthetic__lookup',
      'tool mcp__synthetic__lookup',
      'assistant'
    ])
    // encrypted reasoning is never text
    expect(JSON.stringify(turnsOf(REAL_NEW))).not.toContain('SYNTHETIC_ENCRYPTED_CONTENT_MUST_NOT_RENDER')
  })
})

describe('Codex through the engine', () => {
  it('the sessions of one working directory are one run across the date folders; a bad line is skipped', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([BUILT])
    expect(report.files.map((f) => [f.path.slice(BUILT.length + 1), f.format, f.state, f.episodes])).toEqual([
      ['2025/08/01/rollout-2025-08-01T08-00-00-5f0c2d1e-8a7b-4c6d-9e0f-1a2b3c4d5e03.jsonl', 'codex', 'indexed', 1],
      ['2025/10/14/rollout-2025-10-14T09-30-00-0199e2a1-7c3d-7e10-9a2b-3c4d5e6f7a01.jsonl', 'codex', 'indexed', 1],
      ['2025/10/15/rollout-2025-10-15T14-02-00-0199e7b4-1a2b-7c3d-8e4f-5a6b7c8d9e02.jsonl', 'codex', 'indexed', 1]
    ])
    expect(report.files[1].warnings).toEqual([
      expect.stringMatching(/^line 12: .*; skipped$/),
      '1 record of unknown type "workspace_probe" skipped (first: record 18)'
    ])
    const runs = await engine.api.listRuns()
    expect(runs.map((r) => [r.name, r.episodes]).sort()).toEqual([
      ['sessions', 1],
      ['todo-api', 2]
    ])
  })
})

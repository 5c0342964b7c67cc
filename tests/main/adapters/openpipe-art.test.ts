/**
 * OpenPipe ART trajectory logs over the own fixture (tests/fixtures/openpipe-art/README.md: written as
 * write_trajectory_groups_parquet writes them, zstd): a model's train split (steps 0 and 1, 2 groups × 3, step 1 in
 * row groups of 2) and its val split. Indexed through the CLI: one training run per split, the step from the file
 * name, groups, turns from the nested messages (tool calls decoded from their JSON text).
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RunSummary } from '@contract/model'
import type { TrainingCurve } from '@contract/training'
import { openPipeArtAdapter as A } from '../../../src-main/formats/adapters/openpipe-art'
import { formatContext } from '../../../src-main/formats/context'
import { pickTableAdapter } from '../../../src-main/formats/registry'
import { ParquetFile } from '../../../src-main/formats/readers/parquet-file'
import { ownFixture } from '../../helpers/fixtures-path'
import { captureCli } from '../../helpers/capture-cli'

const ROOT = ownFixture('openpipe-art/.art/email-agent/models/agent-001/trajectories')
const file = (split: string, step: number): string => join(ROOT, split, `${String(step).padStart(4, '0')}.parquet`)
function rowsOf(path: string): Record<string, unknown>[] {
  const f = ParquetFile.open(path)
  return Array.from({ length: f.rowGroups }, (_, g) => f.readGroup(g)).flat()
}

let dir: string
const cli = captureCli(
  () => join(dir, 'r.db'),
  () => dir
)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rs-art-'))
  const r = await cli('index', ownFixture('openpipe-art'), '--json')
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
}, 120_000)

describe('OpenPipe ART: a trajectories file', () => {
  const path = file('train', 1)
  const table = ParquetFile.open(path)
  const ctx = formatContext()
  const rows = rowsOf(path)
  const at = (index: number) => ({ path, group: 0, index, table, ctx })

  it('is claimed by its columns, and belongs to the run of its model and split', () => {
    expect(pickTableAdapter(table.columns, path)).toBe(A)
    const run = A.readRun(table, path, ctx)
    expect(run.runKey).toBe(join(ROOT, 'train'))
    expect(run.header).toMatchObject({
      name: 'email-agent/agent-001 train (ART)',
      model: 'agent-001',
      env: 'email-agent'
    })
  })

  it('reward, metrics (JSON text) and metadata (JSON text) of a row; the step from the file name', () => {
    const s = A.summarize(rows[0], at(0))
    expect(s).toMatchObject({ reward: 1, step: 1, turns: 5, sourceId: null })
    expect(s.metrics).toEqual({ correct: 1, num_turns: 2 })
    expect(s.info).toEqual({ scenario_id: 's-101', difficulty: 'easy', group_index: 0 })
    expect(s.preview).toContain('When does my flight to Lisbon leave?')
  })

  it('a group is a scenario: its rows share a prompt hash, the other group does not', () => {
    const hashes = rows.map((r, i) => A.summarize(r, at(i)).promptHash)
    const groups = rows.map((r) => r.group_index)
    hashes.forEach((h, i) => hashes.forEach((k, j) => expect(h === k).toBe(groups[i] === groups[j])))
  })

  it('turns from the nested messages: the tool call decoded from JSON text, its result paired by id', () => {
    const body = A.parseEpisode(rows[0], at(0))
    expect(body.turns.map((t) => [t.role, t.isPrompt])).toEqual([
      ['system', true],
      ['user', true],
      ['assistant', false],
      ['tool', false],
      ['assistant', false]
    ])
    expect(body.turns[2].toolCalls).toEqual([{ id: 'call_0_0', name: 'search_inbox', arguments: { query: 'flight' } }])
    expect(body.turns[3]).toMatchObject({ toolCallId: 'call_0_0', toolName: 'search_inbox' })
    expect(body.tools).toHaveLength(1)
    expect(body.infoFull.metadata).toEqual({ scenario_id: 's-101', difficulty: 'easy' })
  })

  it('a row without messages is skipped with a RecordError', () => {
    expect(() => A.summarize({ ...rows[0], messages: null }, at(0))).toThrow(/no messages/)
  })
})

describe('OpenPipe ART: the trajectories folder indexed', () => {
  it('is one training run per split', async () => {
    const runs = JSON.parse((await cli('runs', '--json')).stdout) as RunSummary[]
    expect(runs.map((x) => [x.name, x.format, x.episodes]).sort()).toEqual([
      ['email-agent/agent-001 train (ART)', 'openpipe-art', 12],
      ['email-agent/agent-001 val (ART)', 'openpipe-art', 2]
    ])
  })

  it('rollscope curve --json: per step the mean reward and the groups, computed from the rows', async () => {
    const curve = JSON.parse(
      (await cli('curve', 'email-agent/agent-001 train (ART)', '--json')).stdout
    ) as TrainingCurve
    expect(curve.points.map((p) => p.step)).toEqual([0, 1])
    curve.points.forEach((p) => {
      const rows = rowsOf(file('train', p.step))
      const rewards = rows.map((r) => r.reward as number)
      const groups = new Map<unknown, number[]>()
      rows.forEach((r) => groups.set(r.group_index, [...(groups.get(r.group_index) ?? []), r.reward as number]))
      expect([p.episodes, p.groups]).toEqual([rows.length, groups.size])
      expect(p.meanReward).toBeCloseTo(rewards.reduce((a, b) => a + b, 0) / rewards.length, 12)
      const flat = [...groups.values()].filter((g) => g.every((x) => x === g[0])).length
      expect(p.noSignalShare).toBeCloseTo(flat / groups.size, 12)
    })
    // step 0: one right answer in six; group 2 all wrong (no signal)
    expect(curve.points[0].meanReward).toBeCloseTo(1 / 6, 12)
    expect(curve.points[0].noSignalShare).toBe(0.5)
  })
})

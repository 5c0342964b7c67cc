/**
 * Hugging Face trajectory datasets over the own fixture (tests/fixtures/hf-trajectories/README.md: shards of the
 * shape of nebius/SWE-agent-trajectories, snappy in row groups of 2, and nebius/SWE-rebench-openhands-trajectories,
 * zstd). Indexed through the CLI: one run per dataset split, instance_id as the task, target / resolved as the
 * reward, the nested trajectory as turns (SWE-agent's `ai` turns as the agent's, OpenAI tool calls paired by id).
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RunSummary } from '@contract/model'
import { hfTrajectoriesAdapter as H } from '../../../src-main/formats/adapters/hf-trajectories'
import { formatContext } from '../../../src-main/formats/context'
import { pickTableAdapter } from '../../../src-main/formats/registry'
import { ParquetFile } from '../../../src-main/formats/readers/parquet-file'
import { ownFixture } from '../../helpers/fixtures-path'
import { captureCli } from '../../helpers/capture-cli'

const SWE_AGENT = ownFixture('hf-trajectories/nebius-SWE-agent-trajectories/data/train-00000-of-00001.parquet')
const OPENHANDS = ownFixture(
  'hf-trajectories/nebius-SWE-rebench-openhands-trajectories/data/train-00000-of-00001.parquet'
)
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
  dir = mkdtempSync(join(tmpdir(), 'rs-hf-'))
  const r = await cli('index', ownFixture('hf-trajectories'), '--json')
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
}, 120_000)

describe('nebius/SWE-agent-trajectories', () => {
  const table = ParquetFile.open(SWE_AGENT)
  const ctx = formatContext()
  const rows = rowsOf(SWE_AGENT)
  const at = (index: number) => ({ path: SWE_AGENT, group: 0, index, table, ctx })

  it('is claimed by its columns (instance_id and a trajectory list), one run per folder and split', () => {
    expect(pickTableAdapter(table.columns, SWE_AGENT)).toBe(H)
    const run = H.readRun(table, SWE_AGENT, ctx)
    expect(run.header.name).toBe('nebius-SWE-agent-trajectories train (Hugging Face dataset)')
    expect(run.header.header).toMatchObject({ split: 'train', reward: 'target' })
  })

  it('target is the reward, instance_id the task, model_name and exit_status categories', () => {
    const summaries = rows.map((r, i) => H.summarize(r, at(i)))
    expect(summaries.map((s) => s.reward)).toEqual(rows.map((r) => (r.target ? 1 : 0)))
    expect(summaries[0]).toMatchObject({
      sourceId: 'astropy__astropy-12907',
      success: true,
      termination: 'submitted',
      info: { model_name: 'swe-agent-llama-70b', exit_status: 'submitted', instance_id: 'astropy__astropy-12907' }
    })
  })

  it('the trajectory reads as turns: system and user prompt, then the agent (role ai) and its observations', () => {
    const body = H.parseEpisode(rows[0], at(0))
    expect(body.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant'
    ])
    expect(body.turns.map((t) => t.isObservation)).toEqual([false, false, false, true, false, true, false])
    expect(body.turns[2].text).toContain('open src/module_0.py')
    expect(H.summarize(rows[0], at(0)).turns).toBe(7)
  })
})

describe('nebius/SWE-rebench-openhands-trajectories', () => {
  const table = ParquetFile.open(OPENHANDS)
  const ctx = formatContext()
  const rows = rowsOf(OPENHANDS)
  const at = (index: number) => ({ path: OPENHANDS, group: 0, index, table, ctx })

  it('resolved is the reward; tool calls (nested structs, arguments as JSON text) are paired with their results', () => {
    expect(rows.map((r, i) => H.summarize(r, at(i)).reward)).toEqual([0, 1, 0])
    const body = H.parseEpisode(rows[1], at(1))
    const calls = body.turns.flatMap((t) => t.toolCalls.map((c) => [c.name, c.arguments]))
    expect(calls).toEqual([
      ['execute_bash', { command: 'grep -rn path edk2toollib' }],
      ['execute_bash', { command: 'python -m pytest' }],
      ['finish', { message: 'done' }]
    ])
    const results = body.turns.filter((t) => t.role === 'tool')
    expect(results.map((t) => t.toolName)).toEqual(['execute_bash', 'execute_bash', 'finish'])
    expect(body.tools).toHaveLength(2)
  })
})

describe('Hugging Face datasets indexed', () => {
  it('each dataset split is one run, with instance_id as the task key', async () => {
    const runs = JSON.parse((await cli('runs', '--json')).stdout) as RunSummary[]
    expect(runs.map((x) => [x.name, x.format, x.episodes, x.tasks]).sort()).toEqual([
      ['nebius-SWE-agent-trajectories train (Hugging Face dataset)', 'hf-trajectories', 5, 3],
      ['nebius-SWE-rebench-openhands-trajectories train (Hugging Face dataset)', 'hf-trajectories', 3, 3]
    ])
    const swe = runs.find((r) => r.name.startsWith('nebius-SWE-agent'))!
    expect(swe.meanReward).toBeCloseTo(3 / 5, 12)
  })
})

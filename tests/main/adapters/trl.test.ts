/**
 * TRL GRPO completion logs over the own fixture (tests/fixtures/trl/README.md: written as GRPOTrainer.log() writes
 * them with log_completions=True): steps 5, 10 and 15 of one output folder, 2–3 prompts × 4 generations, two reward
 * functions (one returning None for a sample), a log_extra column, step 15 in row groups of 4. Indexed through the
 * CLI: one training run, and `rollscope curve --json` gives per step the batch figures computed here from the rows.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RunSummary } from '@contract/model'
import type { TrainingCurve } from '@contract/training'
import { rewardColumns, trlCompletionsAdapter as T } from '../../../src-main/formats/adapters/trl-completions'
import { formatContext } from '../../../src-main/formats/context'
import { pickTableAdapter } from '../../../src-main/formats/registry'
import { ParquetFile } from '../../../src-main/formats/readers/parquet-file'
import { ownFixture } from '../../helpers/fixtures-path'
import { captureCli } from '../../helpers/capture-cli'

const OUT = ownFixture('trl/qwen-grpo')
const STEPS = [5, 10, 15]
const fileOf = (step: number): string =>
  join(OUT, 'completions', `completions_${String(step).padStart(5, '0')}.parquet`)

/** Every row of a step file, as the reader decodes it (each row group in turn). */
function rowsOf(step: number): Record<string, unknown>[] {
  const f = ParquetFile.open(fileOf(step))
  return Array.from({ length: f.rowGroups }, (_, g) => f.readGroup(g)).flat()
}

/** TRL's total with unit weights: the nansum of the two reward functions. */
const total = (r: Record<string, unknown>): number =>
  [r.accuracy_reward, r.format_reward].reduce<number>((n, v) => n + (Number.isFinite(v) ? (v as number) : 0), 0)

let dir: string
const cli = captureCli(
  () => join(dir, 'r.db'),
  () => dir
)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rs-trl-'))
  const r = await cli('index', OUT, '--json')
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
}, 120_000)

describe('TRL: detection', () => {
  it('a completions file is claimed by its columns; the reward columns are the floats between completion and advantage', () => {
    const f = ParquetFile.open(fileOf(5))
    expect(pickTableAdapter(f.columns, 'x.parquet')).toBe(T)
    expect(rewardColumns(f)).toEqual(['accuracy_reward', 'format_reward'])
    // answer_len (a log_extra column of integers) is not a reward function
    expect(f.columns).toContain('answer_len')
    for (const missing of ['step', 'prompt', 'completion', 'advantage'])
      expect(
        pickTableAdapter(
          f.columns.filter((c) => c !== missing),
          'x.parquet'
        )
      ).not.toBe(T)
  })
})

describe('TRL: a step file', () => {
  const f = ParquetFile.open(fileOf(5))
  const run = T.readRun(f, fileOf(5), formatContext())
  const ctx = formatContext()
  const rows = rowsOf(5)
  const summaries = rows.map((row, index) => T.summarize(row, { path: fileOf(5), group: 0, index, table: f, ctx }))

  it('belongs to the run of its output folder, and says the reward is an unweighted sum', () => {
    expect(run.runKey).toBe(OUT)
    expect(run.header.name).toBe('qwen-grpo (TRL)')
    expect(run.header.header).toMatchObject({ producer: 'trl', reward_functions: 'accuracy_reward, format_reward' })
    expect(String(run.header.header.reward)).toMatch(/reward_weights, which the completions file does not record/)
    expect(run.warnings).toEqual([
      expect.stringMatching(/^reward = accuracy_reward \+ format_reward \(weight 1 each\)/)
    ])
  })

  it('reward = the nansum of the reward functions (a None is skipped); each function and the advantage are metrics', () => {
    expect(summaries.map((s) => s.reward)).toEqual([1.5, 0.5, 0, 0, 1.5, 0.5, 0.5, 0])
    expect(summaries.map((s) => s.reward)).toEqual(rows.map(total))
    expect(summaries[7].metrics).not.toHaveProperty('format_reward') // NaN: the function returned None
    expect(summaries[0].metrics).toMatchObject({ accuracy_reward: 1, format_reward: 0.5, answer_len: 2 })
    expect(summaries[0].metrics.advantage).toBeCloseTo(rows[0].advantage as number, 12)
    expect(summaries.every((s) => s.step === 5)).toBe(true)
  })

  it('the decoded ChatML prompt reads as system and user turns; a prompt is a group', () => {
    expect(summaries[0]).toMatchObject({
      turns: 3,
      sourceId: null,
      preview: expect.stringContaining('What is 17 + 25?')
    })
    const hashes = summaries.map((s) => s.promptHash)
    expect(new Set(hashes).size).toBe(2)
    expect(hashes.slice(0, 4).every((h) => h === hashes[0])).toBe(true)
    const body = T.parseEpisode(rows[0], { path: fileOf(5), group: 0, index: 0, table: f, ctx })
    expect(body.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant'])
    expect(body.turns[2].text).toContain('Answer: 42')
  })

  it('a row without a prompt is skipped with a RecordError', () => {
    expect(() =>
      T.summarize({ ...rows[0], prompt: null }, { path: fileOf(5), group: 0, index: 0, table: f, ctx })
    ).toThrow(/no prompt/)
  })
})

describe('TRL: the output folder indexed', () => {
  it('is one training run of every step file', async () => {
    const runs = JSON.parse((await cli('runs', '--json')).stdout) as RunSummary[]
    expect(runs.map((x) => [x.name, x.format, x.episodes])).toEqual([['qwen-grpo (TRL)', 'trl', 8 + 8 + 12]])
  })

  it('rollscope curve --json: per step the batch mean, σ, groups and flat groups computed from the rows', async () => {
    const r = await cli('curve', 'qwen-grpo (TRL)', '--json')
    expect(r.code).toBe(0)
    const curve = JSON.parse(r.stdout) as TrainingCurve
    expect(curve.points.map((p) => p.step)).toEqual(STEPS)
    curve.points.forEach((p, i) => {
      const rows = rowsOf(STEPS[i])
      const rewards = rows.map(total)
      const mean = rewards.reduce((a, b) => a + b, 0) / rewards.length
      const groups = new Map<string, number[]>()
      rows.forEach((row, j) =>
        groups.set(row.prompt as string, [...(groups.get(row.prompt as string) ?? []), rewards[j]])
      )
      const flat = [...groups.values()].filter((g) => g.every((x) => x === g[0])).length
      expect([p.episodes, p.tasks, p.groups]).toEqual([rows.length, groups.size, groups.size])
      expect(p.meanReward).toBeCloseTo(mean, 12)
      expect(p.rewardStd).toBeCloseTo(Math.sqrt(rewards.reduce((a, x) => a + (x - mean) ** 2, 0) / rewards.length), 12)
      expect(p.noSignalShare).toBeCloseTo(flat / groups.size, 12)
    })
    expect(curve.points[0].meanReward).toBeCloseTo(4.5 / 8, 12)
  })

  it('opens an episode of a multi-row-group step back from its row group and index', async () => {
    const runs = JSON.parse((await cli('runs', '--json')).stdout) as RunSummary[]
    const eps = JSON.parse((await cli('episodes', runs[0].id, '--json', '--limit', '100')).stdout) as {
      id: string
      step: number
    }[]
    const last = eps.filter((e) => e.step === 15).at(-1)!
    const r = await cli('show', last.id, '--json')
    expect(r.stderr).toBe('')
    const shown = JSON.parse(r.stdout) as { turns: { role: string; text: string }[] }
    expect(shown.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant'])
    expect(shown.turns[1].text).toContain('What is 100 - 37?')
  })
})

describe('TRL: a real run (tests/fixtures/trl/real-illustrated-grpo, kept with its provenance)', () => {
  const REAL = ownFixture('trl/real-illustrated-grpo/output')
  let realDir: string
  const realCli = captureCli(
    () => join(realDir, 'r.db'),
    () => realDir
  )

  it('is one training run of its steps; each step one prompt × 6, reward = correctness_reward', async () => {
    realDir = mkdtempSync(join(tmpdir(), 'rs-trl-real-'))
    const r = await realCli('index', REAL, '--json')
    expect(r.code).toBe(0)
    const runs = JSON.parse((await realCli('runs', '--json')).stdout) as RunSummary[]
    expect(runs.map((x) => [x.name, x.episodes])).toEqual([['output (TRL)', 24]])
    const curve = JSON.parse((await realCli('curve', 'output (TRL)', '--json')).stdout) as TrainingCurve
    expect(curve.points.map((p) => [p.step, p.episodes, p.tasks])).toEqual([
      [1, 6, 1],
      [2, 6, 1],
      [100, 6, 1],
      [300, 6, 1]
    ])
    curve.points.forEach((p) => {
      const f = ParquetFile.open(join(REAL, 'completions', `completions_${String(p.step).padStart(5, '0')}.parquet`))
      const rewards = f.readGroup(0).map((row) => row.correctness_reward as number)
      expect(p.meanReward).toBeCloseTo(rewards.reduce((a, b) => a + b, 0) / rewards.length, 12)
      expect(p.noSignalShare).toBe(rewards.every((x) => x === rewards[0]) ? 1 : 0)
    })
    // step 2: every rollout right, the group gives GRPO no signal
    expect(curve.points[1]).toMatchObject({ meanReward: 1, noSignalShare: 1 })
  })
})

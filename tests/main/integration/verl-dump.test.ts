/**
 * A generated verl run (tests/generators/verl-dump.mjs: 20 steps, groups of 8 scattered by balance_batch, a
 * validation dump every 5 steps) through the CLI: `rollscope index` makes one training run of the rollout folder and
 * one of the validation folder, and `rollscope curve RUN --json` gives per step the batch figures computed here from
 * the files themselves.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RunSummary } from '@contract/model'
import type { TrainingCurve } from '@contract/training'
import { generateVerlDump } from '../../generators/verl-dump.mjs'
import { captureCli } from '../../helpers/capture-cli'

let dir: string
let dump: ReturnType<typeof generateVerlDump>
const cli = captureCli(
  () => join(dir, 'r.db'),
  () => dir
)

interface Row {
  input: string
  score: number
  acc: boolean
  step: number
}

/** Per step file: the figures the curve must show, from the rows as written. */
function expectedPoints(folder: string) {
  return readdirSync(folder)
    .map((name) => {
      const rows = readFileSync(join(folder, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Row)
      const scores = rows.map((r) => r.score)
      const mean = scores.reduce((a, b) => a + b, 0) / scores.length
      const groups = new Map<string, number[]>()
      for (const r of rows) groups.set(r.input, [...(groups.get(r.input) ?? []), r.score])
      const flat = [...groups.values()].filter((g) => g.every((s) => s === g[0])).length
      return {
        step: Number(name.replace('.jsonl', '')),
        episodes: rows.length,
        tasks: groups.size,
        groups: groups.size,
        meanReward: mean,
        rewardStd: Math.sqrt(scores.reduce((a, s) => a + (s - mean) ** 2, 0) / scores.length),
        passRate: rows.filter((r) => r.acc).length / rows.length,
        noSignalShare: flat / groups.size
      }
    })
    .sort((a, b) => a.step - b.step)
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rs-verl-'))
  dump = generateVerlDump({ outDir: join(dir, 'verl-grpo') })
  const r = await cli('index', join(dir, 'verl-grpo'), '--json')
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
}, 120_000)

describe('a generated verl dump folder', () => {
  it('is one training run of 20 steps × 48 rollouts, beside its validation run', async () => {
    const r = await cli('runs', '--json')
    const runs = JSON.parse(r.stdout) as RunSummary[]
    expect(runs.map((x) => [x.name, x.format, x.episodes]).sort()).toEqual([
      ['verl-grpo/rollout (verl train)', 'verl', 20 * 48],
      ['verl-grpo/validation (verl validation)', 'verl', 5 * 8]
    ])
  })

  it('lists its episodes in step order (the walk reads 2.jsonl before 10.jsonl)', async () => {
    const runs = JSON.parse((await cli('runs', '--json')).stdout) as RunSummary[]
    const train = runs.find((x) => x.name.endsWith('(verl train)'))!
    const r = await cli('episodes', train.id, '--json', '--limit', String(20 * 48))
    const steps = (JSON.parse(r.stdout) as { step: number | null }[]).map((e) => e.step)
    expect(steps).toHaveLength(20 * 48)
    expect(steps).toEqual([...steps].sort((a, b) => (a ?? 0) - (b ?? 0)))
    expect(steps[0]).toBe(1)
  })

  it('rollscope curve --json: per step the batch means, σ, pass rate and flat groups computed from the files', async () => {
    for (const [folder, run] of [
      [dump.rolloutDir, 'verl-grpo/rollout (verl train)'],
      [dump.validationDir, 'verl-grpo/validation (verl validation)']
    ]) {
      const r = await cli('curve', run, '--json')
      expect(r.stderr).toBe('')
      expect(r.code).toBe(0)
      const curve = JSON.parse(r.stdout) as TrainingCurve
      // no trainer log beside the dumps: the field is there, and says so (null), as the JSON contract lists it
      expect(curve.producerSource).toBeNull()
      const want = expectedPoints(folder)
      expect(curve.points.map((p) => [p.step, p.episodes, p.tasks, p.groups])).toEqual(
        want.map((w) => [w.step, w.episodes, w.tasks, w.groups])
      )
      curve.points.forEach((p, i) => {
        expect(p.meanReward).toBeCloseTo(want[i].meanReward, 12)
        expect(p.rewardStd).toBeCloseTo(want[i].rewardStd, 12)
        expect(p.passRate).toBeCloseTo(want[i].passRate, 12)
        expect(p.noSignalShare).toBeCloseTo(want[i].noSignalShare, 12)
      })
    }
  })
})

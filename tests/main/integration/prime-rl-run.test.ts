/**
 * A generated prime-rl output folder (tests/generators/prime-rl-run.mjs: 20 steps, 4 GRPO groups of 8 rollouts,
 * `all` and `effective` files, evals every 5 steps) indexed as a user would: one training run for the train
 * rollouts, one for the evals, and `rollscope curve RUN --json` gives per step the means of the step's whole `all`
 * batch, each computed here from the files themselves (the `effective` rollouts are not counted twice).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CompareReport } from '@contract/compare'
import type { RunSummary } from '@contract/model'
import type { TrainingCurve } from '@contract/training'
import { writePrimeRlRun, type WrittenRun } from '../../generators/prime-rl-run.mjs'
import { captureCli } from '../../helpers/capture-cli'
import { tempEngine } from '../../helpers/temp-engine'

let dir: string
let written: WrittenRun
/** What the first `rollscope index --json` printed. */
let indexed: string
const cli = captureCli(
  () => join(dir, 'r.db'),
  () => dir
)

const STEPS = 20
const GROUP = 8
const GROUPS = 4

interface Rollout {
  id: string
  ok: boolean
  group: { id: string }
  traces: {
    rewards: Record<string, { score: number; weight?: number }>
    stop_condition: string
    calls: { usage: { completion_tokens: number } }[]
  }[]
}

/** The producer's Trace.reward: Σ score × weight of the rewards that ran, 0 when none ran (an errored rollout). */
const rewardOf = (e: Rollout): number => {
  const rs = Object.values(e.traces[0].rewards)
  return rs.reduce((s, r) => s + r.score * (r.weight ?? 1), 0)
}
const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null)

/** The figures of one step's batch, from the rollouts as written. */
function expected(all: Rollout[]): Record<string, number | null> {
  const rewards = all.map(rewardOf).filter((r): r is number => r !== null)
  const byGroup = new Map<string, number[]>()
  for (const e of all) {
    const r = rewardOf(e)
    if (r === null) continue
    byGroup.set(e.group.id, [...(byGroup.get(e.group.id) ?? []), r])
  }
  const groups = [...byGroup.values()].filter((g) => g.length >= 2)
  const m = mean(rewards)!
  return {
    episodes: all.length,
    meanReward: m,
    rewardStd: Math.sqrt(mean(rewards.map((r) => (r - m) ** 2))!),
    groups: groups.length,
    noSignalShare: groups.filter((g) => new Set(g).size === 1).length / groups.length,
    errorShare: all.filter((e) => !e.ok).length / all.length,
    truncatedShare: all.filter((e) => e.ok && e.traces[0].stop_condition === 'max_output_tokens').length / all.length,
    // over the rollouts whose calls reported usage (one that failed before any call has no token count)
    tokensOut: mean(
      all
        .filter((e) => e.traces[0].calls.length > 0)
        .map((e) => e.traces[0].calls.reduce((s, c) => s + c.usage.completion_tokens, 0))
    )
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rs-prime-rl-'))
  written = writePrimeRlRun({
    outDir: join(dir, 'outputs', 'rl-math'),
    steps: STEPS,
    groups: GROUPS,
    groupSize: GROUP,
    evalEvery: 5,
    seed: 'integration'
  })
  const r = await cli('index', join(dir, 'outputs'), '--json')
  expect(r.code).toBe(0)
  indexed = r.stdout
}, 60_000)

describe('a prime-rl output folder', () => {
  let runs: RunSummary[]
  beforeAll(async () => {
    runs = JSON.parse((await cli('runs', '--json')).stdout)
  })

  it('is one training run with 20 steps, and one eval run beside it', () => {
    expect(runs.map((r) => [r.name, r.format, r.trainingSteps, r.episodes]).sort()).toEqual([
      ['rl-math · eval', 'verifiers-v1', 4, 4 * 6],
      ['rl-math · train', 'verifiers-v1', STEPS, STEPS * GROUPS * GROUP]
    ])
  })

  it('its curve gives, per step, the means of the whole `all` batch computed from the files', async () => {
    const train = runs.find((r) => r.name === 'rl-math · train')!
    const r = await cli('curve', train.id, '--json')
    expect(r.code).toBe(0)
    const curve: TrainingCurve = JSON.parse(r.stdout)
    expect(curve.points.map((p) => p.step)).toEqual(written.train.map((s) => s.step))
    // the batch filters kept fewer than all in some step: counting `effective` too would show here
    expect(written.train.some((s) => s.effective.length > 0 && s.effective.length < s.all.length)).toBe(true)
    for (const { step, all, effective } of written.train) {
      const want = expected(all as Rollout[])
      const p = curve.points.find((x) => x.step === step)!
      expect(p.episodes, `step ${step}`).toBe(want.episodes)
      expect(p.meanReward, `step ${step}`).toBeCloseTo(want.meanReward!, 12)
      expect(p.rewardStd, `step ${step}`).toBeCloseTo(want.rewardStd!, 12)
      expect(p.groups, `step ${step}`).toBe(want.groups)
      expect(p.noSignalShare, `step ${step}`).toBeCloseTo(want.noSignalShare!, 12)
      expect(p.errorShare, `step ${step}`).toBeCloseTo(want.errorShare!, 12)
      expect(p.truncatedShare, `step ${step}`).toBeCloseTo(want.truncatedShare!, 12)
      expect(p.tokensOut, `step ${step}`).toBeCloseTo(want.tokensOut!, 9)
      // beside the whole batch, the part the batch filters kept: the effective file's rollouts
      const kept = (effective as Rollout[]).map(rewardOf).filter((r): r is number => r !== null)
      expect(p.kept?.episodes, `step ${step}`).toBe(effective.length)
      if (kept.length) expect(p.kept?.meanReward, `step ${step}`).toBeCloseTo(mean(kept)!, 12)
      else expect(p.kept?.meanReward, `step ${step}`).toBeNull()
    }
  })

  it('every step’s mean reward equals the one the trainer logged in metrics.jsonl, and the log is a companion', async () => {
    const train = runs.find((r) => r.name === 'rl-math · train')!
    const curve: TrainingCurve = JSON.parse((await cli('curve', train.id, '--json')).stdout)
    expect(curve.producerSource).toBe(join(dir, 'outputs', 'rl-math', 'metrics.jsonl'))
    for (const p of curve.points) {
      expect(p.producer, `step ${p.step}`).toMatchObject({ label: 'train/agg/all/agent/reward/mean', agrees: true })
      expect(p.producer!.value).toBeCloseTo(p.meanReward!, 12)
    }
    expect(curve.warnings.map((w) => w.code)).not.toContain('headline-mismatch')
    const files = (JSON.parse(indexed).files ?? []) as { path: string; state: string }[]
    expect(files.find((f) => f.path.endsWith('metrics.jsonl'))?.state).toBe('sidecar')
  })

  it('a step the trainer logged another mean for is named in a warning', async () => {
    const train = runs.find((r) => r.name === 'rl-math · train')!
    const log = join(dir, 'outputs', 'rl-math', 'metrics.jsonl')
    const before = readFileSync(log, 'utf8')
    try {
      const lines = before
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
      lines[3]['train/agg/all/agent/reward/mean'] += 0.25
      writeFileSync(log, lines.map((l) => JSON.stringify(l)).join('\n') + '\n')
      const curve: TrainingCurve = JSON.parse((await cli('curve', train.id, '--json')).stdout)
      expect(curve.points[3].producer?.agrees).toBe(false)
      expect(curve.warnings[0].code).toBe('headline-mismatch')
      expect(curve.warnings[0].message).toMatch(/differs from Rollscope's mean reward at 1 of 20 steps \(step 3: /)
    } finally {
      writeFileSync(log, before)
    }
  })

  it('the rollouts the batch filters kept are marked, as many as the effective files hold', async () => {
    const train = runs.find((r) => r.name === 'rl-math · train')!
    const kept = JSON.parse((await cli('episodes', train.id, '--filter', 'info.batch == "kept"', '--json')).stdout)
    const total = written.train.reduce((n, s) => n + s.effective.length, 0)
    expect(kept.length).toBe(total)
  })
})

describe('two steps of a training run compared like two runs', () => {
  const compare = async (run: string, a: number, b: number): Promise<CompareReport> => {
    const r = await cli('compare', run, run, '--step-a', String(a), '--step-b', String(b), '--json')
    expect(r.code, r.stderr).toBe(0)
    return JSON.parse(r.stdout)
  }
  const runNamed = async (name: string): Promise<RunSummary> =>
    (JSON.parse((await cli('runs', '--json')).stdout) as RunSummary[]).find((r) => r.name === name)!
  const rewardsOf = (rows: unknown[]): number[] =>
    (rows as Rollout[]).map(rewardOf).filter((r): r is number => r !== null)

  it('train steps sample different prompts: nothing paired, each batch whole, and the report says so first', async () => {
    const train = await runNamed('rl-math · train')
    const first = written.train[0]
    const last = written.train[STEPS - 1]
    const report = await compare(train.id, first.step, last.step)
    expect([report.runA.step, report.runB.step]).toEqual([first.step, last.step])
    expect([report.runA.episodes, report.runB.episodes]).toEqual([first.all.length, last.all.length])
    expect(report.sharedTasks).toBe(0)
    const reward = report.metrics.find((m) => m.key === 'reward')!
    expect(reward.whole?.a).toBeCloseTo(mean(rewardsOf(first.all))!, 12)
    expect(reward.whole?.b).toBeCloseTo(mean(rewardsOf(last.all))!, 12)
    // rollouts no reward ran on (errored) count as 0, as the producer counts them, and are said per step's batch
    const noReward = (rows: unknown[]): number =>
      (rows as Rollout[]).filter((e) => Object.keys(e.traces[0].rewards).length === 0).length
    const unscored = report.warnings.find((w) => w.code === 'unscored')?.message ?? ''
    expect(noReward(first.all) + noReward(last.all)).toBeGreaterThan(0)
    for (const [side, rows] of [
      ['A', first.all],
      ['B', last.all]
    ] as const) {
      if (noReward(rows) > 0) expect(unscored).toContain(`${side}: ${noReward(rows)} of ${rows.length} rollouts`)
    }
    expect(report.warnings[0].code).toBe('no-shared-tasks')
    expect(report.warnings[0].message).toMatch(/^step 0 and step 19 sampled different prompts/)
    // the terminal report names the steps
    const text = (await cli('compare', train.id, train.id, '--step-a', '0', '--step-b', '19')).stdout
    expect(text).toContain('rl-math · train @ step 0')
    expect(text).toContain('rl-math · train @ step 19')
  })

  it('eval steps sample the same prompts: paired task by task, means equal to the files', async () => {
    const evals = await runNamed('rl-math · eval')
    const [first, , , last] = written.eval
    const report = await compare(evals.id, first.step, last.step)
    expect(report.sharedTasks).toBe(3)
    const reward = report.metrics.find((m) => m.key === 'reward')!
    // per task first, then over tasks: equal rollouts per task, so the mean of the step's rollouts
    expect(reward.a).toBeCloseTo(mean(rewardsOf(first.all))!, 12)
    expect(reward.b).toBeCloseTo(mean(rewardsOf(last.all))!, 12)
    expect(report.warnings.map((w) => w.code)).not.toContain('no-shared-tasks')
  })

  it('a step the run does not have, or one run without steps, is refused with what it has', async () => {
    const train = await runNamed('rl-math · train')
    const r = await cli('compare', train.id, train.id, '--step-a', '0', '--step-b', '77', '--json')
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('has no episodes at step 77 (its 20 steps run from 0 to 19)')
    const same = await cli('compare', train.id, train.id, '--json')
    expect(same.code).toBe(2)
    expect(same.stderr).toContain('give --step-a and --step-b')
    const oneStep = await cli('compare', train.id, train.id, '--step-a', '3', '--step-b', '3', '--json')
    expect(oneStep.code).toBe(2)
    expect(oneStep.stderr).toContain('--step-a and --step-b are the same step (3) of the same run')
  })
})

describe('a prime-rl run that is still training', () => {
  it('grows step by step; a step’s kept rollouts are marked when its effective file appears', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rs-prime-rl-live-'))
    const src = writePrimeRlRun({ outDir: join(root, 'src'), steps: 2, groups: 2, groupSize: 4, seed: 'live' })
    const out = join(root, 'run')
    const stepDir = (s: number, subset: string): string => join(out, 'rollouts', `step_${s}`, 'train', subset)
    const copy = (s: number, subset: string): void => {
      mkdirSync(stepDir(s, subset), { recursive: true })
      copyFileSync(
        join(root, 'src', 'rollouts', `step_${s}`, 'train', subset, 'traces.jsonl'),
        join(stepDir(s, subset), 'traces.jsonl')
      )
    }
    const { engine } = tempEngine()
    try {
      // step 0: its rollouts arrived, the batch is not shipped yet
      copy(0, 'all')
      await engine.indexPaths([out])
      let [run] = await engine.api.listRuns()
      let eps = (await engine.api.listEpisodes({ runId: run.id, limit: 100 })).items
      expect(eps.map((e) => e.info.batch)).toEqual(Array(8).fill(undefined))
      const ids = eps.map((e) => e.id).sort()

      // the batch ships: the effective file appears and the all file is read again with it
      copy(0, 'effective')
      await engine.indexPaths([out])
      eps = (await engine.api.listEpisodes({ runId: run.id, limit: 100 })).items
      expect(eps.map((e) => e.id).sort()).toEqual(ids)
      expect(eps.filter((e) => e.info.batch === 'kept').length).toBe(src.train[0].effective.length)
      expect(eps.filter((e) => e.info.batch === 'filtered out').length).toBe(8 - src.train[0].effective.length)

      // the next step arrives: same run, one more step, step 0 untouched
      copy(1, 'all')
      const report = await engine.indexPaths([out])
      expect(report.files.filter((f) => f.state === 'indexed').map((f) => f.path)).toEqual([
        join(stepDir(1, 'all'), 'traces.jsonl')
      ])
      ;[run] = await engine.api.listRuns()
      expect([run.trainingSteps, run.episodes]).toEqual([2, 16])
      const curve = await engine.api.trainingCurve(run.id)
      expect(curve.points.map((p) => [p.step, p.episodes])).toEqual([
        [0, 8],
        [1, 8]
      ])
    } finally {
      await engine.close()
    }
  })
})

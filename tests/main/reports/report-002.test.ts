/**
 * Report 002 (AWS-CLI RL env: base vs SFT adapter; static dataset eval and live multi-step env eval,
 * ../shared/docs/reports/002_1a99a82af360ca6b.txt), reproduced through the CLI's --json from raw traces shaped like
 * that study (tests/generators/reports/report-002-aws.mjs): chat JSONL for the dataset eval, an OpenEnv-style per-step
 * log with the user's mapping file for the live eval. Expected figures are computed here from the files.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RunBreakdown } from '@contract/breakdown'
import type { CompareMetric, CompareReport } from '@contract/compare'
import type { RunSummary } from '@contract/model'
import { generateReport002, TIERS } from '../../generators/reports/report-002-aws.mjs'
import { groupBy, mean, pstd, readJsonl, share, workspace } from './report-helpers'

interface Step {
  episode_id: string
  tier: string
  step: number
  reward: number
  task_achieved: boolean
  partial_progress: number
  hint_requested: boolean
  format_ok: boolean
}
interface StaticRow {
  metrics: Record<string, number>
}

/** Per episode, as the report's notebook aggregates a live run. */
function episodes(steps: Step[]) {
  return [...groupBy(steps, (s) => s.episode_id).values()].map((list) => ({
    tier: list[0].tier,
    reward: list.reduce((a, s) => a + s.reward, 0),
    steps: list.length,
    achieved: list.some((s) => s.task_achieved),
    maxProgress: Math.max(...list.map((s) => s.partial_progress)),
    hint: list.some((s) => s.hint_requested)
  }))
}

const ws = workspace()
let live: Record<'base' | 'sft', Step[]>
let dataset: Record<'base' | 'sft', StaticRow[]>
let runs: RunSummary[]
const run = (name: string): RunSummary => runs.find((r) => r.name.startsWith(name))!

beforeAll(async () => {
  const out = generateReport002(ws.dir)
  live = { base: readJsonl<Step>(join(out.live, 'base.jsonl')), sft: readJsonl<Step>(join(out.live, 'sft.jsonl')) }
  dataset = {
    base: readJsonl<StaticRow>(join(out.dataset, 'base.jsonl')),
    sft: readJsonl<StaticRow>(join(out.dataset, 'sft.jsonl'))
  }
  await ws.json('index', ws.dir)
  runs = await ws.json<RunSummary[]>('runs')
}, 120_000)

describe('report 002 dataset eval (static)', () => {
  it('format_pct, format_after_extract_pct, exact_pct per model and their change in points', async () => {
    const r = await ws.json<CompareReport>('compare', run('dataset eval · base').id, run('dataset eval · sft').id)
    for (const name of ['format_ok', 'format_ok_after_extract', 'exact_match']) {
      // exact_match is the reward here: the reward row carries it ("Mean reward (= exact_match)")
      const m =
        r.metrics.find((x) => x.key === `metric:${name}`) ??
        r.metrics.find((x) => x.key === 'reward' && x.label.includes(name))!
      const a = mean(dataset.base.map((x) => x.metrics[name]))
      const b = mean(dataset.sft.map((x) => x.metrics[name]))
      expect(m.unit).toBe(m.key === 'reward' ? 'reward' : 'rate')
      expect(m.a).toBeCloseTo(a, 12)
      expect(m.b).toBeCloseTo(b, 12)
      expect(m.delta).toBeCloseTo(b - a, 12)
    }
    // 33.3% → 100.0% (+66.7 pts); 38.9% → 88.9% (+50 pts)
    const format = r.metrics.find((x) => x.key === 'metric:format_ok')!
    expect(Math.round(format.delta! * 1000) / 10).toBe(66.7)
  })
})

describe('report 002 RL env eval (live)', () => {
  let compare: CompareReport
  const metric = (key: string): CompareMetric => compare.metrics.find((m) => m.key === key)!
  beforeAll(async () => {
    compare = await ws.json<CompareReport>('compare', run('rl_env_eval/base').id, run('rl_env_eval/sft').id)
  })

  it('per episode: avg_episode_reward (sum of step rewards), reward_std (σ), avg_steps, avg_reward_per_step (pooled)', () => {
    for (const model of ['base', 'sft'] as const) {
      const eps = episodes(live[model])
      const r = run(`rl_env_eval/${model}`)
      expect(r.meanReward).toBeCloseTo(mean(eps.map((e) => e.reward)), 9)
      expect(r.rewardStd).toBeCloseTo(pstd(eps.map((e) => e.reward)), 9)
      expect(r.steps.mean).toBeCloseTo(mean(eps.map((e) => e.steps)), 12)
      // the report's avg_reward_per_step is pooled: total reward over total steps
      expect(r.rewardPerStep.pooled).toBeCloseTo(
        eps.reduce((a, e) => a + e.reward, 0) / eps.reduce((a, e) => a + e.steps, 0),
        9
      )
    }
    // the report: 1.187 / 2.011, σ 1.137 / 1.908, 8.600 / 5.733 steps, 0.138 / 0.351 per step
    expect(
      [run('rl_env_eval/base').meanReward, run('rl_env_eval/sft').meanReward].map((x) => Math.round(x! * 1000) / 1000)
    ).toEqual([1.187, 2.011])
    expect(
      [run('rl_env_eval/base').rewardStd, run('rl_env_eval/sft').rewardStd].map((x) => Math.round(x! * 1000) / 1000)
    ).toEqual([1.137, 1.908])
    expect(
      [run('rl_env_eval/base').rewardPerStep.pooled, run('rl_env_eval/sft').rewardPerStep.pooled].map(
        (x) => Math.round(x! * 1000) / 1000
      )
    ).toEqual([0.138, 0.351])
  })

  it('completion rate, steps to complete, max progress, hint usage, format failure rate (per command)', () => {
    for (const model of ['base', 'sft'] as const) {
      const eps = episodes(live[model])
      const r = run(`rl_env_eval/${model}`)
      const m = (name: string) => r.metrics.find((x) => x.name === name)!
      expect(r.passRate).toBeCloseTo(
        share(eps, (e) => e.achieved),
        12
      )
      expect(r.stepsPassed).toBeCloseTo(mean(eps.filter((e) => e.achieved).map((e) => e.steps)), 12)
      expect(m('max_progress').mean).toBeCloseTo(mean(eps.map((e) => e.maxProgress)), 12)
      expect(m('hint_used').mean).toBeCloseTo(
        share(eps, (e) => e.hint),
        12
      )
      // "% of agent commands that failed the aws prefix gate": over commands, not a mean of per-episode shares
      expect(m('format_failure_rate').pooled).toBeCloseTo(
        share(live[model], (s) => !s.format_ok),
        12
      )
    }
  })

  it('the compare table: deltas of reward, σ, steps and reward per step', () => {
    const d = (f: (e: ReturnType<typeof episodes>[number]) => number) =>
      mean(episodes(live.sft).map(f)) - mean(episodes(live.base).map(f))
    expect(metric('reward').delta).toBeCloseTo(
      d((e) => e.reward),
      9
    )
    expect(metric('rewardStd').delta).toBeCloseTo(
      pstd(episodes(live.sft).map((e) => e.reward)) - pstd(episodes(live.base).map((e) => e.reward)),
      9
    )
    expect(metric('steps').delta).toBeCloseTo(
      d((e) => e.steps),
      9
    )
    expect(metric('rewardPerStepPooled').delta).toBeCloseTo(
      run('rl_env_eval/sft').rewardPerStep.pooled! - run('rl_env_eval/base').rewardPerStep.pooled!,
      12
    )
    // +0.824, +0.771, −2.867, +0.213
    expect(
      [
        metric('reward').delta,
        metric('rewardStd').delta,
        metric('steps').delta,
        metric('rewardPerStepPooled').delta
      ].map((x) => Math.round(x! * 1000) / 1000)
    ).toEqual([0.824, 0.771, -2.867, 0.213])
  })

  it('per-tier success as k/3, in the compare and in each run’s own breakdown (with the six metrics per tier)', async () => {
    for (const model of ['base', 'sft'] as const) {
      const b = await ws.json<RunBreakdown>('breakdown', run(`rl_env_eval/${model}`).id, '--by', 'tier')
      const eps = episodes(live[model])
      for (const tier of TIERS) {
        const row = b.rows.find((r) => r.values[0] === tier)!
        const mine = eps.filter((e) => e.tier === tier)
        expect(`${row.passed}/${row.decided}`).toBe(`${mine.filter((e) => e.achieved).length}/${mine.length}`)
        expect(row.meanReward).toBeCloseTo(mean(mine.map((e) => e.reward)), 9)
        expect(row.metrics.max_progress).toBeCloseTo(mean(mine.map((e) => e.maxProgress)), 12)
        expect(row.metrics.hint_used).toBeCloseTo(
          share(mine, (e) => e.hint),
          12
        )
      }
    }
    const tiers = compare.perCategory.filter((c) => c.field === 'tier')
    const counts = Object.fromEntries(
      tiers.map((c) => [c.value, `${c.passedA}/${c.decided} → ${c.passedB}/${c.decided}`])
    )
    expect(counts).toEqual({
      warmup: '3/3 → 3/3',
      beginner: '3/3 → 3/3',
      intermediate: '1/3 → 3/3',
      advanced: '0/3 → 1/3',
      expert: '0/3 → 2/3'
    })
  })

  it('says whether a delta is noise: the verdict with its CI over 15 tasks', () => {
    expect(compare.verdict.tasks).toBe(15)
    expect(compare.verdict.ci95).not.toBeNull()
    expect(compare.verdict.text).toMatch(/on 15 shared tasks/)
  })
})

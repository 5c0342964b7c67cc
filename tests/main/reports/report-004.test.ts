/**
 * Report 004 (DeepRepo: Qwen3-8B vs 30B vs 30B-GRPO with prime eval, and the reward by training step,
 * ../shared/docs/reports/004_a1e01ed934bd3335.txt), reproduced through the CLI's --json from raw traces shaped like
 * that study (tests/generators/reports/report-004-deeprepo.mjs). Expected figures are computed here from the files.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { MultiCompareReport, MultiRow } from '@contract/multi-compare'
import type { RunSummary } from '@contract/model'
import type { TrainingCurve } from '@contract/training'
import { generateReport004 } from '../../generators/reports/report-004-deeprepo.mjs'
import { groupBy, mean, pstd, readJsonl, share, workspace } from './report-helpers'

interface EvalRow {
  example_id: number
  reward: number
  num_turns: number
  completion: { role: string; tool_calls?: { function: { name: string } }[] }[]
  timing: { generation: { duration: number } }
  token_usage: { input_tokens: number; output_tokens: number }
}
interface TrainRow {
  step: number
  problem_id: number
  reward: number
  completion: string
}

const ws = workspace()
let evals: EvalRow[][]
let train: TrainRow[]
let runs: RunSummary[]
let many: MultiCompareReport

beforeAll(async () => {
  const out = generateReport004(ws.dir)
  evals = out.evals.map((d) => readJsonl<EvalRow>(join(d, 'results.jsonl')))
  train = readJsonl<TrainRow>(join(out.training, 'results.jsonl'))
  await ws.json('index', ws.dir)
  const all = await ws.json<RunSummary[]>('runs')
  const byModel = (m: string) => all.find((r) => r.model === m && r.format === 'verifiers')!
  runs = [
    byModel('Qwen/Qwen3-8B'),
    byModel('Qwen/Qwen3-30B-A3B-Instruct-2507'),
    byModel('Qwen/Qwen3-30B-A3B-Instruct-2507:t2nj7mvwh0qs5h1szlfekqoh')
  ]
  many = await ws.json<MultiCompareReport>('compare', ...runs.map((r) => r.id), '--tools', 'llm_batch,llm_query')
}, 120_000)

const row = (key: string): MultiRow => {
  const r = many.rows.find((x) => x.key === key)
  if (!r) throw new Error(`no row ${key}; rows: ${many.rows.map((x) => x.key).join(', ')}`)
  return r
}
const calls = (r: EvalRow): string[] => r.completion.flatMap((m) => (m.tool_calls ?? []).map((c) => c.function.name))

describe('report 004: three runs side by side', () => {
  it('average reward (σ) and range per run', () => {
    evals.forEach((rows, i) => {
      const rewards = rows.map((r) => r.reward)
      const v = row('reward').values[i]!
      expect(v.mean).toBeCloseTo(mean(rewards), 12)
      expect(v.std).toBeCloseTo(pstd(rewards), 12)
      expect([v.min, v.max]).toEqual([Math.min(...rewards), Math.max(...rewards)])
    })
    // the report's own figures: 0.785 (σ 0.100), 0.987 (σ 0.018)
    expect(row('reward').values[1]!.std).toBeCloseTo(0.1, 3)
    expect(row('reward').values[2]!.std).toBeCloseTo(0.018, 3)
  })

  it('average turns and range: the producer’s num_turns, agent actions', () => {
    evals.forEach((rows, i) => {
      const turns = rows.map((r) => r.num_turns)
      const v = row('steps').values[i]!
      expect(v.mean).toBeCloseTo(mean(turns), 12)
      expect(v.std).toBeCloseTo(pstd(turns), 12)
      expect([v.min, v.max]).toEqual([Math.min(...turns), Math.max(...turns)])
    })
    expect(row('steps').values[1]!.std).toBeCloseTo(4.422, 3)
  })

  it('zero-delegation rate: rollouts calling neither llm_batch nor llm_query', () => {
    evals.forEach((rows, i) => {
      const zero = share(rows, (r) => !calls(r).some((c) => c === 'llm_batch' || c === 'llm_query'))
      expect(row('toolFree:llm_batch|llm_query').values[i]!.mean).toBeCloseTo(zero, 12)
    })
    expect(row('toolFree:llm_batch|llm_query').values.map((v) => v!.mean! * 6)).toEqual([1, 0, 0])
  })

  it('input / output tokens (avg) and generation time min / mean / max', () => {
    evals.forEach((rows, i) => {
      expect(row('tokensIn').values[i]!.mean).toBeCloseTo(mean(rows.map((r) => r.token_usage.input_tokens)), 9)
      expect(row('tokensOut').values[i]!.mean).toBeCloseTo(mean(rows.map((r) => r.token_usage.output_tokens)), 9)
      const gen = rows.map((r) => r.timing.generation.duration * 1000)
      const v = row('generationMs').values[i]!
      expect([v.min, v.mean, v.max]).toEqual([Math.min(...gen), mean(gen), Math.max(...gen)])
    })
    // "input_tokens (avg): 14598.500", "generation: min - 20s, mean - 34s, max - 1m"
    expect(row('tokensIn').values[1]!.mean).toBeCloseTo(14598.5, 9)
    expect(row('generationMs').values[1]).toMatchObject({ min: 20_000, mean: 34_000, max: 60_000 })
  })

  it('absolute and relative deltas: size effect, RL effect (vs previous), combined (vs baseline)', () => {
    const m = evals.map((rows) => mean(rows.map((r) => r.reward)))
    const reward = row('reward')
    expect(reward.vsBaseline[1]!.delta).toBeCloseTo(m[1] - m[0], 12)
    expect(reward.vsBaseline[1]!.relDelta).toBeCloseTo((m[1] - m[0]) / m[0], 12)
    expect(reward.vsPrevious[2]!.delta).toBeCloseTo(m[2] - m[1], 12)
    expect(reward.vsPrevious[2]!.relDelta).toBeCloseTo((m[2] - m[1]) / m[1], 12)
    expect(reward.vsBaseline[2]!.delta).toBeCloseTo(m[2] - m[0], 12)
    expect(reward.vsBaseline[2]!.relDelta).toBeCloseTo((m[2] - m[0]) / m[0], 12)
    // the report: +0.234 (+42.5%), +0.202 (+25.7%), +0.436 (+79.1%). The last one it worked out from means it had
    // already rounded ((0.987 − 0.551) / 0.551); from the rollouts themselves it is (0.98733 − 0.551) / 0.551 = 79.2%
    expect(
      [reward.vsBaseline[1]!.relDelta, reward.vsPrevious[2]!.relDelta, reward.vsBaseline[2]!.relDelta].map(
        (x) => Math.round(x! * 1000) / 10
      )
    ).toEqual([42.5, 25.7, 79.2])
    // paired over the 3 shared examples
    expect(reward.vsBaseline[1]!.tasks).toBe(3)
  })

  it('per-rollout rewards per example (r1, r2)', () => {
    for (const t of many.perTask) {
      evals.forEach((rows, i) => {
        const own = rows.filter((r) => String(r.example_id) === t.taskKey.replace(/^.*:/, '')).map((r) => r.reward)
        expect(t.rewards[i]).toEqual(own)
      })
    }
    expect(many.perTask).toHaveLength(3)
  })

  it('the Markdown report has the side-by-side and the deltas tables', async () => {
    const md = await ws.text('compare', ...runs.map((r) => r.id), '--tools', 'llm_batch,llm_query', '--md')
    expect(md).toContain('+42.5%')
    expect(md).toContain('+25.7%')
    expect(md).toContain('+79.2%')
  })
})

describe('report 004: reward progression during training', () => {
  it('per step: the whole batch’s mean reward and mean turns', async () => {
    const training = (await ws.json<RunSummary[]>('runs')).find((r) => r.format === 'prime-hosted-rl')!
    const curve = await ws.json<TrainingCurve>('curve', training.id)
    const bySteps = groupBy(train, (r) => String(r.step))
    expect(curve.points.map((p) => p.step)).toEqual([...bySteps.keys()].map(Number))
    for (const p of curve.points) {
      const rows = bySteps.get(String(p.step))!
      expect(p.episodes).toBe(rows.length)
      expect(p.meanReward).toBeCloseTo(mean(rows.map((r) => r.reward)), 9)
      const turns = rows.map(
        (r) => (JSON.parse(r.completion) as { role: string }[]).filter((m) => m.role === 'assistant').length
      )
      expect(p.meanSteps).toBeCloseTo(mean(turns), 12)
      // groups that gave GRPO no signal: a problem's 8 rollouts all scored the same
      const groups = [...groupBy(rows, (r) => String(r.problem_id)).values()]
      expect(p.noSignalShare).toBeCloseTo(
        share(groups, (g) => g.every((r) => r.reward === g[0].reward)),
        12
      )
    }
    // "Step 0: reward=0.8439 turns=7.57"
    expect(curve.points[0].meanReward).toBeCloseTo(0.8439, 4)
    expect(Math.round(curve.points[0].meanSteps! * 100) / 100).toBe(7.57)
  })
})

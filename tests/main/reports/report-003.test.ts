/**
 * Report 003 (OR-Debug-Bench: SFT vs GRPO-Independent, 200 problems, ≤ 20 steps,
 * ../shared/docs/reports/003_2b467ae144a3586f.txt), reproduced through the CLI's --json from raw verifiers runs shaped
 * like that study (tests/generators/reports/report-003-ordebug.mjs). Expected figures are computed from the files.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CompareMetric, CompareReport } from '@contract/compare'
import type { RunSummary } from '@contract/model'
import { generateReport003 } from '../../generators/reports/report-003-ordebug.mjs'
import { mean, readJsonl, share, workspace } from './report-helpers'

interface Row {
  example_id: number
  reward: number
  num_turns: number
  metrics: { diagnosis_accuracy: number }
  token_usage: { output_tokens: number }
}

const ws = workspace()
let sft: Row[]
let grpo: Row[]
let report: CompareReport
let runs: RunSummary[]

beforeAll(async () => {
  const [a, b] = generateReport003(ws.dir)
  sft = readJsonl<Row>(join(a, 'results.jsonl'))
  grpo = readJsonl<Row>(join(b, 'results.jsonl'))
  await ws.json('index', ws.dir)
  runs = await ws.json<RunSummary[]>('runs')
  const id = (model: string) => runs.find((r) => r.model === model)!.id
  report = await ws.json<CompareReport>(
    'compare',
    id('qwen3-8b-or-debug-sft'),
    id('qwen3-8b-or-debug-grpo-independent')
  )
}, 120_000)

const metric = (key: string): CompareMetric => report.metrics.find((m) => m.key === key)!

describe('report 003 results table', () => {
  it('RR@5 / 10 / 15 / 20: the share of problems solved within k steps (agent actions, not messages)', () => {
    for (const k of [5, 10, 15, 20]) {
      const point = report.solvedWithin.find((s) => s.k === k)!
      expect(point.a).toBeCloseTo(
        share(sft, (r) => r.reward === 1 && r.num_turns <= k),
        12
      )
      expect(point.b).toBeCloseTo(
        share(grpo, (r) => r.reward === 1 && r.num_turns <= k),
        12
      )
    }
    // the report's row: 81.5 / 99 / 100 / 100 vs 14 / 28.5 / 46 / 53.5
    expect([5, 10, 15, 20].map((k) => report.solvedWithin.find((s) => s.k === k)!.b)).toEqual([
      0.14, 0.285, 0.46, 0.535
    ])
  })

  it('DA, avg steps, avg tokens, each with its delta', () => {
    expect(metric('metric:diagnosis_accuracy').a).toBeCloseTo(mean(sft.map((r) => r.metrics.diagnosis_accuracy)), 12)
    expect(metric('metric:diagnosis_accuracy').b).toBeCloseTo(mean(grpo.map((r) => r.metrics.diagnosis_accuracy)), 12)
    expect(metric('steps').a).toBeCloseTo(mean(sft.map((r) => r.num_turns)), 12)
    expect(metric('steps').b).toBeCloseTo(mean(grpo.map((r) => r.num_turns)), 12)
    expect(metric('steps').delta).toBeCloseTo(
      mean(grpo.map((r) => r.num_turns)) - mean(sft.map((r) => r.num_turns)),
      12
    )
    expect(metric('tokensOut').a).toBeCloseTo(mean(sft.map((r) => r.token_usage.output_tokens)), 9)
    expect(metric('tokensOut').delta).toBeCloseTo(16384 - 2746, 9)
    // 3.23 vs 9.72 steps, +6.49
    expect(Math.round(metric('steps').delta! * 100) / 100).toBe(6.49)
  })

  it('eval time per run, with its delta (metadata time_ms: 3 min vs 25 min)', () => {
    expect(metric('wallTimeMs')).toMatchObject({ a: 3 * 60_000, b: 25 * 60_000, delta: 22 * 60_000 })
    expect(runs.map((r) => r.wallTimeMs).sort((x, y) => x! - y!)).toEqual([180_000, 1_500_000])
  })

  it('counts unsolved rollouts that ran out of steps as failures, and says how episodes ended', () => {
    const ranOut = grpo.filter((r) => r.num_turns === 20 && r.reward === 0).length
    const end = metric('termination:max_turns_reached')
    expect(end.b).toBeCloseTo(ranOut / grpo.length, 12)
    expect(end.a).toBe(0)
    expect(metric('passRate').b).toBeCloseTo(
      share(grpo, (r) => r.reward === 1),
      12
    )
  })

  it('the verdict and the Markdown report', async () => {
    expect(report.verdict).toMatchObject({ direction: 'worse', metric: 'passRate', tasks: 200 })
    const md = await ws.text('compare', report.runA.id, report.runB.id, '--md')
    expect(md).toContain(report.verdict.text)
    expect(md).toMatch(/RR@k|within k steps/)
  })
})

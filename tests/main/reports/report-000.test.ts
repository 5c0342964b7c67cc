/**
 * Report 000 (baseline vs RL-trained on a bs4 scraping env, ../shared/docs/reports/000_e2a50188195b003b.txt),
 * reproduced through the CLI's --json from raw verifiers runs shaped like that study
 * (tests/generators/reports/report-000-bs4.mjs). Every expected figure is computed here from the generated files.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RunBreakdown } from '@contract/breakdown'
import type { CompareReport } from '@contract/compare'
import type { EpisodeSummary, RunSummary } from '@contract/model'
import { generateReport000 } from '../../generators/reports/report-000-bs4.mjs'
import { groupBy, mean, readJsonl, share, workspace } from './report-helpers'

interface Row {
  example_id: number
  reward: number
  info: { archetype: string; difficulty: string }
}

const ws = workspace()
let base: RunSummary
let rl: RunSummary
let baseRows: Row[]
let rlRows: Row[]
let compare: CompareReport

beforeAll(async () => {
  const { baseline, rl: rlDir } = generateReport000(ws.dir)
  baseRows = readJsonl<Row>(join(baseline, 'results.jsonl'))
  rlRows = readJsonl<Row>(join(rlDir, 'results.jsonl'))
  await ws.json('index', ws.dir)
  const runs = await ws.json<RunSummary[]>('runs')
  base = runs.find((r) => r.model === 'qwen/qwen3-8b')!
  rl = runs.find((r) => r.model === 'seconds-0/qwen3-8b-bs4-rl')!
  compare = await ws.json<CompareReport>('compare', base.id, rl.id)
}, 120_000)

const rewards = (rows: Row[]): number[] => rows.map((r) => r.reward)

describe('report 000 summary table', () => {
  it('each run: avg reward, pass rate, perfect rate, examples (and rollouts per example)', () => {
    for (const [run, rows] of [
      [base, baseRows],
      [rl, rlRows]
    ] as const) {
      expect(run.meanReward).toBeCloseTo(mean(rewards(rows)), 12)
      // the producer's pass threshold (metadata pass_threshold 0.5)
      expect(run.passThreshold).toBe(0.5)
      expect(run.passRate).toBeCloseTo(
        share(rows, (r) => r.reward >= 0.5),
        12
      )
      expect(run.perfectRate).toBeCloseTo(
        share(rows, (r) => r.reward === 1),
        12
      )
      expect(run.tasks).toBe(new Set(rows.map((r) => r.example_id)).size)
      expect(run.episodes).toBe(rows.length)
      // one story per run: perfect ≤ pass
      expect(run.perfectRate!).toBeLessThanOrEqual(run.passRate!)
      // the producer's avg_reward (metadata.json) is shown beside it, and agrees
      expect(run.headlines).toEqual([expect.objectContaining({ label: 'avg_reward', agrees: true })])
    }
    expect(base.tasks).toBe(680)
    expect(rl).toMatchObject({ tasks: 50, episodes: 150, rolloutsPerTask: 3, checkpointStep: 440 })
  })

  it('the improvement row: whole-run differences (the runs cover 680 vs 50 examples)', () => {
    const m = (key: string) => compare.metrics.find((x) => x.key === key)!
    const d = (f: (r: Row) => number) => mean(rlRows.map(f)) - mean(baseRows.map(f))
    expect(m('reward').whole!.delta).toBeCloseTo(
      d((r) => r.reward),
      12
    )
    expect(m('passRate').whole!.delta).toBeCloseTo(
      d((r) => (r.reward >= 0.5 ? 1 : 0)),
      12
    )
    expect(m('perfectRate').whole!.delta).toBeCloseTo(
      d((r) => (r.reward === 1 ? 1 : 0)),
      12
    )
    // beside it, the paired figures on the 50 shared examples
    expect(compare.sharedTasks).toBe(50)
    const shared = new Set(rlRows.map((r) => r.example_id))
    expect(m('reward').a).toBeCloseTo(mean(baseRows.filter((r) => shared.has(r.example_id)).map((r) => r.reward)), 12)
  })

  it('RL: 135/150 perfect, 3/150 partial, 12/150 failed', async () => {
    const list = (filter: string) => ws.json<EpisodeSummary[]>('episodes', rl.id, '--filter', filter)
    expect((await list('reward == 1')).length).toBe(rlRows.filter((r) => r.reward === 1).length)
    expect((await list('reward > 0 and reward < 1')).length).toBe(
      rlRows.filter((r) => r.reward > 0 && r.reward < 1).length
    )
    expect((await list('not passed')).length).toBe(rlRows.filter((r) => r.reward < 0.5).length)
    expect([135, 3, 12]).toEqual([
      rlRows.filter((r) => r.reward === 1).length,
      rlRows.filter((r) => r.reward > 0 && r.reward < 1).length,
      rlRows.filter((r) => r.reward < 0.5).length
    ])
  })
})

describe('report 000 per-archetype analysis (baseline, over all its 680 examples)', () => {
  let byArchetype: RunBreakdown
  const expected = (): [string, number][] =>
    [...groupBy(baseRows, (r) => r.info.archetype)]
      .map(([a, rows]) => [a, mean(rewards(rows))] as [string, number])
      .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
  beforeAll(async () => {
    byArchetype = await ws.json<RunBreakdown>('breakdown', base.id, '--by', 'archetype')
  })

  it('every archetype with its score, best first', () => {
    const got = byArchetype.rows.map((r) => [r.values[0], r.meanReward] as [string, number])
    expect(got.map((g) => g[0])).toEqual(expected().map((e) => e[0]))
    got.forEach(([, score], i) => expect(score).toBeCloseTo(expected()[i][1], 12))
  })

  it('the worst and the best seven, as the report lists them', () => {
    const worst = byArchetype.rows.slice(-7).map((r) => r.values[0])
    const best = byArchetype.rows.slice(0, 7).map((r) => r.values[0])
    expect(best).toEqual(
      expected()
        .slice(0, 7)
        .map((e) => e[0])
    )
    expect(worst).toEqual(
      expected()
        .slice(-7)
        .map((e) => e[0])
    )
    expect(worst).toContain('mvp.link_chain')
    expect(best).toContain('mvp.class_reserved_word')
    // "Baseline scored 88% on this archetype"
    const minMax = byArchetype.rows.find((r) => r.values[0] === 'mvp.aggregation_min_max')!
    expect(minMax.meanReward).toBeCloseTo(
      mean(rewards(baseRows.filter((r) => r.info.archetype === 'mvp.aggregation_min_max'))),
      12
    )
  })
})

describe('report 000 RL failures by archetype × difficulty', () => {
  it('all 12 failures on one archetype at one difficulty', async () => {
    const cross = await ws.json<RunBreakdown>('breakdown', rl.id, '--by', 'archetype,difficulty')
    const failing = cross.rows.filter((r) => r.failed > 0).map((r) => [...r.values, r.failed])
    const expected = [
      ...groupBy(
        rlRows.filter((r) => r.reward < 0.5),
        (r) => `${r.info.archetype}|${r.info.difficulty}`
      )
    ].map(([k, rows]) => [...k.split('|'), rows.length])
    expect(failing).toEqual(expected)
    expect(failing).toEqual([['mvp.aggregation_min_max', 'hard', 12]])
  })
})

describe('report 000 methodology caveats', () => {
  it('says the sample sizes and the eval modes differ, and opens with a verdict', () => {
    const codes = compare.warnings.map((w) => w.code)
    expect(codes).toEqual(expect.arrayContaining(['different-tasks', 'different-settings', 'different-rollouts']))
    expect(compare.warnings.find((w) => w.code === 'different-settings')!.message).toContain('mode "all" vs "mvp"')
    expect(compare.warnings.find((w) => w.code === 'different-tasks')!.message).toContain('A has 680, B has 50')
    expect(compare.verdict.text).toMatch(/^B is better: /)
  })

  it('the Markdown report carries the same tables', async () => {
    const md = await ws.text('compare', base.id, rl.id, '--md')
    expect(md).toContain(compare.verdict.text)
    expect(md).toMatch(/mode "all" vs "mvp"/)
    const breakdown = await ws.text('breakdown', base.id, '--by', 'archetype', '--md')
    expect(breakdown).toContain('mvp.class_reserved_word')
  })
})

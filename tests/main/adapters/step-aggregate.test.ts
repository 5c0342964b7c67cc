/**
 * Per-step values → episode metrics (issue 12 §7): the aggregation expressions, the per-step JSONL reader's
 * defaults, a mapping file's `step.metrics` / `step.success`, and the pooled figure of a per-step share.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { aggregateSteps, parseStepAggregate } from '../../../src-main/formats/adapters/step-aggregate'
import { validateMapping } from '../../../src-main/formats/mapping/schema'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'

describe('aggregations', () => {
  const agg = (text: string, values: unknown[]) => {
    const a = parseStepAggregate(text)
    if ('error' in a) throw new Error(a.error)
    return aggregateSteps(a, values)
  }

  it('max / min / sum / mean / first / last over numbers, skipping steps without a value', () => {
    const v = [0.2, undefined, 0.6, 0.4, 'n/a']
    expect(agg('max(p)', v)).toBe(0.6)
    expect(agg('min(p)', v)).toBe(0.2)
    expect(agg('sum(p)', v)).toBeCloseTo(1.2, 12)
    expect(agg('mean(p)', v)).toBeCloseTo(0.4, 12)
    expect(agg('first(p)', v)).toBe(0.2)
    expect(agg('last(p)', v)).toBe(0.4)
    expect(agg('max(p)', [undefined, null])).toBeNull()
  })

  it('any / all / count / rate over flags, with a comparison first', () => {
    const ok = [true, false, true, true]
    expect(agg('any(hint)', [false, false, true])).toBe(1)
    expect(agg('all(ok)', ok)).toBe(0)
    expect(agg('count(ok)', ok)).toBe(3)
    // share of commands that failed the gate: 1 of 4
    expect(agg('rate(format_ok == false)', ok)).toBe(0.25)
    expect(agg('rate(status != "ok")', ['ok', 'bad', 'ok', undefined])).toBeCloseTo(1 / 3, 12)
  })

  it('says what is wrong with an expression', () => {
    expect(parseStepAggregate('median(p)')).toEqual({
      error: 'unknown aggregation "median"; use one of max, min, sum, mean, first, last, any, all, count, rate'
    })
    expect(parseStepAggregate('partial_progress')).toMatchObject({
      error: expect.stringContaining('expected an aggregation such as max(partial_progress)')
    })
    expect(parseStepAggregate('rate(x == maybe)')).toMatchObject({
      error: expect.stringContaining('cannot read "maybe" as a value')
    })
    const bad = validateMapping(
      'files: "*.jsonl"\ngroupBy: ep\nstep:\n  metrics:\n    p: middle(progress)\n',
      'rollscope.yaml'
    )
    expect(bad).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^rollscope\.yaml line 5, key `step\.metrics\.p`: unknown aggregation "middle"/)
    })
  })
})

/** Report 002's live eval shape: one line per step, progress, hint requests, a format gate, a success flag. */
const STEPS = [
  {
    episode_id: 'e1',
    task_id: 's3-lockdown',
    tier: 'expert',
    step: 0,
    command: 'aws help',
    observation: 'usage',
    reward: 0,
    format_ok: false,
    hint_requested: false,
    partial_progress: 0.1,
    task_achieved: false
  },
  {
    episode_id: 'e1',
    task_id: 's3-lockdown',
    tier: 'expert',
    step: 1,
    command: 'aws s3api put-bucket-policy',
    observation: 'ok',
    reward: 0.5,
    format_ok: true,
    hint_requested: true,
    partial_progress: 0.6,
    task_achieved: false
  },
  {
    episode_id: 'e1',
    task_id: 's3-lockdown',
    tier: 'expert',
    step: 2,
    command: 'aws s3api get-bucket-policy',
    observation: 'ok',
    reward: 1,
    format_ok: true,
    hint_requested: false,
    partial_progress: 1,
    task_achieved: true,
    done: true
  },
  {
    episode_id: 'e2',
    task_id: 'iam-list',
    tier: 'warmup',
    step: 0,
    command: 'aws iam list-users',
    observation: 'u1',
    reward: 1,
    format_ok: true,
    hint_requested: false,
    partial_progress: 1,
    task_achieved: true,
    done: true
  }
]

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

function writeDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'rs-steps-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}
const jsonl = (rows: object[]): string => rows.map((r) => JSON.stringify(r)).join('\n') + '\n'

describe('the per-step JSONL reader', () => {
  it('aggregates every per-step number and flag by default, takes the success flag from any step, texts as info', async () => {
    engine = tempEngine().engine
    await engine.indexPaths([writeDir({ 'live-eval.jsonl': jsonl(STEPS) })])
    const [run] = await engine.api.listRuns()
    const eps = (await engine.api.listEpisodes({ runId: run.id, sort: 'ordinal' })).items
    const e1 = eps.find((e) => e.taskKey === 's3-lockdown')!
    expect(e1).toMatchObject({ reward: 1.5, steps: 3, passed: true, info: { tier: 'expert', episode_id: 'e1' } })
    expect(e1.metrics).toEqual({
      format_ok: 1,
      format_ok_rate: 2 / 3,
      hint_requested: 1,
      hint_requested_rate: 1 / 3,
      partial_progress: 1,
      partial_progress_max: 1,
      partial_progress_mean: expect.closeTo(1.7 / 3, 12)
    })
    // e2 has one step: the same metric names, so every episode is in every column
    expect(Object.keys(eps.find((e) => e.taskKey === 'iam-list')!.metrics).sort()).toEqual(
      Object.keys(e1.metrics).sort()
    )
    // pooled over all 4 steps: format ok 3 of 4 (the mean of the episodes' shares would be (2/3 + 1) / 2)
    const m = run.metrics.find((x) => x.name === 'format_ok_rate')!
    expect(m.mean).toBeCloseTo(5 / 6, 12)
    expect(m.pooled).toBeCloseTo(3 / 4, 12)
    expect(run.metrics.find((x) => x.name === 'partial_progress_max')!.pooled).toBeUndefined()
    // steps to complete, reward per step pooled (Σ reward / Σ steps: 2.5 / 4)
    expect(run.stepsPassed).toBe(2)
    expect(run.rewardPerStep.pooled).toBeCloseTo(2.5 / 4, 12)
  })
})

describe('a mapping file with step aggregations', () => {
  it('reads step.metrics and step.success as written, and pools its rates', async () => {
    const mapping = [
      'files: ["*.jsonl"]',
      'groupBy: episode_id',
      'task: task_id',
      'info: [tier]',
      'step:',
      '  index: step',
      '  action: command',
      '  observation: observation',
      '  reward: reward',
      '  success: task_achieved',
      '  metrics:',
      '    max_progress: max(partial_progress)',
      '    hint_used: any(hint_requested)',
      '    format_failure_rate: rate(format_ok == false)'
    ].join('\n')
    engine = tempEngine().engine
    await engine.indexPaths([writeDir({ 'rollscope.yaml': mapping, 'live.jsonl': jsonl(STEPS) })])
    const [run] = await engine.api.listRuns()
    const eps = (await engine.api.listEpisodes({ runId: run.id, sort: 'ordinal' })).items
    expect(eps.map((e) => [e.taskKey, e.reward, e.steps, e.passed, e.metrics])).toEqual([
      ['s3-lockdown', 1.5, 3, true, { max_progress: 1, hint_used: 1, format_failure_rate: 1 / 3 }],
      ['iam-list', 1, 1, true, { max_progress: 1, hint_used: 0, format_failure_rate: 0 }]
    ])
    expect(run.metrics.find((x) => x.name === 'format_failure_rate')!.pooled).toBeCloseTo(1 / 4, 12)
    const tiers = await engine.api.breakdownRun(run.id, ['tier'])
    expect(tiers.rows.map((r) => [r.values[0], `${r.passed}/${r.decided}`, r.metrics])).toEqual([
      ['expert', '1/1', { max_progress: 1, hint_used: 1, format_failure_rate: 1 / 3 }],
      ['warmup', '1/1', { max_progress: 1, hint_used: 0, format_failure_rate: 0 }]
    ])
  })
})

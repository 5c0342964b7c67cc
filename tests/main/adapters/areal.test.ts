/**
 * AReaL trajectory dumps over the own fixture (tests/fixtures/areal/README.md, built by tests/generators/areal-dump.mjs
 * as _dump_trajectory writes them): a trial's rollouts at versions 0 and 1 (task batches of 4) and an evaluation.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { arealAdapter as A } from '../../../src-main/formats/adapters/areal'
import { formatContext } from '../../../src-main/formats/context'
import { pickJsonlAdapter } from '../../../src-main/formats/registry'
import type { Engine } from '../../../src-main/services/engine-types'
import { checkJsonlAdapterProperties } from '../../helpers/adapter-properties'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { rowsOf } from './read-rows'

const TRIAL = ownFixture('areal/logs/areal/gsm8k-grpo/trial0')
const at = (...parts: string[]) => {
  const path = join(TRIAL, ...parts)
  return { path, rows: rowsOf(path), file: { path, ctx: formatContext() } }
}

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

describe('AReaL: a sample', () => {
  it('is AReaL by its keys; the decoded ChatML becomes turns; reward, version folder as step, sample as rollout', () => {
    const { path, rows, file } = at('rollout', '0', '0.jsonl')
    expect(pickJsonlAdapter(rows[0], path)).toBe(A)
    const s = A.summarize(rows[0], file)
    expect(s).toMatchObject({
      reward: 1,
      success: true,
      step: 0,
      rollout: 0,
      tokensIn: rows[0].prompt_len,
      tokensOut: (rows[0].seqlen as number) - (rows[0].prompt_len as number),
      info: { group: 0, head_version: -1, tail_version: 0 }
    })
    // the RLVR workflow's prompt tokens have version -1: no span between real versions to show
    expect(s.metrics.version_span).toBeUndefined()
    const turns = A.parseEpisode(rows[0]).turns
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant'])
    expect(turns[1].text).toBe('Step by step: the result is 42. The answer is \\boxed{42}.')
  })

  it('a batch generated across a weight update shows how many versions it spanned', () => {
    const { rows, file } = at('rollout', '1', '3.jsonl')
    expect(rows.map((r) => A.summarize(r, file).metrics.version_span)).toEqual([1, 1, 1, 1])
    expect(rows.map((r) => A.summarize(r, file).rollout)).toEqual([0, 1, 2, 3])
  })

  it('random and mutated samples never throw', () => {
    checkJsonlAdapterProperties(A, [...at('rollout', '0', '0.jsonl').rows, ...at('rollout', '1', '3.jsonl').rows])
  })
})

/** Mean reward of the samples in a version folder's task files. */
const meanOf = (kind: string, version: string, tasks: string[]): number => {
  const rewards = tasks.flatMap((t) => at(kind, version, `${t}.jsonl`).rows.map((r) => r.reward as number))
  return rewards.reduce((a, b) => a + b, 0) / rewards.length
}

describe('AReaL through the engine', () => {
  it('a trial is a rollout run and an eval run; each version folder is a step of task groups', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([TRIAL])
    expect(report.files.every((f) => f.format === 'areal' && f.state === 'indexed')).toBe(true)
    const runs = await engine.api.listRuns()
    expect(runs.map((r) => [r.name, r.episodes]).sort()).toEqual([
      ['gsm8k-grpo/trial0 · eval-rollout (AReaL)', 2],
      ['gsm8k-grpo/trial0 · rollout (AReaL)', 16]
    ])
    const train = runs.find((r) => r.name.includes('· rollout'))!
    const curve = await engine.api.trainingCurve(train.id)
    expect(curve.points.map((p) => [p.step, p.episodes, p.groups, p.noSignalShare])).toEqual([
      [0, 8, 2, 0.5],
      [1, 8, 2, 0]
    ])
    // AReaL's rollout/reward is the mean over the batch's samples
    expect(curve.points[0].meanReward).toBeCloseTo(meanOf('rollout', '0', ['0', '1']), 12)
    expect(curve.points[1].meanReward).toBeCloseTo(meanOf('rollout', '1', ['2', '3']), 12)
    const metrics = (await engine.api.getRun(train.id)).metrics.find((m) => m.name === 'version_span')
    expect(metrics).toMatchObject({ count: 4, mean: 1 })
  })

  it('a line that is not a sample and a broken line are reported by line number; the others index', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'areal-bad-')), 'trial', 'rollout', '4')
    mkdirSync(dir, { recursive: true })
    const { rows } = at('rollout', '0', '0.jsonl')
    writeFileSync(
      join(dir, '9.jsonl'),
      [
        JSON.stringify(rows[0]),
        JSON.stringify({ ...rows[1], prompt: undefined }),
        '{"task_id": 9, "sample_idx"',
        JSON.stringify(rows[3])
      ].join('\n') + '\n'
    )
    engine = tempEngine().engine
    const [f] = (await engine.indexPaths([dir])).files
    expect([f.state, f.episodes]).toEqual(['indexed', 2])
    expect(f.warnings).toEqual([
      'line 2: not an AReaL sample (task_id, sample_idx, versions, prompt, completion); skipped',
      expect.stringMatching(/^line 3: invalid JSON/)
    ])
  })
})

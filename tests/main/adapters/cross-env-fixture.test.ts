/**
 * Two runs of different environments that share task ids (tests/fixtures/cross-env/README.md): a tau-bench airline
 * run and a NeMo Gym grl_sokoban run, task ids 0, 1, 2 in both. Indexing must keep the environments apart (distinct
 * `env`) while the task keys are the producers' own ids, equal across the two runs: so pairing "the same task"
 * across runs needs the environment too: the compare is refused with the reason, the episode's links to "the same
 * task in other runs" skip the other environment.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Engine } from '../../../src-main/services/engine-types'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

describe('cross-env fixture: tau-bench airline and NeMo Gym sokoban, task ids 0..2 in both', () => {
  it('indexes to two runs with distinct environments and the same task keys', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([ownFixture('cross-env')])
    const indexed = report.files
      .filter((f) => f.state === 'indexed')
      .map((f) => [f.path.split('/').slice(-2).join('/'), f.format, f.episodes])
    expect(indexed.sort()).toEqual([
      ['grl_sokoban/example_rollouts.jsonl', 'nemo-gym', 3],
      ['tau-bench/gpt-4o-airline.json', 'tau-bench', 3]
    ])
    const runs = await engine.api.listRuns()
    expect(runs).toHaveLength(2)
    // env: tau-bench from the file name's domain, NeMo Gym from the resources-server folder
    expect(runs.map((r) => r.env).sort()).toEqual(['grl_sokoban', 'tau-bench/airline'])

    const keys: Record<string, string[]> = {}
    for (const r of runs) {
      const items = (await engine.api.listEpisodes({ runId: r.id, sort: 'ordinal' })).items
      expect(items.every((e) => e.taskKeyKind === 'explicit')).toBe(true)
      keys[r.env!] = items.map((e) => e.taskKey).sort()
    }
    // task_id 0, 1, 2 (tau-bench) and _ng_task_index 0, 1, 2 (NeMo Gym): the same keys for different tasks
    expect(keys['tau-bench/airline']).toEqual(['0', '1', '2'])
    expect(keys.grl_sokoban).toEqual(['0', '1', '2'])

    // rewards as written: tau-bench 1, 1, 0 (mean 2/3); sokoban 10, -0.2, -0.2 (mean 3.2)
    const byEnv = Object.fromEntries(runs.map((r) => [r.env, r]))
    expect(byEnv['tau-bench/airline'].meanReward).toBeCloseTo(2 / 3, 12)
    expect(byEnv.grl_sokoban.meanReward).toBeCloseTo(3.2, 12)
  })

  it('refuses to compare them, says why, and links an episode to its task only in its own environment', async () => {
    engine = tempEngine().engine
    await engine.indexPaths([ownFixture('cross-env')])
    const runs = await engine.api.listRuns()
    const air = runs.find((r) => r.env === 'tau-bench/airline')!
    const sok = runs.find((r) => r.env === 'grl_sokoban')!
    await expect(engine.api.compareRuns(air.id, sok.id)).rejects.toThrow(
      /^These runs are of different environments .*“tau-bench\/airline”.*“grl_sokoban”/
    )
    await expect(engine.api.compareMany([air.id, sok.id, air.id])).rejects.toThrow(/different environments/)
    // insisted on: the figures side by side, marked not comparable first thing
    const forced = await engine.api.compareRuns(air.id, sok.id, { allowDifferentEnvs: true })
    expect(forced.envMismatch).toEqual({ a: 'tau-bench/airline', b: 'grl_sokoban' })
    expect(forced.warnings[0].severity).toBe('forced')
    expect(forced.verdict.text).toMatch(/^Not comparable \(different environments\)/)
    const task0 = (await engine.api.listEpisodes({ runId: air.id, filter: 'task == "0"' })).items[0]
    const detail = await engine.api.getEpisode(task0.id)
    expect(detail.related.sameTaskInRuns.map((r) => r.runId)).toEqual([air.id])
  })
})

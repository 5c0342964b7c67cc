/**
 * Issue 12, Terminal-Bench: a run's headline equals the producer's own. Through the real engine over the own
 * fixture `tests/fixtures/terminal-bench/null-results-run/` (40 trials, 6 with `is_resolved: null`; README there),
 * every expected number is computed here from the fixture's files the way Terminal-Bench computes it
 * (BenchmarkResults: n_resolved / len(results), a null result counted unresolved), never copied from Rollscope.
 * Then the ways a run used to drift from its producer: trial files indexed while the run was live and counted again
 * from the run file, a results.json listing a trial twice, a resumed run's stale run_metadata accuracy.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { RunSummary } from '@contract/model'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'

const RUN = ownFixture('terminal-bench/null-results-run')
const RUN_ID = '2025-07-14__09-30-00'

interface Trial {
  trial_name: string
  task_id: string
  is_resolved: boolean | null
  failure_mode: string
}
const readJson = <T>(p: string): T => JSON.parse(readFileSync(p, 'utf8')) as T
const results = readJson<{ results: Trial[]; accuracy: number; n_resolved: number; n_unresolved: number }>(
  join(RUN, 'results.json')
)
const meta = readJson<{ start_time: string; end_time: string; accuracy: number }>(join(RUN, 'run_metadata.json'))

/** Terminal-Bench's own aggregate of a list of trials (BenchmarkResults.accuracy and n_unresolved). */
function producer(trials: Trial[]): { accuracy: number; resolved: number; nulls: Map<string, number> } {
  const resolved = trials.filter((t) => t.is_resolved === true).length
  const nulls = new Map<string, number>()
  for (const t of trials) if (t.is_resolved === null) nulls.set(t.failure_mode, (nulls.get(t.failure_mode) ?? 0) + 1)
  return { accuracy: resolved / trials.length, resolved, nulls }
}

/** Rollscope's mean comes from a running sum (stats/describe.ts): equal to the producer's up to float rounding. */
const same = (ours: number | null | undefined, theirs: number): void => {
  expect(ours).not.toBeNull()
  expect(Math.abs(ours! - theirs)).toBeLessThan(1e-12)
}

let engine: Engine | null = null
const dirs: string[] = []
afterEach(async () => {
  await engine?.close()
  engine = null
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function onlyRun(e: Engine): Promise<RunSummary> {
  const runs = (await e.api.listRuns()).filter((r) => r.format === 'terminal-bench')
  expect(runs).toHaveLength(1)
  return runs[0]
}

/** A copy of the fixture run folder under a temp folder, named `name`, without the files `leave` names. */
function copyRun(name: string, leave: (rel: string) => boolean = () => false): string {
  const root = mkdtempSync(join(tmpdir(), 'rs-tb-parity-'))
  dirs.push(root)
  const dest = join(root, name)
  cpSync(RUN, dest, { recursive: true, filter: (src) => src === RUN || !leave(src.slice(RUN.length + 1)) })
  return dest
}

describe('terminal-bench parity: the null-results run', () => {
  it('mean reward, pass rate and the accuracy headline equal the producer’s; the unscored trials are counted and named', async () => {
    const p = producer(results.results)
    // the fixture's own figures agree with Terminal-Bench's formula (15 of 40; the 6 null trials are unresolved)
    expect(results.accuracy).toBe(p.accuracy)
    expect(results.n_resolved).toBe(p.resolved)
    expect(results.n_unresolved).toBe(results.results.length - p.resolved)

    engine = tempEngine().engine
    const report = await engine.indexPaths([RUN])
    expect(report.failed).toBe(0)
    const run = await onlyRun(engine)
    const n = results.results.length
    expect(run.episodes).toBe(n)
    expect(run.tasks).toBe(new Set(results.results.map((t) => t.task_id)).size)
    same(run.meanReward, p.accuracy)
    same(run.passRate, p.accuracy)
    expect(run.perfectRate).not.toBeNull()
    expect(run.perfectRate!).toBeLessThanOrEqual(run.passRate!)
    expect(run.scored).toBe(n) // the null trials have reward 0: in the denominator, as the producer has them
    // what Rollscope showed before issue 12: the null trials left out (15 / 34)
    const nullCount = [...p.nulls.values()].reduce((a, b) => a + b, 0)
    expect(run.meanReward).not.toBeCloseTo(p.resolved / (n - nullCount), 3)

    const reasons = [...p.nulls]
      .map(([reason, count]) => ({ reason, count, countedAs: 'failure' }))
      .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1))
    expect(run.unscored).toEqual({
      count: nullCount,
      reasons,
      countedAs: 'failure',
      producer: 'Terminal-Bench',
      note: `${nullCount} of ${n} trials have no result: ${reasons.map((r) => `${r.reason} ${r.count}`).join(', ')}; counted as failures (reward 0), as Terminal-Bench does.`
    })
    expect(run.noTranscript).toBe(0)
    // the trial folders hold no keystrokes of the agent: its steps are unknown, not 0
    expect(run.steps).toEqual({ count: 0, mean: null, std: null, min: null, max: null })
    // run_metadata.json states the same accuracy: one headline, which agrees
    expect(meta.accuracy).toBe(results.accuracy)
    expect(run.headlines).toMatchObject([
      {
        label: 'accuracy',
        value: results.accuracy,
        source: 'results.json accuracy',
        matches: 'meanReward',
        agrees: true,
        note: null
      }
    ])
    same(run.headlines[0].ours, p.accuracy)
    expect(run.wallTimeMs).toBe(Date.parse(meta.end_time) - Date.parse(meta.start_time))

    // per episode: the failure mode is both the unscored reason (null results) and the termination
    const page = await engine.api.listEpisodes({ runId: run.id, limit: 100 })
    const byTrial = new Map(page.items.map((e) => [e.info.trial_name, e]))
    for (const t of results.results) {
      const e = byTrial.get(t.trial_name)!
      expect(e.reward, t.trial_name).toBe(t.is_resolved ? 1 : 0)
      expect(e.passed, t.trial_name).toBe(t.is_resolved === true)
      expect(e.unscored, t.trial_name).toBe(t.is_resolved === null ? t.failure_mode : null)
      expect(e.termination, t.trial_name).toBe(t.failure_mode === 'unset' ? null : t.failure_mode)
    }
    const modes = new Map<string, number>()
    for (const t of results.results)
      if (t.failure_mode !== 'unset') modes.set(t.failure_mode, (modes.get(t.failure_mode) ?? 0) + 1)
    expect(run.terminations).toEqual(
      [...modes]
        .map(([reason, count]) => ({ reason, count }))
        .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1))
    )
  })

  it('watched live: trial files written before the run file lists them are not counted twice', async () => {
    // a `tb run` output folder is named after its run id; the harness writes each trial's results.json, then
    // rewrites the run's results.json to list it (Harness._execute_single_trial, then _write_results)
    const dest = copyRun(
      RUN_ID,
      (rel) => rel === 'results.json' || rel === 'run_metadata.json' || /^[^/]+\/[^/]+/.test(rel)
    )
    const startMeta = {
      ...readJson<Record<string, unknown>>(join(RUN, 'run_metadata.json')),
      accuracy: null,
      end_time: null,
      pass_at_k: null
    }
    writeFileSync(join(dest, 'run_metadata.json'), JSON.stringify(startMeta, null, 4))
    const writeTrial = (t: Trial): void => {
      const src = join(RUN, t.task_id, t.trial_name, 'results.json')
      const to = join(dest, t.task_id, t.trial_name, 'results.json')
      try {
        readFileSync(src)
      } catch {
        return // a trial that raised in the harness has no file of its own
      }
      mkdirSync(dirname(to), { recursive: true })
      cpSync(src, to)
    }
    const writeRunFile = (trials: Trial[]): void => {
      const p = producer(trials)
      writeFileSync(
        join(dest, 'results.json'),
        JSON.stringify(
          { results: trials, n_resolved: p.resolved, n_unresolved: trials.length - p.resolved, accuracy: p.accuracy },
          null,
          4
        )
      )
    }
    engine = tempEngine().engine
    const first = results.results.slice(0, 10)
    first.forEach(writeTrial)
    await engine.indexPaths([dest])
    expect(await engine.api.listRuns()).toEqual([]) // no run file yet: the trials wait for it

    writeRunFile(first)
    await engine.indexPaths([dest])
    let run = await onlyRun(engine)
    expect(run.episodes).toBe(10)
    same(run.meanReward, producer(first).accuracy)

    // ten more trials finish; the run file has not been rewritten yet
    results.results.slice(10, 20).forEach(writeTrial)
    await engine.indexPaths([dest])
    run = await onlyRun(engine)
    expect(run.episodes).toBe(10)
    same(run.meanReward, producer(first).accuracy)

    results.results.slice(20).forEach(writeTrial)
    cpSync(join(RUN, 'results.json'), join(dest, 'results.json'))
    cpSync(join(RUN, 'run_metadata.json'), join(dest, 'run_metadata.json'))
    await engine.indexPaths([dest])
    run = await onlyRun(engine)
    expect(run.episodes).toBe(results.results.length)
    same(run.meanReward, results.accuracy)
    expect(run.headlines.map((h) => h.agrees)).toEqual([true])
  })

  it('a results.json listing a trial twice: each trial counts once, and the headline says why it differs', async () => {
    const dest = copyRun('dup-run')
    const again = results.results.find((t) => t.is_resolved === true)!
    const trials = [...results.results, again]
    const p = producer(trials) // the harness counts the repeated entry: 16 / 41
    writeFileSync(
      join(dest, 'results.json'),
      JSON.stringify({ ...readJson<object>(join(RUN, 'results.json')), results: trials, accuracy: p.accuracy }, null, 4)
    )
    engine = tempEngine().engine
    await engine.indexPaths([dest])
    const run = await onlyRun(engine)
    expect(run.episodes).toBe(results.results.length)
    same(run.meanReward, results.accuracy)
    expect(run.headlines).toHaveLength(2) // results.json 16/41, and run_metadata.json's 0.375 which differs from it
    const [h, m] = run.headlines
    expect(h).toMatchObject({ value: p.accuracy, agrees: false })
    same(h.ours, results.accuracy)
    expect(h.source).toMatch(/repeats 1 trial under the same name/)
    expect(h.note).toMatch(/the episodes are the truth/)
    expect(m).toMatchObject({ source: 'run_metadata.json accuracy', value: meta.accuracy, agrees: true })
  })

  it('a resumed run: run_metadata.json keeps the first stage’s accuracy; both are shown, the stale one flagged', async () => {
    const dest = copyRun('resumed-run')
    const stale = {
      ...readJson<Record<string, unknown>>(join(RUN, 'run_metadata.json')),
      accuracy: 0.3,
      resumed_at: '2025-07-14T11:00:00.000000+00:00'
    }
    writeFileSync(join(dest, 'run_metadata.json'), JSON.stringify(stale, null, 4))
    engine = tempEngine().engine
    await engine.indexPaths([dest])
    const run = await onlyRun(engine)
    same(run.meanReward, results.accuracy)
    expect(run.headlines.map((h) => [h.source, h.value, h.agrees])).toEqual([
      ['results.json accuracy', results.accuracy, true],
      ['run_metadata.json accuracy (Terminal-Bench does not update it when a run is resumed)', 0.3, false]
    ])
    expect(run.headlines[1].note).toMatch(/They differ beyond rounding/)
  })
})

/**
 * The verdict line, the environment rule and the new comparability warnings, on small runs whose numbers are worked
 * out by hand in the comments.
 */
import { describe, expect, it } from 'vitest'
import { compareMany } from '../../../src-main/compare/compare-many'
import { formatCompare } from '../../../src-main/report/compare-text'
import { compareMarkdown } from '../../../src-main/report/markdown-report'
import { compareRuns } from '../../../src-main/compare/compare-runs'
import { compareSeries } from '../../../src-main/compare/compare-series'
import { envKey } from '../../../src-main/compare/environment'
import { relatedEpisodes } from '../../../src-main/db/related-episodes'
import { insertRun, tempDb, type EpisodeSpec } from './synthetic-db'

const binary = (passes: number, of: number, prefix = 't'): EpisodeSpec[] =>
  Array.from({ length: of }, (_, i) => ({ task: `${prefix}${i}`, reward: i < passes ? 1 : 0 }))

describe('the verdict line', () => {
  it('on pass/fail rewards is about the pass rate, with McNemar p and the task count', () => {
    const d = tempDb()
    // 40 tasks: A passes t0..t29, B passes t0..t9: 20 broken, none fixed → −50 pts, McNemar p = 2 · 0.5^20
    const a = insertRun(d, { id: 'a', threshold: 0.5, episodes: binary(30, 40) })
    const b = insertRun(d, { id: 'b', threshold: 0.5, episodes: binary(10, 40) })
    const v = compareRuns(d, a, b, {}).verdict
    expect(v).toMatchObject({ direction: 'worse', metric: 'passRate', tasks: 40 })
    expect(v.delta).toBeCloseTo(-0.5, 12)
    expect(v.p).toBeCloseTo(2 * 0.5 ** 20, 15)
    expect(v.text).toMatch(
      /^B is worse: −50 pts pass rate \(95% CI −\d+(\.\d)? to −\d+(\.\d)? pts\), McNemar p < 0\.001, on 40 shared tasks\.$/
    )
    d.close()
  })

  it('on a continuous reward is about the mean reward, and says when the CI includes no change', () => {
    const d = tempDb()
    const eps = (rs: number[]): EpisodeSpec[] => rs.map((reward, i) => ({ task: `t${i}`, reward }))
    const a = insertRun(d, { id: 'a', threshold: 0.5, episodes: eps([0.2, 0.6, 0.5, 0.9]) })
    const b = insertRun(d, { id: 'b', threshold: 0.5, episodes: eps([0.3, 0.5, 0.6, 0.8]) })
    const r = compareRuns(d, a, b, {})
    // diffs +0.1 −0.1 +0.1 −0.1: mean 0
    expect(r.verdict).toMatchObject({ direction: 'unclear', metric: 'reward', p: null, tasks: 4 })
    expect(r.verdict.text).toMatch(/^No clear difference: ±0\.000 mean reward \(95% CI .*\), on 4 shared tasks\.$/)
    // a change the CI cannot tell from noise says so, whatever its size
    const c = insertRun(d, { id: 'c', threshold: 0.5, episodes: eps([0.3, 0.7, 0.4, 1]) })
    expect(compareRuns(d, a, c, {}).verdict.text).toMatch(
      /^No clear difference: \+0\.050 mean reward \(95% CI .*\), on 4 shared tasks: the CI includes no change, so these tasks cannot tell it from noise\.$/
    )
    // one shared task has no CI: +100 pts is not 'a change this small'
    const one = (id: string, reward: number) => insertRun(d, { id, threshold: 0.5, episodes: [{ task: 't', reward }] })
    expect(compareRuns(d, one('x', 0), one('y', 1), {}).verdict.text).toMatch(
      /^No clear difference: \+100 pts pass rate, McNemar p = 1\.000, on 1 shared task: one shared task cannot tell a change from noise\.$/
    )
    expect(r.warnings[0]).toMatchObject({ code: 'too-few-tasks', severity: 'conclusion' })
    d.close()
  })

  it('calls no change better or worse over fewer than 10 shared tasks, even with a CI that excludes none', () => {
    const d = tempDb()
    const eps = (rs: number[]): EpisodeSpec[] => rs.map((reward, i) => ({ task: `t${i}`, reward }))
    // the helper's case: three tasks, deltas +1.0, +0.21, +0.17; the percentile bootstrap's CI is +0.17 to +1.00
    const a = insertRun(d, { id: 'a', threshold: 0.5, episodes: eps([0, 0.29, 0.3]) })
    const b = insertRun(d, { id: 'b', threshold: 0.5, episodes: eps([1, 0.5, 0.47]) })
    const r = compareRuns(d, a, b, {})
    expect(r.verdict.ci95![0]).toBeGreaterThan(0)
    expect(r.verdict).toMatchObject({ direction: 'unclear', metric: 'reward', tasks: 3 })
    expect(r.verdict.text).toMatch(
      /^Too few tasks to tell: \+0\.460 mean reward \(95% CI .*\), on 3 shared tasks: a bootstrap CI over fewer than 10 tasks is too narrow to trust\.$/
    )
    expect(r.warnings.find((w) => w.code === 'too-few-tasks')?.message).toMatch(
      /3 tasks: a bootstrap CI over fewer than 10 is too narrow to trust/
    )
    // ten tasks of the same kind: a verdict
    const ten = (base: number[]) => eps(Array.from({ length: 10 }, (_, i) => base[i % 3]))
    const c = insertRun(d, { id: 'c', threshold: 0.5, episodes: ten([0, 0.29, 0.3]) })
    const e = insertRun(d, { id: 'e', threshold: 0.5, episodes: ten([1, 0.5, 0.47]) })
    expect(compareRuns(d, c, e, {}).verdict).toMatchObject({ direction: 'better', tasks: 10 })
    d.close()
  })

  it('nothing to decide on names the run without scores, not both when one has them', () => {
    const d = tempDb()
    const tasks = (reward: number | null): EpisodeSpec[] =>
      Array.from({ length: 10 }, (_, i) => ({ task: `t${i}`, reward }))
    const unscored = insertRun(d, { id: 'u', threshold: null, episodes: tasks(null) })
    const scored = insertRun(d, { id: 's', threshold: 0.5, episodes: tasks(0.8) })
    const also = insertRun(d, { id: 'v', threshold: null, episodes: tasks(null) })
    expect(compareRuns(d, unscored, scored, {}).verdict).toMatchObject({
      direction: 'none',
      text: 'Nothing to decide on: run A has no reward and no pass/fail verdict on their 10 shared tasks.'
    })
    expect(compareRuns(d, scored, unscored, {}).verdict.text).toMatch(/^Nothing to decide on: run B has no reward/)
    expect(compareRuns(d, unscored, also, {}).verdict.text).toMatch(
      /^Nothing to decide on: the runs have no reward and no pass\/fail verdict/
    )
    d.close()
  })

  it('says there is nothing to compare when no task is shared', () => {
    const d = tempDb()
    const a = insertRun(d, { id: 'a', threshold: 0.5, episodes: binary(1, 2, 'x') })
    const b = insertRun(d, { id: 'b', threshold: 0.5, episodes: binary(1, 2, 'y') })
    expect(compareRuns(d, a, b, {}).verdict).toMatchObject({
      direction: 'none',
      text: 'Nothing to compare: the runs share no task.'
    })
    d.close()
  })

  it('does not warn "too few tasks" when the headline delta is clear', () => {
    const d = tempDb()
    const a = insertRun(d, { id: 'a', threshold: 0.5, episodes: binary(30, 40) })
    const b = insertRun(d, { id: 'b', threshold: 0.5, episodes: binary(10, 40) })
    expect(compareRuns(d, a, b, {}).warnings.map((w) => w.code)).not.toContain('too-few-tasks')
    d.close()
  })
})

describe('environments', () => {
  it('spells one environment alike across producers', () => {
    expect(envKey('intertwine/sv-env-network-logs')).toBe('sv-env-network-logs')
    expect(envKey('terminal-bench-core@0.1.1')).toBe(envKey('terminal-bench-core@0.1.0'))
    expect(envKey('math_python')).toBe(envKey('math-python'))
    expect(envKey('tau-bench  airline')).toBe(envKey('tau-bench-airline'))
    expect(envKey('tau-bench airline')).not.toBe(envKey('sokoban'))
    expect(envKey(null)).toBeNull()
  })

  it('refuses runs of different environments with the reason, and marks a forced comparison everywhere', () => {
    const d = tempDb()
    // task "0".."2" in both: the same ids, not the same tasks
    const airline = insertRun(d, {
      id: 'air',
      name: 'gpt-4o-airline',
      env: 'tau-bench airline',
      threshold: 0.5,
      episodes: binary(1, 3, '')
    })
    const sokoban = insertRun(d, {
      id: 'sok',
      name: 'sokoban',
      env: 'sokoban',
      threshold: 0.5,
      episodes: binary(3, 3, '')
    })
    expect(() => compareRuns(d, airline, sokoban, {})).toThrow(
      /^These runs are of different environments \(gpt-4o-airline is “tau-bench airline”, sokoban is “sokoban”\): tasks with the same id in different environments are not the same task/
    )
    // a checkpoint series over them too, until insisted on
    expect(() => compareSeries(d, [airline, sokoban])).toThrow(/^These runs are of different environments/)
    const series = compareSeries(d, [airline, sokoban], { allowDifferentEnvs: true })
    expect(series.envMismatch).toEqual({ envs: ['tau-bench airline', 'sokoban'] })
    expect(series.warnings[0]).toMatchObject({ code: 'different-env', severity: 'forced' })
    const forced = compareRuns(d, airline, sokoban, { allowDifferentEnvs: true })
    expect(forced.envMismatch).toEqual({ a: 'tau-bench airline', b: 'sokoban' })
    expect(forced.warnings[0]).toMatchObject({ code: 'different-env', severity: 'forced' })
    expect(forced.verdict.text).toMatch(/^Not comparable \(different environments\): /)
    // the reports lead the warning with "Not comparable" once, not twice
    for (const text of [formatCompare(forced), compareMarkdown(forced)]) {
      expect(text).toContain('the runs are of different environments')
      expect(text).not.toMatch(/Not comparable:(\*\*)? Not comparable/)
    }
    // side by side against a baseline: only the run of another environment than the baseline's is marked
    const airline2 = insertRun(d, {
      id: 'air2',
      name: 'gpt-4o-airline again',
      env: 'tau-bench airline',
      threshold: 0.5,
      episodes: binary(2, 3, '')
    })
    const many = compareMany(d, [airline, airline2, sokoban], { allowDifferentEnvs: true })
    expect(many.verdicts[0]).toBeNull()
    expect(many.verdicts[1]!.text).not.toMatch(/Not comparable/)
    expect(many.verdicts[2]!.text).toMatch(/^Not comparable \(different environments\): /)
    d.close()
  })

  it('side by side, a run of other rollout counts than the baseline carries the two-run warning, named', () => {
    const d = tempDb()
    const k = (n: number): EpisodeSpec[] =>
      Array.from({ length: 10 }, (_, t) =>
        Array.from({ length: n + (t % 3) * n }, () => ({ task: `t${t}`, reward: 1 }))
      ).flat()
    const base = insertRun(d, { id: 'base', name: 'base', threshold: 0.5, episodes: binary(5, 10) })
    const same = insertRun(d, { id: 'same', name: 'same', threshold: 0.5, episodes: binary(6, 10) })
    const batch = insertRun(d, { id: 'batch', name: 'batch', threshold: 0.5, episodes: k(2) })
    const many = compareMany(d, [base, same, batch], {})
    const rollouts = many.warnings.filter((w) => w.code === 'different-rollouts')
    expect(rollouts.map((w) => w.message)).toEqual([
      expect.stringMatching(
        /^batch vs base: Rollouts per task differ on 10 of 10 shared tasks \(base 1, batch 3\.8 on average\)/
      )
    ])
    d.close()
  })

  it('links an episode to the same task only in runs of its environment', () => {
    const d = tempDb()
    insertRun(d, { id: 'air', env: 'tau-bench airline', threshold: 0.5, episodes: binary(1, 1, '') })
    insertRun(d, { id: 'air2', env: 'tau-bench-airline', threshold: 0.5, episodes: binary(0, 1, '') })
    insertRun(d, { id: 'sok', env: 'sokoban', threshold: 0.5, episodes: binary(1, 1, '') })
    insertRun(d, { id: 'unk', env: null, threshold: 0.5, episodes: binary(1, 1, '') })
    const links = relatedEpisodes(d, { runId: 'air', taskKey: '0', rollout: 0 }).sameTaskInRuns.map((r) => r.runId)
    // "tau-bench airline" and "tau-bench-airline" are one environment spelled two ways; sokoban is another
    expect(links.sort()).toEqual(['air', 'air2', 'unk'])
    d.close()
  })

  it('pairs a run without a known environment with any, and versions of one environment with a warning', () => {
    const d = tempDb()
    const a = insertRun(d, { id: 'a', env: 'terminal-bench-core@0.1.0', threshold: 0.5, episodes: binary(1, 2) })
    const b = insertRun(d, { id: 'b', env: 'terminal-bench-core@0.1.1', threshold: 0.5, episodes: binary(2, 2) })
    const c = insertRun(d, { id: 'c', env: null, threshold: 0.5, episodes: binary(2, 2) })
    const ab = compareRuns(d, a, b, {})
    expect(ab.envMismatch).toBeNull()
    expect(ab.warnings.find((w) => w.code === 'different-env-version')!.message).toContain(
      'environment terminal-bench-core@0.1.0 vs terminal-bench-core@0.1.1'
    )
    expect(compareRuns(d, a, c, {}).envMismatch).toBeNull()
    d.close()
  })
})

describe('comparability warnings', () => {
  it('names declared settings that differ (report 000: mode all vs mvp), ranked as able to change the conclusion', () => {
    const d = tempDb()
    const a = insertRun(d, {
      id: 'a',
      threshold: 0.5,
      header: { env_args: { split: 'bench', mode: 'all' }, max_turns: 10 },
      episodes: binary(6, 10)
    })
    const b = insertRun(d, {
      id: 'b',
      threshold: 0.5,
      header: { env_args: { split: 'bench', mode: 'mvp' }, max_turns: 10 },
      episodes: binary(9, 10)
    })
    const w = compareRuns(d, a, b, {}).warnings.find((x) => x.code === 'different-settings')!
    expect(w.severity).toBe('conclusion')
    expect(w.message).toBe(
      'The runs were evaluated with different settings: mode "all" vs "mvp". The difference may come from what was measured rather than from the models.'
    )
    d.close()
  })

  it('ranks a whole-run vs shared-task disagreement as able to change the conclusion', () => {
    const d = tempDb()
    // shared s0..s9: A passes 2, B passes 8 (+60 pts); A's 30 own tasks all pass, so over whole runs A 32/40 vs B 8/10
    const a = insertRun(d, { id: 'a', threshold: 0.5, episodes: [...binary(2, 10, 's'), ...binary(30, 30, 'a')] })
    const b = insertRun(d, { id: 'b', threshold: 0.5, episodes: binary(8, 10, 's') })
    const r = compareRuns(d, a, b, {})
    const w = r.warnings.find((x) => x.code === 'different-tasks')!
    expect(w.severity).toBe('conclusion')
    expect(w.message).toContain(
      'The whole runs and the shared tasks disagree: Pass rate: whole runs 80% → 80% (±0 pts); shared tasks 20% → 80% (+60 pts'
    )
    d.close()
  })

  it('says how unscored and results-only episodes count, and which rows are over fewer tasks', () => {
    const d = tempDb()
    const a = insertRun(d, {
      id: 'a',
      threshold: 0.5,
      scoring: { scoring: { unscoredAs: 'failure', producer: 'Terminal-Bench', noun: 'trials' } },
      episodes: [
        { task: 't0', reward: 1, tokensIn: 10 },
        { task: 't1', reward: 0, unscored: 'parse_error', tokensIn: 10 },
        { task: 't2', reward: 0, unscored: 'test_timeout' },
        { task: 't3', reward: 1 }
      ]
    })
    const b = insertRun(d, {
      id: 'b',
      threshold: 0.5,
      episodes: [
        { task: 't0', reward: 1, tokensIn: 12 },
        { task: 't1', reward: 1, tokensIn: 12 },
        { task: 't2', reward: 0, transcript: false, steps: null },
        { task: 't3', reward: 1 }
      ]
    })
    const r = compareRuns(d, a, b, {})
    expect(r.warnings.find((w) => w.code === 'unscored')!.message).toBe(
      'A: 2 of 4 trials have no result: parse_error 1, test_timeout 1; counted as failures (reward 0), as Terminal-Bench does.'
    )
    expect(r.warnings.find((w) => w.code === 'no-transcript')!.message).toMatch(
      /^B has 1 of 4 episodes with no transcript on disk: their rewards and verdicts count/
    )
    expect(r.warnings.find((w) => w.code === 'different-n')!.message).toContain('Tokens in on 2')
    // steps: B's results-only episode has none, so its task t2 pairs on A alone… and is left out of the steps row
    expect(r.metrics.find((m) => m.key === 'steps')!.n).toBe(3)
    d.close()
  })
})

describe('figures that were in messages or missing', () => {
  it('compares termination reasons, generation time and a tool set as one', () => {
    const d = tempDb()
    const a = insertRun(d, {
      id: 'a',
      threshold: 0.5,
      episodes: [
        { task: 't0', reward: 1, termination: 'done', generationMs: 20_000, toolCalls: { llm_batch: 2 } },
        { task: 't1', reward: 0, termination: 'max_steps', generationMs: 60_000, toolCalls: {} },
        { task: 't2', reward: 1, termination: 'done', generationMs: 22_000, toolCalls: { llm_query: 1 } }
      ]
    })
    const b = insertRun(d, {
      id: 'b',
      threshold: 0.5,
      episodes: [
        { task: 't0', reward: 1, termination: 'done', generationMs: 31_000, toolCalls: { llm_batch: 1 } },
        { task: 't1', reward: 1, termination: 'done', generationMs: 35_000, toolCalls: { llm_batch: 3 } },
        { task: 't2', reward: 1, termination: 'done', generationMs: 39_000, toolCalls: { llm_batch: 1, llm_query: 1 } }
      ]
    })
    const r = compareRuns(d, a, b, { toolSets: [['llm_batch', 'llm_query']] })
    const m = (k: string) => r.metrics.find((x) => x.key === k)!
    expect(m('termination:max_steps')).toMatchObject({ unit: 'rate', label: 'Ends: max_steps', b: 0 })
    expect(m('termination:max_steps').a).toBeCloseTo(1 / 3, 12)
    expect(m('generationMs')).toMatchObject({ unit: 'ms', a: 34_000, b: 35_000 })
    // zero-delegation: A's t1 calls neither tool → 1/3; B none
    expect(m('toolFree:llm_batch|llm_query')).toMatchObject({ label: 'Never calls llm_batch or llm_query', b: 0 })
    expect(m('toolFree:llm_batch|llm_query').a).toBeCloseTo(1 / 3, 12)
    expect(m('toolCalls:llm_batch|llm_query').a).toBeCloseTo(1, 12)
    d.close()
  })
})

/**
 * The real pairs of ../shared/fixtures, indexed by a real engine and compared through the API. Expected numbers are
 * derived in this file straight from the fixture files (JSONL rows, the .eval zips' samples, the SWE-bench run
 * reports), grouping tasks the way FORMATS.md §7 says (Wordle by answer, math-python by prompt, Inspect by sample id,
 * SWE-bench by instance id); nothing here calls the compare code except through engine.api.compareRuns.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CompareMetric, CompareReport } from '@contract/compare'
import type { RunSummary } from '@contract/model'
import { ZipArchive } from '../../../src-main/formats/readers/zip-reader'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'

const V = 'verifiers/willccbb-verifiers'
const WORDLE_A = fixture(`${V}/wordle--gpt-4.1-mini/9a56fe55`)
const WORDLE_B = fixture(`${V}/wordle--gpt-5-mini/b5161fc3`)
const MATH_A = fixture(`${V}/math-python--gpt-4.1-mini/578769a7`)
const MATH_B = fixture(`${V}/math-python--gpt-5-nano/cb7a1799`)
const POP_A = fixture('inspect-ai/2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval')
const POP_B = fixture('inspect-ai/2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval')
const SWE = fixture('mini-swe-agent')

let engine: Engine
let runs: RunSummary[]
const runBy = (test: (r: RunSummary) => boolean, what: string): RunSummary => {
  const r = runs.find(test)
  if (!r) throw new Error(`no run for ${what}`)
  return r
}
const bySource = (dir: string) => runBy((r) => r.source.startsWith(dir), dir)
const metric = (r: CompareReport, key: string): CompareMetric => r.metrics.find((m) => m.key === key)!

beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([WORDLE_A, WORDLE_B, MATH_A, MATH_B, POP_A, POP_B, SWE])
  runs = await engine.api.listRuns()
}, 60_000)
afterAll(() => engine.close())

// ------------------------------------------------------------------------------------------------
// Independent expectations

interface Row {
  task: string
  reward: number | null
}

/** Per task: the mean reward and whether more than half of its rollouts reach `threshold`. */
function perTask(rows: Row[], threshold: number | null): Map<string, { mean: number | null; pass: boolean | null }> {
  const groups = new Map<string, (number | null)[]>()
  for (const r of rows) groups.set(r.task, [...(groups.get(r.task) ?? []), r.reward])
  const out = new Map<string, { mean: number | null; pass: boolean | null }>()
  for (const [task, rs] of groups) {
    const vals = rs.filter((x): x is number => x !== null)
    const passes = rs.filter((x) => x !== null && threshold !== null && x >= threshold).length
    out.set(task, {
      mean: vals.length ? vals.reduce((s, x) => s + x, 0) / vals.length : null,
      pass: threshold === null ? null : passes * 2 > rs.length
    })
  }
  return out
}

/** Shared tasks, mean paired reward difference, and the flip cells, computed directly. */
function expected(a: Row[], b: Row[], threshold: number | null) {
  const ta = perTask(a, threshold)
  const tb = perTask(b, threshold)
  const shared = [...ta.keys()].filter((k) => tb.has(k))
  const diffs = shared
    .filter((k) => ta.get(k)!.mean !== null && tb.get(k)!.mean !== null)
    .map((k) => tb.get(k)!.mean! - ta.get(k)!.mean!)
  const cell = (pa: boolean, pb: boolean) =>
    shared.filter((k) => ta.get(k)!.pass === pa && tb.get(k)!.pass === pb).sort()
  return {
    shared: shared.length,
    onlyA: ta.size - shared.length,
    onlyB: tb.size - shared.length,
    delta: diffs.length ? diffs.reduce((s, x) => s + x, 0) / diffs.length : null,
    fixed: cell(false, true),
    broken: cell(true, false),
    bothPass: cell(true, true),
    bothFail: cell(false, false)
  }
}

const jsonl = (dir: string): Record<string, unknown>[] =>
  readFileSync(join(dir, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>)

const sorted = (xs: string[]) => [...xs].sort()

// ------------------------------------------------------------------------------------------------

describe('verifiers Wordle: gpt-4.1-mini vs gpt-5-mini', () => {
  // Wordle prompts are identical across games: the task is the hidden word (`answer`).
  const rows = (dir: string): Row[] => jsonl(dir).map((r) => ({ task: String(r.answer), reward: r.reward as number }))

  it('pairs the 5 words and gives the mean per-task reward delta; no verdict without a threshold', async () => {
    const exp = expected(rows(WORDLE_A), rows(WORDLE_B), null)
    expect(exp.shared).toBe(5)
    const r = await engine.api.compareRuns(bySource(WORDLE_A).id, bySource(WORDLE_B).id)
    expect(r).toMatchObject({ sharedTasks: 5, onlyA: 0, onlyB: 0 })
    expect(metric(r, 'reward').delta).toBeCloseTo(exp.delta!, 9)
    expect(metric(r, 'reward').n).toBe(5)
    expect(metric(r, 'reward').ci95![0]).toBeLessThanOrEqual(exp.delta!)
    expect(metric(r, 'reward').ci95![1]).toBeGreaterThanOrEqual(exp.delta!)
    // rewards reach 2.25: no default threshold, so no pass/fail
    expect(r.flips.undecided).toBe(5)
    expect(r.warnings.map((w) => w.code)).toContain('no-verdict')
    expect(r.warnings.map((w) => w.code)).toContain('too-few-tasks')
    // 3 rollouts each side: pass@k has no rows without verdicts; producer metrics are paired
    expect(r.passAtK).toEqual([])
    expect(r.metrics.map((m) => m.key)).toContain('metric:check_answer_reward_func')
  })

  it('flips by a user threshold of 2', async () => {
    const a = bySource(WORDLE_A).id
    const b = bySource(WORDLE_B).id
    await engine.api.setPassThreshold(a, 2)
    await engine.api.setPassThreshold(b, 2)
    try {
      const exp = expected(rows(WORDLE_A), rows(WORDLE_B), 2)
      // by hand from the rows: 4.1-mini reaches 2 in 2 of 3 games of story and sleep; 5-mini in story and thing
      expect(exp).toMatchObject({
        fixed: ['thing'],
        broken: ['sleep'],
        bothPass: ['story'],
        bothFail: ['voice', 'water']
      })
      const r = await engine.api.compareRuns(a, b)
      const keyless = (ks: string[]) => sorted(ks.map((k) => k.replace(/^answer:/, '')))
      expect(keyless(r.flips.fixed)).toEqual(exp.fixed)
      expect(keyless(r.flips.broken)).toEqual(exp.broken)
      expect(keyless(r.flips.bothPass)).toEqual(exp.bothPass)
      expect(keyless(r.flips.bothFail)).toEqual(exp.bothFail)
      expect(r.flips.undecided).toBe(0)
      // k = 1..3 over the 5 tasks (3 rollouts each)
      expect(r.passAtK.map((x) => [x.k, x.tasks])).toEqual([
        [1, 5],
        [2, 5],
        [3, 5]
      ])
    } finally {
      await engine.api.setPassThreshold(a, null)
      await engine.api.setPassThreshold(b, null)
    }
  })
})

describe('verifiers math-python: gpt-4.1-mini vs gpt-5-nano', () => {
  // ids are unreliable in this era (§1.2): a task is its prompt
  const rows = (dir: string): Row[] =>
    jsonl(dir).map((r) => ({ task: JSON.stringify(r.prompt), reward: r.reward as number }))

  it('pairs the 5 prompts; delta and flips at the default threshold 0.5', async () => {
    const exp = expected(rows(MATH_A), rows(MATH_B), 0.5)
    const r = await engine.api.compareRuns(bySource(MATH_A).id, bySource(MATH_B).id)
    expect(r).toMatchObject({ sharedTasks: exp.shared, onlyA: exp.onlyA, onlyB: exp.onlyB })
    expect(exp.shared).toBe(5)
    expect(metric(r, 'reward').delta).toBeCloseTo(exp.delta!, 9)
    expect(r.flips.fixed).toHaveLength(exp.fixed.length)
    expect(r.flips.broken).toHaveLength(exp.broken.length)
    expect(r.flips.bothPass).toHaveLength(exp.bothPass.length)
    expect(r.flips.bothFail).toHaveLength(exp.bothFail.length)
    expect(r.flips.mcnemarP).toBeNull()
    // pass^3 of gpt-4.1-mini: the task with 2 of 3 passes contributes 0 (as computed from the rows)
    const a = [...perTask(rows(MATH_A), 0.5).keys()].map((k) =>
      rows(MATH_A)
        .filter((x) => x.task === k)
        .map((x) => x.reward!)
    )
    const hat3 = a.map((rs) => (rs.every((x) => x >= 0.5) ? 1 : 0) as number).reduce((s, x) => s + x, 0) / a.length
    expect(r.passAtK[2].a.passHatK).toBeCloseTo(hat3, 12)
  })
})

describe('Inspect popularity: two runs of the same 10 samples', () => {
  /** Sample id → score (C = 1, I = 0; null when the run recorded none). */
  function samples(path: string): Row[] {
    const zip = ZipArchive.open(path)
    return zip
      .names()
      .filter((n) => n.startsWith('samples/'))
      .map((n) => {
        const s = JSON.parse(zip.read(n).toString('utf8')) as {
          id: unknown
          scores?: Record<string, { value?: unknown }>
        }
        const v = Object.values(s.scores ?? {})[0]?.value
        return { task: String(s.id), reward: v === 'C' ? 1 : v === 'I' ? 0 : null }
      })
  }

  it('pairs all 10; the first run was never scored, so only B has a reward and nothing flips', async () => {
    const a = samples(POP_A)
    const b = samples(POP_B)
    const exp = expected(a, b, null)
    expect(exp.shared).toBe(10)
    expect(a.every((x) => x.reward === null)).toBe(true)
    const r = await engine.api.compareRuns(bySource(POP_A).id, bySource(POP_B).id)
    expect(r).toMatchObject({ sharedTasks: 10, onlyA: 0, onlyB: 0 })
    const bMean = b.reduce((s, x) => s + x.reward!, 0) / b.length
    expect(metric(r, 'reward')).toMatchObject({ a: null, delta: null, n: 0, ci95: null })
    expect(metric(r, 'reward').b).toBeCloseTo(bMean, 12)
    expect(r.flips.undecided).toBe(10)
    expect(r.warnings.find((w) => w.code === 'no-verdict')!.message).toMatch(/^Run A has no/)
  })
})

describe('mini-swe-agent: deepseek_chat_dev vs its rerun, rewards from the SWE-bench run reports', () => {
  /**
   * The instances of a run as the harness run report named after the run counts them: every submitted instance,
   * resolved or not. Since issue 12 the instances without a trajectory on disk are (results-only) episodes too, so
   * the runs pair on all 23 instances, not only on the 2 trajectories in each run folder.
   */
  function rows(run: string): Row[] {
    const report = JSON.parse(readFileSync(join(SWE, `deepseek__deepseek-chat.${run}.json`), 'utf8')) as {
      submitted_ids: string[]
      resolved_ids: string[]
    }
    return report.submitted_ids.map((id) => ({ task: id, reward: report.resolved_ids.includes(id) ? 1 : 0 }))
  }

  it('pairs the 23 submitted instances; flips where the two reports differ', async () => {
    const exp = expected(rows('deepseek_chat_dev'), rows('deepseek_chat_dev_rerun'), 0.5)
    expect(exp.shared).toBe(23)
    const a = runBy((r) => r.name === 'deepseek_chat_dev', 'deepseek_chat_dev')
    const b = runBy((r) => r.name === 'deepseek_chat_dev_rerun', 'deepseek_chat_dev_rerun')
    const r = await engine.api.compareRuns(a.id, b.id)
    expect(r).toMatchObject({ sharedTasks: 23, onlyA: 0, onlyB: 0 })
    expect(metric(r, 'reward').delta).toBeCloseTo(exp.delta!, 12)
    expect(sorted(r.flips.bothPass)).toEqual(exp.bothPass)
    expect(sorted(r.flips.bothFail)).toEqual(exp.bothFail)
    expect(sorted(r.flips.fixed)).toEqual(exp.fixed)
    expect(sorted(r.flips.broken)).toEqual(exp.broken)
    // exact two-sided McNemar over the discordant instances: 2 · P(X ≤ min) for X ~ Binomial(n, 1/2), capped at 1
    const n = exp.fixed.length + exp.broken.length
    const k = Math.min(exp.fixed.length, exp.broken.length)
    let tail = 0
    for (let i = 0, c = 1; i <= k; c = (c * (n - i)) / (i + 1), i++) tail += c / 2 ** n
    if (n === 0) expect(r.flips.mcnemarP).toBeNull()
    else expect(r.flips.mcnemarP).toBeCloseTo(Math.min(1, 2 * tail), 12)
  })

  /** Each instance's message count in the run folder's trajectories (only some instances have one). */
  function messageCounts(run: string): Map<string, number> {
    const dir = join(SWE, 'output', run)
    const out = new Map<string, number>()
    for (const id of readdirSync(dir)) {
      if (id.includes('.')) continue
      const traj = JSON.parse(readFileSync(join(dir, id, `${id}.traj.json`), 'utf8')) as { messages: unknown[] }
      out.set(id, traj.messages.length)
    }
    return out
  }

  it('counts messages over the instances with a trajectory, not the 21 without one as 0', async () => {
    const ma = messageCounts('deepseek_chat_dev')
    const mb = messageCounts('deepseek_chat_dev_rerun')
    const shared = [...ma.keys()].filter((id) => mb.has(id))
    expect(shared.length).toBe(2)
    const mean = (m: Map<string, number>): number => shared.reduce((s, id) => s + m.get(id)!, 0) / shared.length
    const a = runBy((r) => r.name === 'deepseek_chat_dev', 'deepseek_chat_dev')
    const b = runBy((r) => r.name === 'deepseek_chat_dev_rerun', 'deepseek_chat_dev_rerun')
    const r = await engine.api.compareRuns(a.id, b.id)
    expect(metric(r, 'messages')).toMatchObject({ a: mean(ma), b: mean(mb), n: 2 })
    // the runs table counts the same episodes
    expect(metric(r, 'messages').a).toBeCloseTo(a.meanTurns!, 12)
    // a whole-run row over a few episodes says how many: one passed episode with steps each, of 23 shared tasks
    const passedSteps = metric(r, 'stepsSuccess')
    expect(passedSteps.n).toBe(23)
    expect(passedSteps.episodes).toEqual({ a: 1, b: 1 })
    expect(metric(r, 'rewardStd').episodes).toEqual({ a: 23, b: 23 })
    // both runs resolved 8 of 23: the same σ, summed in another order, is no change (it showed as "−0.000, −0%")
    expect(metric(r, 'rewardStd')).toMatchObject({ delta: 0, relDelta: 0 })
    // how an instance ended is known from its trajectory or the run folder's exit-status file (the dev run has one,
    // three TimeoutExpired; the rerun none): the completion rate pairs only the tasks known on both sides
    const done = metric(r, 'completionRate')
    expect(done).toMatchObject({ n: 2, a: 1, b: 1 })
    expect(done.whole!.b).toBe(1)
    expect(done.whole!.a!).toBeLessThan(1)
  })
})

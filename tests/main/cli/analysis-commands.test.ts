/**
 * `rollscope compare A B C …`, `compare` across environments, `breakdown` and `curve`, in-process against the real
 * engine (inline indexer) over small runs written to a temp folder: report 004's three DeepRepo runs (its own rewards
 * and turns per rollout; the 8B run's made up around its stated mean), a run of another environment, one with an
 * extra task, and a two-step hosted-RL training export. Expected numbers are worked out by hand in the comments.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RunBreakdown } from '@contract/breakdown'
import type { CompareReport } from '@contract/compare'
import type { MultiCompareReport } from '@contract/multi-compare'
import type { TrainingCurve } from '@contract/training'
import { captureCli } from '../../helpers/capture-cli'

let dir: string
const cli = captureCli(
  () => join(dir, 'r.db'),
  () => dir
)

/** Per task: [difficulty, archetype]. */
const TASKS: Record<string, [string, string]> = {
  'repo-a': ['hard', 'delegation'],
  'repo-b': ['easy', 'analysis'],
  'repo-c': ['easy', 'delegation'],
  t1: ['easy', 'x'],
  t2: ['easy', 'x'],
  t3: ['hard', 'x'],
  t4: ['hard', 'x'],
  t5: ['easy', 'x']
}

interface Rollout {
  task: string
  reward: number
  steps: number
  /** Calls llm_batch in its first step (report 004's delegation). */
  delegates: boolean
}

/** A chat transcript of `steps` agent actions: tool calls with their results, then the answer. */
function messages(r: Rollout, n: number): unknown[] {
  const out: unknown[] = [
    { role: 'system', content: 'Review the repository.' },
    { role: 'user', content: `Find the bugs in ${r.task}.` }
  ]
  for (let i = 0; i < r.steps - 1; i++) {
    const tool = i === 0 && r.delegates ? 'llm_batch' : 'read_file'
    const id = `c${n}-${i}`
    out.push({
      role: 'assistant',
      content: '',
      tool_calls: [{ id, type: 'function', function: { name: tool, arguments: '{"path": "a.py"}' } }]
    })
    out.push({ role: 'tool', tool_call_id: id, content: 'ok' })
  }
  out.push({ role: 'assistant', content: 'Report: SQL injection in a.py.' })
  return out
}

function writeChatRun(name: string, env: string, rollouts: Rollout[]): void {
  const folder = join(dir, 'traces', name)
  mkdirSync(folder, { recursive: true })
  const lines = rollouts.map((r, n) => {
    const [difficulty, archetype] = TASKS[r.task] ?? ['easy', 'extra']
    return JSON.stringify({ task_id: r.task, messages: messages(r, n), reward: r.reward, difficulty, archetype })
  })
  writeFileSync(join(folder, 'results.jsonl'), lines.join('\n') + '\n')
  writeFileSync(join(folder, 'results.meta.json'), JSON.stringify({ name, model: name, env, passThreshold: 0.8 }))
}

/** Per task its two rollouts as [reward, steps]; `zeroDelegation` names the rollout that never calls llm_batch. */
function rollouts(per: Record<string, [number, number][]>, zeroDelegation: string | null = null): Rollout[] {
  return Object.entries(per).flatMap(([task, rs]) =>
    rs.map(([reward, steps], i) => ({ task, reward, steps, delegates: `${task}#${i}` !== zeroDelegation }))
  )
}

// report 004: r1 / r2 are rollout 0 / 1 of the three examples; num_turns likewise
const B8 = {
  'repo-a': [
    [0.2, 2],
    [0.7, 4]
  ],
  'repo-b': [
    [0.729, 5],
    [0.6, 3]
  ],
  'repo-c': [
    [0.55, 4],
    [0.527, 4]
  ]
} as Record<string, [number, number][]>
const B30 = {
  'repo-a': [
    [0.636, 18],
    [0.887, 7]
  ],
  'repo-b': [
    [0.9, 5],
    [0.7, 9]
  ],
  'repo-c': [
    [0.85, 5],
    [0.738, 8]
  ]
} as Record<string, [number, number][]>
const GRPO = {
  'repo-a': [
    [0.962, 6],
    [0.962, 6]
  ],
  'repo-b': [
    [1, 6],
    [1, 6]
  ],
  'repo-c': [
    [1, 6],
    [1, 6]
  ]
} as Record<string, [number, number][]>

/** A hosted-RL export with two training steps: p1 fails at step 0 and passes at step 10 (learned), p2 is split both times. */
function writeTrainingRun(): void {
  const folder = join(dir, 'traces', 'train-run')
  mkdirSync(folder, { recursive: true })
  const rows: string[] = []
  let sample = 0
  const add = (step: number, problem: string, reward: number): void => {
    rows.push(
      JSON.stringify({
        run_id: 'train-run',
        env_name: 'deeprepo',
        step,
        problem_id: problem,
        sample_id: sample++,
        prompt: [{ role: 'user', content: `Solve ${problem}.` }],
        completion: [{ role: 'assistant', content: 'done' }],
        reward
      })
    )
  }
  for (const [step, p1, p2] of [
    [0, [0, 0], [1, 0]],
    [10, [1, 1], [1, 0]]
  ] as [number, number[], number[]][]) {
    for (const r of p1) add(step, 'p1', r)
    for (const r of p2) add(step, 'p2', r)
  }
  writeFileSync(join(folder, 'results.jsonl'), rows.join('\n') + '\n')
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rollscope-analysis-'))
  writeChatRun('deeprepo-8b', 'deeprepo', rollouts(B8, 'repo-a#0'))
  writeChatRun('deeprepo-30b', 'deeprepo', rollouts(B30))
  writeChatRun('deeprepo-grpo', 'doloresresearch/deeprepo', rollouts(GRPO))
  // two pass/fail runs of four shared tasks (two per difficulty), B with a fifth task of its own
  const pair = (per: Record<string, number[]>): Rollout[] =>
    Object.entries(per).flatMap(([task, rs]) => rs.map((reward) => ({ task, reward, steps: 3, delegates: true })))
  writeChatRun('pair-a', 'pairenv', pair({ t1: [1, 1], t2: [1, 0], t3: [0, 0], t4: [1, 0] }))
  writeChatRun('pair-b', 'pairenv', pair({ t1: [1, 1], t2: [1, 1], t3: [1, 0], t4: [1, 0], t5: [0, 0] }))
  writeChatRun('sokoban-8b', 'sokoban', rollouts(B8))
  writeTrainingRun()
  const r = await cli('index', join(dir, 'traces'), '--json')
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
})

describe('rollscope compare with three or more runs', () => {
  it('--json: each run over its whole run (population σ), deltas vs the baseline and vs the previous run with paired CIs', async () => {
    const r = await cli('compare', 'deeprepo-8b', 'deeprepo-30b', 'deeprepo-grpo', '--json', '--seed', '3')
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const m: MultiCompareReport = JSON.parse(r.stdout)
    expect(m.runs.map((x) => x.name)).toEqual(['deeprepo-8b', 'deeprepo-30b', 'deeprepo-grpo'])
    expect(m).toMatchObject({ baseline: 0, sharedTasks: 3, envMismatch: null, perTaskCapped: false })
    const reward = m.rows.find((x) => x.key === 'reward')!
    // 30B: 0.636 0.887 0.9 0.7 0.85 0.738 → mean 0.78517, population σ 0.0996 (report 004: "avg - 0.785, std - 0.100")
    expect(reward.values[1]).toMatchObject({ count: 6, min: 0.636, max: 0.9 })
    expect(reward.values[1]?.mean).toBeCloseTo(0.785167, 5)
    expect(reward.values[1]?.std).toBeCloseTo(0.09957, 4)
    // GRPO 0.98733: +0.43633 (+79.2%) from the 8B baseline, +0.20217 (+25.7%) from the 30B before it
    expect(reward.vsBaseline[2]?.delta).toBeCloseTo(0.436333, 5)
    expect(reward.vsBaseline[2]?.relDelta).toBeCloseTo(0.436333 / 0.551, 5)
    expect(reward.vsPrevious[2]?.delta).toBeCloseTo(0.202167, 5)
    expect(reward.vsPrevious[2]?.tasks).toBe(3)
    expect(reward.vsBaseline[0]).toBeNull()
    const [lo, hi] = reward.vsPrevious[2]!.ci95!
    expect(lo).toBeLessThanOrEqual(0.202167)
    expect(hi).toBeGreaterThanOrEqual(0.202167)
    // steps are agent actions: 18 7 5 9 5 8 → mean 8.667, σ 4.422 (report 004's num_turns)
    const steps = m.rows.find((x) => x.key === 'steps')!
    expect(steps.values[1]?.mean).toBeCloseTo(8.6667, 4)
    expect(steps.values[1]?.std).toBeCloseTo(4.4222, 4)
    // zero-delegation rate: 1 of the 8B's 6 rollouts never calls llm_batch
    const free = m.rows.find((x) => x.key === 'toolFree:llm_batch')?.values.map((s) => s?.mean)
    expect(free?.[0]).toBeCloseTo(1 / 6, 12)
    expect(free?.slice(1)).toEqual([0, 0])
    expect(m.verdicts[0]).toBeNull()
    expect(m.verdicts[2]?.text).toMatch(/mean reward/)
    expect(m.perTask.find((t) => t.taskKey === 'repo-a')?.rewards).toEqual([
      [0.2, 0.7],
      [0.636, 0.887],
      [0.962, 0.962]
    ])
  })

  it("--md prints report 004's tables; --baseline picks the run the others are compared against", async () => {
    const md = await cli('compare', 'deeprepo-8b', 'deeprepo-30b', 'deeprepo-grpo', '--md')
    expect(md.code).toBe(0)
    expect(md.stdout.split('\n')[0]).toBe('# 3 runs side by side: deeprepo-8b, deeprepo-30b, deeprepo-grpo')
    expect(md.stdout).toContain('| Mean reward | 0.551 (σ 0.173) | 0.785 (σ 0.100) | 0.987 (σ 0.018) |')
    expect(md.stdout).toContain('| Reward range | 0.200 – 0.729 | 0.636 – 0.900 | 0.962 – 1.000 |')
    expect(md.stdout).toContain('| Mean steps | 3.67 (2 – 5) | 8.67 (5 – 18) | 6 (6 – 6) |')
    expect(md.stdout).toContain('| Never calls llm_batch | 16.7% (1/6) | 0% (0/6) | 0% (0/6) |')
    expect(md.stdout).toMatch(
      /^\| Mean reward \| deeprepo-8b → deeprepo-grpo \| \+0\.436 \| \+79\.2% \| .+ to .+ \| 3 \|$/m
    )
    expect(md.stdout).toMatch(
      /^\| Mean reward \| deeprepo-30b → deeprepo-grpo \| \+0\.202 \| \+25\.7% \| .+ to .+ \| 3 \|$/m
    )
    expect(md.stdout).toContain('| `repo-b` | 0.729, 0.600 | 0.900, 0.700 | 1.000, 1.000 |')

    const based = await cli(
      'compare',
      'deeprepo-8b',
      'deeprepo-30b',
      'deeprepo-grpo',
      '--baseline',
      'deeprepo-30b',
      '--json'
    )
    const m: MultiCompareReport = JSON.parse(based.stdout)
    expect(m.baseline).toBe(1)
    expect(m.verdicts[1]).toBeNull()
    expect(m.rows.find((x) => x.key === 'reward')?.vsBaseline[0]?.delta).toBeCloseTo(-0.234167, 5)
  })

  it('prints a terminal table and writes an HTML page; a tool set (--tools) becomes a row of its own', async () => {
    const text = await cli('compare', 'deeprepo-8b', 'deeprepo-30b', 'deeprepo-grpo', '--tools', 'llm_batch,read_file')
    expect(text.code).toBe(0)
    expect(text.stdout.split('\n')[0]).toMatch(/^deeprepo-30b \(B\) against deeprepo-8b \(A\): /)
    expect(text.stdout).toMatch(/^Mean reward\s+0\.551 \(σ 0\.173\)\s+0\.785 \(σ 0\.100\)\s+0\.987 \(σ 0\.018\)$/m)
    expect(text.stdout).toMatch(/^Never calls llm_batch or read_file\s+0% \(0\/6\)\s+0% \(0\/6\)\s+0% \(0\/6\)$/m)

    const html = await cli('compare', 'deeprepo-8b', 'deeprepo-30b', 'deeprepo-grpo', '--html', 'three.html')
    expect(html.code).toBe(0)
    expect(html.stdout).toBe(`Wrote the HTML report to ${join(dir, 'three.html')}\n`)
    const page = readFileSync(join(dir, 'three.html'), 'utf8')
    expect(page.startsWith('<!doctype html>')).toBe(true)
    expect(page).toContain('<td>Mean reward</td><td class="num">0.551 (σ 0.173)</td>')
    expect(page).not.toMatch(/<script/)
  })
})

describe('rollscope compare across environments', () => {
  it("refuses runs of different environments with the engine's advice (exit 2), two runs or more", async () => {
    for (const argv of [
      ['deeprepo-8b', 'sokoban-8b'],
      ['deeprepo-8b', 'deeprepo-30b', 'sokoban-8b']
    ]) {
      const r = await cli('compare', ...argv)
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr).toMatch(/^rollscope: These runs are of different environments \(.*sokoban-8b is “sokoban”/)
      expect(r.stderr).toContain('--allow-different-envs')
    }
    // an owner prefix does not make another environment: deeprepo-grpo is of doloresresearch/deeprepo
    expect((await cli('compare', 'deeprepo-8b', 'deeprepo-grpo', '--json')).code).toBe(0)
  })

  it('--allow-different-envs compares them anyway, marked as not comparable everywhere', async () => {
    const r = await cli('compare', 'deeprepo-8b', 'sokoban-8b', '--allow-different-envs', '--json')
    expect(r.code).toBe(0)
    const report: CompareReport = JSON.parse(r.stdout)
    expect(report.envMismatch).toEqual({ a: 'deeprepo', b: 'sokoban' })
    expect(report.verdict.text).toMatch(/^Not comparable \(different environments\): /)
    expect(report.warnings[0].severity).toBe('forced')
    const md = await cli('compare', 'deeprepo-8b', 'sokoban-8b', '--allow-different-envs', '--md')
    expect(md.stdout.split('\n')[2]).toMatch(/^\*\*Not comparable \(different environments\): /)
    expect(md.stdout.split('\n')[4]).toMatch(/^- ⚠ \*\*Not comparable:\*\* /)
    const many = await cli('compare', 'deeprepo-8b', 'deeprepo-30b', 'sokoban-8b', '--allow-different-envs', '--json')
    expect((JSON.parse(many.stdout) as MultiCompareReport).envMismatch?.envs).toEqual(
      expect.arrayContaining(['deeprepo', 'sokoban'])
    )
  })
})

describe('rollscope compare of two runs: the issue 12 fields', () => {
  it('--json has the verdict, ranked warnings with severities, units, whole-run figures and category counts', async () => {
    const r = await cli('compare', 'pair-a', 'pair-b', '--json')
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const report: CompareReport = JSON.parse(r.stdout)
    expect(report).toMatchObject({ sharedTasks: 4, onlyA: 0, onlyB: 1, onlyBTasks: ['t5'] })
    // pass/fail rewards: the verdict is on the pass rate, with McNemar's p
    expect(report.verdict).toMatchObject({
      metric: 'passRate',
      tasks: 4,
      direction: expect.stringMatching(/^(better|unclear)$/)
    })
    expect(report.verdict.text).toMatch(/pass rate .*McNemar p/)
    const order = ['forced', 'conclusion', 'caveat', 'note']
    const ranks = report.warnings.map((w) => order.indexOf(w.severity))
    expect(ranks.every((x) => x >= 0)).toBe(true)
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y))
    expect(report.warnings.map((w) => w.code)).toContain('different-tasks')
    const reward = report.metrics.find((m) => m.key === 'reward')!
    expect(reward.unit).toBe('reward')
    expect(report.metrics.find((m) => m.key === 'passRate')?.unit).toBe('rate')
    expect(report.metrics.find((m) => m.key === 'steps')?.unit).toBe('steps')
    // shared tasks: per task 1 .5 0 .5 → 0.5 vs 1 1 .5 .5 → 0.75; whole runs: 4/8 vs 6/10
    expect(reward).toMatchObject({ a: 0.5, b: 0.75, delta: 0.25 })
    expect(reward.whole).toEqual({ a: 0.5, b: 0.6, delta: expect.closeTo(0.1, 12), relDelta: expect.closeTo(0.2, 12) })
    const easy = report.perCategory.find((c) => c.field === 'difficulty' && c.value === 'easy')!
    // easy: A's t1 t2 (1 1 1 0), B's t1 t2 t5 (1 1 1 1 0 0)
    expect(easy.wholeA).toEqual({ episodes: 4, score: 0.75, passed: 3, decided: 4 })
    expect(easy.wholeB).toEqual({ episodes: 6, score: expect.closeTo(4 / 6, 12), passed: 4, decided: 6 })

    const md = await cli('compare', 'pair-a', 'pair-b', '--md')
    expect(md.stdout.split('\n')[2]).toBe(`**${report.verdict.text}**`)
    expect(md.stdout).toContain('| Metric | A | B | Δ | Δ% | 95% CI | A, whole run | B, whole run | Δ, whole run |')
    expect(md.stdout).toMatch(
      /^\| Mean reward \| 0\.500 \| 0\.750 \| \*{0,2}\+0\.250\*{0,2} \| \+50% \| .* \| 0\.500 \| 0\.600 \| \+0\.100 \|$/m
    )
    expect(md.stdout).toMatch(/^\| easy \| 2 \| .* \| 0\.750 \(3\/4\) \| 0\.667 \(4\/6\) \|$/m)
    const text = await cli('compare', 'pair-a', 'pair-b')
    expect(text.stdout.split('\n')[0]).toBe(report.verdict.text)
    expect(text.stdout).toMatch(/^METRIC\s+A\s+B\s+Δ\s+Δ%\s+95% CI\s+A WHOLE RUN\s+B WHOLE RUN\s+Δ WHOLE RUN$/m)
  })
})

describe('rollscope breakdown', () => {
  it('--json: one field over all episodes, best first, with counts', async () => {
    const r = await cli('breakdown', 'deeprepo-30b', '--by', 'difficulty', '--json')
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const b: RunBreakdown = JSON.parse(r.stdout)
    expect(b).toMatchObject({ runName: 'deeprepo-30b', fields: ['difficulty'], score: 'meanReward', missing: 0 })
    // easy: 0.9 0.7 0.85 0.738 → 0.797, 2/4 at 0.8; hard: 0.636 0.887 → 0.7615, 1/2
    expect(b.rows.map((x) => [x.values, x.episodes, x.tasks, x.passed, x.decided, x.failed])).toEqual([
      [['easy'], 4, 2, 2, 4, 2],
      [['hard'], 2, 1, 1, 2, 1]
    ])
    expect(b.rows[0].meanReward).toBeCloseTo(0.797, 12)
    expect(b.rows[1].rewardStd).toBeCloseTo(0.1255, 12)
    expect(b.total).toMatchObject({ episodes: 6, passed: 3, decided: 6 })
  })

  it('--md cross-tabulates two fields and says where the failures are; the terminal table marks best and worst', async () => {
    const md = await cli('breakdown', 'deeprepo-30b', '--by', 'archetype,difficulty', '--md')
    expect(md.code).toBe(0)
    expect(md.stdout.split('\n')[0]).toBe('# deeprepo-30b: scores by archetype × difficulty')
    expect(md.stdout).toContain(
      '| archetype | difficulty | Episodes | Tasks | Mean reward (σ) | Passed | Pass rate | Failed | Perfect | Mean steps |'
    )
    // delegation × easy is repo-c: 0.85 0.738 → 0.794 (σ 0.056), 1/2, steps 5 and 8
    expect(md.stdout).toContain('| delegation | easy | 2 | 1 | 0.794 (σ 0.056) | 1/2 | 50% | 1 | 0% | 6.5 |')
    expect(md.stdout).toContain(
      "## Failures by archetype × difficulty\n\n3 of the run's 6 episodes with a verdict failed:"
    )
    expect(md.stdout).toContain('- **analysis** × **easy**: 1 failed of 2 (33.3% of the failures)')

    const text = await cli('breakdown', 'deeprepo-30b', '--by', 'difficulty')
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/^easy\s+4\s+2\s+0\.797 \(σ 0\.081\)\s+2\/4\s+50%\s+2\s+0%\s+6\.75\s+best$/m)
    expect(text.stdout).toMatch(/^ALL\s+6\s+3\s+/m)
  })

  it('refuses an unknown field naming the fields the run has, and a missing --by (exit 2)', async () => {
    const r = await cli('breakdown', 'deeprepo-30b', '--by', 'tier')
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^rollscope: the run has no field "tier"; it has: .*archetype/)
    expect(r.stderr).toContain('difficulty')
    expect(r.stderr).toContain("Run 'rollscope breakdown --help' for usage.")
    const none = await cli('breakdown', 'deeprepo-30b')
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('breakdown needs --by FIELD')
    const empty = await cli('breakdown', 'deeprepo-30b', '--by', 'difficulty,')
    expect(empty.code).toBe(2)
    const missing = await cli('breakdown', 'nope', '--by', 'difficulty')
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe("rollscope: no run matches 'nope' (see: rollscope runs)\n")
  })
})

describe('rollscope curve', () => {
  it('--json: per step the whole batch, GRPO groups without signal, the task learned', async () => {
    const r = await cli('curve', 'train-run', '--json')
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const c: TrainingCurve = JSON.parse(r.stdout)
    // step 0: p1 0 0, p2 1 0 → mean 0.25, p1's group flat; step 10: p1 1 1, p2 1 0 → 0.75, p1's group flat
    expect(c.points.map((p) => [p.step, p.episodes, p.tasks, p.meanReward, p.groups, p.noSignalShare])).toEqual([
      [0, 4, 2, 0.25, 2, 0.5],
      [10, 4, 2, 0.75, 2, 0.5]
    ])
    expect(c.points[0].rewardStd).toBeCloseTo(Math.sqrt(0.1875), 12)
    expect(c.followedTasks).toBe(2)
    expect(c.tasks).toEqual([expect.objectContaining({ passed: [false, true], learnedAt: 1, forgotten: false })])
  })

  it('--md has the step table and the tasks learned; a run without training steps is refused (exit 2)', async () => {
    const md = await cli('curve', 'train-run', '--md')
    expect(md.code).toBe(0)
    expect(md.stdout).toContain('2 steps (0 to 10); each row is the whole batch')
    expect(md.stdout).toMatch(/^\| Step \| Episodes \| Tasks \| Mean reward \| σ \| Min – max \| Pass rate \|/m)
    expect(md.stdout).toMatch(
      /^\| 10 \| 4 \| 2 \| 0\.750 \| 0\.433 \| 0\.000 – 1\.000 \| 75% \|.* \| 50% \(1\/2\) \|$/m
    )
    expect(md.stdout).toMatch(/- \*\*Learned \(1\):\*\* `[^`]*p1` \(step 10\)/)

    const text = await cli('curve', 'train-run')
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/^\s+0\s+4\s+2\s+0\.250\s+0\.433\s+0\.000 – 1\.000\s+25%/m)

    const flat = await cli('curve', 'deeprepo-30b')
    expect(flat.code).toBe(2)
    expect(flat.stderr).toContain('deeprepo-30b has no training steps')
  })

  it('has its own help, as has breakdown, without opening the database', async () => {
    for (const [cmd, usage] of [
      ['curve', 'Usage: rollscope curve RUN [--json | --md]'],
      ['breakdown', 'Usage: rollscope breakdown RUN --by FIELD[,FIELD2…] [--json | --md]']
    ]) {
      const r = await cli(cmd, '--help')
      expect(r.code).toBe(0)
      expect(r.stdout).toContain(usage)
    }
  })
})

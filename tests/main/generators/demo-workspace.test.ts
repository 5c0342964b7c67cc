import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEMO_TASKS,
  generateDemoWorkspace,
  PRIME_RL_DIR,
  PRIME_RL_RUN,
  TRAINING_DIR
} from '../../generators/demo-workspace.mjs'
import { BATCH_PROBLEMS, GROUP_SIZE, TRAINING_RUN_ID, TRAINING_STEPS } from '../../generators/demo/training-run.mjs'

const COMMITTED = resolve(import.meta.dirname, '../../../resources/demo')
const FILES = [
  'repo-repair/base--qwen3-8b.jsonl',
  'repo-repair/base--qwen3-8b.meta.json',
  'repo-repair/trained--qwen3-8b-grpo-step400.jsonl',
  'repo-repair/trained--qwen3-8b-grpo-step400.meta.json',
  'README.md'
]
/** The training run's hosted-RL export (checked apart: the eval runs' files must not change when it does). */
const RL_DIR = `${TRAINING_DIR}/${TRAINING_RUN_ID}`
const RL_FILES = [`${RL_DIR}/results.jsonl`, `${RL_DIR}/metadata.json`, `${RL_DIR}/progress.json`]
/** The prime-rl run: every step's train files, the evals' and the trainer's metrics log. */
const PRIME_FILES = [
  `${PRIME_RL_DIR}/metrics.jsonl`,
  ...Array.from({ length: PRIME_RL_RUN.steps }, (_, n) =>
    ['all', 'effective'].map((subset) => `${PRIME_RL_DIR}/rollouts/step_${n}/train/${subset}/traces.jsonl`)
  ).flat(),
  ...[0, 3, 6, 9].map((n) => `${PRIME_RL_DIR}/rollouts/step_${n}/eval/all/traces.jsonl`)
]

type Row = Record<string, any>
let dirA: string
let dirB: string
let base: Row[]
let trained: Row[]
let rl: Row[]

const readRows = (path: string): Row[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l))
const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length

beforeAll(() => {
  dirA = mkdtempSync(join(tmpdir(), 'demo-a-'))
  dirB = mkdtempSync(join(tmpdir(), 'demo-b-'))
  generateDemoWorkspace({ outDir: dirA })
  generateDemoWorkspace({ outDir: dirB })
  base = readRows(join(dirA, FILES[0]))
  trained = readRows(join(dirA, FILES[2]))
  rl = readRows(join(dirA, RL_FILES[0]))
})
afterAll(() => {
  rmSync(dirA, { recursive: true, force: true })
  rmSync(dirB, { recursive: true, force: true })
})

describe('demo workspace generator', () => {
  it('is deterministic: the same seed gives byte-identical files, equal to the committed resources/demo', () => {
    for (const f of [...FILES, ...RL_FILES, ...PRIME_FILES]) {
      const a = readFileSync(join(dirA, f))
      expect(a.equals(readFileSync(join(dirB, f))), f).toBe(true)
      expect(a.equals(readFileSync(join(COMMITTED, f))), `resources/demo/${f} is stale: regenerate it`).toBe(true)
    }
  })

  it('a different seed gives different episodes', () => {
    const other = mkdtempSync(join(tmpdir(), 'demo-c-'))
    try {
      generateDemoWorkspace({ outDir: other, seed: 99 })
      expect(readFileSync(join(other, FILES[0]), 'utf8')).not.toBe(readFileSync(join(dirA, FILES[0]), 'utf8'))
    } finally {
      rmSync(other, { recursive: true, force: true })
    }
  })

  it('stays small (the demo ships with the app)', () => {
    const bytes = FILES.reduce((s, f) => s + readFileSync(join(dirA, f)).length, 0)
    expect(bytes).toBeLessThan(1_800_000)
    const rlBytes = RL_FILES.reduce((s, f) => s + readFileSync(join(dirA, f)).length, 0)
    expect(rlBytes).toBeLessThan(1_800_000)
    const primeBytes = PRIME_FILES.reduce((s, f) => s + readFileSync(join(dirA, f)).length, 0)
    expect(primeBytes).toBeLessThan(2_300_000)
  })

  it('both runs cover the same 16 tasks with rollouts 0..3', () => {
    expect(DEMO_TASKS).toHaveLength(16)
    for (const rows of [base, trained]) {
      expect(rows).toHaveLength(64)
      const byTask = new Map<string, number[]>()
      for (const r of rows) byTask.set(r.task_id, [...(byTask.get(r.task_id) ?? []), r.rollout])
      expect([...byTask.keys()].sort()).toEqual(DEMO_TASKS.map((t) => t.id).sort())
      for (const rollouts of byTask.values()) expect(rollouts).toEqual([0, 1, 2, 3])
    }
    expect(base.map((r) => r.model)).toEqual(new Array(64).fill('qwen3-8b'))
    expect(new Set(trained.map((r) => r.model))).toEqual(new Set(['qwen3-8b-grpo-step400']))
  })

  it('rows carry the chat-jsonl fields with consistent values', () => {
    for (const r of [...base, ...trained]) {
      expect(Object.keys(r)).toEqual([
        'id',
        'task_id',
        'rollout',
        'model',
        'env',
        'difficulty',
        'archetype',
        'info',
        'answer',
        'messages',
        'tools',
        'reward',
        'success',
        'status',
        'error',
        'usage',
        'duration_ms',
        'metrics'
      ])
      const task = DEMO_TASKS.find((t) => t.id === r.task_id)!
      const total = Object.values(task.testFiles).reduce((s, n) => s + n, 0)
      expect(r.id).toBe(r.task_id)
      expect(r.env).toBe('repo-repair')
      expect(r.info).toMatchObject({ difficulty: task.difficulty, archetype: task.archetype, repo: task.repo })
      expect(r.answer).toBe(`all ${total} tests pass`)
      expect(r.metrics.tests_total).toBe(total)
      expect(r.success).toBe(r.status !== 'error' && r.metrics.tests_passed === total)
      expect(r.success).toBe(r.reward === 1)
      expect(r.tools.map((t: Row) => t.function.name)).toEqual(['bash', 'edit_file'])
      expect(r.usage.input_tokens).toBeGreaterThan(r.usage.output_tokens)
      expect(r.messages[0].role).toBe('system')
      expect(r.messages[1].role).toBe('user')
    }
    // rr-001 has 5 + 3 tests: hand-counted from the task catalogue.
    expect(base.find((r) => r.task_id === 'rr-001-tinycsv')!.answer).toBe('all 8 tests pass')
  })

  it('tool results carry per-step rewards; the episode reward is the last step reward', () => {
    for (const r of [...base, ...trained]) {
      const ids = new Set<string>()
      const tools = r.messages.filter((m: Row) => m.role === 'tool')
      for (const m of r.messages) {
        if (m.role === 'assistant') for (const c of m.tool_calls ?? []) ids.add(c.id)
        if (m.role === 'tool') {
          expect(ids.has(m.tool_call_id)).toBe(true)
          expect(m.reward).toBeGreaterThanOrEqual(0)
          expect(m.reward).toBeLessThanOrEqual(1)
        }
      }
      const calls = r.messages.flatMap((m: Row) => m.tool_calls ?? [])
      expect(r.metrics.tool_calls).toBe(calls.length)
      expect(r.metrics.partial_progress_max).toBe(Math.max(0, ...tools.map((m: Row) => m.reward)))
      if (r.status === 'error') {
        expect(tools.filter((m: Row) => m.done)).toHaveLength(0)
        expect(calls.length).toBe(tools.length + 1)
        expect(r.reward).toBe(0)
      } else {
        expect(tools.filter((m: Row) => m.done)).toEqual([tools[tools.length - 1]])
        expect(r.reward).toBe(tools[tools.length - 1].reward)
      }
    }
  })

  it('has truncated, errored, looping and empty-answer episodes in both runs', () => {
    for (const rows of [base, trained]) {
      const truncated = rows.filter((r) => r.status === 'truncated')
      expect(truncated.length).toBeGreaterThan(0)
      for (const r of truncated) expect(r.metrics.tool_calls).toBe(12)
      const errors = rows.filter((r) => r.status === 'error')
      expect(errors).toHaveLength(1)
      expect(errors[0].error).toMatch(/^SandboxError: /)
      const empty = rows.filter((r) => r.status === 'ok' && r.messages[r.messages.length - 1].content === '')
      expect(empty).toHaveLength(1)
      const loops = rows.filter((r) => {
        const calls = r.messages.flatMap((m: Row) => (m.tool_calls ?? []).map((c: Row) => JSON.stringify(c.function)))
        return calls.some((c: string, i: number) => i > 0 && c === calls[i - 1])
      })
      expect(loops.length).toBeGreaterThan(0)
      expect(rows.some((r) => r.messages.some((m: Row) => typeof m.reasoning_content === 'string'))).toBe(true)
    }
  })

  it('the trained run is better overall and on easy/medium tasks, with flips both ways', () => {
    expect(mean(trained.map((r) => r.reward))).toBeGreaterThan(mean(base.map((r) => r.reward)))
    for (const d of ['easy', 'medium']) {
      const rate = (rows: Row[]): number => mean(rows.filter((r) => r.difficulty === d).map((r) => (r.success ? 1 : 0)))
      expect(rate(trained)).toBeGreaterThan(rate(base))
    }
    const passes = (rows: Row[], id: string): number => rows.filter((r) => r.task_id === id && r.success).length
    for (const t of DEMO_TASKS) {
      expect(passes(base, t.id)).toBe(t.plan.base)
      expect(passes(trained, t.id)).toBe(t.plan.trained)
    }
    const regressed = DEMO_TASKS.filter((t) => t.plan.trained < t.plan.base)
    const fixed = DEMO_TASKS.filter((t) => t.plan.base === 0 && t.plan.trained > 0)
    expect(regressed.map((t) => t.id)).toEqual(['rr-013-markdown-toc', 'rr-015-sched-cron'])
    expect(fixed.length).toBeGreaterThan(0)
  })

  it('holds untrusted content (a script tag, ANSI colour codes) inside observations', () => {
    const text = readFileSync(join(dirA, FILES[0]), 'utf8')
    expect(text).toContain('<script>alert(1)</script>')
    expect(text).toContain('\\u001b[31m')
  })

  it('writes the sidecar meta files', () => {
    const meta = (f: string): Row => JSON.parse(readFileSync(join(dirA, f), 'utf8'))
    expect(meta(FILES[1])).toEqual({
      name: 'repo-repair · qwen3-8b (base)',
      model: 'qwen3-8b',
      createdAt: '2026-10-02T14:03:11Z',
      checkpointStep: 0,
      env: 'repo-repair',
      passThreshold: 1,
      sampling: { temperature: 0.7, max_tokens: 4096 }
    })
    expect(meta(FILES[3])).toMatchObject({ model: 'qwen3-8b-grpo-step400', checkpointStep: 400, passThreshold: 1 })
  })
})

describe('demo training run (Prime hosted-RL export)', () => {
  const decode = (r: Row, k: string): any => JSON.parse(r[k])
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length
  const byStep = (): Map<number, Row[]> => {
    const m = new Map<number, Row[]>()
    for (const r of rl) m.set(r.step, [...(m.get(r.step) ?? []), r])
    return m
  }

  it('has 10 steps × 8 problems × 4 rollouts of the demo tasks, in step order', () => {
    expect(rl).toHaveLength(TRAINING_STEPS * BATCH_PROBLEMS * GROUP_SIZE)
    expect(rl.map((r) => r.step)).toEqual([...rl.map((r) => r.step)].sort((a, b) => a - b))
    for (const [, rows] of byStep()) {
      const groups = new Map<string, number>()
      for (const r of rows) groups.set(r.problem_id, (groups.get(r.problem_id) ?? 0) + 1)
      expect(groups.size).toBe(BATCH_PROBLEMS)
      expect([...groups.values()]).toEqual(new Array(BATCH_PROBLEMS).fill(GROUP_SIZE))
    }
    const ids = new Set(DEMO_TASKS.map((t) => t.id))
    for (const r of rl) expect(ids.has(r.problem_id)).toBe(true)
    // tasks come back at several steps (learned / forgotten can be read)
    const steps = new Map<string, Set<number>>()
    for (const r of rl) steps.set(r.problem_id, (steps.get(r.problem_id) ?? new Set()).add(r.step))
    expect([...steps.values()].filter((s) => s.size >= 2).length).toBeGreaterThan(10)
  })

  it('rows have the shape the hosted-RL adapter reads (JSON-string fields, flat tool calls)', () => {
    for (const r of rl) {
      expect(r.run_id).toBe(TRAINING_RUN_ID)
      expect(r.env_name).toBe('rollscope/repo-repair')
      for (const k of ['prompt', 'completion', 'metrics', 'timing', 'info']) expect(typeof r[k]).toBe('string')
      const prompt = decode(r, 'prompt')
      expect(prompt.map((m: Row) => m.role)).toEqual(['system', 'user'])
      const completion = decode(r, 'completion')
      const calls = completion.flatMap((m: Row) => m.tool_calls ?? [])
      for (const c of calls) expect(Object.keys(JSON.parse(c))).toEqual(['id', 'name', 'arguments'])
      const metrics = decode(r, 'metrics')
      expect(metrics.num_turns).toBe(completion.filter((m: Row) => m.role === 'assistant').length)
      expect(r.reward).toBeCloseTo(
        0.8 * metrics.all_tests_pass + 0.2 * metrics.tests_passed_frac * (r.error ? 0 : 1),
        4
      )
      expect(['no_tools', 'max_turns', 'has_error']).toContain(r.stop_condition)
      expect(r.is_truncated).toBe(r.stop_condition === 'max_turns')
      expect(decode(r, 'timing').generation.duration).toBeLessThan(decode(r, 'timing').total)
      expect(decode(r, 'info')).toHaveProperty('difficulty')
    }
    const meta = JSON.parse(readFileSync(join(dirA, RL_FILES[1]), 'utf8'))
    expect(meta.run).toMatchObject({ id: TRAINING_RUN_ID, base_model: 'qwen3-8b', rollouts_per_example: GROUP_SIZE })
    expect(meta.run.environments[0].id).toBe('rollscope/repo-repair')
  })

  it('the reward rises with the step, with noise; the advantage is the reward minus its group mean', () => {
    const means = [...byStep().values()].map((rows) => mean(rows.map((r) => r.reward)))
    expect(mean(means.slice(-3))).toBeGreaterThan(mean(means.slice(0, 3)) + 0.25)
    expect(means.some((m, i) => i > 0 && m < means[i - 1])).toBe(true)
    for (const [, rows] of byStep()) {
      const groups = new Map<string, Row[]>()
      for (const r of rows) groups.set(r.problem_id, [...(groups.get(r.problem_id) ?? []), r])
      for (const g of groups.values()) {
        const m = mean(g.map((r) => r.reward))
        for (const r of g) expect(r.advantage).toBeCloseTo(r.reward - m, 3)
      }
    }
  })

  it('some groups give GRPO no signal (all 4 rollouts rewarded alike)', () => {
    let flat = 0
    for (const [, rows] of byStep()) {
      const groups = new Map<string, number[]>()
      for (const r of rows) groups.set(r.problem_id, [...(groups.get(r.problem_id) ?? []), r.reward])
      flat += [...groups.values()].filter((g) => new Set(g).size === 1).length
    }
    expect(flat).toBeGreaterThan(2)
    expect(flat).toBeLessThan((TRAINING_STEPS * BATCH_PROBLEMS) / 3)
  })
})

/**
 * Tool-use metrics of compareRuns (`toolFree:<tool>`, `toolCalls:<tool>`) on runs written with per-episode tool-call
 * counts; every expected number is worked out by hand from the rows (comments beside the assertions).
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { CompareMetric, CompareReport } from '@contract/compare'
import { compareRuns } from '../../../src-main/compare/compare-runs'
import { MAX_TOOL_METRICS } from '../../../src-main/compare/metrics'
import type { Db } from '../../../src-main/db/open-db'
import { tempEngine } from '../../helpers/temp-engine'
import { insertRun, tempDb, type EpisodeSpec } from './synthetic-db'

// A: t1 twice, t3 twice (its 2nd rollout has no counts: unknown, left out), t4 only in A.
const A: EpisodeSpec[] = [
  { task: 't1', reward: 1, toolCalls: { python: 2 } },
  { task: 't1', reward: 0, toolCalls: {} },
  { task: 't2', reward: 1, toolCalls: { python: 1, search: 1 } },
  { task: 't3', reward: 0, toolCalls: { python: 3 } },
  { task: 't3', reward: 0 },
  { task: 't4', reward: 1, toolCalls: { python: 10, only_unshared: 7 } }
]
// B: one rollout per task; t5 only in B.
const B: EpisodeSpec[] = [
  { task: 't1', reward: 1, toolCalls: {} },
  { task: 't2', reward: 1, toolCalls: { search: 2 } },
  { task: 't3', reward: 1, toolCalls: { python: 1 } },
  { task: 't5', reward: 1, toolCalls: { search: 5, only_unshared: 9 } }
]

let db: Db | null = null
afterEach(() => {
  db?.close()
  db = null
})

function compare(a: EpisodeSpec[], b: EpisodeSpec[]): CompareReport {
  db = tempDb()
  const ra = insertRun(db, { id: 'A', threshold: 0.5, episodes: a })
  const rb = insertRun(db, { id: 'B', threshold: 0.5, episodes: b })
  return compareRuns(db, ra, rb, {})
}
const toolRows = (r: CompareReport): CompareMetric[] => r.metrics.filter((m) => /^tool(Free|Calls):/.test(m.key))
const metric = (r: CompareReport, key: string): CompareMetric => {
  const m = r.metrics.find((x) => x.key === key)
  if (!m) throw new Error(`no metric ${key}`)
  return m
}

describe('tool-use metrics', () => {
  it('never-calls share and calls per episode, per-task means paired over the shared tasks t1..t3', () => {
    const r = compare(A, B)
    // shared-task calls: python A 2+0+1+3 = 6, B 1 → 7; search A 1, B 2 → 3; only_unshared 0 (t4, t5 are unshared)
    expect(toolRows(r).map((m) => m.key)).toEqual([
      'toolFree:python',
      'toolCalls:python',
      'toolFree:search',
      'toolCalls:search'
    ])

    // python free per task: A t1 (0 + 1)/2 = 0.5, t2 0, t3 0 (the unknown rollout skipped) → 1/6; B 1, 1, 0 → 2/3
    const freePy = metric(r, 'toolFree:python')
    expect(freePy).toMatchObject({ label: 'Never calls python', kind: 'paired', n: 3, better: null, isRate: true })
    expect(freePy.a).toBeCloseTo(1 / 6, 12)
    expect(freePy.b).toBeCloseTo(2 / 3, 12)
    expect(freePy.delta).toBeCloseTo(0.5, 12)
    expect(freePy.relDelta).toBeCloseTo(3, 12) // (2/3 - 1/6) / (1/6)

    // python calls per task: A t1 (2 + 0)/2 = 1, t2 1, t3 3 → 5/3; B 0, 0, 1 → 1/3
    const callsPy = metric(r, 'toolCalls:python')
    expect(callsPy).toMatchObject({ label: 'Calls of python per episode', n: 3, better: null, isRate: false })
    expect(callsPy.a).toBeCloseTo(5 / 3, 12)
    expect(callsPy.b).toBeCloseTo(1 / 3, 12)
    expect(callsPy.delta).toBeCloseTo(-4 / 3, 12)
    // paired differences per task: -1, -1, -2; every bootstrap mean lies within [-2, -1]
    expect(callsPy.ci95![0]).toBeGreaterThanOrEqual(-2)
    expect(callsPy.ci95![1]).toBeLessThanOrEqual(-1)

    // search free: A t1 1, t2 0, t3 1 → 2/3; B 1, 0, 1 → 2/3; calls: A 0, 1, 0 → 1/3; B 0, 2, 0 → 2/3
    expect(metric(r, 'toolFree:search')).toMatchObject({ a: 2 / 3, b: 2 / 3, delta: 0, n: 3 })
    const callsSearch = metric(r, 'toolCalls:search')
    expect(callsSearch.a).toBeCloseTo(1 / 3, 12)
    expect(callsSearch.b).toBeCloseTo(2 / 3, 12)
    expect(callsSearch.delta).toBeCloseTo(1 / 3, 12)
  })

  it('come after the producer metrics, in the order of the most called tool', () => {
    const withMetric = (e: EpisodeSpec[]): EpisodeSpec[] => e.map((x) => ({ ...x, metrics: { cost: 1 } }))
    const keys = compare(withMetric(A), withMetric(B)).metrics.map((m) => m.key)
    expect(keys.slice(keys.indexOf('metric:cost'))).toEqual([
      'metric:cost',
      'toolFree:python',
      'toolCalls:python',
      'toolFree:search',
      'toolCalls:search'
    ])
  })

  it('are left out when one run has no counts (indexed before they existed), or when no shared episode calls a tool', () => {
    const unknownB = B.map(({ toolCalls: _t, ...e }) => e)
    expect(toolRows(compare(A, unknownB))).toEqual([])
    db!.close()
    const none = (e: EpisodeSpec[]): EpisodeSpec[] => e.map((x) => ({ ...x, toolCalls: {} }))
    expect(toolRows(compare(none(A), none(B)))).toEqual([])
  })

  it('a tool only one run calls: the other never calls it in any episode with counts', () => {
    const r = compare(
      [
        { task: 't1', reward: 1, toolCalls: { bash: 4 } },
        { task: 't2', reward: 1, toolCalls: {} }
      ],
      [
        { task: 't1', reward: 1, toolCalls: {} },
        { task: 't2', reward: 1, toolCalls: {} }
      ]
    )
    // A: t1 calls bash (free 0, 4 calls), t2 not (free 1, 0) → free 0.5, calls 2; B: free 1, calls 0
    expect(metric(r, 'toolFree:bash')).toMatchObject({ a: 0.5, b: 1, delta: 0.5, n: 2 })
    expect(metric(r, 'toolCalls:bash')).toMatchObject({ a: 2, b: 0, delta: -2, n: 2 })
  })

  it(`keeps the ${MAX_TOOL_METRICS} most called tools (ties by name)`, () => {
    // tool_01 is called once ... tool_14 14 times, all by A on t1; B calls tool_00 and tool_01 once each on t1
    const calls: Record<string, number> = {}
    for (let k = 1; k <= 14; k++) calls[`tool_${String(k).padStart(2, '0')}`] = k
    const r = compare(
      [{ task: 't1', reward: 1, toolCalls: calls }],
      [{ task: 't1', reward: 1, toolCalls: { tool_00: 1, tool_01: 1 } }]
    )
    // totals: tool_14 14 … tool_03 3, then tool_01 2 (1 + 1), tool_02 2, tool_00 1: the top 12 end at tool_03
    const tools = toolRows(r)
      .filter((m) => m.key.startsWith('toolCalls:'))
      .map((m) => m.key.slice('toolCalls:'.length))
    expect(tools).toHaveLength(12)
    expect(tools).toEqual([
      'tool_14',
      'tool_13',
      'tool_12',
      'tool_11',
      'tool_10',
      'tool_09',
      'tool_08',
      'tool_07',
      'tool_06',
      'tool_05',
      'tool_04',
      'tool_03'
    ])
    // one more: a tie at 2 calls keeps tool_01 before tool_02 by name
    const r2 = compare(
      [{ task: 't1', reward: 1, toolCalls: { ...calls, tool_14: 0, tool_13: 0 } }],
      [{ task: 't1', reward: 1, toolCalls: { tool_01: 1 } }]
    )
    const tools2 = toolRows(r2)
      .filter((m) => m.key.startsWith('toolCalls:'))
      .map((m) => m.key.slice('toolCalls:'.length))
    expect(tools2.slice(-2)).toEqual(['tool_01', 'tool_02'])
  })
})

describe('tool-use metrics on the demo workspace (repo-repair base vs GRPO step 400, through the engine API)', () => {
  const DEMO = resolve(import.meta.dirname, '../../../resources/demo/repo-repair')

  /** Per task (task_id), the calls of each tool in each rollout, straight from a demo JSONL file. */
  function callsByTask(file: string): Map<string, Record<string, number>[]> {
    const by = new Map<string, Record<string, number>[]>()
    for (const line of readFileSync(join(DEMO, file), 'utf8').split('\n')) {
      if (!line.trim()) continue
      const r = JSON.parse(line) as { task_id: string; messages: { tool_calls?: { function: { name: string } }[] }[] }
      const c: Record<string, number> = {}
      for (const m of r.messages) for (const t of m.tool_calls ?? []) c[t.function.name] = (c[t.function.name] ?? 0) + 1
      by.set(r.task_id, [...(by.get(r.task_id) ?? []), c])
    }
    return by
  }
  /** Mean over tasks of the per-task mean of f(rollout). */
  const meanOfTasks = (by: Map<string, Record<string, number>[]>, f: (c: Record<string, number>) => number): number => {
    const perTask = [...by.values()].map((rs) => rs.reduce((s, c) => s + f(c), 0) / rs.length)
    return perTask.reduce((s, x) => s + x, 0) / perTask.length
  }

  it('shows never-calls and calls-per-episode rows for bash and edit_file, equal to the files’ numbers', async () => {
    const { engine } = tempEngine()
    try {
      await engine.indexPaths([DEMO])
      const runs = await engine.api.listRuns()
      const base = runs.find((x) => x.checkpointStep === 0)!
      const trained = runs.find((x) => x.checkpointStep === 400)!
      const r = await engine.api.compareRuns(base.id, trained.id)
      const a = callsByTask('base--qwen3-8b.jsonl')
      const b = callsByTask('trained--qwen3-8b-grpo-step400.jsonl')
      expect(a.size).toBe(16)
      expect(r.sharedTasks).toBe(16)
      // python over the files: base calls bash 445 times and edit_file 126, trained 385 and 124 (bash first)
      expect(toolRows(r).map((m) => m.key)).toEqual([
        'toolFree:bash',
        'toolCalls:bash',
        'toolFree:edit_file',
        'toolCalls:edit_file'
      ])
      for (const tool of ['bash', 'edit_file']) {
        const free = metric(r, `toolFree:${tool}`)
        const calls = metric(r, `toolCalls:${tool}`)
        expect(free.n).toBe(16)
        expect(free.a).toBeCloseTo(
          meanOfTasks(a, (c) => ((c[tool] ?? 0) === 0 ? 1 : 0)),
          12
        )
        expect(free.b).toBeCloseTo(
          meanOfTasks(b, (c) => ((c[tool] ?? 0) === 0 ? 1 : 0)),
          12
        )
        expect(calls.a).toBeCloseTo(
          meanOfTasks(a, (c) => c[tool] ?? 0),
          12
        )
        expect(calls.b).toBeCloseTo(
          meanOfTasks(b, (c) => c[tool] ?? 0),
          12
        )
      }
      // the same figures by hand (python): bash 445/64 = 6.953125 → 385/64 = 6.015625 calls per episode (4 rollouts
      // of every task, so the mean of task means is the episode mean); edit_file never called in 1 of 64 episodes
      expect(metric(r, 'toolCalls:bash')).toMatchObject({ a: 6.953125, b: 6.015625 })
      expect(metric(r, 'toolFree:edit_file')).toMatchObject({ a: 0.015625, b: 0.015625, delta: 0 })
    } finally {
      await engine.close()
    }
  })
})

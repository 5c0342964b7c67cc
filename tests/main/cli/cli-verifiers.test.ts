/**
 * The CLI end to end, in-process, with the real engine (inline indexer) over the real verifiers fixtures.
 * Expected values computed by hand from the files (python3 over the JSONL).
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { EpisodeDetail, EpisodeSummary, IndexReport, RunSummary } from '@contract/model'
import { captureCli } from '../../helpers/capture-cli'

const VERIFIERS = resolve(import.meta.dirname, '../../../../shared/fixtures/verifiers')
const WILL = join(VERIFIERS, 'willccbb-verifiers')
let db: string

const cli = captureCli(
  () => db,
  () => VERIFIERS
)

let first: IndexReport
let runs: RunSummary[]
const runOf = (dir: string): RunSummary => {
  const r = runs.find((x) => x.source.includes(`/${dir}/`))
  if (!r) throw new Error(`no run for ${dir}`)
  return r
}

beforeAll(async () => {
  db = join(mkdtempSync(join(tmpdir(), 'rollscope-cli-it-')), 'r.db')
  const r = await cli('index', VERIFIERS, '--json')
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
  first = JSON.parse(r.stdout)
  runs = JSON.parse((await cli('runs', '--json')).stdout)
})

describe('rollscope index over the verifiers fixtures', () => {
  it('reports every file with its state; the LFS pointers are not-downloaded and nothing failed', () => {
    const state = (rel: string) => first.files.find((f) => f.path === join(VERIFIERS, rel))?.state
    // 9 results.jsonl (2 of them Git LFS pointers) + 11 metadata.json
    expect(first.files).toHaveLength(20)
    expect(first.failed).toBe(0)
    expect(state('willccbb-verifiers/_lfs-pointer-example/tool-test--gpt-4.1-mini/066dba27/results.jsonl')).toBe(
      'not-downloaded'
    )
    expect(
      state('prime-environments-metadata-only/polars_env/polars-env--openai--gpt-5.4-nano/6f807f73/results.jsonl')
    ).toBe('not-downloaded')
    expect(state('willccbb-verifiers/wordle--gpt-4.1-mini/9a56fe55/results.jsonl')).toBe('indexed')
    // 15 + 15 + 3 + 15 + 15 + 15 + 15 episodes in the 7 real results files
    expect(first.episodes).toBe(93)
  })

  it('skips unchanged files the second time, in the human output too', async () => {
    const r = await cli('index', 'willccbb-verifiers')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      /^unchanged\s+verifiers\s+15\s+willccbb-verifiers\/wordle--gpt-5-mini\/b5161fc3\/results\.jsonl$/m
    )
    // An unchanged LFS pointer is listed as unchanged too, and keeps its reason.
    expect(r.stdout).toMatch(
      /^unchanged\s+lfs-pointer\s+0\s+willccbb-verifiers\/_lfs-pointer-example\/tool-test--gpt-4\.1-mini\/066dba27\/results\.jsonl\s+Git LFS pointer: content not downloaded/m
    )
    // 7 results.jsonl + 7 metadata.json + 1 LFS pointer under willccbb-verifiers
    expect(r.stdout).toContain('\n0 indexed, 15 unchanged, 0 failed; 0 episodes, 0 B in ')
  })
})

describe('rollscope runs / episodes / show over the verifiers fixtures', () => {
  it('runs --json lists the 7 runs; the Wordle runs have 15 episodes over 5 tasks', () => {
    expect(runs).toHaveLength(7)
    for (const dir of ['9a56fe55', 'b5161fc3']) {
      const r = runOf(dir)
      expect(r).toMatchObject({ format: 'verifiers', env: 'wordle', episodes: 15, tasks: 5 })
      expect(r.source).toBe(
        join(WILL, r.source.includes('9a56fe55') ? 'wordle--gpt-4.1-mini' : 'wordle--gpt-5-mini', dir, 'results.jsonl')
      )
      for (const key of [
        'id',
        'name',
        'format',
        'source',
        'model',
        'env',
        'episodes',
        'tasks',
        'meanReward',
        'passRate'
      ]) {
        expect(r).toHaveProperty(key)
      }
    }
    expect(runOf('9a56fe55').model).toBe('gpt-4.1-mini')
    expect(runOf('9a56fe55').meanReward).toBeCloseTo(1.881016, 5)
    expect(runOf('b5161fc3').model).toBe('gpt-5-mini')
    expect(runOf('b5161fc3').meanReward).toBeCloseTo(1.308267, 5)
  })

  it('runs prints a table row per run', async () => {
    const r = await cli('runs')
    expect(r.code).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(8)
    const wordle = lines.find((l) => l.startsWith(runOf('9a56fe55').id))
    expect(wordle).toMatch(/\sverifiers\s+gpt-4\.1-mini\s+wordle\s+15\s+5\s+1\.881\s/)
  })

  it('episodes --json gives the 15 EpisodeSummary rows of a run', async () => {
    const r = await cli('episodes', runOf('9a56fe55').id, '--json')
    expect(r.code).toBe(0)
    const eps: EpisodeSummary[] = JSON.parse(r.stdout)
    expect(eps).toHaveLength(15)
    const rewards = eps.map((e) => e.reward)
    expect(rewards.map((x) => Number(x!.toFixed(4)))).toEqual([
      2.15, 0.6, 2.15, 2, 1.6333, 1.77, 1.6667, 1.8667, 1.9429, 2.2, 2.1333, 2.1667, 1.9429, 1.7429, 2.25
    ])
    expect(eps[0]).toMatchObject({ taskKey: 'answer:story', rollout: 0, turns: 8, status: 'ok' })
    expect(eps[5]).toMatchObject({ taskKey: 'answer:story', rollout: 1 })
    for (const key of ['id', 'taskKey', 'rollout', 'reward', 'passed', 'turns', 'status'])
      expect(eps[0]).toHaveProperty(key)
  })

  it('episodes takes the run by name, sorts, limits and filters', async () => {
    const top = await cli('episodes', runOf('9a56fe55').name, '--sort', 'reward', '--desc', '--limit', '3', '--json')
    expect(top.code).toBe(0)
    expect(JSON.parse(top.stdout).map((e: EpisodeSummary) => Number(e.reward!.toFixed(4)))).toEqual([2.25, 2.2, 2.1667])
    const low = await cli('episodes', runOf('9a56fe55').id, '--filter', 'reward < 1', '--json')
    expect(low.code).toBe(0)
    expect(JSON.parse(low.stdout).map((e: EpisodeSummary) => e.reward)).toEqual([0.6])
    // a metric the run does not have is refused with the ones it has, not listed in file order (exit 0)
    const nosuch = await cli('episodes', runOf('9a56fe55').id, '--sort', 'metric:nosuch', '--json')
    expect(nosuch.code).toBe(2)
    expect(nosuch.stdout).toBe('')
    expect(nosuch.stderr).toMatch(/--sort metric:nosuch: .* has no such sort key \(its metrics: .*reward/)
    // the last page does not ask for more
    const last = await cli('episodes', runOf('9a56fe55').id, '--offset', '13')
    expect(last.stdout).toContain('Showing 14–15 of 15 episodes.')
  })

  it('episodes takes the run by the folder name people see in the file tree', async () => {
    const r = await cli('episodes', 'wordle--gpt-5-mini', '--json')
    expect(r.code).toBe(0)
    const eps: EpisodeSummary[] = JSON.parse(r.stdout)
    expect(eps).toHaveLength(15)
    expect(new Set(eps.map((e) => e.runId))).toEqual(new Set([runOf('b5161fc3').id]))
    expect(Number(eps[2].reward!.toFixed(4))).toBe(0.3933)
  })

  it('show --json gives the transcript with roles, text, tool calls and reward', async () => {
    const eps: EpisodeSummary[] = JSON.parse((await cli('episodes', runOf('9a56fe55').id, '--json')).stdout)
    const wordle: EpisodeDetail = JSON.parse((await cli('show', eps[0].id, '--json')).stdout)
    expect(wordle.turns).toHaveLength(8)
    expect(wordle.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user'
    ])
    expect(wordle.turns[0]).toMatchObject({ index: 0, toolCalls: [] })
    expect(wordle.turns[0].text.startsWith('You are a competitive game player.')).toBe(true)
    expect(wordle.turns[2].text).toContain('<guess>[crane]</guess>')
    expect(wordle.reward).toBe(2.15)

    const toolRun = runOf('066dba27')
    const toolEps: EpisodeSummary[] = JSON.parse((await cli('episodes', toolRun.id, '--limit', '1', '--json')).stdout)
    const tool: EpisodeDetail = JSON.parse((await cli('show', toolEps[0].id, '--json')).stdout)
    expect(tool.turns.map((t) => t.role)).toEqual(['user', 'assistant'])
    expect(tool.turns[1].toolCalls.map((c) => ({ name: c.name, arguments: c.arguments }))).toEqual([
      { name: 'tool_B', arguments: { x: 'example' } },
      { name: 'tool_D', arguments: { x: true } }
    ])
    expect(tool.reward).toBe(1)

    const human = await cli('show', toolEps[0].id)
    expect(human.code).toBe(0)
    expect(human.stdout).toContain('  → tool_B {"x":"example"}\n  → tool_D {"x":true}')
  })

  it('show exits 1 for an unknown episode, with nothing on stdout', async () => {
    const r = await cli('show', 'no-such-episode', '--json')
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^rollscope: .*no-such-episode/)
  })
})

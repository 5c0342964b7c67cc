import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { EpisodeQuery } from '@contract/model'
import { FAKE_DETAIL, FAKE_EPISODES, FAKE_RUNS } from './fake-engine'
import { runFake, tempWorkspace } from './run-helper'

describe('rollscope index', () => {
  it('prints per-file lines and a summary; LFS pointers and unknown formats do not fail', async () => {
    const { dir, db } = tempWorkspace()
    mkdirSync(join(dir, 'traces'))
    const r = await runFake(['index', 'traces', '--db', db], { cwd: dir })
    expect(r.code).toBe(0)
    const lines = r.stdout.split('\n')
    expect(lines[0]).toMatch(/^STATE\s+FORMAT\s+EPISODES\s+FILE\s+NOTE$/)
    expect(lines[1]).toMatch(/^indexed\s+verifiers\s+15\s+traces\/a\/results\.jsonl$/)
    expect(lines[2]).toMatch(
      /^not-downloaded\s+lfs-pointer\s+0\s+traces\/b\/results\.jsonl\s+Git LFS pointer: content not downloaded$/
    )
    expect(lines[3]).toMatch(/^unknown-format\s+unknown\s+0\s+traces\/notes\.txt\s+no adapter recognized this file$/)
    expect(r.stdout).toContain(
      '1 indexed, 0 unchanged, 1 not downloaded (Git LFS), 1 not a trace, 0 failed; 15 episodes, 4.00 kB in 0.3 s'
    )
    const engine = r.engines[0]
    expect(engine.calls.find((c) => c.method === 'indexPaths')?.args).toEqual([[join(dir, 'traces')], false])
    expect(engine.closed).toBe(true)
  })

  it('exits 1 when a file failed, and passes --force through', async () => {
    const { dir, db } = tempWorkspace()
    const r = await runFake(['index', dir, '--force', '--db', db], { scenario: 'with-failure' })
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/^error\s+verifiers\s+0\s+\S+c\/results\.jsonl\s+invalid JSON on line 1$/m)
    expect(r.stdout).toContain('1 failed')
    expect(r.engines[0].calls.find((c) => c.method === 'indexPaths')?.args[1]).toBe(true)
  })

  it('reports a missing path as an error row and exits 1, indexing the rest', async () => {
    const { dir, db } = tempWorkspace()
    const r = await runFake(['index', dir, join(dir, 'nope'), '--json', '--db', db])
    expect(r.code).toBe(1)
    const report = JSON.parse(r.stdout)
    expect(report.failed).toBe(1)
    expect(report.files[0]).toMatchObject({
      path: join(dir, 'nope'),
      state: 'error',
      error: 'no such file or directory'
    })
    expect(report.files).toHaveLength(4)
  })

  it('--json prints only the IndexReport on stdout; progress goes to stderr', async () => {
    const { dir, db } = tempWorkspace()
    const r = await runFake(['index', dir, '--json', '--db', db], { stderrIsTTY: true })
    expect(r.code).toBe(0)
    const report = JSON.parse(r.stdout)
    expect(Object.keys(report).sort()).toEqual([
      'bytes',
      'episodes',
      'failed',
      'files',
      'indexed',
      'peakRssMb',
      'removed',
      'seconds',
      'skipped'
    ])
    expect(report.files.map((f: { state: string }) => f.state)).toEqual(['indexed', 'not-downloaded', 'unknown-format'])
    expect(r.stderr).toContain('indexing 1/3 files · 15 episodes')
    expect(r.stderr.endsWith('\r\x1b[2K')).toBe(true)
  })
})

describe('rollscope runs', () => {
  it('--json prints the RunSummary array with the contract fields', async () => {
    const { db } = tempWorkspace()
    const r = await runFake(['runs', '--json', '--db', db])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    const runs = JSON.parse(r.stdout)
    expect(runs).toEqual(FAKE_RUNS)
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
      expect(runs[0]).toHaveProperty(key)
    }
  })

  it('prints an aligned table with formatted numbers', async () => {
    const { db } = tempWorkspace()
    const r = await runFake(['runs', '--db', db])
    expect(r.code).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^ID\s+NAME\s+FORMAT\s+MODEL\s+ENV\s+EPISODES\s+TASKS\s+REWARD\s+95% CI\s+PASS$/)
    expect(lines[1]).toMatch(
      /^run-aaaa1111\s+wordle--gpt-4\.1-mini\s+verifiers\s+gpt-4\.1-mini\s+wordle\s+3\s+2\s+0\.500\s+\[0\.100, 0\.900\]\s+33\.3%$/
    )
    expect(lines[2]).toMatch(/\s0\.750\s.*\s66\.7%$/)
    expect(lines[3]).toMatch(/math-python\s+3\s+2\s+-\s+-\s+-$/)
    // Columns line up: every row starts its NAME column at the same offset.
    const nameAt = lines[0].indexOf('NAME')
    for (const l of lines.slice(1)) expect(l.slice(nameAt)).toMatch(/^(wordle|math)/)
  })
})

describe('rollscope episodes', () => {
  it('--json prints an array of EpisodeSummary (not the page wrapper)', async () => {
    const { db } = tempWorkspace()
    const r = await runFake(['episodes', 'run-aaaa1111', '--json', '--db', db])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    const eps = JSON.parse(r.stdout)
    expect(Array.isArray(eps)).toBe(true)
    expect(eps).toEqual(FAKE_EPISODES)
    for (const key of ['id', 'taskKey', 'rollout', 'reward', 'passed', 'turns', 'status'])
      expect(eps[0]).toHaveProperty(key)
  })

  it('resolves RUN by unique name prefix and passes filter, sort, desc, limit and offset', async () => {
    const { db } = tempWorkspace()
    const r = await runFake([
      'episodes',
      'wordle--gpt-4',
      '--filter',
      'reward < 1',
      '--sort',
      'reward',
      '--desc',
      '--limit',
      '2',
      '--offset',
      '1',
      '--json',
      '--db',
      db
    ])
    expect(r.code).toBe(0)
    const query = r.engines[0].calls.find((c) => c.method === 'listEpisodes')?.args[0] as EpisodeQuery
    expect(query).toEqual({
      runId: 'run-aaaa1111',
      filter: 'reward < 1',
      sort: 'reward',
      desc: true,
      offset: 1,
      limit: 2
    })
    expect(JSON.parse(r.stdout).map((e: { id: string }) => e.id)).toEqual(['run-aaaa1111-e1', 'run-aaaa1111-e2'])
  })

  it('fails with exit 1 for an unknown or ambiguous run', async () => {
    const { db } = tempWorkspace()
    const unknown = await runFake(['episodes', 'nothing-like-it', '--db', db])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toBe("rollscope: no run matches 'nothing-like-it' (see: rollscope runs)\n")
    const ambiguous = await runFake(['episodes', 'wordle', '--db', db])
    expect(ambiguous.code).toBe(1)
    expect(ambiguous.stderr).toContain("'wordle' matches 2 runs")
    expect(ambiguous.stdout).toBe('')
  })

  it('prints a table with a sanitized preview and a footer when rows are left out', async () => {
    const { db } = tempWorkspace()
    const r = await runFake(['episodes', 'run-aaaa1111', '--limit', '2', '--db', db])
    expect(r.code).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ID\s+TASK\s+ROLLOUT\s+REWARD\s+PASSED\s+TURNS\s+STATUS\s+PREVIEW$/)
    expect(lines[1]).toMatch(/^run-aaaa1111-e0\s+task-0\s+0\s+1\.000\s+yes\s+4\s+ok\s+Guess the word: CRANE$/)
    // The trace's ANSI colour is dropped (issue 17 item 7: the words, not `\x1b[31m` noise), never sent to the terminal.
    expect(lines[2]).toMatch(/Guess the word: red$/)
    expect(r.stdout).not.toContain('\u001b')
    expect(lines.at(-1)).toBe('Showing 1–2 of 3 episodes (use --limit N / --offset N for more).')
  })
})

describe('rollscope show', () => {
  it('--json prints the EpisodeDetail with turns and tool calls', async () => {
    const { db } = tempWorkspace()
    const r = await runFake(['show', FAKE_DETAIL.id, '--json', '--db', db])
    expect(r.code).toBe(0)
    const ep = JSON.parse(r.stdout)
    expect(ep).toEqual(FAKE_DETAIL)
    expect(ep.turns[2]).toMatchObject({
      index: 2,
      role: 'assistant',
      toolCalls: [{ name: 'guess', arguments: { word: 'crane' } }]
    })
    expect(ep.turns[3].reward).toBe(1)
  })

  it('prints the header and each turn', async () => {
    const { db } = tempWorkspace()
    const r = await runFake(['show', FAKE_DETAIL.id, '--db', db])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Episode  run-aaaa1111-e0\nRun      wordle--gpt-4.1-mini (run-aaaa1111)\n')
    expect(r.stdout).toContain('Reward   1   passed: yes   status: ok\nTurns    4\n')
    expect(r.stdout).toContain(
      '── [2] assistant ──\n  reasoning: Start with common letters.\n  I will guess.\n  → guess {"word":"crane"}'
    )
    expect(r.stdout).toContain('── [3] tool (guess) reward 1 done ──\n  GGGGG')
  })

  it('exits 1 with the not-found message for an unknown episode', async () => {
    const { db } = tempWorkspace()
    const r = await runFake(['show', 'no-such-episode', '--json', '--db', db])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe('rollscope: no episode with id no-such-episode\n')
    expect(r.engines[0].closed).toBe(true)
  })
})

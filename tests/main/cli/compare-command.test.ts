/** `rollscope compare` against the fake engine: run resolution, the four outputs, usage errors and exit codes. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runFake, tempWorkspace } from './run-helper'

describe('rollscope compare', () => {
  it('resolves both runs by name or id prefix and prints a terminal summary that opens with the verdict', async () => {
    const { db } = tempWorkspace()
    const r = await runFake(['compare', 'wordle--gpt-4.1-mini', 'run-bbbb', '--db', db])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.engines[0].calls.find((c) => c.method === 'compareRuns')?.args).toEqual([
      'run-aaaa1111',
      'run-bbbb2222',
      {}
    ])
    const lines = r.stdout.split('\n')
    expect(lines[0]).toBe(
      'B is better: +31.3 pts pass rate (95% CI +14.1 to +48.4 pts), McNemar p = 0.039, on 16 shared tasks.'
    )
    expect(lines[1]).toBe(
      '  ! Check before concluding: Only 16 shared tasks: the 95% CI cannot exclude deltas smaller than 5 points.'
    )
    expect(lines[3]).toBe(
      'A  wordle--gpt-4.1-mini  (run-aaaa1111; gpt-4.1-mini, wordle, chat-jsonl, step 0): 3 episodes, 2 tasks, 4 rollouts per task'
    )
    expect(lines[4]).toMatch(/^B {2}wordle--gpt-5-mini {2}\(run-bbbb2222; gpt-5-mini,/)
    expect(r.stdout).toContain('Every number is computed on the 16 tasks both runs have')
    expect(r.stdout).toMatch(/^METRIC\s+A\s+B\s+Δ\s+Δ%\s+95% CI$/m)
    expect(r.stdout).toMatch(/^Mean reward\s+0\.732\s+0\.877\s+\+0\.146\s+\+19\.9%\s+\+0\.070 to \+0\.225$/m)
    expect(r.stdout).toMatch(/^Pass rate\s+31\.3%\s+62\.5%\s+\+31\.3 pts\s+\+100%\s+\+14\.1 to \+48\.4 pts$/m)
    expect(r.stdout).toMatch(/^Reward σ\s+0\.310\s+0\.234\s+−0\.077\s+−24\.7%\s+n\/a$/m)
    expect(r.stdout).toContain('FLIPS  fixed 8  broken 1  still pass 1  still fail 6  McNemar p 0.039')
    expect(r.stdout).toContain('  broken  rr-015-sched-cron\n')
    // Per-category rows with success counts, each run's whole-run score and counts, and the best / worst value marked.
    expect(r.stdout).toMatch(
      /^easy\s+5\s+0\.712\s+0\.950\s+\+0\.238\s+\+0\.080 to \+0\.410\s+1\/5 → 5\/5\s+0\.712 \(2\/20\)\s+0\.950 \(15\/20\)\s+best$/m
    )
    expect(r.stdout).toMatch(
      /^hard\s+5\s+0\.769\s+0\.758\s+−0\.012\s+−0\.130 to \+0\.110\s+1\/5 → 0\/5\s+0\.769 \(2\/20\)\s+0\.758 \(0\/20\)\s+worst$/m
    )
    expect(r.stdout).toContain(
      'RR@K (steps)   @5: 0% → 0%   @10: 12.5% → 34.4%   @15: 31.3% → 62.5%   @20: 31.3% → 62.5%'
    )
    expect(r.stdout).toContain('CAVEATS\n  - Sampling settings differ: temperature 0.7 (A) vs 1.0 (B).')
    expect(r.stdout).not.toMatch(/\bpp\b/)
    expect(r.engines[0].closed).toBe(true)
  })

  it('passes --tools sets and --allow-different-envs to the engine, and refuses a set of one tool', async () => {
    const { dir, db } = tempWorkspace()
    const r = await runFake([
      'compare',
      'run-aaaa',
      'run-bbbb',
      '--tools',
      'llm_batch, llm_query',
      '--tools',
      'a,b,a',
      '--allow-different-envs',
      '--json',
      '--db',
      db
    ])
    expect(r.code).toBe(0)
    expect(r.engines[0].calls.find((c) => c.method === 'compareRuns')?.args[2]).toEqual({
      toolSets: [
        ['llm_batch', 'llm_query'],
        ['a', 'b']
      ],
      allowDifferentEnvs: true
    })
    const one = await runFake(['compare', 'run-aaaa', 'run-bbbb', '--tools', 'llm_batch', '--db', db])
    expect(one.code).toBe(2)
    expect(one.stderr).toContain("--tools takes two or more tools separated by commas (got 'llm_batch')")
    const html = await runFake(['compare', 'run-aaaa', 'run-bbbb', '--html', 'x.html', '--tools', 'a,b', '--db', db], {
      cwd: dir
    })
    // the fake's compareReportHtml goes through its compareRuns, which logs the options
    expect(html.code).toBe(0)
    expect(html.engines[0].calls.find((c) => c.method === 'compareRuns')?.args[2]).toEqual({ toolSets: [['a', 'b']] })
  })

  it('--json prints the CompareReport with the contract fields, and passes --category and --seed through', async () => {
    const { db } = tempWorkspace()
    const r = await runFake([
      'compare',
      'run-aaaa1111',
      'run-bbbb2222',
      '--json',
      '--category',
      'difficulty',
      '--seed',
      '7',
      '--db',
      db
    ])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    const report = JSON.parse(r.stdout)
    expect(r.engines[0].calls.find((c) => c.method === 'compareRuns')?.args[2]).toEqual({
      category: 'difficulty',
      seed: 7
    })
    expect(report).toMatchObject({ sharedTasks: 16, onlyA: 0, onlyB: 0, ci: { seed: 7 } })
    expect(report.metrics[0]).toMatchObject({
      key: 'reward',
      a: 0.7315,
      b: 0.8773,
      delta: 0.1458,
      ci95: [0.0701, 0.2248]
    })
    expect(Object.keys(report.flips)).toEqual(expect.arrayContaining(['fixed', 'broken', 'bothPass', 'bothFail']))
    expect(Array.isArray(report.perCategory) && Array.isArray(report.warnings)).toBe(true)
  })

  it('--md prints the Markdown report', async () => {
    const { db } = tempWorkspace()
    const r = await runFake(['compare', 'run-aaaa', 'run-bbbb', '--md', '--db', db])
    expect(r.code).toBe(0)
    expect(r.stdout.startsWith('# wordle--gpt-4.1-mini vs wordle--gpt-5-mini\n')).toBe(true)
    expect(r.stdout).toContain('## Caveats')
  })

  it('--html FILE writes the report (resolved against the working directory) and says where', async () => {
    const { dir, db } = tempWorkspace()
    const r = await runFake(['compare', 'run-aaaa', 'run-bbbb', '--html', 'out.html', '--db', db], { cwd: dir })
    expect(r.code).toBe(0)
    const path = join(dir, 'out.html')
    expect(r.stdout).toBe(`Wrote the HTML report to ${path}\n`)
    expect(readFileSync(path, 'utf8')).toBe('<!doctype html><title>run-aaaa1111 vs run-bbbb2222</title>')
  })

  it('fails with exit 1 when the HTML file cannot be written', async () => {
    const { dir, db } = tempWorkspace()
    const r = await runFake([
      'compare',
      'run-aaaa',
      'run-bbbb',
      '--html',
      join(dir, 'no', 'such', 'dir.html'),
      '--db',
      db
    ])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^rollscope: cannot write .*dir\.html: ENOENT/)
  })

  it('rejects bad usage with exit 2', async () => {
    const { db } = tempWorkspace()
    const cases: [string[], RegExp][] = [
      [['compare', 'run-aaaa'], /compare needs two runs: RUN_A RUN_B/],
      [
        ['compare', 'run-aaaa', 'run-bbbb', '--baseline', 'run-aaaa'],
        /--baseline is for three or more runs; with two, RUN_A is the base/
      ],
      [['compare', 'run-aaaa', 'run-bbbb', 'run-cccc', '--category', 'difficulty'], /--category is for two runs/],
      [
        ['compare', 'run-aaaa', 'run-bbbb', 'run-aaaa1111'],
        /'run-aaaa' and 'run-aaaa1111' are the same run \(run-aaaa1111\)/
      ],
      [['compare', 'run-aaaa', 'run-bbbb', '--json', '--md'], /choose one output: --json or --md/],
      [['compare', 'run-aaaa', 'run-bbbb', '--md', '--html', 'x.html'], /choose one output: --md or --html/],
      [
        ['compare', 'run-aaaa', 'run-bbbb', '--seed', 'abc'],
        /--seed must be an integer from 0 to 2147483648, got 'abc'/
      ],
      [['compare', 'run-aaaa', 'run-bbbb', '--html'], /--html needs a value/],
      [['compare', 'run-aaaa', 'run-aaaa1111'], /RUN_A and RUN_B are the same run \(run-aaaa1111\)/],
      [
        ['compare', 'run-aaaa', 'run-bbbb', '--category', 'tier'],
        /--category: both runs need the info field 'tier' \(fields both have: difficulty\)/
      ]
    ]
    for (const [argv, message] of cases) {
      const r = await runFake([...argv, '--db', db])
      expect({ argv, code: r.code }).toEqual({ argv, code: 2 })
      expect(r.stderr).toMatch(message)
      expect(r.stderr).toContain("Run 'rollscope compare --help' for usage.")
      expect(r.stdout).toBe('')
    }
  })

  it('exits 1 when a run does not exist or is ambiguous, and when there is no database', async () => {
    const { dir, db } = tempWorkspace()
    const missing = await runFake(['compare', 'run-aaaa', 'nope', '--db', db])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe("rollscope: no run matches 'nope' (see: rollscope runs)\n")
    const ambiguous = await runFake(['compare', 'run-', 'run-bbbb', '--db', db])
    expect(ambiguous.code).toBe(1)
    expect(ambiguous.stderr).toContain("'run-' matches 3 runs; use a run id:")
    const baseline = await runFake(['compare', 'run-aaaa', 'run-bbbb', 'run-cccc', '--baseline', 'nope', '--db', db])
    expect(baseline.code).toBe(1)
    expect(baseline.stderr).toBe("rollscope: no run matches 'nope' (see: rollscope runs)\n")
    const noDb = await runFake(['compare', 'a', 'b', '--db', join(dir, 'none.db')])
    expect(noDb.code).toBe(1)
    expect(noDb.stderr).toContain('no database at')
  })

  it('is listed in the global help and has its own help', async () => {
    const global = await runFake(['--help'])
    expect(global.stdout).toMatch(/^ {2}compare\s+compare two runs task by task, or three or more side by side/m)
    expect(global.stdout).toMatch(/^ {2}breakdown\s+a run's scores by a category field/m)
    expect(global.stdout).toMatch(/^ {2}curve\s+a training run's curve/m)
    const own = await runFake(['compare', '--help'])
    expect(own.code).toBe(0)
    expect(own.stdout).toContain('Usage: rollscope compare RUN_A RUN_B [--json | --md | --html FILE]')
    expect(own.stdout).toContain('rollscope compare RUN_1 RUN_2 RUN_3 … [--baseline RUN]')
    expect(own.stdout).toContain('--allow-different-envs')
    expect(own.engines).toHaveLength(0)
  })
})

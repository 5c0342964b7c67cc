/**
 * Terminal-Bench 1.x run folders (FORMATS.md §4.5). The corpus folders are not provided, so the
 * fixtures in tests/fixtures/terminal-bench were written from terminal-bench's own models
 * (RunMetadata, TrialResults, BenchmarkResults in terminal_bench/harness/models.py; commands.txt =
 * one `repr(keys)` per tmux send-keys; asciinema v2 casts) and the leaderboard's real trial files:
 * - `2025-06-20__14-02-11/`: a `tb run` folder (run_metadata.json, results.json with 4 trials named
 *   `<task>.<k>-of-2.<run_id>`, trial folders for 3 of them: Terminus agent-logs, a cast with input,
 *   commands only; the 4th crashed in the harness and has no folder);
 * - `leaderboard/20250902_orchestrator_qwen-3-coder-480B/`: no run-level results.json, one trial
 *   folder with its own results.json (old `<task>.<k>-of-<n>` naming, model only in the folder name).
 * Expected values are read off those files by hand (the comment says where from).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { attemptOf, terminalBenchAdapter } from '../../../src-main/formats/adapters/terminal-bench'
import { cleanTerminalText, parseKeysLine } from '../../../src-main/formats/adapters/terminal-bench-files'
import { pickDocumentAdapter } from '../../../src-main/formats/registry'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'
import { formatContext } from '../../../src-main/formats/context'

const RUN = ownFixture('terminal-bench/2025-06-20__14-02-11')
const RUN_RESULTS = join(RUN, 'results.json')
const LB = ownFixture('terminal-bench/leaderboard/20250902_orchestrator_qwen-3-coder-480B')
const LB_TRIAL = join(LB, 'fix-permissions/fix-permissions.1-of-5/results.json')
const read = (p: string): unknown => JSON.parse(readFileSync(p, 'utf8'))

describe('terminal-bench: run folder with a run-level results.json', () => {
  const doc = read(RUN_RESULTS)
  const [run] = terminalBenchAdapter.index(doc, RUN_RESULTS, formatContext())
  const eps = run.episodes.map((e) => e.summary)

  it('claimed by terminal-bench (not by the SWE-bench report adapter, although it has resolved_ids)', () => {
    expect(pickDocumentAdapter(doc, RUN_RESULTS)?.format).toBe('terminal-bench')
    expect(pickDocumentAdapter(read(join(RUN, 'run_metadata.json')), join(RUN, 'run_metadata.json'))?.format).toBe(
      'terminal-bench'
    )
  })

  it('header from run_metadata.json', () => {
    expect(run.runKey).toBe(RUN)
    expect(run.header).toMatchObject({
      name: '2025-06-20__14-02-11',
      model: 'anthropic/claude-sonnet-4-20250514',
      env: 'terminal-bench-core@0.1.1',
      createdAt: '2025-06-20T14:02:11.501220+00:00'
    })
    expect(run.header.header).toMatchObject({
      agent_name: 'terminus',
      n_attempts: 2,
      accuracy: 0.25,
      pass_at_k: { '2': 0.5 },
      results_n_resolved: 1
    })
    // results.json accuracy 0.25, the same in run_metadata.json: one headline; wall time start → end_time
    expect(run.header.headlines).toEqual([
      { label: 'accuracy', value: 0.25, source: 'results.json accuracy', matches: 'meanReward', trust: 'producer' }
    ])
    expect(run.header.scoring).toEqual({ unscoredAs: 'failure', producer: 'Terminal-Bench', noun: 'trials' })
    expect(run.header.wallTimeMs).toBe(1048617) // 14:02:11.501 → 14:19:40.118
  })

  it('one episode per trial: task key, rollout = k − 1, reward = is_resolved, status from failure_mode', () => {
    expect(eps.map((e) => e.sourceId)).toEqual(['hello-world', 'hello-world', 'fix-permissions', 'fix-permissions'])
    expect(eps.map((e) => e.rollout)).toEqual([0, 1, 0, 1]) // 1-of-2, 2-of-2, 1-of-2, 2-of-2
    // is_resolved true, false, false, null: the trial without a result counts as unresolved, as Terminal-Bench
    // counts it (its accuracy 0.25 = 1 / 4); until issue 12 it was reward null, which made the mean 1/3
    expect(eps.map((e) => e.reward)).toEqual([1, 0, 0, 0])
    expect(eps.map((e) => e.success)).toEqual([true, false, false, false])
    expect(eps.map((e) => e.unscored)).toEqual([null, null, null, 'unknown_agent_error'])
    expect(eps.map((e) => e.termination)).toEqual([null, null, 'agent_timeout', 'unknown_agent_error'])
    expect(eps.map((e) => e.status)).toEqual(['ok', 'ok', 'truncated', 'error']) // unset, unset, agent_timeout, unknown_agent_error
    expect(eps[2].error).toBe('failure_mode: agent_timeout')
    expect(eps[3].info).toMatchObject({ failure_mode: 'unknown_agent_error', is_resolved: null, attempts: 2 })
    // turns (see the trial folders): 7 (Terminus logs), 9 (cast), 8 (commands.txt), 1 (no folder: instruction only)
    expect(eps.map((e) => e.turns)).toEqual([7, 9, 8, 1])
  })

  it('parser_results, timings and tokens', () => {
    // parser_results: 2 passed; n_commands 2; agent 14:02:20 → 14:02:45, tests 14:02:50 → 14:03:00, trial 14:02:12 → 14:03:02.5
    expect(eps[0].metrics).toEqual({
      tests_total: 2,
      tests_passed: 2,
      tests_failed: 0,
      n_commands: 2,
      agent_seconds: 25,
      test_seconds: 10
    })
    expect(eps[0].durationMs).toBe(50500)
    expect([eps[0].tokensIn, eps[0].tokensOut]).toEqual([5120, 301])
    expect(eps[1].metrics).toEqual({ tests_total: 2, tests_passed: 1, tests_failed: 1 })
    expect(eps[3].metrics).toEqual({}) // parser_results null, no timings
    expect(eps[0].preview).toBe(
      'Create a file called hello.txt in the current directory. Write "Hello, world!" to it. Make sure it ends in a newline.'
    )
    expect(eps[0].promptHash).toBe(eps[1].promptHash)
  })

  it('trial 1: Terminus episodes are the actions (their prompt.txt the result of the previous batch), panes around them', () => {
    const { turns, infoFull } = terminalBenchAdapter.parseEpisode(doc, '0', RUN_RESULTS, formatContext())
    expect(turns.map((t) => t.role)).toEqual(['user', 'env', 'assistant', 'tool', 'assistant', 'env', 'env'])
    expect(turns[0].isPrompt).toBe(true)
    expect(turns[1].text).toBe('[pane before the agent]\nroot@0f3c2a1b9d8e:/app#')
    expect(turns[2].text).toBe('The terminal is at /app and empty.\n\nWrite the file with echo, then check it.')
    expect(turns[2].toolCalls.map((c) => [c.id, c.name, (c.arguments as { keystrokes: string }).keystrokes])).toEqual([
      ['episode-0.0', 'keystrokes', 'echo "Hello, world!" > hello.txt\n'],
      ['episode-0.1', 'keystrokes', 'cat hello.txt\n']
    ])
    expect(turns[3]).toMatchObject({ toolCallId: 'episode-0.1', toolName: 'keystrokes', isObservation: true })
    expect(turns[3].text).toContain('Hello, world!\nroot@0f3c2a1b9d8e:/app#')
    expect(turns[4]).toMatchObject({ done: true, toolCalls: [] })
    expect(turns[6].text).toMatch(/^\[pane after the tests\]\n=+ test session starts/)
    expect(infoFull.trial_files).toEqual([
      'commands.txt',
      'sessions/agent.cast',
      'panes/pre-agent.txt',
      'panes/post-agent.txt',
      'panes/post-test.txt',
      'agent-logs'
    ])
    expect(infoFull.parser_results).toEqual({ test_hello_file_exists: 'passed', test_hello_file_content: 'passed' })
  })

  it('trial 2: the cast input runs become keystroke calls, the output their results (SGR kept, other escapes dropped)', () => {
    const { turns } = terminalBenchAdapter.parseEpisode(doc, '1', RUN_RESULTS, formatContext())
    expect(turns.map((t) => t.role)).toEqual([
      'user',
      'env',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'env'
    ])
    expect(turns[1].text).toBe('root@77aa:/app# ') // output before any input, "\e[?2004h" dropped
    expect(turns[2].toolCalls).toEqual([{ id: 'input-0', name: 'keystrokes', arguments: { keys: 'clear\r' } }])
    expect(turns[3]).toMatchObject({ toolCallId: 'input-0', text: 'clear\n\nroot@77aa:/app# ' })
    expect(turns[4].toolCalls[0].arguments).toEqual({ keys: 'printf Hello > hello.txt\r' }) // two "i" events in a row
    expect(turns[5].text).toBe('printf Hello > hello.txt\n\n\u001b[01;32mdone\u001b[0m\nroot@77aa:/app# ') // OSC title removed
    expect(turns[6].toolCalls[0].arguments).toEqual({ keys: '\u0004' })
    expect(turns[7].text).toBe('exit\n')
  })

  it('trial 3: commands.txt lines as send_keys calls (Python reprs decoded, an unparsable line kept raw)', () => {
    const { turns } = terminalBenchAdapter.parseEpisode(doc, '2', RUN_RESULTS, formatContext())
    expect(turns).toHaveLength(8)
    expect(turns.slice(1, 7).map((t) => t.toolCalls[0].arguments)).toEqual([
      { keys: ['asciinema rec --stdin /logs/agent.cast', 'Enter'] },
      { keys: ['clear', 'Enter'] },
      { keys: ['ls -la\n'] },
      { keys: ['cat process_data.sh\n'] },
      { keys: ['C-c'] },
      { raw: 'not a python literal' }
    ])
    expect(turns[7].text).toMatch(/^\[pane after the agent\]\nroot@aa11:\/app# ls -la/)
  })

  it("a trial's own results.json is a sidecar when the run file lists it", () => {
    const own = join(RUN, 'hello-world/hello-world.1-of-2.2025-06-20__14-02-11/results.json')
    const d = read(own)
    expect(terminalBenchAdapter.matches(d, own)).toBe(true)
    expect(terminalBenchAdapter.index(d, own, formatContext())).toEqual([])
    expect(
      terminalBenchAdapter.index(read(join(RUN, 'run_metadata.json')), join(RUN, 'run_metadata.json'), formatContext())
    ).toEqual([])
  })
})

describe('terminal-bench: trial results.json without a run-level file', () => {
  const doc = read(LB_TRIAL)
  const runs = terminalBenchAdapter.index(doc, LB_TRIAL, formatContext())

  it('indexed on its own into the run folder; model from the leaderboard folder name', () => {
    expect(runs).toHaveLength(1)
    expect(runs[0].runKey).toBe(LB)
    expect(runs[0].header).toMatchObject({
      name: '20250902_orchestrator_qwen-3-coder-480B',
      model: 'qwen-3-coder-480B',
      env: 'terminal-bench-core@0.1.1'
    })
    const s = runs[0].episodes[0].summary
    expect(s).toMatchObject({
      sourceId: 'fix-permissions',
      rollout: 0,
      reward: 1,
      status: 'ok',
      turns: 7,
      tokensIn: 20089,
      tokensOut: 2394
    })
    expect(s.metrics).toEqual({ tests_total: 1, tests_passed: 1, tests_failed: 0 })
  })

  it('an externally driven agent: the nearly empty cast gives clear and ^D', () => {
    const { turns } = terminalBenchAdapter.parseEpisode(doc, '0', LB_TRIAL, formatContext())
    expect(turns.map((t) => t.role)).toEqual(['user', 'env', 'assistant', 'tool', 'assistant', 'tool', 'env'])
    expect(turns[3].text).toBe('clear\n\nroot@21f5f5315a2d:/app# ')
    expect(turns[5].text).toBe('\nexit\n')
  })
})

describe('terminal-bench helpers', () => {
  it('attempt k-of-n from trial names (task ids with dots, run id suffix)', () => {
    expect(attemptOf('fix-permissions.3-of-5', 'fix-permissions')).toEqual({ k: 3, n: 5 })
    expect(attemptOf('blind-maze-explorer-algorithm.easy.2-of-5', 'blind-maze-explorer-algorithm.easy')).toEqual({
      k: 2,
      n: 5
    })
    expect(attemptOf('hello-world.1-of-3.2025-06-20__14-02-11', 'hello-world')).toEqual({ k: 1, n: 3 })
    expect(attemptOf('x.1-of-3', 'other')).toEqual({ k: 1, n: 3 })
    expect(attemptOf('hello-world', 'hello-world')).toBeNull()
  })

  it('commands.txt lines and terminal text', () => {
    expect(parseKeysLine(`['echo "it\\'s" \\\\ ok\\n', 'Enter']`)).toEqual([`echo "it's" \\ ok\n`, 'Enter'])
    expect(parseKeysLine(`'\\x1b:wq\\u00e9'`)).toEqual(['\u001b:wq\u00e9'])
    expect(parseKeysLine(`['unterminated`)).toBeNull()
    expect(cleanTerminalText('a\u001b[31mred\u001b[0m\u001b[2K\u001b[1;1H\r\nb\u0007')).toBe(
      'a\u001b[31mred\u001b[0m\nb'
    )
  })
})

describe('terminal-bench through the engine', () => {
  let engine: Engine | undefined
  afterEach(async () => {
    await engine?.close()
    engine = undefined
  })

  it('both folders: 2 runs (4 + 1 episodes), no double counting, side files are sidecars', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([RUN, ownFixture('terminal-bench/leaderboard')])
    const states = report.files.map((f) => [f.path.slice(ownFixture('terminal-bench').length + 1), f.state, f.episodes])
    expect(states).toEqual([
      ['2025-06-20__14-02-11/fix-permissions/fix-permissions.1-of-2.2025-06-20__14-02-11/results.json', 'sidecar', 0],
      ['2025-06-20__14-02-11/hello-world/hello-world.1-of-2.2025-06-20__14-02-11/results.json', 'sidecar', 0],
      ['2025-06-20__14-02-11/hello-world/hello-world.2-of-2.2025-06-20__14-02-11/results.json', 'sidecar', 0],
      ['2025-06-20__14-02-11/results.json', 'indexed', 4],
      ['2025-06-20__14-02-11/run_metadata.json', 'sidecar', 0],
      [
        'leaderboard/20250902_orchestrator_qwen-3-coder-480B/fix-permissions/fix-permissions.1-of-5/results.json',
        'indexed',
        1
      ],
      ['leaderboard/20250902_orchestrator_qwen-3-coder-480B/run_metadata.json', 'sidecar', 0]
    ])
    const runs = await engine.api.listRuns()
    const main = runs.find((r) => r.name === '2025-06-20__14-02-11')!
    expect(main).toMatchObject({
      episodes: 4,
      tasks: 2,
      format: 'terminal-bench',
      model: 'anthropic/claude-sonnet-4-20250514'
    })
    // rewards 1, 0, 0 and 0 for the trial without a result: results.json accuracy 0.25 (1/3 before issue 12)
    expect(main.meanReward).toBe(0.25)
    expect(main.headlines).toEqual([
      {
        label: 'accuracy',
        value: 0.25,
        source: 'results.json accuracy',
        matches: 'meanReward',
        ours: 0.25,
        agrees: true,
        note: null
      }
    ])
    expect(main.unscored?.note).toBe(
      '1 of 4 trials has no result: unknown_agent_error 1; counted as failures (reward 0), as Terminal-Bench does.'
    )
    // the leaderboard folder holds 1 of its run's 5 trials: run_metadata accuracy 0.4 is the only reference
    const lb = runs.find((r) => r.name === '20250902_orchestrator_qwen-3-coder-480B')!
    expect(lb.headlines).toMatchObject([{ source: 'run_metadata.json accuracy', value: 0.4, ours: 1, agrees: false }])
    expect(lb.headlines[0].note).toMatch(/episodes it scored may be missing here/)
    const page = await engine.api.listEpisodes({ runId: main.id, sort: 'ordinal' })
    expect(page.items.map((e) => [e.taskKey, e.rollout, e.status])).toEqual([
      ['hello-world', 0, 'ok'],
      ['hello-world', 1, 'ok'],
      ['fix-permissions', 0, 'truncated'],
      ['fix-permissions', 1, 'error']
    ])
    const detail = await engine.api.getEpisode(page.items[1].id)
    expect(detail.turns).toHaveLength(9)
    expect(detail.turnCount).toBe(9)
  })
})

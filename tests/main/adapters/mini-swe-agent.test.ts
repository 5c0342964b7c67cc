/**
 * mini-swe-agent `.traj.json` adapter over every corpus file (two runs of the same two instances in
 * `output/deepseek_chat_dev(_rerun)`, the bare-list fixtures) and the own `mini-swe-agent-1` run
 * (text bash blocks, a format error, LimitsExceeded / RuntimeError exits). Numbers counted by hand
 * with python on each file (message roles, tool calls, usage sums, extra.timestamp spans).
 */
import { readFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'
import { afterEach, describe, expect, it } from 'vitest'
import type { Turn } from '../../../src-main/contract/model'
import { miniSweAgentAdapter } from '../../../src-main/formats/adapters/mini-swe-agent'
import type { EpisodeSummaryRecord } from '../../../src-main/formats/types'
import { fixture, ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'
import { formatContext } from '../../../src-main/formats/context'

const out = (run: string, id: string): string => fixture(`mini-swe-agent/output/${run}/${id}/${id}.traj.json`)
const own = (id: string): string => ownFixture(`mini-swe-agent/v1-run/${id}/${id}.traj.json`)
const load = (p: string): unknown => JSON.parse(readFileSync(p, 'utf8'))

function indexOne(
  p: string,
  doc = load(p)
): { runKey: string; name: string; model: string | null; s: EpisodeSummaryRecord; turns: Turn[] } {
  expect(miniSweAgentAdapter.matches(doc, p)).toBe(true)
  const runs = miniSweAgentAdapter.index(doc, p, formatContext())
  expect(runs).toHaveLength(1)
  const body = miniSweAgentAdapter.parseEpisode(doc, runs[0].episodes[0].locator, p, formatContext())
  const s = runs[0].episodes[0].summary
  expect(s.turns).toBe(body.turns.length)
  return { runKey: runs[0].runKey, name: runs[0].header.name, model: runs[0].header.model, s, turns: body.turns }
}

/** Each tool result answers the first still-open call of the assistant turn before it (id and name). */
function expectPaired(turns: Turn[]): number {
  let open: Turn['toolCalls'] = []
  let n = 0
  for (const t of turns) {
    if (t.role === 'assistant') open = [...t.toolCalls]
    if (t.role === 'tool') {
      const call = open.shift()
      expect(call, `tool turn ${t.index} answers no call`).toBeDefined()
      expect(t.toolCallId).toBe(call!.id)
      expect(t.toolName).toBe(call!.name)
      n++
    }
  }
  return n
}

describe('mini-swe-agent 1.1 (corpus output runs)', () => {
  // by hand: messages / assistant (1 tool call each) / tool messages / Σ usage prompt,completion / extra.timestamp span (s)
  const cases = [
    {
      run: 'deepseek_chat_dev',
      id: 'sqlfluff__sqlfluff-2419',
      msgs: 98,
      calls: 48,
      tools: 47,
      tin: 467091,
      tout: 4976,
      span: 194.0458,
      cost: 0.019431048
    },
    {
      run: 'deepseek_chat_dev',
      id: 'pydicom__pydicom-901',
      msgs: 124,
      calls: 61,
      tools: 60,
      tin: 818168,
      tout: 12170,
      span: 380.8375,
      cost: 0.036259496
    },
    {
      run: 'deepseek_chat_dev_rerun',
      id: 'sqlfluff__sqlfluff-2419',
      msgs: 88,
      calls: 43,
      tools: 42,
      tin: 390223,
      tout: 5617,
      span: 278.3499,
      cost: 0.015627724
    },
    {
      run: 'deepseek_chat_dev_rerun',
      id: 'pydicom__pydicom-901',
      msgs: 136,
      calls: 67,
      tools: 66,
      tin: 865177,
      tout: 12432,
      span: 544.3615,
      cost: 0.032549272000000004
    }
  ]
  for (const c of cases) {
    it(`${c.run}/${c.id}: turns, tool pairing (exit answers the submit call), tokens, cost`, () => {
      const p = out(c.run, c.id)
      const { runKey, name, model, s, turns } = indexOne(p)
      expect(runKey).toBe(fixture(`mini-swe-agent/output/${c.run}`))
      expect(name).toBe(c.run)
      expect(model).toBe('deepseek/deepseek-chat') // info.config.model.model_name
      expect(s.sourceId).toBe(c.id)
      expect(s.status).toBe('ok') // exit_status "Submitted"
      expect(turns).toHaveLength(c.msgs)
      expect(turns.filter((t) => t.isPrompt).map((t) => t.role)).toEqual(['system', 'user'])
      expect(turns.flatMap((t) => t.toolCalls)).toHaveLength(c.calls)
      // every call gets its result: the tool messages plus the final `exit` message
      expect(expectPaired(turns)).toBe(c.tools + 1)
      const last = turns[turns.length - 1]
      expect(last).toMatchObject({ role: 'tool', done: true, toolName: 'bash' })
      expect(last.text.startsWith('diff --git')).toBe(true)
      expect([s.tokensIn, s.tokensOut]).toEqual([c.tin, c.tout])
      expect(s.durationMs! / 1000).toBeCloseTo(c.span, 2)
      expect(s.metrics).toMatchObject({ cost: c.cost, api_calls: c.calls, steps: c.calls })
      expect(s.info).toMatchObject({
        exit_status: 'Submitted',
        submitted: true,
        trajectory_format: 'mini-swe-agent-1.1',
        mini_version: '2.2.7'
      })
      expect(
        s.preview.startsWith(
          c.id.startsWith('sqlfluff')
            ? 'Rule L060 could give a specific error message'
            : 'pydicom should not define handler'
        )
      ).toBe(true)
      expect(turns[3].meta?.metrics).toEqual({ returncode: 0 })
    })
  }

  it('rewards joined from the run reports in the repo root, matched by run name (not the harness log tree)', () => {
    // deepseek__deepseek-chat.deepseek_chat_dev.json and …_rerun.json, read by hand:
    // sqlfluff__sqlfluff-2419 ∈ resolved_ids and pydicom__pydicom-901 ∈ unresolved_ids in BOTH reports
    // (the two reports differ only on astroid-1333 and sqlfluff-1733, which have no trajectory here)
    const got = cases.map((c) => {
      const { s } = indexOne(out(c.run, c.id))
      return [c.run, c.id, s.reward, s.success, s.info.swebench, s.info.swebench_run_id]
    })
    expect(got).toEqual([
      ['deepseek_chat_dev', 'sqlfluff__sqlfluff-2419', 1, true, 'resolved', 'deepseek_chat_dev'],
      ['deepseek_chat_dev', 'pydicom__pydicom-901', 0, false, 'unresolved', 'deepseek_chat_dev'],
      ['deepseek_chat_dev_rerun', 'sqlfluff__sqlfluff-2419', 1, true, 'resolved', 'deepseek_chat_dev_rerun'],
      ['deepseek_chat_dev_rerun', 'pydicom__pydicom-901', 0, false, 'unresolved', 'deepseek_chat_dev_rerun']
    ])
  })
})

describe('mini-swe-agent: older shapes', () => {
  it('bare message list github_issue: bash blocks as calls, user outputs as results, submit → ok', () => {
    const p = fixture('mini-swe-agent/fixtures/github_issue.traj.json')
    const { runKey, name, s, turns } = indexOne(p)
    expect(runKey).toBe(fixture('mini-swe-agent/fixtures'))
    expect(name).toBe('fixtures')
    expect(s.sourceId).toBe('github_issue')
    // 22 messages: system, issue, 10 × (assistant with one ```mswea_bash_command block, user output)
    expect(turns).toHaveLength(22)
    expect(turns.flatMap((t) => t.toolCalls)).toHaveLength(10)
    expect(expectPaired(turns)).toBe(10)
    expect(turns[2].toolCalls[0].arguments).toEqual({
      command: 'cat /Users/fuchur/Documents/24/git_sync/swe-agent-test-repo/tests/./missing_colon.py'
    })
    expect(s.status).toBe('ok') // the last command is `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && …`
    expect(s.reward).toBeNull()
    expect(s.info.trajectory_format).toBe('bare-list')
  })

  it('bare message list local: 6 turns, 2 calls', () => {
    const { s, turns } = indexOne(fixture('mini-swe-agent/fixtures/local.traj.json'))
    expect(turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool'])
    expect(turns[2].toolCalls[0]).toEqual({ id: null, name: 'bash', arguments: { command: "echo 'hello world'" } })
    expect(s.status).toBe('ok')
    // a bare list is claimed only under its .traj.json name
    expect(miniSweAgentAdapter.matches(load(fixture('mini-swe-agent/fixtures/local.traj.json')), '/x/local.json')).toBe(
      false
    )
  })

  it('mini-swe-agent-1 own run: format error stays env feedback, exits mapped, rewards from the parent run report', () => {
    const r = indexOne(own('psf__requests-2317'))
    expect(r.runKey).toBe(ownFixture('mini-swe-agent/v1-run'))
    expect(r.model).toBe('anthropic/claude-sonnet-4-20250514')
    expect(r.s).toMatchObject({ status: 'truncated', error: 'LimitsExceeded: a step or cost limit was reached' })
    // system, issue, a(call) tool, a(2 blocks → no call) user-feedback, a(call) tool
    expect(r.turns.map((t) => [t.role, t.toolCalls.length, t.isObservation])).toEqual([
      ['system', 0, false],
      ['user', 0, false],
      ['assistant', 1, false],
      ['tool', 0, true],
      ['assistant', 0, false],
      ['user', 0, true],
      ['assistant', 1, false],
      ['tool', 0, true]
    ])
    expect(expectPaired(r.turns)).toBe(2)
    expect([r.s.tokensIn, r.s.tokensOut]).toEqual([4500, 180]) // 3 × usage 1500 / 60
    expect(r.s.durationMs).toBe(13500) // message timestamps 1752710000.0 … 1752710013.5
    // anthropic__claude-sonnet-4-20250514.v1-run.json: psf__requests-2317 ∈ empty_patch_ids → 0
    expect([r.s.reward, r.s.info.swebench]).toEqual([0, 'empty_patch'])
    // the harness counts an empty patch as not resolved: reward 0, with the reason; the exit status is the termination
    expect([r.s.unscored, r.s.termination]).toEqual(['empty patch', 'LimitsExceeded'])

    const f = indexOne(own('pallets__flask-4992'))
    expect(f.s).toMatchObject({ status: 'ok', reward: 1, success: true })
    expect(f.turns).toHaveLength(6)
    expect(expectPaired(f.turns)).toBe(2)
    expect(f.s.preview).toBe('Add a file mode parameter to flask.Config.from_file()')

    const a = indexOne(own('astropy__astropy-14182'))
    expect(a.s.status).toBe('error')
    expect(a.s.error).toBe('RuntimeError: docker container exited unexpectedly') // last line of info.traceback
    expect(a.turns).toHaveLength(3) // the only call never got its output
  })
})

describe('mini-swe-agent through the engine', () => {
  let engine: Engine | null = null
  afterEach(async () => {
    await engine?.close()
    engine = null
  })

  it('the whole corpus folder: three runs, sidecar reports and predictions, nothing failed', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([fixture('mini-swe-agent')])
    const rel = (p: string): string => p.slice(fixture('mini-swe-agent').length + 1)
    const states = Object.fromEntries(report.files.map((f) => [rel(f.path), f.state]))
    expect(states).toEqual({
      'deepseek__deepseek-chat.deepseek_chat_dev.json': 'sidecar',
      'deepseek__deepseek-chat.deepseek_chat_dev_rerun.json': 'sidecar',
      'fixtures/github_issue.traj.json': 'indexed',
      'fixtures/local.traj.json': 'indexed',
      'output/deepseek_chat_dev/preds.json': 'sidecar',
      'output/deepseek_chat_dev/pydicom__pydicom-901/pydicom__pydicom-901.traj.json': 'indexed',
      'output/deepseek_chat_dev/sqlfluff__sqlfluff-2419/sqlfluff__sqlfluff-2419.traj.json': 'indexed',
      'output/deepseek_chat_dev_rerun/preds.json': 'sidecar',
      'output/deepseek_chat_dev_rerun/pydicom__pydicom-901/pydicom__pydicom-901.traj.json': 'indexed',
      'output/deepseek_chat_dev_rerun/sqlfluff__sqlfluff-2419/sqlfluff__sqlfluff-2419.traj.json': 'indexed',
      'swebench-harness-logs/logs/run_evaluation/deepseek_bench_eval/deepseek__deepseek-chat/pydicom__pydicom-901/report.json':
        'sidecar',
      'swebench-harness-logs/logs/run_evaluation/deepseek_bench_eval/deepseek__deepseek-chat/sqlfluff__sqlfluff-2419/report.json':
        'sidecar'
    })
    // the exit_statuses_*.yaml is no trace file: given explicitly it is a clear skip, not a failure
    const yaml = await engine.indexPaths([
      fixture('mini-swe-agent/output/deepseek_chat_dev/exit_statuses_1775793694.7334955.yaml')
    ])
    expect(yaml.files[0].state).toBe('unknown-format')

    const runs = await engine.api.listRuns()
    const byName = Object.fromEntries(runs.map((r) => [r.name, r]))
    expect(Object.keys(byName).sort()).toEqual(['deepseek_chat_dev', 'deepseek_chat_dev_rerun', 'fixtures'])
    // Each run's report (deepseek__deepseek-chat.<run>.json) lists 23 submitted instances, 8 resolved; only 2
    // trajectories are on disk. Since issue 12 every submitted instance is an episode (21 of them results-only,
    // held by the pydicom trajectory, the first submitted one on disk), so the mean is the harness's 8 / 23; before,
    // the runs had 2 episodes and a mean of 0.5.
    expect(states['output/deepseek_chat_dev/pydicom__pydicom-901/pydicom__pydicom-901.traj.json']).toBe('indexed')
    for (const name of ['deepseek_chat_dev', 'deepseek_chat_dev_rerun']) {
      const report = JSON.parse(
        readFileSync(fixture(`mini-swe-agent/deepseek__deepseek-chat.${name}.json`), 'utf8')
      ) as {
        submitted_ids: string[]
        resolved_ids: string[]
      }
      expect([report.submitted_ids.length, report.resolved_ids.length]).toEqual([23, 8])
      const run = byName[name]
      expect(run).toMatchObject({
        format: 'mini-swe-agent',
        episodes: 23,
        tasks: 23,
        noTranscript: 21,
        scored: 23,
        model: 'deepseek/deepseek-chat'
      })
      expect(run.meanReward).toBeCloseTo(8 / 23, 12)
      expect(run.headlines).toMatchObject([{ label: 'resolved / submitted', value: 8 / 23, agrees: true }])
      const page = await engine.api.listEpisodes({ runId: run.id, sort: 'taskKey', limit: 100 })
      expect(page.items.map((e) => e.taskKey)).toEqual([...report.submitted_ids].sort())
      expect(page.items.filter((e) => e.passed).map((e) => e.taskKey)).toEqual([...report.resolved_ids].sort())
      expect(page.items.filter((e) => e.transcript).map((e) => [e.taskKey, e.reward, e.passed, e.termination])).toEqual(
        [
          ['pydicom__pydicom-901', 0, false, 'Submitted'],
          ['sqlfluff__sqlfluff-2419', 1, true, 'Submitted']
        ]
      )
    }
    const dev = await engine.api.listEpisodes({ runId: byName.deepseek_chat_dev.id, sort: 'taskKey', limit: 100 })
    const sq = dev.items.find((e) => e.taskKey === 'sqlfluff__sqlfluff-2419')!
    const detail = await engine.api.getEpisode(sq.id)
    expect(detail.turns).toHaveLength(98)
    expect(detail.turns[97]).toMatchObject({ role: 'tool', toolCallId: 'call_00_HJcZQx4rDzr40v6UvyFMrMsM', done: true })
    // a results-only episode opens: no turns, the harness outcome
    const only = await engine.api.getEpisode(
      dev.items.find((e) => e.taskKey === 'marshmallow-code__marshmallow-1343')!.id
    )
    expect(only.turns).toEqual([])
    expect(only.infoFull.swebench).toMatchObject({ outcome: 'resolved' })
    // how the instances without a trajectory ended: the dev run folder's exit_statuses_<unix>.yaml (the rerun has
    // none); its Submitted list misspells some ids ("asteroid"), which then match no episode
    const statuses = readFileSync(
      fixture('mini-swe-agent/output/deepseek_chat_dev/exit_statuses_1775793694.7334955.yaml'),
      'utf8'
    )
    const timedOut = (parseYaml(statuses) as { instances_by_exit_status: Record<string, string[]> })
      .instances_by_exit_status.TimeoutExpired
    expect(timedOut).toEqual(['pvlib__pvlib-python-1854', 'pvlib__pvlib-python-1154', 'pyvista__pyvista-4315'])
    const ended = (items: typeof dev.items) =>
      items.filter((e) => !e.transcript && e.termination !== null).map((e) => [e.taskKey, e.status, e.termination])
    expect(ended(dev.items).filter(([, , t]) => t === 'TimeoutExpired')).toEqual(
      [...timedOut].sort().map((id) => [id, 'truncated', 'TimeoutExpired'])
    )
    expect(ended(dev.items).every(([, , t]) => t === 'TimeoutExpired' || t === 'Submitted')).toBe(true)
    const rerun = await engine.api.listEpisodes({ runId: byName.deepseek_chat_dev_rerun.id, limit: 100 })
    expect(ended(rerun.items)).toEqual([])
  })
})

/**
 * SWE-bench harness results and predictions: recognized as sidecars (never runs of their own, never
 * failed), and found for a trajectory in the documented order (report.json beside it, run report
 * `*.<run>.json` in the run folder or up to 3 parents, harness log tree).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  findSweBenchResult,
  isSweBenchDocument,
  predictionsModel,
  sweBenchAdapter
} from '../../../src-main/formats/adapters/swe-bench'
import { fixture, ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'
import { formatContext } from '../../../src-main/formats/context'

const load = (p: string): unknown => JSON.parse(readFileSync(p, 'utf8'))
const HARNESS = 'mini-swe-agent/swebench-harness-logs/logs/run_evaluation/deepseek_bench_eval/deepseek__deepseek-chat'

describe('swe-bench: recognizing reports and predictions', () => {
  it('claims run reports, per-instance reports, preds.json, one prediction, a list of predictions', () => {
    for (const rel of [
      'mini-swe-agent/deepseek__deepseek-chat.deepseek_chat_dev.json',
      'mini-swe-agent/deepseek__deepseek-chat.deepseek_chat_dev_rerun.json',
      `${HARNESS}/pydicom__pydicom-901/report.json`,
      'mini-swe-agent/output/deepseek_chat_dev/preds.json',
      // a one-line all_preds.jsonl is one JSON document: a single prediction object
      'swe-agent/v0.x/gpt4__swe-bench-dev-easy_first_only/all_preds.jsonl'
    ]) {
      const p = fixture(rel)
      expect(sweBenchAdapter.matches(load(p), p), rel).toBe(true)
      expect(sweBenchAdapter.index(load(p), p, formatContext())).toEqual([])
    }
    expect(isSweBenchDocument(load(ownFixture('swe-bench/predictions-list.json')))).toBe(true)
    const line = JSON.parse(readFileSync(ownFixture('swe-bench/all_preds.jsonl'), 'utf8').split('\n')[0])
    expect(sweBenchAdapter.matchesFirstRecord!(line, 'all_preds.jsonl')).toBe(true)
  })

  it('claims nothing else', () => {
    for (const rel of [
      'swe-agent/v1.0-function-calling/marshmallow-code__marshmallow-1867.traj',
      'mini-swe-agent/output/deepseek_chat_dev/sqlfluff__sqlfluff-2419/sqlfluff__sqlfluff-2419.traj.json',
      'mini-swe-agent/fixtures/local.traj.json'
    ]) {
      const p = fixture(rel)
      expect(sweBenchAdapter.matches(load(p), p), rel).toBe(false)
    }
    expect(sweBenchAdapter.matches({}, '/x.json')).toBe(false)
    expect(sweBenchAdapter.matches({ a: { resolved: true } }, '/x.json')).toBe(false)
    expect(sweBenchAdapter.matches([], '/x.json')).toBe(false)
    expect(sweBenchAdapter.matchesFirstRecord!({ messages: [], instance_id: 'a', model_patch: '' }, '/x.jsonl')).toBe(
      false
    )
  })

  it('run model from the predictions (first 64 KB only)', () => {
    expect(predictionsModel(fixture('mini-swe-agent/output/deepseek_chat_dev'), formatContext())).toBe(
      'deepseek/deepseek-chat'
    )
    expect(predictionsModel(fixture('swe-agent/v0.x/gpt4__swe-bench-dev-easy_first_only'), formatContext())).toBe(
      'gpt4__swe-bench-dev-easy_first_only__default__t-0.00__p-0.95__c-3.00__install-1'
    )
    expect(predictionsModel(fixture('swe-agent/v1.0-function-calling'), formatContext())).toBeNull()
  })
})

describe('swe-bench: finding the result of a trajectory', () => {
  let root: string
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'rs-swebench-'))
  })
  const put = (rel: string, value: unknown): string => {
    const p = join(root, rel)
    mkdirSync(dirname(p), { recursive: true })
    writeFileSync(p, JSON.stringify(value))
    return p
  }
  const runReport = (resolved: string[], unresolved: string[], extra: Record<string, unknown> = {}) => ({
    total_instances: 9,
    resolved_ids: resolved,
    unresolved_ids: unresolved,
    error_ids: [],
    empty_patch_ids: [],
    completed_ids: [...resolved, ...unresolved],
    schema_version: 2,
    ...extra
  })
  const instanceReport = (id: string, resolved: boolean) => ({
    [id]: { patch_is_None: false, patch_exists: true, patch_successfully_applied: true, resolved, tests_status: {} }
  })

  it('corpus harness log tree: used when no run report names the run, only for a unique (run id, model)', () => {
    // a run folder beside the corpus ones, with no *.my_run.json report: the log tree under
    // mini-swe-agent/swebench-harness-logs/ is found from the grandparent (run id deepseek_bench_eval)
    const runDir = fixture('mini-swe-agent/output/my_run')
    const sq = findSweBenchResult(
      join(runDir, 'sqlfluff__sqlfluff-2419'),
      runDir,
      'sqlfluff__sqlfluff-2419',
      'deepseek/deepseek-chat',
      formatContext()
    )
    expect(sq).toMatchObject({ reward: 1, success: true, outcome: 'resolved', runId: 'deepseek_bench_eval' })
    expect(sq!.metrics).toEqual({ f2p_passed: 1, f2p_failed: 0, p2p_passed: 0, p2p_failed: 0 }) // tests_status of its report.json
    const pd = findSweBenchResult(
      join(runDir, 'pydicom__pydicom-901'),
      runDir,
      'pydicom__pydicom-901',
      null,
      formatContext()
    )
    expect(pd).toMatchObject({ reward: 0, success: false, outcome: 'unresolved' })
    expect(pd!.metrics).toMatchObject({ f2p_passed: 0, f2p_failed: 5 })
    // another model: its folder is not deepseek__deepseek-chat → not evaluated
    expect(
      findSweBenchResult(
        join(runDir, 'pydicom__pydicom-901'),
        runDir,
        'pydicom__pydicom-901',
        'openai/gpt-4o',
        formatContext()
      )
    ).toBeNull()
    // an instance the harness never saw
    expect(findSweBenchResult(runDir, runDir, 'astropy__astropy-12907', null, formatContext())).toBeNull()
  })

  it('order: report.json beside the trajectory, then the nearest run report, then the log tree', () => {
    const run = join(root, 'work', 'trajectories', 'me', 'exp1')
    mkdirSync(join(run, 'a__a-1'), { recursive: true })
    put('work/logs/run_evaluation/exp1/org__model/a__a-1/report.json', instanceReport('a__a-1', false))
    expect(findSweBenchResult(join(run, 'a__a-1'), run, 'a__a-1', 'org/model', formatContext())).toMatchObject({
      reward: 0,
      runId: 'exp1',
      outcome: 'unresolved'
    })
    put('work/org__model.exp1.json', runReport(['a__a-1'], []))
    expect(findSweBenchResult(join(run, 'a__a-1'), run, 'a__a-1', 'org/model', formatContext())).toMatchObject({
      reward: 1,
      outcome: 'resolved'
    })
    // nearer report wins; with two in one folder, the one of the run's model
    put('work/trajectories/other__model.exp1.json', runReport([], ['a__a-1']))
    put('work/trajectories/org__model.exp1.json', runReport([], [], { error_ids: ['a__a-1'] }))
    expect(findSweBenchResult(join(run, 'a__a-1'), run, 'a__a-1', 'org/model', formatContext())).toMatchObject({
      reward: 0,
      outcome: 'error'
    })
    expect(findSweBenchResult(join(run, 'a__a-1'), run, 'a__a-1', null, formatContext())).toMatchObject({
      reward: 0,
      outcome: 'error'
    }) // first by name: org__ < other__
    put('work/trajectories/me/exp1/a__a-1/report.json', instanceReport('a__a-1', true))
    expect(findSweBenchResult(join(run, 'a__a-1'), run, 'a__a-1', 'org/model', formatContext())).toMatchObject({
      reward: 1,
      runId: null
    })
    // a report of another run (exp10) is not this run's
    put('work/trajectories/me/org__model.exp10.json', runReport([], ['b__b-2']))
    expect(findSweBenchResult(run, run, 'b__b-2', 'org/model', formatContext())).toBeNull()
  })

  it('one job lists the folders once: a report written during it is seen by the next job', () => {
    // a search's page reads 50 trajectories of one run with one context (hit-rows.ts); each looked through the run
    // folder and its parents again (a stat of every sub-folder too): 15 ms a trajectory in a folder of 200
    const run = join(root, 'jobs', 'exp3')
    mkdirSync(join(run, 'd__d-4'), { recursive: true })
    const job = formatContext()
    expect(findSweBenchResult(join(run, 'd__d-4'), run, 'd__d-4', null, job)).toBeNull()
    put('jobs/org__model.exp3.json', runReport(['d__d-4'], []))
    expect(findSweBenchResult(join(run, 'd__d-4'), run, 'd__d-4', null, job)).toBeNull()
    expect(findSweBenchResult(join(run, 'd__d-4'), run, 'd__d-4', null, formatContext())).toMatchObject({
      reward: 1,
      outcome: 'resolved'
    })
  })

  it('log tree: two run ids hold the instance → ambiguous, not guessed; the run id equal to the run name wins', () => {
    const run = join(root, 'out', 'exp2')
    mkdirSync(run, { recursive: true })
    put('out/logs/run_evaluation/r1/m/c__c-3/report.json', instanceReport('c__c-3', true))
    put('out/logs/run_evaluation/r2/m/c__c-3/report.json', instanceReport('c__c-3', false))
    expect(findSweBenchResult(run, run, 'c__c-3', null, formatContext())).toBeNull()
    put('out/logs/run_evaluation/exp2/m/c__c-3/report.json', instanceReport('c__c-3', false))
    expect(findSweBenchResult(run, run, 'c__c-3', null, formatContext())).toMatchObject({ reward: 0, runId: 'exp2' })
  })

  it('an unreadable or foreign report is passed over, never thrown', () => {
    const run = join(root, 'exp3')
    mkdirSync(run, { recursive: true })
    writeFileSync(join(root, 'm.exp3.json'), '{not json')
    writeFileSync(join(run, 'report.json'), JSON.stringify({ hello: 'world' }))
    expect(findSweBenchResult(run, run, 'd__d-4', null, formatContext())).toBeNull()
  })
})

describe('swe-bench through the engine', () => {
  let engine: Engine | null = null
  afterEach(async () => {
    await engine?.close()
    engine = null
  })

  it('multi-line all_preds.jsonl and a predictions list are sidecars, not chat runs', async () => {
    engine = tempEngine().engine
    // the two files only: the folder also holds report-without-trajectories/ (swe-bench-parity.test.ts)
    const report = await engine.indexPaths([
      ownFixture('swe-bench/all_preds.jsonl'),
      ownFixture('swe-bench/predictions-list.json')
    ])
    expect(
      report.files.map((f) => [f.path.slice(ownFixture('swe-bench').length + 1), f.state, f.format, f.error])
    ).toEqual([
      ['all_preds.jsonl', 'sidecar', 'swe-bench-report', null],
      ['predictions-list.json', 'sidecar', 'swe-bench-report', null]
    ])
    expect(await engine.api.listRuns()).toEqual([])
  })
})

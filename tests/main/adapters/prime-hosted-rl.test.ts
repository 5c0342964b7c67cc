/**
 * Prime hosted-RL run export (FORMATS.md §1.4). Two runs:
 * - bp6qd19u06wzeqkdrf0h24xx: the real corpus folder (results.jsonl, rollouts_raw.json, metadata.json,
 *   progress.json, usage.json); 25 samples of training step 40, no tool calls.
 * - h4y9hb6fjom4xfbclitb2938: own fixture (tests/fixtures/prime-hosted-rl/README.md): the real side files
 *   and 4 rows of step 0 in the real shape, with JSON-string tool calls.
 * Expected numbers were read off the files with python (json.loads of each line, then of the
 * JSON-string fields); the command is noted where it is not obvious.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { primeHostedRlAdapter as P } from '../../../src-main/formats/adapters/prime-hosted-rl'
import { primeHostedRlFilesAdapter as F } from '../../../src-main/formats/adapters/prime-hosted-rl-files'
import { verifiersAdapter } from '../../../src-main/formats/adapters/verifiers'
import { pickDocumentAdapter, pickJsonlAdapter } from '../../../src-main/formats/registry'
import { RecordError } from '../../../src-main/formats/types'
import type { Engine } from '../../../src-main/services/engine-types'
import { fixture, ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { rowsOf } from './read-rows'
import { tallyActions } from '../../../src-main/formats/actions/tally'

const BP6Q = fixture('prime-hosted-rl-run/security-verifiers/bp6qd19u06wzeqkdrf0h24xx')
const H4Y9 = ownFixture('prime-hosted-rl/h4y9hb6fjom4xfbclitb2938')
const K8 = '/app/.venv/lib/python3.12/site-packages/dataset/fixtures/k8s/bad_pod.yaml'

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})
const newEngine = (): Engine => (engine = tempEngine().engine)

describe('detection', () => {
  const row = rowsOf(join(BP6Q, 'results.jsonl'))[0]

  it('results.jsonl rows are hosted-RL rows, never verifiers rows', () => {
    expect(pickJsonlAdapter(row)).toBe(P)
    expect(verifiersAdapter.matches(row)).toBe(false)
    // decoded fields (another dumper) still carry step + problem_id: still hosted-RL, listed before verifiers
    const decoded = {
      ...row,
      prompt: JSON.parse(row.prompt as string),
      completion: JSON.parse(row.completion as string)
    }
    expect(pickJsonlAdapter(decoded)).toBe(P)
    // a plain verifiers row is not claimed
    expect(P.matches({ prompt: [], completion: [], reward: 1, example_id: 0 })).toBe(false)
  })

  it('the run folder side files are recognized by content', () => {
    for (const f of ['metadata.json', 'progress.json', 'usage.json', 'rollouts_raw.json']) {
      const doc = JSON.parse(readFileSync(join(BP6Q, f), 'utf8'))
      expect(pickDocumentAdapter(doc, join(BP6Q, f)), f).toBe(F)
    }
    // a verifiers metadata.json or an unrelated object is not
    expect(F.matches({ env_id: 'x', model: 'm', avg_reward: 1 }, '/x/metadata.json')).toBe(false)
    expect(F.matches({ run: { name: 'x' } }, '/x/metadata.json')).toBe(false)
    expect(F.matches({ samples: [], page: 1 }, '/x/rollouts_raw.json')).toBe(false)
  })
})

describe('run bp6qd19u06wzeqkdrf0h24xx (corpus): 25 samples of step 40', () => {
  const rows = rowsOf(join(BP6Q, 'results.jsonl'))
  const s = rows.map((r) => P.summarize(r))

  it('counts, steps, task keys and rewards', () => {
    expect(rows).toHaveLength(25)
    expect(new Set(s.map((x) => x.step))).toEqual(new Set([40]))
    // problem_id per line: 16 × 4, then 8 × 6, then 1 × 0
    expect(s.map((x) => x.sourceId)).toEqual([...Array(16).fill('4'), ...Array(8).fill('6'), '0'])
    // rewards: problem 4 = 1.78 except sample 10 (1.77) and samples 14, 15 (1.76); problems 6 and 0 = 1.8
    expect(s.slice(0, 16).map((x) => x.reward)).toEqual([
      1.78, 1.78, 1.78, 1.78, 1.78, 1.78, 1.78, 1.78, 1.78, 1.78, 1.77, 1.78, 1.78, 1.78, 1.76, 1.76
    ])
    expect(s.slice(16).every((x) => x.reward === 1.8)).toBe(true)
    const mean = s.reduce((a, x) => a + (x.reward ?? 0), 0) / s.length
    expect(mean).toBeCloseTo(1.7852, 10) // python: sum(rewards)/25
    expect(s.every((x) => x.status === 'ok' && x.turns === 3 && x.rollout === null)).toBe(true)
  })

  it('row 0: metrics from the JSON-string metrics (+ reward, advantage), duration from timing.total, 0/0 tokens = unknown', () => {
    expect(s[0]).toEqual({
      sourceId: '4',
      promptHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      answer: 'Malicious',
      reward: 1.78,
      success: null,
      status: 'ok',
      error: null,
      turns: 3,
      preview: '2024-01-15 10:27:15 SRC=10.0.0.99 DST=185.220.101.45 PROTO=TOR PORT=9001 BYTES=50000',
      metrics: {
        reward: 1.78,
        reward_accuracy: 1,
        format_reward: 1,
        reward_calibration: 0.9,
        reward_asymmetric_cost: 1,
        num_turns: 1,
        advantage: 1.1920928955078125e-7
      },
      info: { env: 'intertwine/sv-env-network-logs' },
      tokensIn: null,
      tokensOut: null,
      durationMs: 250.76770782470703,
      steps: 1, // metrics num_turns 1.0 (verifiers: one model call)
      termination: null, // the export has no stop_condition / is_truncated
      generationMs: 247.76482582092285, // timing model.duration 0.24776482582092285 s (generation.duration is 0.2479…)
      rollout: null,
      step: 40,
      // what the agent did, as the adapter holds it: the indexer counts from it (tallyActions)
      actions: expect.objectContaining({ kind: 'messages' })
    })
    expect(tallyActions(s[0].actions)).toEqual({
      content: expect.objectContaining({ values: expect.any(Number) }), // the episode's fingerprint (issue 17)
      toolCalls: {}, // a one-message completion without tool calls: known to call none
      facts: { steps: 1, maxRepeat: 0, emptyFinal: true, toolError: false, timeout: false } // its content is empty: the verdict is in the reasoning only
    })
    // generation = timing.model.duration per row (json.loads(json.loads(line)['timing'])['model']['duration'] * 1000):
    // min 219.246… (row 2), max 967.856…; every row's num_turns is 1
    const gen = s.map((x) => x.generationMs!)
    expect(Math.min(...gen)).toBeCloseTo(219.24638748168945, 9)
    expect(Math.max(...gen)).toBeCloseTo(967.8568840026855, 9)
    expect(s.every((x) => x.steps === 1 && x.termination === null)).toBe(true)
    // sample 14: calibration 0.8, negative advantage
    expect(s[14].metrics).toMatchObject({ reward: 1.76, reward_calibration: 0.8, advantage: -0.013749957084655762 })
    // the 16 rows of problem 4 share one prompt; problem 6 has another
    expect(new Set(s.slice(0, 16).map((x) => x.promptHash)).size).toBe(1)
    expect(s[16].promptHash).not.toBe(s[0].promptHash)
  })

  it('turns: system + user prompt, an assistant whose answer is in reasoning_content; raw shows decoded fields', () => {
    const body = P.parseEpisode(rows[0])
    expect(body.turns.map((t) => [t.role, t.isPrompt])).toEqual([
      ['system', true],
      ['user', true],
      ['assistant', false]
    ])
    expect(body.turns[2]).toMatchObject({
      text: '',
      reasoning: '```json\n{"label": "Malicious", "confidence": 0.9}\n```',
      toolCalls: []
    })
    expect(body.infoFull).toMatchObject({
      run_id: 'bp6qd19u06wzeqkdrf0h24xx',
      step: 40,
      problem_id: 4,
      sample_id: 0,
      timing: { total: 0.25076770782470703 }
    })
    expect(Array.isArray((body.raw as { prompt: unknown }).prompt)).toBe(true)
  })

  it('run header from metadata.json {run}, usage.json and progress.json', () => {
    const h = P.readRunHeader(join(BP6Q, 'results.jsonl'))
    expect(h).toMatchObject({
      name: 'svbench-e1-executable-pilot-svbench-research-claim-20260515T141203Z (bp6qd19u06wzeqkdrf0h24xx)',
      model: 'Qwen/Qwen3.5-2B',
      env: 'intertwine/sv-env-network-logs',
      createdAt: '2026-05-15T14:12:20.609Z',
      checkpointStep: null,
      passThreshold: null
    })
    expect(h.header).toMatchObject({
      max_steps: 50,
      rollouts_per_example: 8,
      learning_rate: 1e-5,
      usage: { inference: { input_tokens: 336304, output_tokens: 189788 }, total_cost_usd: 0.0935, record_count: 77 },
      progress: { latest_step: 50, steps_with_samples: [0, 10, 20, 30, 40] }
    })
    expect(h.header.sideFileErrors).toBeUndefined()
  })
})

describe('run h4y9hb6fjom4xfbclitb2938 (own fixture): step 0, tool calls as JSON strings', () => {
  const rows = rowsOf(join(H4Y9, 'results.jsonl'))
  const s = rows.map((r) => P.summarize(r))

  it('counts, steps, task keys, rewards, tokens and statuses', () => {
    expect(s.map((x) => [x.sourceId, x.step, x.reward, x.status, x.turns])).toEqual([
      ['3', 0, 1, 'ok', 5],
      ['1', 0, 0, 'ok', 5],
      ['1', 0, 0, 'ok', 5],
      ['3', 0, 0, 'error', 2]
    ])
    expect(s[3].error).toBe('generation failed (empty completion)')
    expect([s[0].tokensIn, s[0].tokensOut]).toEqual([1830, 412])
    expect(s[1].durationMs).toBeCloseTo(19672.231912612915, 6)
    expect(s[1].metrics).toEqual({
      reward: 0,
      judge_reward: 0,
      num_turns: 2,
      total_tool_calls: 1,
      run_kubelinter_calls: 0,
      run_semgrep_calls: 1,
      run_opa_calls: 0,
      advantage: -0.375
    })
    expect(s[1].answer).toContain('semgrep/terraform-acl-public-read')
    // steps = metrics num_turns (2, 2, 2, 0); generation = timing.generation.duration (no model spans in these rows);
    // row 3's generation duration is -1.0: not a time
    expect(s.map((x) => x.steps)).toEqual([2, 2, 2, 0])
    expect(s.map((x) => x.generationMs)).toEqual([11500, 18672.231912612915, 20519.162893295288, null])
    // the user message, whitespace collapsed (204 chars) and cut to 200 with an ellipsis
    const flat = `File path: ${K8} Configuration: \`\`\`text apiVersion: v1 kind: Pod metadata: name: bad spec: containers: - name: app image: nginx:latest \`\`\``
    expect(s[0].preview).toBe(flat.slice(0, 199) + '…')
  })

  it('tool call (flat {id,name,arguments} in a JSON string) paired with its result by tool_call_id', () => {
    const turns = P.parseEpisode(rows[0]).turns
    expect(turns.map((t) => [t.role, t.isObservation])).toEqual([
      ['system', false],
      ['user', false],
      ['assistant', false],
      ['tool', true],
      ['assistant', false]
    ])
    expect(turns[2].toolCalls).toEqual([{ id: 'chatcmpl-tool-a1', name: 'run_kubelinter', arguments: { paths: [K8] } }])
    expect(turns[2].reasoning).toBe('I should call run_kubelinter on the file first.')
    expect(turns[3]).toMatchObject({ toolCallId: 'chatcmpl-tool-a1', toolName: 'run_kubelinter' })
    expect(turns[3].text).toContain("'rule_id': 'latest-tag'")
    expect(turns[4].text).toContain('"confidence": 0.9')
  })

  it('run header', () => {
    expect(P.readRunHeader(join(H4Y9, 'results.jsonl'))).toMatchObject({
      name: 'svbench-e2-llm_judge-pilot-svbench-research-claim-20260515T141203Z (h4y9hb6fjom4xfbclitb2938)',
      model: 'Qwen/Qwen3.5-9B',
      env: 'intertwine/sv-env-config-verification',
      createdAt: '2026-05-15T15:35:08.758Z',
      header: { max_steps: 1, usage: { total_cost_usd: 0.3931 }, progress: { steps_with_samples: [0] } }
    })
  })
})

describe('bad input', () => {
  it('a row without prompt and completion is a RecordError; broken JSON strings are kept as text', () => {
    expect(() => P.summarize({ prompt: '', completion: '', problem_id: 1, step: 0, reward: 0 })).toThrow(RecordError)
    const s = P.summarize({
      prompt: '[{"role": "user", "content": "cut',
      completion: '[]',
      problem_id: 1,
      step: 2,
      reward: 0,
      metrics: '{bad'
    })
    expect(s).toMatchObject({
      preview: '[{"role": "user", "content": "cut',
      status: 'error',
      metrics: { reward: 0 },
      step: 2,
      turns: 1
    })
  })

  it('a header never throws: a broken metadata.json is reported and the first row names the run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-prime-'))
    copyFileSync(join(BP6Q, 'results.jsonl'), join(dir, 'results.jsonl'))
    writeFileSync(join(dir, 'metadata.json'), '{"run": ')
    const h = P.readRunHeader(join(dir, 'results.jsonl'))
    expect(h).toMatchObject({
      name: 'intertwine/sv-env-network-logs (bp6qd19u06wzeqkdrf0h24xx)',
      env: 'intertwine/sv-env-network-logs',
      model: null
    })
    expect(h.header.sideFileErrors).toEqual([expect.stringContaining('metadata.json is not valid JSON')])
  })
})

describe('through the engine', () => {
  it('bp6q folder: results.jsonl gives the 25 episodes; rollouts_raw.json (same samples) and the run files are sidecars', async () => {
    const e = newEngine()
    const report = await e.indexPaths([BP6Q])
    const byName = Object.fromEntries(
      report.files.map((f) => [f.path.split('/').pop(), [f.format, f.state, f.episodes]])
    )
    expect(byName).toEqual({
      'results.jsonl': ['prime-hosted-rl', 'indexed', 25],
      'rollouts_raw.json': ['prime-hosted-rl', 'sidecar', 0],
      'metadata.json': ['prime-hosted-rl', 'sidecar', 0],
      'progress.json': ['prime-hosted-rl', 'sidecar', 0],
      'usage.json': ['prime-hosted-rl', 'sidecar', 0]
    })
    const runs = await e.api.listRuns()
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({
      format: 'prime-hosted-rl',
      episodes: 25,
      tasks: 3,
      model: 'Qwen/Qwen3.5-2B',
      env: 'intertwine/sv-env-network-logs'
    })
    expect(runs[0].meanReward).toBeCloseTo(1.7852, 10)
    // the folder says it is partial: the API page is 1 of 2 (25 of 32), progress.json lists steps 0–40
    const raw = JSON.parse(readFileSync(join(BP6Q, 'rollouts_raw.json'), 'utf8')) as Record<string, number>
    expect([raw.page, raw.total_pages, raw.total]).toEqual([1, 2, 32])
    expect(runs[0].warnings).toEqual([
      expect.stringMatching(/^The export is page 1 of 2 of the samples API: 25 of 32 samples \(rollouts_raw\.json\)\./),
      'progress.json lists samples at steps 0, 10, 20, 30 and 40; the export holds step 40 only, so the training ' +
        'curve misses steps 0, 10, 20 and 30.'
    ])
    // generation time apart from the total: 25 rows of model time, mean 282.27 ms (python: mean of model.duration × 1000)
    expect(runs[0].generationMs.count).toBe(25)
    expect(runs[0].generationMs.mean).toBeCloseTo(282.2669506072998, 6)
    expect(runs[0].steps).toMatchObject({ count: 25, mean: 1, min: 1, max: 1 })
    const page = await e.api.listEpisodes({ runId: runs[0].id, sort: 'ordinal', limit: 100 })
    expect(page.items.map((x) => [x.taskKey, x.taskKeyKind, x.step])).toEqual([
      ...Array(16).fill(['4', 'explicit', 40]),
      ...Array(8).fill(['6', 'explicit', 40]),
      ['0', 'explicit', 40]
    ])
    // rollouts numbered per problem (and step) in file order
    expect(page.items.map((x) => x.rollout)).toEqual([...Array(16).keys(), ...Array(8).keys(), 0])
    const ep = await e.api.getEpisode(page.items[10].id)
    expect(ep).toMatchObject({ reward: 1.77, step: 40, turnCount: 3 })
    expect(ep.turns[2].reasoning).toContain('"label": "Malicious"')
  })

  /**
   * metadata.json says 8 rollouts per example; problem 4 has samples 0–15 at step 40: two GRPO groups, as the
   * advantages say (each half's advantage is its reward less its own half's mean: ~0 for 0–7, all 1.78; ±0.006 for
   * 8–15). Groups of 2+ at step 40: 4 (0–7, all 1.78), 4 (8–15, spread), 6 (16–23, all 1.8); problem 0 has 1 sample.
   */
  it('GRPO groups by rollouts per example: a problem drawn twice in a step is two groups', async () => {
    const rows = rowsOf(join(BP6Q, 'results.jsonl'))
    const meta = JSON.parse(readFileSync(join(BP6Q, 'metadata.json'), 'utf8')) as {
      run: { rollouts_per_example: number }
    }
    const per = meta.run.rollouts_per_example
    expect(per).toBe(8)
    // each group's advantages are its rewards less the group's mean (to float32 rounding)
    const groups = new Map<string, { reward: number; advantage: number }[]>()
    for (const r of rows) {
      const key = `${String(r.problem_id)}/${Math.floor(Number(r.sample_id) / per)}`
      groups.set(key, [...(groups.get(key) ?? []), { reward: Number(r.reward), advantage: Number(r.advantage) }])
    }
    for (const g of groups.values()) {
      const mean = g.reduce((s, x) => s + x.reward, 0) / g.length
      for (const x of g) expect(x.advantage).toBeCloseTo(x.reward - mean, 5)
    }
    const flat = [...groups.values()].filter((g) => g.length > 1 && g.every((x) => x.reward === g[0].reward))
    const counted = [...groups.values()].filter((g) => g.length > 1)
    expect([flat.length, counted.length]).toEqual([2, 3])

    const e = newEngine()
    await e.indexPaths([BP6Q])
    const [run] = await e.api.listRuns()
    const curve = await e.api.trainingCurve(run.id)
    expect(curve.points).toHaveLength(1)
    expect(curve.points[0]).toMatchObject({ step: 40, groups: counted.length, episodes: 25, tasks: 3 })
    expect(curve.points[0].noSignalShare).toBeCloseTo(flat.length / counted.length, 12)
    // the curve carries the run's own warnings: one page of the samples API, steps 0–30 not exported
    expect(run.warnings).toHaveLength(2)
    expect(curve.warnings.filter((w) => w.code === 'run-warning').map((w) => w.message)).toEqual(run.warnings)
    // without metadata.json the group size is unknown: a problem's samples at a step are one group, as before
    expect(P.summarize(rows[8]).info.group).toBeUndefined()
  })

  it('both runs side by side: step 40 vs step 0, one run each', async () => {
    const e = newEngine()
    const report = await e.indexPaths([BP6Q, H4Y9])
    expect(
      report.files
        .filter((f) => f.state === 'indexed')
        .map((f) => f.episodes)
        .sort()
    ).toEqual([25, 4])
    expect(report.files.filter((f) => f.state !== 'indexed').every((f) => f.state === 'sidecar')).toBe(true)
    const runs = await e.api.listRuns()
    expect(runs).toHaveLength(2)
    const h4 = runs.find((r) => r.model === 'Qwen/Qwen3.5-9B')!
    expect(h4).toMatchObject({ episodes: 4, tasks: 2, meanReward: 0.25 })
    const page = await e.api.listEpisodes({ runId: h4.id, sort: 'ordinal' })
    expect(page.items.map((x) => [x.taskKey, x.rollout, x.step, x.status])).toEqual([
      ['3', 0, 0, 'ok'],
      ['1', 0, 0, 'ok'],
      ['1', 1, 0, 'ok'],
      ['3', 1, 0, 'error']
    ])
    const ep = await e.api.getEpisode(page.items[0].id)
    expect(ep.turns[3]).toMatchObject({ role: 'tool', toolCallId: 'chatcmpl-tool-a1', toolName: 'run_kubelinter' })
  })

  it('rollouts_raw.json alone in its folder is the episode source (same 25 samples)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-prime-raw-'))
    for (const f of ['rollouts_raw.json', 'metadata.json']) copyFileSync(join(BP6Q, f), join(dir, f))
    const e = newEngine()
    const report = await e.indexPaths([dir])
    const raw = report.files.find((f) => f.path.endsWith('rollouts_raw.json'))!
    expect([raw.format, raw.state, raw.episodes]).toEqual(['prime-hosted-rl', 'indexed', 25])
    expect(report.files.find((f) => f.path.endsWith('metadata.json'))!.state).toBe('sidecar')
    const [run] = await e.api.listRuns()
    expect(run).toMatchObject({
      episodes: 25,
      tasks: 3,
      model: 'Qwen/Qwen3.5-2B',
      name: expect.stringContaining('(bp6qd19u06wzeqkdrf0h24xx)')
    })
    expect(run.meanReward).toBeCloseTo(1.7852, 10)
    const page = await e.api.listEpisodes({ runId: run.id, sort: 'ordinal', limit: 100 })
    const ep = await e.api.getEpisode(page.items[14].id)
    expect(ep).toMatchObject({ taskKey: '4', reward: 1.76, step: 40, rollout: 14, turnCount: 3 })
    // the page's samples are grouped as results.jsonl's are (metadata.json beside it)
    expect((await e.api.trainingCurve(run.id)).points[0]).toMatchObject({ groups: 3, noSignalShare: 2 / 3 })
  })
})

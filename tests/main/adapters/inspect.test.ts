/**
 * Inspect AI logs (FORMATS.md §2) over every corpus file, plus archives built here for what the corpus lacks:
 * a log still being written (journal only), zstd members, cancelled and error runs, limits, a condensed sample
 * without `messages`, and a member over the size cap. Expected values were read off the files with python's
 * zipfile/json (scores per sample, message counts, tool-call ids).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { inspectAdapter } from '../../../src-main/formats/adapters/inspect'
import { scoreValue } from '../../../src-main/formats/adapters/inspect-sample'
import { ZipArchive } from '../../../src-main/formats/readers/zip-reader'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { buildZip, type ZipMember } from '../../generators/zip-writer.mjs'

const UNSCORED = fixture('inspect-ai/2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval')
const SCORED = fixture('inspect-ai/2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval')

async function indexed(paths: string[]) {
  const { engine } = tempEngine()
  const report = await engine.indexPaths(paths)
  const runs = await engine.api.listRuns()
  const episodes = async (runId: string) => (await engine.api.listEpisodes({ runId, sort: 'ordinal' })).items
  return { engine, report, runs, episodes }
}

describe('Inspect .eval (corpus)', () => {
  it('scored popularity log: 10 samples, C/I letters as 1/0 (ids 3 and 7 are I), 3 turns each, tokens from model_usage', async () => {
    const { report, runs, episodes, engine } = await indexed([SCORED])
    expect(report.files[0]).toMatchObject({ state: 'indexed', format: 'inspect', episodes: 10 })
    expect(runs[0]).toMatchObject({
      name: 'popularity 2025-02-11 15:18',
      model: 'openai/gpt-4o-mini',
      episodes: 10,
      meanReward: 0.8
    })
    const eps = await episodes(runs[0].id)
    expect(eps.map((e) => e.taskKey)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'])
    expect(eps.map((e) => e.reward)).toEqual([1, 1, 0, 1, 1, 1, 0, 1, 1, 1])
    expect(eps.every((e) => e.turns === 3 && e.rollout === 0 && e.status === 'ok')).toBe(true)
    expect(eps[0]).toMatchObject({ tokensIn: 64, tokensOut: 2, answer: ' Yes' })
    const d = await engine.api.getEpisode(eps[2].id)
    expect(d.turns.map((t) => [t.role, t.isPrompt])).toEqual([
      ['system', true],
      ['user', true],
      ['assistant', false]
    ])
    expect(d.info).toMatchObject({ scorer: 'match', score: 'I' })
  })

  it("scored popularity log: the header's accuracy 0.8 beside Rollscope's 8/10; wall time from stats; no limits, no model times", async () => {
    const { runs, episodes } = await indexed([SCORED])
    // header.json results.scores[0] = {name: match, metrics: {accuracy: {value: 0.8}, stderr: {value: 0.1333…}}}
    expect(runs[0].headlines).toEqual([
      {
        label: 'accuracy',
        value: 0.8,
        source: 'header.json results.scores[match].metrics.accuracy',
        matches: 'meanReward',
        ours: 0.8,
        agrees: true,
        note: null
      }
    ])
    // stats.started_at 2025-02-11T15:18:04-05:00, completed_at 15:18:08-05:00
    expect(runs[0].wallTimeMs).toBe(4000)
    expect(runs[0].terminations).toEqual([])
    expect(runs[0].unscored).toBeNull()
    const eps = await episodes(runs[0].id)
    // these 2025-02 samples have no total_time and their model events no working_time
    expect(
      eps.every(
        (e) => e.termination === null && e.generationMs === null && e.durationMs === null && e.unscored === null
      )
    ).toBe(true)
  })

  it('unscored log (before `inspect score`): same 10 tasks, no rewards', async () => {
    const { runs, episodes } = await indexed([UNSCORED])
    const eps = await episodes(runs[0].id)
    expect(eps).toHaveLength(10)
    expect(eps.every((e) => e.reward === null && e.turns === 3)).toBe(true)
    expect(runs[0].meanReward).toBeNull()
    // results.scores is [] and every sample's scores {}: no headline, 10 episodes "not scored", left out of the mean
    expect(runs[0].headlines).toEqual([])
    expect(eps.every((e) => e.unscored === 'not scored')).toBe(true)
    expect(runs[0].unscored).toMatchObject({
      count: 10,
      reasons: [{ reason: 'not scored', count: 10 }],
      countedAs: 'excluded'
    })
    expect(runs[0].wallTimeMs).toBe(1000) // 15:17:00 → 15:17:01
  })

  it('the two popularity runs share their task keys (pairable)', async () => {
    const { runs, episodes } = await indexed([UNSCORED, SCORED])
    const keys = await Promise.all(runs.map(async (r) => (await episodes(r.id)).map((e) => e.taskKey).sort()))
    expect(keys[0]).toEqual(keys[1])
  })

  it('v3 deduplicated log: 12 turns, 5 bash calls each paired with its result by id', async () => {
    const { runs, episodes, engine } = await indexed([fixture('inspect-ai/log_message_deduplication.eval')])
    const [ep] = await episodes(runs[0].id)
    expect(ep).toMatchObject({ taskKey: '0', turns: 12, reward: 0, durationMs: 457 })
    const d = await engine.api.getEpisode(ep.id)
    const calls = d.turns.flatMap((t) => t.toolCalls.map((c) => [c.id, c.name, c.arguments]))
    expect(calls).toEqual([0, 1, 2, 3, 4].map((i) => [`hardcoded_${i}`, 'bash', { cmd: 'ls' }]))
    const results = d.turns.filter((t) => t.role === 'tool').map((t) => [t.toolCallId, t.toolName])
    expect(results).toEqual([0, 1, 2, 3, 4].map((i) => [`hardcoded_${i}`, 'bash']))
    // the tools offered to the model are on its model events (a long description as an attachment ref), read once
    const zip = ZipArchive.open(fixture('inspect-ai/log_message_deduplication.eval'))
    const sample = JSON.parse(zip.read('samples/0_epoch_1.json').toString('utf8')) as {
      events: { event: string; tools?: { name: string; description: string }[] }[]
      attachments: Record<string, string>
    }
    const offered = sample.events.find((e) => e.event === 'model')!.tools!
    expect(offered.map((t) => t.name)).toEqual(['bash', 'python'])
    expect(d.tools).toEqual(
      offered.map((t) => ({
        ...t,
        description: t.description.startsWith('attachment://')
          ? sample.attachments[t.description.slice('attachment://'.length)]
          : t.description
      }))
    )
    expect((d.tools[1] as { description: string }).description).not.toMatch(/^attachment:/)
  })

  it('v3 deduplicated log: generation = the 6 model calls (0.19 ms of the hardcoded model) apart from the 457 ms total', async () => {
    const { runs, episodes } = await indexed([fixture('inspect-ai/log_message_deduplication.eval')])
    const [ep] = await episodes(runs[0].id)
    // python: sum(e['working_time'] for e in sample['events'] if e['event'] == 'model') * 1000; the sample's own
    // working_time (0.449 s: model and sandbox) is not generation time
    expect(ep.generationMs).toBeCloseTo(0.18671801080927253, 12)
    expect(ep).toMatchObject({ durationMs: 457, termination: null, steps: 6 })
    // closeness_log accuracy 0.0 over the one sample scored 0.0; stats 10:15:43 → 10:15:45
    expect(runs[0].headlines).toMatchObject([{ label: 'accuracy', value: 0, ours: 0, agrees: true }])
    expect(runs[0].wallTimeMs).toBe(2000)
    expect(runs[0].generationMs).toMatchObject({ count: 1 })
  })

  it('log_formats: the .eval and the .json containers give the same episode', async () => {
    const { runs, episodes, engine } = await indexed([
      fixture('inspect-ai/log_formats.eval'),
      fixture('inspect-ai/log_formats.json')
    ])
    expect(runs).toHaveLength(2)
    const [a, b] = await Promise.all(runs.map(async (r) => (await episodes(r.id))[0]))
    const strip = ({ id: _i, runId: _r, ...rest }: typeof a) => rest
    expect(strip(a)).toEqual(strip(b))
    expect(a).toMatchObject({ taskKey: '1', reward: 0, turns: 3 }) // score "I", answer "No"
    const [ta, tb] = await Promise.all([a, b].map(async (e) => (await engine.api.getEpisode(e.id)).turns))
    expect(ta).toEqual(tb)
    // the same headline, named after the file it was read from
    expect(runs.map((r) => r.headlines[0].source).sort()).toEqual([
      'header.json results.scores[match].metrics.accuracy',
      'log_formats.json results.scores[match].metrics.accuracy'
    ])
    expect(runs.every((r) => r.headlines[0].agrees && r.wallTimeMs === 0)).toBe(true) // started = completed (12:53:13)
  })
})

describe('Inspect .json (corpus)', () => {
  it('images stored as attachments come back as data URIs on the turn, never in the text or the row', async () => {
    const { runs, episodes, engine } = await indexed([fixture('inspect-ai/log_images.json')])
    const [ep] = await episodes(runs[0].id)
    expect(ep.preview).toBe('What is this a picture of? [image]')
    const d = await engine.api.getEpisode(ep.id)
    expect(d.turns[1].text).toBe('What is this a picture of?\n[image]')
    expect(d.turns[1].images).toHaveLength(1)
    expect(d.turns[1].images![0].src).toMatch(/^data:image\/png;base64,/)
    expect(JSON.stringify(ep)).not.toContain('base64')
  })

  it('tool-call errors: 11 tool results, each with its error type on the turn; epoch 4 is rollout 3', async () => {
    const { runs, episodes, engine } = await indexed([fixture('inspect-ai/log_tool_call_error.json')])
    const [ep] = await episodes(runs[0].id)
    expect(ep).toMatchObject({ taskKey: '1', rollout: 3, turns: 11 })
    const d = await engine.api.getEpisode(ep.id)
    expect(d.turns.map((t) => t.meta?.error?.split(':')[0])).toEqual([
      'parsing',
      'timeout',
      'parsing',
      'unicode_decode',
      'permission',
      'file_not_found',
      'is_a_directory',
      'limit',
      'approval',
      'unknown',
      'output_limit'
    ])
  })

  it('tool-call errors: each result is named by its `function` (bash); with no input among the messages, none is a prompt', async () => {
    const { runs, episodes, engine } = await indexed([fixture('inspect-ai/log_tool_call_error.json')])
    const [ep] = await episodes(runs[0].id)
    const d = await engine.api.getEpisode(ep.id)
    // messages[i] = {role: tool, tool_call_id: bash_<i+1>, function: bash, error}; the sample's input is "..." and no
    // message is it, nor an assistant message
    expect(d.turns.map((t) => [t.role, t.toolCallId, t.toolName, t.isPrompt, t.isObservation])).toEqual(
      Array.from({ length: 11 }, (_, i) => ['tool', `bash_${i + 1}`, 'bash', false, true])
    )
  })

  it('log_tool_call_error: the header states accuracy 1.0 but its one sample has no score (scores null): flagged', async () => {
    const { runs, episodes } = await indexed([fixture('inspect-ai/log_tool_call_error.json')])
    const [ep] = await episodes(runs[0].id)
    expect(ep).toMatchObject({ reward: null, unscored: 'not scored' })
    expect(runs[0].headlines).toMatchObject([{ label: 'accuracy', value: 1, ours: null, agrees: false }])
    expect(runs[0].headlines[0].note).toContain('Rollscope has no mean reward')
  })
})

// ---------- archives built here ----------

const spec = (status: string, extra: object = {}) => ({
  version: 2,
  status,
  eval: {
    run_id: 'r1',
    task: 'agentic',
    task_id: 't1',
    created: '2026-01-02T03:04:05+00:00',
    model: 'anthropic/claude-x',
    dataset: { name: 'd' },
    config: { epochs: 2 }
  },
  plan: { name: 'plan', steps: [] },
  ...extra
})
const sample = (id: number | string, epoch: number, extra: object = {}) => ({
  id,
  epoch,
  input: `solve task ${id}`,
  target: 'ok',
  messages: [
    { role: 'user', content: `solve task ${id}`, source: 'input' },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', reasoning: 'think first' },
        { type: 'text', text: 'running it' }
      ],
      tool_calls: [{ id: 'c1', function: 'bash', arguments: { cmd: 'make' } }]
    },
    { role: 'tool', content: 'built', tool_call_id: 'c1', function: 'bash' },
    { role: 'assistant', content: 'done' }
  ],
  scores: { verify: { value: epoch === 1 ? 'C' : 'P' } },
  model_usage: { 'anthropic/claude-x': { input_tokens: 100, output_tokens: 10 } },
  total_time: 2.5,
  ...extra
})

const dir = mkdtempSync(join(tmpdir(), 'rs-inspect-'))
const evalFile = (name: string, members: ZipMember[]): string => {
  const p = join(dir, name)
  writeFileSync(p, buildZip(members))
  return p
}

describe('Inspect .eval (built archives)', () => {
  it('a log still being written (no header.json): header from _journal/start.json, samples present so far, zstd members', async () => {
    const p = evalFile('running.eval', [
      { name: '_journal/start.json', data: spec('started'), method: 93 },
      { name: 'samples/2_epoch_1.json', data: sample(2, 1), method: 93 },
      { name: 'samples/1_epoch_2.json', data: sample(1, 2), method: 93 },
      { name: 'samples/1_epoch_1.json', data: sample(1, 1), method: 93 },
      { name: '_journal/summaries/1.json', data: [{ id: 1, epoch: 1 }] }
    ])
    const { runs, episodes, engine } = await indexed([p])
    expect(runs[0]).toMatchObject({ name: 'agentic 2026-01-02 03:04', model: 'anthropic/claude-x', episodes: 3 })
    const eps = await episodes(runs[0].id)
    // sorted by sample id then epoch; epochs are rollouts 0, 1; P = 0.5
    expect(eps.map((e) => [e.taskKey, e.rollout, e.reward, e.turns])).toEqual([
      ['1', 0, 1, 4],
      ['1', 1, 0.5, 4],
      ['2', 0, 1, 4]
    ])
    const d = await engine.api.getEpisode(eps[0].id)
    expect(d.turns[1]).toMatchObject({ role: 'assistant', text: 'running it', reasoning: 'think first' })
    expect(d.turns[1].toolCalls).toEqual([{ id: 'c1', name: 'bash', arguments: { cmd: 'make' } }])
    expect(d.turns[2]).toMatchObject({ role: 'tool', toolCallId: 'c1', toolName: 'bash', isObservation: true })
  })

  it("the sample's input is the prompt: a solver's system message ahead of it, a few-shot input's assistant turn in it", async () => {
    const input = [
      { role: 'user', content: 'What is 2+2?' },
      { role: 'assistant', content: '4' },
      { role: 'user', content: 'What is 3+3?' }
    ]
    const p = evalFile('few-shot.eval', [
      { name: 'header.json', data: spec('success') },
      {
        name: 'samples/1_epoch_1.json',
        data: sample(1, 1, {
          input,
          messages: [
            { role: 'system', content: 'Answer with a number.' },
            ...input.map((m) => ({ ...m, source: 'input' })),
            { role: 'assistant', content: '6', source: 'generate' },
            { role: 'user', content: 'Are you sure?' },
            { role: 'assistant', content: 'Yes: 6' }
          ]
        })
      }
    ])
    const { runs, episodes, engine } = await indexed([p])
    const [ep] = await episodes(runs[0].id)
    const d = await engine.api.getEpisode(ep.id)
    expect(d.turns.map((t) => [t.role, t.isPrompt, t.isObservation])).toEqual([
      ['system', true, false],
      ['user', true, false],
      ['assistant', true, false],
      ['user', true, false],
      ['assistant', false, false],
      ['user', false, true],
      ['assistant', false, false]
    ])
  })

  it('error and cancelled runs; a sample error, a limit, and a condensed sample rebuilt from its model event', async () => {
    const condensed = {
      ...sample(3, 1),
      messages: [],
      message_pool: [
        { role: 'user', content: 'solve task 3' },
        { role: 'assistant', content: 'first try' },
        { role: 'user', content: 'again' }
      ],
      events: [
        {
          event: 'model',
          input: [],
          input_refs: [[0, 3]],
          output: { choices: [{ message: { role: 'assistant', content: 'second try' } }] }
        }
      ]
    }
    const p = evalFile('error.eval', [
      { name: 'header.json', data: spec('error', { error: { message: 'RuntimeError: sandbox died' } }) },
      {
        name: 'samples/1_epoch_1.json',
        data: sample(1, 1, { error: { message: 'sandbox died', traceback: '...' }, scores: {} })
      },
      { name: 'samples/2_epoch_1.json', data: sample(2, 1, { limit: { type: 'message', limit: 50 } }) },
      { name: 'samples/3_epoch_1.json', data: condensed }
    ])
    const { runs, episodes, engine } = await indexed([p])
    const eps = await episodes(runs[0].id)
    expect(eps.map((e) => [e.taskKey, e.status, e.error, e.reward])).toEqual([
      ['1', 'error', 'sandbox died', null],
      ['2', 'truncated', 'message limit (50) reached', 1],
      ['3', 'ok', null, 1]
    ])
    // termination: error, else the limit's type; the errored sample is unscored because it errored
    expect(eps.map((e) => [e.termination, e.unscored])).toEqual([
      ['error', 'error'],
      ['message', null],
      [null, null]
    ])
    expect(runs[0].terminations).toEqual([
      { reason: 'error', count: 1 },
      { reason: 'message', count: 1 }
    ])
    const run = await engine.api.getRun(runs[0].id)
    expect(run.header).toMatchObject({ status: 'error', error: 'RuntimeError: sandbox died' })
    const d = await engine.api.getEpisode(eps[2].id)
    expect(d.turns.map((t) => t.text)).toEqual(['solve task 3', 'first try', 'again', 'second try'])

    const cancelled = evalFile('cancelled.eval', [
      { name: 'header.json', data: spec('cancelled') },
      { name: 'samples/1_epoch_1.json', data: sample(1, 1) }
    ])
    const c = await indexed([cancelled])
    expect((await c.engine.api.getRun(c.runs[0].id)).header).toMatchObject({ status: 'cancelled' })
  })

  it("generation time leaves out a model-graded scorer's calls; a non-mean epoch reducer gives no headline", async () => {
    const span = (id: string, type: string, parent: string | null = null) => ({
      event: 'span_begin',
      id,
      parent_id: parent,
      type,
      name: type
    })
    const events: object[] = [
      span('s', 'solvers'),
      span('g', 'solver', 's'),
      { event: 'model', span_id: 'g', working_time: 1.25, output: {} },
      { event: 'model', span_id: 'g', working_time: 0.5, output: {} },
      span('sc', 'scorers'),
      span('j', 'scorer', 'sc'),
      { event: 'model', span_id: 'j', working_time: 9, output: {} } // the grader's call
    ]
    const results = (reducer: string) => ({
      results: {
        scores: [
          { name: 'verify', scorer: 'verify', reducer, metrics: { accuracy: { name: 'accuracy', value: 0.75 } } }
        ]
      }
    })
    const p = evalFile('graded.eval', [
      {
        name: 'header.json',
        data: spec('success', {
          ...results('mean'),
          stats: { started_at: '2026-01-02T03:04:05+00:00', completed_at: '2026-01-02T03:06:05+00:00' }
        })
      },
      { name: 'samples/1_epoch_1.json', data: sample(1, 1, { events }) },
      {
        name: 'samples/1_epoch_2.json',
        data: sample(1, 2, { events: events.slice(0, 3).concat([{ event: 'model', span_id: 'g', output: {} }]) })
      }
    ])
    const { runs, episodes } = await indexed([p])
    const eps = await episodes(runs[0].id)
    // 1.25 + 0.5 s; epoch 2 has a solver call without working_time: its generation time is unknown
    expect(eps.map((e) => e.generationMs)).toEqual([1750, null])
    expect(eps.map((e) => e.durationMs)).toEqual([2500, 2500]) // total_time 2.5 s stays the total
    // epochs 2, reducer mean: accuracy 0.75 = mean of C (1) and P (0.5)
    expect(runs[0].headlines).toMatchObject([{ label: 'accuracy', value: 0.75, ours: 0.75, agrees: true }])
    expect(runs[0].wallTimeMs).toBe(120000)
    const maxed = evalFile('maxed.eval', [
      { name: 'header.json', data: spec('success', results('max')) },
      { name: 'samples/1_epoch_1.json', data: sample(1, 1) }
    ])
    expect((await indexed([maxed])).runs[0].headlines).toEqual([])
  })

  it('the checkpoint step from the log metadata (checkpoint_step, else step), the edited log metadata first', async () => {
    const withMeta = (name: string, evalMeta: object | null, logMeta: object | null) => {
      const h = spec('success', logMeta ? { metadata: logMeta } : {}) as { eval: Record<string, unknown> }
      if (evalMeta) h.eval.metadata = evalMeta
      return evalFile(name, [
        { name: 'header.json', data: h },
        { name: 'samples/1_epoch_1.json', data: sample(1, 1) }
      ])
    }
    const step = async (p: string) => (await indexed([p])).runs[0].checkpointStep
    expect(await step(withMeta('m1.eval', { checkpoint_step: 300, step: 7 }, null))).toBe(300)
    expect(await step(withMeta('m2.eval', { step: '40' }, null))).toBe(40) // `--metadata step=40` kept as text
    expect(await step(withMeta('m3.eval', { step: 40 }, { checkpoint_step: 50 }))).toBe(50)
    expect(await step(withMeta('m4.eval', { step: 'final', checkpoint_step: -1 }, null))).toBeNull()
    expect(await step(SCORED)).toBeNull()
  })

  it('a sample over the member cap is listed from summaries.json as an error; the others index', async () => {
    const p = evalFile('big.eval', [
      { name: 'header.json', data: spec('success') },
      { name: 'samples/1_epoch_1.json', data: sample(1, 1) },
      { name: 'samples/2_epoch_1.json', data: '{}', declaredSize: 1100e6 },
      {
        name: 'summaries.json',
        data: [{ id: 2, epoch: 1, input: 'solve task 2', target: 'ok', scores: { verify: { value: 'I' } } }]
      }
    ])
    const { report, runs, episodes } = await indexed([p])
    expect(report.files[0]).toMatchObject({ state: 'indexed', episodes: 2 })
    const eps = await episodes(runs[0].id)
    expect(eps[1]).toMatchObject({ taskKey: '2', status: 'error', reward: 0, preview: 'solve task 2' })
    expect(eps[1].error).toMatch(/^zip member samples\/2_epoch_1\.json is 1100 MB uncompressed, over the 1024 MB limit/)
  })

  it('a zip that is not an Inspect log is reported as such; a truncated log fails with the reason', async () => {
    const other = evalFile('other.zip', [{ name: 'readme.txt', data: 'hi' }])
    const cut = join(dir, 'cut.eval')
    const whole = buildZip([{ name: 'header.json', data: spec('success') }])
    writeFileSync(cut, whole.subarray(0, whole.length - 10))
    const { report } = await indexed([other, cut])
    const by = Object.fromEntries(report.files.map((f) => [f.path.split('/').pop(), f]))
    expect(by['other.zip']).toMatchObject({
      state: 'unknown-format',
      error: expect.stringContaining('a zip archive of no known format')
    })
    expect(by['cut.eval']).toMatchObject({ state: 'error', error: expect.stringMatching(/^zip archive: /) })
  })

  it('a growing log is re-indexed without reading the samples already read', async () => {
    const members: ZipMember[] = [
      { name: 'header.json', data: spec('started') },
      { name: 'samples/1_epoch_1.json', data: sample(1, 1) }
    ]
    const p = evalFile('grow.eval', members)
    const { engine } = tempEngine()
    await engine.indexPaths([p])
    const reads: string[] = []
    const orig = ZipArchive.prototype.read
    ZipArchive.prototype.read = function (name: string) {
      reads.push(name)
      return orig.call(this, name)
    }
    try {
      writeFileSync(p, buildZip([...members, { name: 'samples/2_epoch_1.json', data: sample(2, 1) }]))
      await engine.indexPaths([p])
    } finally {
      ZipArchive.prototype.read = orig
    }
    // the listing reads the header and the new sample only; the full-text pass that follows reads the re-listed
    // file's samples (its episodes were replaced, so were their search rows)
    expect(reads).toEqual(['header.json', 'samples/2_epoch_1.json', 'samples/1_epoch_1.json', 'samples/2_epoch_1.json'])
    const [run] = await engine.api.listRuns()
    expect(run.episodes).toBe(2)
  })
})

describe('scores', () => {
  it("follow Inspect's value_to_float", () => {
    expect(['C', 'I', 'P', 'N', 'yes', 'No', true, false, 0.25, '0.75', 'maybe', [1], null].map(scoreValue)).toEqual([
      1,
      0,
      0.5,
      0,
      1,
      0,
      1,
      0,
      0.25,
      0.75,
      null,
      null,
      null
    ])
  })

  it('the adapter claims Inspect logs only', () => {
    expect(inspectAdapter.matches({ eval: { task: 'x' }, status: 'success', plan: {} }, 'a.json')).toBe(true)
    expect(inspectAdapter.matches({ eval: { task: 'x' } }, 'a.json')).toBe(false)
    expect(inspectAdapter.matches([{ eval: { task: 'x' }, status: 'success' }], 'a.json')).toBe(false)
  })
})

/**
 * Prime Intellect hosted-RL run export (FORMATS.md §1.4, PROVENANCE §1d): dumps of the platform API
 * written per run folder `<run_id>/`:
 * - `results.jsonl`: one API sample per line — `run_id`, `env_name`, `step` (training step, 0 =
 *   before training), `problem_id` (dataset example id), `sample_id` (running index in the API page),
 *   `prompt` / `completion` / `metrics` / `timing` as JSON-encoded STRINGS, `reward`, `advantage`,
 *   `answer`, `info` (""), `task`, `tag`, `created_at`, `num_input_tokens` / `num_output_tokens`
 *   (0 when not reported). Completion tool calls are JSON strings of flat `{id, name, arguments}`.
 * - `rollouts_raw.json`: one raw API page `{run_id, page, limit, total, total_pages, samples[]}` whose
 *   samples are the same rows (checked on the corpus run: identical to results.jsonl row by row).
 * - `metadata.json` `{run: {...}}`, `progress.json`, `usage.json`: run facts (see primeHostedRlRunHeader).
 *
 * Episodes come from results.jsonl; rollouts_raw.json is a sidecar when a results.jsonl sits beside it
 * (no double counting) and the episode source only when it is alone.
 */
import { firstRecordOf, readSideObject } from '../readers/side-files'
import { basename, dirname, join } from 'node:path'
import type { EpisodeBody, EpisodeSummaryRecord, JsonlAdapter, RunHeader } from '../types'
import { RecordError } from '../types'
import { messagesToTurns } from './messages'
import { previewOf } from './preview'
import { answerText, promptHash } from './prompt-hash'
import { idText, isObj, num, numericFields, scalarFields, str, type Obj } from './record-fields'
import { decodeMaybeJson } from '../readers/tolerant-json'
import { rolloutGenerationMs, rolloutStatus, rolloutSteps, rolloutTermination } from './verifiers-rollout-facts'
import { defineFormat } from '../define-format'

/** Whether a record is a hosted-RL export row: a verifiers-like sample plus the platform's training fields. */
export function isHostedRlRow(r: Obj): boolean {
  return (
    'prompt' in r &&
    'completion' in r &&
    'problem_id' in r &&
    ('run_id' in r || 'step' in r) &&
    ('reward' in r || 'sample_id' in r)
  )
}

/** Numbers of the row that are identity or bookkeeping, not metrics (`advantage` IS kept: GRPO advantage per sample). */
const RESERVED = new Set(['step', 'problem_id', 'sample_id', 'num_input_tokens', 'num_output_tokens'])

type Messages = unknown[] | string

/** A JSON-encoded message list decoded; a list as is; a string that is no JSON list is the text itself. */
function messagesOf(v: unknown): Messages {
  const d = decodeMaybeJson(v)
  if (Array.isArray(d)) return d
  if (typeof d === 'string') return d
  if (isObj(d)) return [d] // a single message object
  return []
}
const asList = (m: Messages, role: string): unknown[] =>
  typeof m === 'string' ? (m === '' ? [] : [{ role, content: m }]) : m
const objOf = (v: unknown): Obj => {
  const d = decodeMaybeJson(v)
  return isObj(d) ? d : {}
}

/** JSONL adapter for hosted-RL `results.jsonl` rows (listed before verifiers, which would otherwise read them without the step). */
export const primeHostedRlAdapter = defineFormat<JsonlAdapter>({
  format: 'prime-hosted-rl',
  // above verifiers: a hosted-RL row is a verifiers rollout with JSON-string fields
  priority: 40,
  fileKinds: ['jsonl'],
  extensions: ['.jsonl'],
  companions: [],

  matches: isHostedRlRow,

  readRunHeader: (path) => primeHostedRlRunHeader(path),

  summarize(r, file): EpisodeSummaryRecord {
    const dir = file ? dirname(file.path) : null
    return summarizeHostedRow(
      r,
      dir && file ? file.ctx.memo(`prime-hosted-rl:rollouts-per-example:${dir}`, () => rolloutsPerExample(dir)) : null
    )
  },

  parseEpisode(r): EpisodeBody {
    return parseHostedRow(r)
  }
})

/**
 * The run's `rollouts_per_example` (metadata.json beside the file): the size of a GRPO group. A step's samples come
 * group by group in `sample_id` order, so a problem drawn twice in one step is two groups (in the corpus run problem
 * 4 at step 40 is samples 0–7 and 8–15, and each half's advantages are its own rewards less its own mean).
 */
export function rolloutsPerExample(dir: string): number | null {
  const meta = readSideObject(join(dir, 'metadata.json'), [])
  const n = meta && isObj(meta.run) ? num(meta.run.rollouts_per_example) : null
  return n !== null && Number.isInteger(n) && n > 0 ? n : null
}

/**
 * Summary of one hosted-RL sample (a results.jsonl row or a rollouts_raw.json sample). With the run's rollouts per
 * example known, info `group` numbers the sample's GRPO group (sample_id / rollouts per example): the training curve
 * counts groups with no signal by it, not by problem.
 */
export function summarizeHostedRow(r: Obj, perExample: number | null = null): EpisodeSummaryRecord {
  const prompt = messagesOf(r.prompt)
  const completion = messagesOf(r.completion)
  if (
    (typeof prompt === 'string' ? prompt === '' : prompt.length === 0) &&
    (typeof completion === 'string' ? completion === '' : completion.length === 0)
  ) {
    throw new RecordError('sample has neither prompt nor completion')
  }
  const reward = num(r.reward)
  const metrics: Record<string, number> = {}
  if (reward !== null) metrics.reward = reward
  const producerMetrics = objOf(r.metrics)
  numericFields(producerMetrics, RESERVED, metrics)
  const advantage = num(r.advantage)
  if (advantage !== null) metrics.advantage = advantage
  const task = str(r.task)
  const info = scalarFields(objOf(r.info))
  const env = str(r.env_name)
  if (env) info.env = env
  if (task && task !== 'default') info.task = task
  const tag = str(r.tag)
  if (tag) info.tag = tag
  const sample = num(r.sample_id)
  if (perExample !== null && sample !== null && Number.isInteger(sample) && sample >= 0)
    info.group = Math.floor(sample / perExample)
  const timing = objOf(r.timing)
  const seconds = num(timing.total)
  const tokensIn = num(r.num_input_tokens)
  const tokensOut = num(r.num_output_tokens)
  const unreported = !tokensIn && !tokensOut // the export writes 0/0 when the platform did not count
  const step = num(r.step)
  return {
    sourceId: sourceIdOf(r.problem_id, task),
    promptHash: promptHash(prompt, 'all'),
    answer: answerText(r.answer),
    reward,
    success: null,
    ...rolloutStatus(r, errorText(r.error), completion, reward),
    turns: asList(prompt, 'user').length + asList(completion, 'assistant').length,
    preview: previewOf(prompt),
    metrics,
    info,
    tokensIn: unreported ? null : tokensIn,
    tokensOut: unreported ? null : tokensOut,
    durationMs: seconds === null ? null : seconds * 1000,
    // the rows are verifiers rollouts: num_turns in the metrics, the RolloutTiming object, stop_condition when written
    steps: rolloutSteps(r, producerMetrics),
    termination: rolloutTermination(r),
    generationMs: rolloutGenerationMs(r, timing),
    rollout: null, // sample_id counts samples in the API page, not rollouts of a problem: numbered per problem and step
    step: step !== null && Number.isInteger(step) ? step : null,
    actions: { kind: 'messages', messages: completion }
  }
}

/** Full turns of one hosted-RL sample; the raw view shows the JSON-string fields decoded. */
export function parseHostedRow(r: Obj): EpisodeBody {
  const prompt = messagesOf(r.prompt)
  const completion = messagesOf(r.completion)
  const turns = messagesToTurns(asList(prompt, 'user'), asList(completion, 'assistant'))
  const infoFull: Obj = { ...objOf(r.info) }
  for (const k of ['run_id', 'env_name', 'step', 'problem_id', 'sample_id', 'advantage', 'task', 'tag', 'created_at']) {
    if (r[k] !== undefined && r[k] !== '') infoFull[k] = r[k]
  }
  const timing = decodeMaybeJson(r.timing)
  if (isObj(timing)) infoFull.timing = timing
  const raw: Obj = { ...r }
  for (const k of ['prompt', 'completion', 'metrics', 'timing', 'info'])
    if (typeof r[k] === 'string') raw[k] = decodeMaybeJson(r[k])
  return { turns, tools: [], infoFull, raw }
}

/** `problem_id` as the task id, prefixed by the sub-task of multi-task envs (`task/id`). */
function sourceIdOf(problemId: unknown, task: string | null): string | null {
  const id = idText(problemId)
  if (id === null) return null
  return task && task !== 'default' ? `${task}/${id}` : id
}

/** The row's error as text: the export JSON-encodes it, as a string or an object with a `message`. */
function errorText(raw: unknown): string | null {
  const err = decodeMaybeJson(raw)
  if (err === null || err === undefined || err === '' || err === false) return null
  return typeof err === 'string' ? err : isObj(err) ? (str(err.message) ?? JSON.stringify(err)) : String(err)
}

// ---------------------------------------------------------------------------------------------
// Run header: metadata.json {run}, usage.json, progress.json beside the file

/** Header values larger than this (serialized) are replaced by a note: the header is stored per run. */
const MAX_HEADER_VALUE_CHARS = 8192

/** `2026-05-15 14:12:20.609000` (platform time, UTC) → `2026-05-15T14:12:20.609Z`; ISO strings kept. */
function isoOf(v: unknown): string | null {
  const s = str(v)?.trim()
  if (!s) return null
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d{1,3})?\d*(Z|[+-]\d{2}:?\d{2})?$/.exec(s)
  if (!m) return s
  return `${m[1]}T${m[2]}${m[3] ?? ''}${m[4] ?? 'Z'}`
}

const capped = (v: unknown): unknown => {
  const size = typeof v === 'object' && v !== null ? JSON.stringify(v).length : 0
  return size > MAX_HEADER_VALUE_CHARS ? `[omitted: ${size.toLocaleString('en-US')} characters]` : v
}

/**
 * Run header of a hosted-RL export file (results.jsonl or rollouts_raw.json): name, base model,
 * environment(s) and creation time from `metadata.json` `{run}`, the run object as config, token and
 * cost totals from `usage.json`, sampled steps from `progress.json`. Without metadata.json the run id
 * and env come from the first row. Never throws: problems with side files land in `header.sideFileErrors`.
 */
export function primeHostedRlRunHeader(path: string, firstRow?: Obj | null): RunHeader {
  const dir = dirname(path)
  const problems: string[] = []
  const meta = readSideObject(join(dir, 'metadata.json'), problems)
  const run = meta && isObj(meta.run) ? meta.run : null
  const usage = readSideObject(join(dir, 'usage.json'), problems)
  const progress = readSideObject(join(dir, 'progress.json'), problems)
  const header: Obj = {}
  if (run) for (const [k, v] of Object.entries(run)) header[k] = capped(v)
  if (usage) {
    const u: Obj = {}
    for (const [k, v] of Object.entries(usage))
      if (!['base_model', 'run_id', 'run_name', 'status'].includes(k)) u[k] = capped(v)
    header.usage = u
  }
  if (progress) header.progress = capped(progress)
  const page = readSideObject(join(dir, 'rollouts_raw.json'), [])
  const warnings = partialExportWarnings(page, progress)
  if (problems.length) header.sideFileErrors = problems

  const row = run ? null : (firstRow ?? (path.endsWith('.jsonl') ? firstRecordOf(path) : null))
  const envs =
    run && Array.isArray(run.environments)
      ? run.environments.map((e) => (isObj(e) ? str(e.id) : null)).filter((e): e is string => !!e)
      : []
  const env = envs.length ? envs.join(', ') : row ? str(row.env_name) : null
  const model = (run && str(run.base_model)) ?? (usage && str(usage.base_model)) ?? null
  const runId =
    (run && idText(run.id)) ?? (usage && idText(usage.run_id)) ?? (row && idText(row.run_id)) ?? basename(dir)
  const runName = (run && str(run.name)) ?? (usage && str(usage.run_name)) ?? null
  return {
    name: runName
      ? `${runName} (${runId})`
      : [env, model].filter(Boolean).length
        ? `${[env, model].filter(Boolean).join(' · ')} (${runId})`
        : runId,
    model,
    env,
    createdAt: run ? isoOf(run.created_at) : row ? isoOf(row.created_at) : null,
    checkpointStep: null, // a run's samples may span several training steps: the step is per episode
    header,
    passThreshold: null,
    ...(warnings.length ? { warnings } : {})
  }
}

const listed = (xs: readonly unknown[]): string =>
  xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${String(xs[xs.length - 1])}`

/**
 * What the folder's own files say its samples lack. The export is what the samples API answered: one page of it
 * (the corpus run: page 1 of 2, 25 of 32 samples), and the steps it asked for (progress.json lists samples at steps
 * 0–40, the page holds step 40). Without these the run would pass for a whole training run: "8.33 rollouts per task"
 * where the trainer drew 8, one step on a curve of five.
 */
export function partialExportWarnings(page: Obj | null, progress: Obj | null): string[] {
  const out: string[] = []
  const samples = page && Array.isArray(page.samples) ? page.samples : null
  if (page && samples) {
    const total = num(page.total)
    const pages = num(page.total_pages)
    const at = num(page.page)
    if ((pages !== null && pages > 1) || (total !== null && total > samples.length)) {
      out.push(
        `The export is ${at !== null && pages !== null ? `page ${at} of ${pages}` : 'one page'} of the samples API` +
          `${total !== null ? `: ${samples.length} of ${total} samples` : ''} (rollouts_raw.json). Every figure is ` +
          'over these samples only: a GRPO group cut by the page has fewer rollouts than the trainer drew.'
      )
    }
  }
  const withSamples =
    progress && Array.isArray(progress.steps_with_samples)
      ? progress.steps_with_samples.filter((x): x is number => typeof x === 'number')
      : []
  if (samples && withSamples.length) {
    const present = new Set(samples.map((x) => (isObj(x) ? num(x.step) : null)).filter((x) => x !== null))
    const missing = withSamples.filter((x) => !present.has(x))
    if (missing.length && present.size) {
      out.push(
        `progress.json lists samples at steps ${listed(withSamples)}; the export holds step${present.size === 1 ? '' : 's'} ` +
          `${listed([...present].sort((a, b) => a - b))} only, so the training curve misses step${missing.length === 1 ? '' : 's'} ${listed(missing)}.`
      )
    }
  }
  return out
}

/**
 * NeMo Gym rollouts (`ng_collect_rollouts` output, FORMATS.md §6.3): one JSON object per rollout.
 * - `responses_create_params`: the input in OpenAI Responses-API form (`input` items or a string,
 *   optional `instructions`, `tools`, sampling args);
 * - `response`: an OpenAI Response (`status`, `error`, `incomplete_details`, `usage`, `model`,
 *   `output[]` items: `message`, `reasoning`, `function_call` / `function_call_output` paired by
 *   `call_id`, and for multi-turn gym envs `{role: "user", type: "message"}` environment observations);
 * - `reward` and env-specific verifier fields at top level (`terminated`, `truncated`, `info{}`,
 *   `judge_rating`, `expected_answer`, `accuracy`...), `_ng_task_index` / `_ng_rollout_index`, `agent_ref`.
 * Rows are written in completion order; the adapter sets `listInTaskOrder` so the indexer lists a
 * run's episodes by task index, then rollout index.
 */
import { firstRecordOf, readSideJson } from '../readers/side-files'
import { basename, dirname, join } from 'node:path'
import type { EpisodeStatus } from '@contract/model'
import type { EpisodeBody, EpisodeSummaryRecord, JsonlAdapter, ProducerHeadlineInput, RunHeader } from '../types'
import { RecordError } from '../types'
import { messagesToTurns } from './messages'
import { previewOf } from './preview'
import { answerText, promptHash } from './prompt-hash'
import { idText, isObj, num, scalarFields, str, usageTokens, type Obj, type ScalarMap } from './record-fields'
import { defineFormat } from '../define-format'
import { itemsToMessages, withoutInlineData, type Message } from './responses-items'

/** A NeMo Gym rollout: the Responses-API input and the response. (Input-only rows of `example.jsonl` are not rollouts.) */
export const isNemoRollout = (r: Obj): boolean => isObj(r.responses_create_params) && isObj(r.response)

/** Top-level keys that are not verifier results. */
const STRUCTURE = new Set([
  'responses_create_params',
  'response',
  '_ng_task_index',
  '_ng_rollout_index',
  'agent_ref',
  'info',
  'verifier_metadata'
])

/** Scalars fit for category columns: no inline data, no long text (scalarFields already drops > 200 chars). */
function categories(o: unknown, into: ScalarMap = {}): ScalarMap {
  const all = scalarFields(o)
  for (const [k, v] of Object.entries(all)) {
    if (k in into) continue
    if (typeof v === 'string' && v.startsWith('data:')) continue
    into[k] = v
  }
  return into
}

/** The input messages: `instructions` as a system message, then `input` (a string or a list of items). */
export function inputMessages(r: Obj): Message[] {
  const rcp = isObj(r.responses_create_params) ? r.responses_create_params : {}
  const out: Message[] = []
  const instructions = str(rcp.instructions)
  if (instructions) out.push({ role: 'system', content: instructions })
  if (typeof rcp.input === 'string') out.push({ role: 'user', content: rcp.input })
  else if (Array.isArray(rcp.input)) out.push(...itemsToMessages(rcp.input))
  return out
}

/** The generated part: `response.output` items. */
function outputMessages(r: Obj): Message[] {
  const response = isObj(r.response) ? r.response : {}
  const items = Array.isArray(response.output) ? response.output : []
  const messages = itemsToMessages(items)
  // gymnasium envs: the episode ended (terminated or truncated) with the last step
  const last = messages[messages.length - 1]
  if (last && last.done === undefined && (r.terminated === true || r.truncated === true)) last.done = true
  return messages
}

// ---------------------------------------------------------------------------------------------

function statusOf(r: Obj, outputCount: number, reward: number | null): { status: EpisodeStatus; error: string | null } {
  const response = isObj(r.response) ? r.response : {}
  const err = response.error
  if (err !== null && err !== undefined && err !== '') {
    const text = isObj(err) ? (str(err.message) ?? str(err.code) ?? JSON.stringify(err)) : String(err)
    return { status: 'error', error: text }
  }
  const st = str(response.status)
  if (st === 'failed') return { status: 'error', error: 'the response failed' }
  if (st === 'cancelled') return { status: 'cancelled', error: null }
  if (st === 'incomplete') {
    const why = isObj(response.incomplete_details) ? str(response.incomplete_details.reason) : null
    return { status: 'truncated', error: why ? `incomplete: ${why}` : 'incomplete response' }
  }
  if (r.truncated === true) return { status: 'truncated', error: 'truncated by the environment (step or time limit)' }
  if (outputCount === 0 && (reward === null || reward === 0))
    return { status: 'error', error: 'the response has no output' }
  return { status: 'ok', error: null }
}

/**
 * Why the rollout ended, as the producer wrote it: the Responses API's `incomplete_details.reason` of a response cut
 * short (`max_output_tokens`, `content_filter`), else the gymnasium flags of the last step (`truncated`: a step or
 * time limit; `terminated`: the episode reached an end state). Null when neither says.
 */
function terminationOf(r: Obj): string | null {
  const response = isObj(r.response) ? r.response : {}
  if (str(response.status) === 'incomplete')
    return (isObj(response.incomplete_details) ? str(response.incomplete_details.reason) : null) ?? 'incomplete'
  if (r.truncated === true) return 'truncated'
  if (r.terminated === true) return 'terminated'
  return null
}

/** Every numeric verifier result at top level (booleans as 0/1: accuracy, terminated, hit...). */
function metricsOf(r: Obj): Record<string, number> {
  const metrics: Record<string, number> = {}
  for (const key in r) {
    if (STRUCTURE.has(key)) continue
    const v = r[key]
    if (typeof v === 'number' && Number.isFinite(v)) metrics[key] = v
    else if (typeof v === 'boolean') metrics[key] = v ? 1 : 0
  }
  return metrics
}

function infoOf(r: Obj): ScalarMap {
  const info: ScalarMap = {}
  for (const key in r) {
    if (STRUCTURE.has(key)) continue
    const v = r[key]
    if (typeof v === 'string' && v.length <= 200 && !v.startsWith('data:')) info[key] = v
  }
  if (isObj(r.agent_ref) && typeof r.agent_ref.name === 'string') info.agent = r.agent_ref.name
  categories(r.info, info) // gymnasium info of the last step
  categories(r.verifier_metadata, info)
  return info
}

const intOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null)

export const nemoGymAdapter = defineFormat<JsonlAdapter>({
  format: 'nemo-gym',
  // above chat-jsonl
  priority: 20,
  fileKinds: ['jsonl'],
  extensions: ['.jsonl'],
  companions: [],
  listInTaskOrder: true,

  matches: isNemoRollout,

  readRunHeader: (path) => nemoGymRunHeader(path),

  summarize(r): EpisodeSummaryRecord {
    if (!isNemoRollout(r))
      throw new RecordError('not a NeMo Gym rollout (responses_create_params and response objects expected)')
    const input = inputMessages(r)
    const output = outputMessages(r)
    if (input.length === 0 && output.length === 0) throw new RecordError('rollout has neither input nor output')
    const reward = num(r.reward)
    const info = isObj(r.info) ? r.info : {}
    const success = typeof r.success === 'boolean' ? r.success : typeof info.success === 'boolean' ? info.success : null
    const tokens = usageTokens((r.response as Obj).usage)
    const answer = answerText(r.expected_answer ?? r.answer ?? r.ground_truth)
    return {
      sourceId: idText(r._ng_task_index),
      promptHash: promptHash(input, 'all'),
      answer: answer === null ? null : withoutInlineData(answer),
      reward,
      success,
      ...statusOf(r, output.length, reward),
      turns: input.length + output.length,
      preview: withoutInlineData(previewOf(input)),
      metrics: metricsOf(r),
      info: infoOf(r),
      tokensIn: tokens.tokensIn,
      tokensOut: tokens.tokensOut,
      durationMs: null,
      termination: terminationOf(r),
      rollout: intOrNull(r._ng_rollout_index),
      actions: { kind: 'messages', messages: output }
    }
  },

  parseEpisode(r): EpisodeBody {
    const turns = messagesToTurns(inputMessages(r), outputMessages(r))
    const rcp = isObj(r.responses_create_params) ? r.responses_create_params : {}
    const response = isObj(r.response) ? r.response : {}
    const infoFull: Obj = {}
    for (const key in r) if (key !== 'responses_create_params' && key !== 'response') infoFull[key] = r[key]
    infoFull.response = Object.fromEntries(
      ['id', 'model', 'status', 'created_at', 'usage', 'error', 'incomplete_details'].map((k) => [
        k,
        response[k] ?? null
      ])
    )
    return { turns, tools: Array.isArray(rcp.tools) ? rcp.tools : [], infoFull }
  }
})

// ---------------------------------------------------------------------------------------------
// Run header: first row (model, agent, time), aggregate metrics and dataset metrics side files

const MAX_HEADER_VALUE_CHARS = 8192

const capped = (v: unknown): unknown => {
  const size = typeof v === 'object' && v !== null ? JSON.stringify(v).length : 0
  return size > MAX_HEADER_VALUE_CHARS ? `[omitted: ${size.toLocaleString('en-US')} characters]` : v
}

/** `<stem>.jsonl` → the side files: `<stem>_aggregate_metrics.json`, and `<input stem>_metrics.json` (input stem = stem without `_rollouts`). */
export function nemoSideFiles(path: string): { aggregate: string; dataset: string } {
  const dir = dirname(path)
  const stem = basename(path).replace(/\.jsonl$/i, '')
  const inputStem = stem.replace(/_rollouts$/, '')
  return { aggregate: join(dir, `${stem}_aggregate_metrics.json`), dataset: join(dir, `${inputStem}_metrics.json`) }
}

/**
 * Run header of a rollouts file: env = the resources-server folder (`resources_servers/<env>/data/`
 * → `<env>`), model / agent / creation time / sampling args from the first row, the per-agent
 * aggregate metrics (`*_aggregate_metrics.json`, without the per-task groups) and the dataset stats
 * (`*_metrics.json`). Never throws.
 */
export function nemoGymRunHeader(path: string): RunHeader {
  const problems: string[] = []
  const dir = dirname(path)
  const folder = basename(dir)
  const env = folder === 'data' ? basename(dirname(dir)) || folder : folder
  const row = firstRecordOf(path)
  const response = row && isObj(row.response) ? row.response : {}
  const rcp = row && isObj(row.responses_create_params) ? row.responses_create_params : {}
  const model = str(response.model) ?? str(rcp.model)
  const created = num(response.created_at)
  const header: Obj = {}
  const agent = row && isObj(row.agent_ref) ? str(row.agent_ref.name) : null
  if (agent) header.agent = agent
  const sampling: Obj = {}
  for (const k of ['temperature', 'top_p', 'max_output_tokens', 'reasoning', 'tool_choice', 'parallel_tool_calls']) {
    if (rcp[k] !== null && rcp[k] !== undefined) sampling[k] = rcp[k]
  }
  if (Object.keys(sampling).length) header.sampling = sampling
  const side = nemoSideFiles(path)
  const aggregate = readSideJson(side.aggregate, problems)
  const headlines = Array.isArray(aggregate) ? aggregateHeadlines(aggregate, basename(side.aggregate)) : []
  if (Array.isArray(aggregate)) {
    header.aggregateMetrics = capped(
      aggregate.filter(isObj).map((a) => ({
        agent: isObj(a.agent_ref) ? (str(a.agent_ref.name) ?? null) : null,
        key_metrics: a.key_metrics ?? null,
        agent_metrics: a.agent_metrics ?? null
      }))
    )
  } else if (aggregate !== undefined) problems.push(`${basename(side.aggregate)} is not a list of per-agent metrics`)
  const dataset = readSideJson(side.dataset, problems)
  if (isObj(dataset)) header.datasetMetrics = capped(dataset)
  if (problems.length) header.sideFileErrors = problems
  const stem = basename(path).replace(/\.jsonl$/i, '')
  const known = [env, model].filter((v): v is string => !!v)
  return {
    name: `${known.join(' · ')} (${stem})`,
    model,
    env,
    createdAt: created === null ? null : new Date(created * 1000).toISOString(),
    checkpointStep: null,
    header,
    passThreshold: null,
    headlines
  }
}

/**
 * The producer's mean reward: `agent_metrics["mean/reward"]` of the aggregate file, which NeMo Gym's RewardProfiler
 * computes as the plain mean over the agent's rollouts (reward_profile.py, pandas groupby agent_name → mean), the
 * same figure as Rollscope's mean reward. Only for a single agent: with several, each mean covers a part of the file.
 */
function aggregateHeadlines(aggregate: unknown[], file: string): ProducerHeadlineInput[] {
  const agents = aggregate.filter(isObj)
  if (agents.length !== 1) return []
  for (const key of ['agent_metrics', 'key_metrics'] as const) {
    const m = agents[0][key]
    const value = isObj(m) ? num(m['mean/reward']) : null
    if (value !== null)
      return [{ label: 'mean/reward', value, source: `${file} ${key}["mean/reward"]`, matches: 'meanReward' }]
  }
  return []
}

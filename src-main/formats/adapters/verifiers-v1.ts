/**
 * verifiers v1 `traces.jsonl` (FORMATS.md §9): one Episode per line, written by `vf eval` v1
 * (`verifiers/v1/cli/output.py` write_episode: `outputs/<run dir>/traces.jsonl`) and by prime-rl's file monitor since
 * Aug 2026 (`src/prime_rl/monitors/file.py`: `rollouts/step_N/{train,eval}/{all,effective}/traces.jsonl`).
 *
 * - Turns: each trace's message graph along the branch the producer calls the conversation (verifiers-v1-graph.ts);
 *   tool results are paired with their calls by `tool_call_id`.
 * - Task key: `task.key` (the task's stable identity; by default the content hash of its data); the prompt hash is
 *   taken over the task's own prompt (`task.data.system_prompt` + `prompt`), else the conversation's first messages.
 * - `group.id` (the GRPO group the consumer assigned) and the run's identity go to the info fields; the named
 *   rewards (score × weight) and metrics are the episode's metrics (verifiers-v1-episode.ts).
 * - Step: in a prime-rl rollouts folder, the folder's step (the batch; prime-rl-layout.ts), else `run.work.step`.
 *   Every step's file of one output folder feeds one run per kind of work (train, eval).
 * - `all` vs `effective`: the `all` file is the episode source (every rollout of the step); the `effective` file
 *   beside it is read as its companion, for the ids the batch filters kept: each episode of `all` gets the info
 *   field `batch` = `kept` / `filtered out` (absent while the batch is not shipped yet). An `effective` file with no
 *   `all` beside it is the source itself (`batch` = `kept`).
 */
import { existsSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { EpisodeBody, EpisodeSummaryRecord, JsonlAdapter, JsonlFile, RunHeader } from '../types'
import { RecordError } from '../types'
import { defineFormat } from '../define-format'
import { firstRecordOf, readSideObject } from '../readers/side-files'
import { messagesToTurns } from './messages'
import { previewOf } from './preview'
import { answerText, promptHash } from './prompt-hash'
import { idText, isObj, num, scalarFields, str, type Obj, type ScalarMap } from './record-fields'
import { finalBranch, sampledTurns } from './verifiers-v1-graph'
import {
  agentName,
  episodeReward,
  rewardsRan,
  episodeStatus,
  episodeTimes,
  isV1Episode,
  isV1Trace,
  rewardBreakdown,
  tokenCounts,
  tracesOf
} from './verifiers-v1-episode'
import { allFileOf, keptEpisodeIds, rolloutPlace, trainingRunKey } from './prime-rl-layout'
import { METRICS_FILE } from './prime-rl-metrics'

/** The task as recorded: the episode's `task`, else its first trace's. */
const taskOf = (r: Obj, traces: Obj[]): Obj => (isObj(r.task) ? r.task : isObj(traces[0]?.task) ? traces[0].task : {})

/** The task's own prompt (`TaskData.system_prompt` + `prompt`, a string or messages), or null when it has none. */
function taskPrompt(data: Obj): unknown[] | null {
  const out: unknown[] = []
  const system = str(data.system_prompt)
  if (system) out.push({ role: 'system', content: system })
  if (typeof data.prompt === 'string') out.push({ role: 'user', content: data.prompt })
  else if (Array.isArray(data.prompt)) out.push(...data.prompt)
  return out.length ? out : null
}

/** The trace whose conversation stands for the episode: its first trainable one, else its first. */
const mainTrace = (traces: Obj[]): Obj | undefined =>
  traces.find((t) => !isObj(t.agent) || t.agent.trainable !== false) ?? traces[0]

function episodeInfo(r: Obj, traces: Obj[], task: Obj, file: JsonlFile | undefined): ScalarMap {
  const info: ScalarMap = {}
  const env = isObj(r.env) ? r.env : null
  const envName = env ? (str(env.name) ?? str(env.id)) : null
  if (envName) info.env = envName
  if (env && str(env.id) && str(env.id) !== envName) info.env_id = str(env.id)
  if (isObj(r.group) && idText(r.group.id) !== null) info.group = idText(r.group.id)
  const data = isObj(task.data) ? task.data : {}
  if (str(data.name)) info.task_name = str(data.name)
  if (str(task.type)) info.task_type = str(task.type)
  const run = isObj(r.run) ? r.run : null
  if (run) {
    if (str(run.type)) info.run_type = str(run.type)
    if (idText(run.id) !== null) info.run_id = idText(run.id)
    const work = isObj(run.work) ? run.work : null
    if (work) {
      if (str(work.type)) info.work = str(work.type)
      const step = num(work.step)
      if (step !== null) info.dispatch_step = step
      if (isObj(work.policy)) {
        const start = num(work.policy.start)
        const end = num(work.policy.end)
        if (start !== null) info.policy_start = start
        if (end !== null) info.policy_end = end
      }
    }
  }
  if (traces.length > 1) info.agents = traces.map(agentName).join(', ')
  const main = mainTrace(traces)
  if (main && isObj(main.info)) scalarFields(main.info, info)
  const place = file ? rolloutPlace(file.path) : null
  if (place?.subset) {
    info.subset = place.subset
    if (place.subset === 'effective') info.batch = 'kept'
    else if (file) {
      const kept = keptEpisodeIds(file.path, file.ctx)
      const id = idText(r.id)
      if (kept && id !== null) info.batch = kept.has(id) ? 'kept' : 'filtered out'
    }
  }
  return info
}

/** The step of the episode: its prime-rl folder's, else the one its run stamped (`run.work.step`). */
function stepOf(r: Obj, file: JsonlFile | undefined): number | null {
  const place = file ? rolloutPlace(file.path) : null
  if (place) return place.step
  const work = isObj(r.run) && isObj(r.run.work) ? r.run.work : null
  const step = work ? num(work.step) : null
  return step !== null && Number.isInteger(step) && step >= 0 ? step : null
}

/** Every trace's conversation, one after the other (an episode of several agents shows each agent's in turn). */
function episodeMessages(traces: Obj[]): { prompt: Obj[]; completion: Obj[]; branches: number }[] {
  return traces.map((t) => finalBranch(t))
}

export function summarizeV1Episode(r: Obj, file?: JsonlFile): EpisodeSummaryRecord {
  const traces = tracesOf(r)
  const task = taskOf(r, traces)
  if (!traces.length && !isObj(r.task)) throw new RecordError('record has neither traces nor a task')
  const data = isObj(task.data) ? task.data : {}
  const convs = episodeMessages(traces)
  const main = mainTrace(traces)
  const mainConv = main ? convs[traces.indexOf(main)] : null
  const prompt = taskPrompt(data) ?? mainConv?.prompt ?? []
  const reward = episodeReward(traces)
  const metrics = rewardBreakdown(traces)
  if (reward !== null) metrics.reward = reward
  // the producer's turn count (`Episode.num_turns`: sampled nodes on every branch); the steps shown are those of the
  // branches read, counted from the actions like the transcript's
  metrics.num_turns = traces.reduce((n, t) => n + sampledTurns(t), 0)
  const branches = convs.reduce((n, c) => n + c.branches, 0)
  if (branches > traces.length) metrics.branches = branches
  const { status, error, termination } = episodeStatus(r, traces)
  const times = episodeTimes(traces)
  // no reward ran on any trace: the producer's reward is 0 (Trace.reward sums nothing), counted as a failure
  const unscored =
    traces.length > 0 && traces.every((t) => isObj(t.rewards) && !rewardsRan(t))
      ? status === 'error'
        ? 'errored before scoring'
        : 'no reward ran'
      : null
  return {
    sourceId: str(task.key) ?? str(task.hash) ?? idText(data.idx),
    promptHash: promptHash(prompt, 'all'),
    answer: answerText(data.answer),
    reward,
    unscored,
    success: null,
    status,
    error,
    turns: convs.reduce((n, c) => n + c.prompt.length + c.completion.length, 0),
    termination,
    preview: previewOf(prompt),
    metrics,
    info: episodeInfo(r, traces, task, file),
    ...tokenCounts(traces),
    durationMs: times.durationMs,
    generationMs: times.generationMs,
    step: stepOf(r, file),
    actions: { kind: 'messages', messages: convs.flatMap((c) => c.completion) }
  }
}

/** Token-level arrays of a node (kept on disk by the producer for training): counted in the raw view, not shown. */
const TOKEN_FIELDS = ['token_ids', 'mask', 'is_content', 'logprobs', 'advantages', 'reference_logprobs']

/** A trace for the raw view: its nodes without their token arrays (each replaced by its length). */
function withoutTokenArrays(t: Obj): Obj {
  if (!Array.isArray(t.nodes)) return t
  const nodes = t.nodes.map((n) => {
    if (!isObj(n)) return n
    const out: Obj = {}
    for (const [k, v] of Object.entries(n)) {
      if (TOKEN_FIELDS.includes(k) && Array.isArray(v)) out[k] = `[${v.length} values]`
      else if (k === 'loss_weights' && isObj(v)) out[k] = `[${Object.keys(v).length} streams]`
      else out[k] = v
    }
    return out
  })
  return { ...t, nodes }
}

export function parseV1Episode(r: Obj): EpisodeBody {
  const traces = tracesOf(r)
  const convs = episodeMessages(traces)
  const turns = convs.flatMap(({ prompt, completion }) => messagesToTurns(prompt, completion))
  turns.forEach((t, i) => (t.index = i))
  const main = mainTrace(traces)
  const infoFull: Obj = {}
  for (const k of ['id', 'env', 'task', 'group', 'run', 'ok', 'errors']) if (r[k] !== undefined) infoFull[k] = r[k]
  infoFull.traces = traces.map((t, i) => ({
    agent: agentName(t),
    trainable: isObj(t.agent) ? t.agent.trainable : undefined,
    stop_condition: t.stop_condition,
    ok: t.ok,
    rewards: t.rewards,
    metrics: t.metrics,
    info: t.info,
    timing: t.timing,
    branches: convs[i].branches
  }))
  const raw: Obj = isV1Episode(r) ? { ...r, traces: traces.map(withoutTokenArrays) } : withoutTokenArrays(r)
  return { turns, tools: main && Array.isArray(main.tools) ? main.tools : [], infoFull, raw }
}

/** The model the episode's calls went to (`calls[].model`), else its agent's configured one. */
function modelOf(r: Obj | null): string | null {
  if (!r) return null
  for (const t of tracesOf(r)) {
    for (const c of Array.isArray(t.calls) ? t.calls : []) if (isObj(c) && str(c.model)) return str(c.model)
    const config = isObj(t.agent) && isObj(t.agent.config) ? t.agent.config : null
    if (config && str(config.model)) return str(config.model)
  }
  return null
}

const envOf = (r: Obj | null): string | null => (r && isObj(r.env) ? (str(r.env.name) ?? str(r.env.id)) : null)

/** Header values larger than this (serialized) are left out: the header is stored per run. */
const MAX_HEADER_VALUE_CHARS = 8192

/**
 * Run header: a prime-rl rollouts file names its run after the output folder and the kind of work (every step's
 * file gives the same name); a `vf eval` run after its run folder, with its resolved config (`configs/eval.json`)
 * as the header when it is there. Model and env from the first record (the first MB of the file).
 */
export function v1RunHeader(path: string): RunHeader {
  const first = firstRecordOf(path)
  const place = rolloutPlace(path)
  const header: Obj = {}
  let name: string
  if (place) {
    name = `${basename(place.outputDir)} · ${place.kind}`
    header.producer = 'prime-rl'
    header.outputDir = place.outputDir
    header.work = place.kind
  } else {
    const dir = dirname(path)
    name = basename(dir)
    const problems: string[] = []
    const config = readSideObject(join(dir, 'configs', 'eval.json'), problems)
    if (config) {
      const size = JSON.stringify(config).length
      header.config = size > MAX_HEADER_VALUE_CHARS ? `[omitted: ${size.toLocaleString('en-US')} characters]` : config
    }
    if (problems.length) header.sideFileErrors = problems
  }
  return {
    name,
    model: modelOf(first),
    env: envOf(first),
    createdAt: null,
    checkpointStep: null, // a training run spans steps: the step is per episode
    header,
    passThreshold: null,
    // a rollout no reward ran on has reward 0 in the producer's figures (Trace.reward), prime-rl's reward/mean too
    scoring: { unscoredAs: 'failure', producer: 'verifiers (Trace.reward)', noun: 'rollouts' }
  }
}

/** `<run dir>/configs/eval.json` → `<run dir>/traces.jsonl` (verifiers/v1/cli/output.py write_config). */
const evalConfigTraceOf = (path: string): string | null =>
  basename(path) === 'eval.json' && basename(dirname(path)) === 'configs'
    ? join(dirname(dirname(path)), 'traces.jsonl')
    : null

/** `<output_dir>/metrics.jsonl` → `<output_dir>/rollouts` when that folder is there (a prime-rl output folder). */
const metricsLogRollouts = (path: string): string | null =>
  basename(path) === METRICS_FILE && existsSync(join(dirname(path), 'rollouts'))
    ? join(dirname(path), 'rollouts')
    : null

export const verifiersV1Adapter = defineFormat<JsonlAdapter>({
  format: 'verifiers-v1',
  // its records have no prompt / completion, so no other JSONL format reads them; above them all anyway
  priority: 47,
  fileKinds: ['jsonl'],
  extensions: ['.jsonl'],
  companions: [
    // the `effective` file of a step is read with the `all` file beside it (the ids the batch filters kept)
    { kind: 'named', traceOf: allFileOf },
    // a `vf eval` run's resolved config, read for its run header
    { kind: 'named', traceOf: evalConfigTraceOf },
    // prime-rl's metrics log describes the run's rollouts folder (read with the curve, prime-rl-metrics.ts): it names
    // the folder, not a file, so a log growing every step re-reads no step's rollouts
    { kind: 'named', traceOf: metricsLogRollouts, onDemand: true }
  ],

  matches: (r) => isV1Episode(r) || isV1Trace(r),
  runKeyOf: (path) => {
    const place = rolloutPlace(path)
    return place ? trainingRunKey(place) : null
  },
  readRunHeader: v1RunHeader,
  summarize: summarizeV1Episode,
  parseEpisode: parseV1Episode
})

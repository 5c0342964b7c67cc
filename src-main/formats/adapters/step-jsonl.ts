/**
 * Generic per-step JSONL (FORMATS.md §6.4, §6.2): one line per environment step, as OpenEnv and TRL
 * users log their rollouts — `{episode_id, step, action, observation, reward, done}` under varying
 * names. Lines are grouped into episodes by episode id (first-appearance order), steps sorted by
 * step index. Without any episode id, an episode ends after a done step or when the index restarts.
 *
 * Field names read (first present wins):
 *   episode id  episode_id | episode | rollout_id | trajectory_id | traj_id | episode_idx | episode_index
 *   step index  step | step_idx | step_index | t | timestep
 *   action      action | command | tool_call | act
 *   observation observation | obs | result | next_observation | next_obs   (with both `obs` and
 *               `next_obs`, `obs` is what was seen before the action)
 *   reward      reward;  done: done | terminated | truncated
 *   task        task_id | task | env_seed | seed (+ env name) | prompt | instruction
 *   episode return (wins over the sum of step rewards): episode_reward | episode_return | return | total_reward | final_reward
 *   success     success | solved | is_success | task_achieved | goal_achieved | achieved: the episode succeeded when
 *               any step says so (a step flag such as task_achieved)
 *
 * Every other per-step number or flag (top level, or in the step's `metrics`) becomes episode metrics by the
 * default aggregations of step-aggregate.ts (`partial_progress` → last, `_max`, `_mean`; `hint_requested` → any and
 * `_rate`); a mapping file chooses others (`max(partial_progress)`, `rate(format_ok == false)`). Other top-level
 * texts with one value per episode (`tier`, `difficulty`) become info fields. Steps = the episode's step lines.
 */
import type { EpisodeStatus, TurnMeta } from '@contract/model'
import { createHash } from 'node:crypto'
import { basename, dirname } from 'node:path'
import type { DocumentAdapter, DocumentRun, EpisodeBody, EpisodeSummaryRecord, RunHeader } from '../types'
import { RecordError } from '../types'
import { oneLine } from './preview'
import { answerText, promptHash } from './prompt-hash'
import { idText, isObj, num, numericFields, scalarFields, str, type Obj, type ScalarMap } from './record-fields'
import { observationText, stepsToTurns, type StepInput } from './step-jsonl-turns'
import { defaultStepMetrics, defaultStepRates, isStepValue, type StepFieldKind } from './step-aggregate'
import { defineFormat } from '../define-format'

const EPISODE_KEYS = ['episode_id', 'episode', 'rollout_id', 'trajectory_id', 'traj_id', 'episode_idx', 'episode_index']
const STEP_KEYS = ['step', 'step_idx', 'step_index', 't', 'timestep']
const ACTION_KEYS = ['action', 'command', 'tool_call', 'act']
const OBS_AFTER_KEYS = ['observation', 'obs', 'result', 'next_observation', 'next_obs']
const DONE_KEYS = ['done', 'terminated', 'truncated']
const RETURN_KEYS = ['episode_reward', 'episode_return', 'return', 'total_reward', 'final_reward']
const ENV_KEYS = ['env_id', 'env', 'env_name', 'environment']
const MODEL_KEYS = ['model', 'policy', 'model_name']
const SUCCESS_KEYS = ['success', 'solved', 'is_success', 'task_achieved', 'goal_achieved', 'achieved']

/** Top-level keys read as something else than a per-step value (so never aggregated into metrics or info). */
const KNOWN_KEYS = new Set([
  ...EPISODE_KEYS,
  ...STEP_KEYS,
  ...ACTION_KEYS,
  ...OBS_AFTER_KEYS,
  ...DONE_KEYS,
  ...RETURN_KEYS,
  ...ENV_KEYS,
  ...MODEL_KEYS,
  ...SUCCESS_KEYS,
  'reward',
  'task_id',
  'task',
  'env_seed',
  'seed',
  'prompt',
  'instruction',
  'answer',
  'target',
  'expected_answer',
  'error',
  'status',
  'episode_error',
  'truncation_reason',
  'stop_reason',
  'latency_ms',
  'duration_ms',
  'latency_s',
  'timestamp',
  'time',
  'thought',
  'reasoning',
  'thinking',
  'completion',
  'response',
  'model_output',
  'metrics',
  'info',
  'episode_metrics',
  'rollout_index',
  'rollout_idx',
  'generation_idx',
  'sample_idx',
  'global_step',
  'train_step',
  'training_step',
  'obs'
])

/** A step's own numbers and flags: the extra top-level fields and its `metrics` object. */
function stepValues(r: Obj): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [k, v] of Object.entries(r)) if (!KNOWN_KEYS.has(k) && isStepValue(v)) out.set(k, v)
  if (isObj(r.metrics)) for (const [k, v] of Object.entries(r.metrics)) if (isStepValue(v) && !out.has(k)) out.set(k, v)
  return out
}

/** Per-step fields over a whole file and how each reads (flags or numbers, per step or per episode). */
function fieldKinds(groups: Group[]): Map<string, StepFieldKind> {
  const kinds = new Map<string, StepFieldKind>()
  for (const g of groups) {
    const first = new Map<string, unknown>()
    for (const r of g.records) {
      for (const [k, v] of stepValues(r)) {
        const kind = kinds.get(k) ?? { flag: true, perEpisode: true }
        if (typeof v !== 'boolean') kind.flag = false
        if (first.has(k) && first.get(k) !== v) kind.perEpisode = false
        if (!first.has(k)) first.set(k, v)
        kinds.set(k, kind)
      }
    }
  }
  return kinds
}

/** First key of `keys` that `r` has (value not undefined), or null. */
const keyOf = (r: Obj, keys: readonly string[]): string | null => {
  for (const k of keys) if (r[k] !== undefined) return k
  return null
}
const valueOf = (r: Obj, keys: readonly string[]): unknown => {
  const k = keyOf(r, keys)
  return k === null ? undefined : r[k]
}
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0

/** Whether a record looks like one step of a per-step log (and like no other known JSONL format). */
export function isStepRecord(r: Obj): boolean {
  if (Array.isArray(r.messages) || 'responses_create_params' in r || ('nodes' in r && 'calls' in r)) return false
  const hasEpisode = idText(valueOf(r, EPISODE_KEYS)) !== null
  if ('prompt' in r && 'completion' in r && !hasEpisode) return false
  if (keyOf(r, ACTION_KEYS) === null) return false
  if (!isIndex(valueOf(r, STEP_KEYS))) return false
  const hasObs = keyOf(r, OBS_AFTER_KEYS) !== null
  const hasOutcome = num(r.reward) !== null || DONE_KEYS.some((k) => typeof r[k] === 'boolean')
  return hasEpisode ? hasObs || hasOutcome : hasObs && hasOutcome
}

interface Group {
  key: string
  /** The producer's episode id, or null for episodes split by done / index restarts. */
  id: string | null
  records: Obj[]
}

/** Records grouped into episodes (first-appearance order), each group's steps sorted by step index. */
export function groupSteps(doc: unknown): Group[] {
  const records = (Array.isArray(doc) ? doc : [doc]).filter(isObj)
  const groups = new Map<string, Group>()
  let auto = 0
  let autoOpen = false
  let lastAutoIndex = -1
  for (const r of records) {
    const id = idText(valueOf(r, EPISODE_KEYS))
    let key: string
    if (id !== null) key = `id:${id}`
    else {
      const index = valueOf(r, STEP_KEYS)
      if (autoOpen && isIndex(index) && index <= lastAutoIndex) auto++
      key = `auto:${auto}`
      autoOpen = true
      lastAutoIndex = isIndex(index) ? index : lastAutoIndex
      if (DONE_KEYS.some((k) => r[k] === true)) {
        auto++
        autoOpen = false
        lastAutoIndex = -1
      }
    }
    let g = groups.get(key)
    if (!g) groups.set(key, (g = { key, id, records: [] }))
    g.records.push(r)
  }
  for (const g of groups.values()) {
    // stable sort by step index; a line without one keeps the index of the line before it
    let prev = -1
    const keyed = g.records.map((r, pos) => {
      const i = valueOf(r, STEP_KEYS)
      if (isIndex(i)) prev = i
      return { r, i: prev, pos }
    })
    keyed.sort((a, b) => a.i - b.i || a.pos - b.pos)
    g.records = keyed.map((k) => k.r)
  }
  return [...groups.values()]
}

/** Step indices missing between the first and last index of a sorted episode, as "2, 5–7" (null when none). */
function missingSteps(records: Obj[]): string | null {
  const idx = records.map((r) => valueOf(r, STEP_KEYS)).filter(isIndex)
  const gaps: string[] = []
  for (let i = 1; i < idx.length && gaps.length < 10; i++) {
    const a = idx[i - 1] + 1
    const b = idx[i] - 1
    if (b >= a) gaps.push(a === b ? String(a) : `${a}–${b}`)
  }
  return gaps.length ? gaps.join(', ') : null
}

/** The task key the episode's records give: task id, else env + seed, else a digest of the prompt, else null. */
function taskOf(records: Obj[]): { task: string | null; prompt: string | null } {
  let prompt: string | null = null
  for (const r of records) {
    const task =
      idText(r.task_id) ?? idText(r.task) ?? (isObj(r.task) ? (idText(r.task.id) ?? idText(r.task.name)) : null)
    if (task !== null) return { task, prompt: promptText(r) }
    const seed = idText(r.env_seed) ?? idText(r.seed)
    if (seed !== null) {
      const env = str(valueOf(r, ENV_KEYS))
      return { task: env ? `${env}/seed=${seed}` : `seed=${seed}`, prompt: promptText(r) }
    }
    prompt ??= promptText(r)
  }
  return {
    task: prompt === null ? null : `prompt:${createHash('sha256').update(prompt).digest('hex').slice(0, 12)}`,
    prompt
  }
}
const promptText = (r: Obj): string | null => str(r.prompt) ?? str(r.instruction)

/** One record read as a step. */
function stepOf(r: Obj): StepInput {
  const actionKey = keyOf(r, ACTION_KEYS)
  const hasBefore =
    (r.obs !== undefined || r.observation !== undefined) &&
    (r.next_obs !== undefined || r.next_observation !== undefined)
  const before = hasBefore ? (r.obs ?? r.observation) : undefined
  const observation = hasBefore ? (r.next_obs ?? r.next_observation) : valueOf(r, OBS_AFTER_KEYS)
  const meta: TurnMeta = {}
  const metrics = stepMetrics(r)
  if (Object.keys(metrics).length) meta.metrics = metrics
  const error = str(r.error)
  if (error) meta.error = error
  const latency =
    num(r.latency_ms) ?? num(r.duration_ms) ?? (num(r.latency_s) === null ? null : num(r.latency_s)! * 1000)
  if (latency !== null) meta.latencyMs = latency
  const ts = str(r.timestamp) ?? str(r.time)
  if (ts) meta.timestamp = ts
  const reasoning = str(r.thought) ?? str(r.reasoning) ?? str(r.thinking)
  return {
    index: isIndex(valueOf(r, STEP_KEYS)) ? (valueOf(r, STEP_KEYS) as number) : null,
    action: actionKey === null ? undefined : r[actionKey],
    actionName: actionKey ?? 'action',
    before,
    observation,
    reward: num(r.reward),
    // the episode ended at this step, whichever flag says so (gymnasium: done = terminated or truncated)
    done: DONE_KEYS.some((k) => r[k] === true) ? true : DONE_KEYS.some((k) => typeof r[k] === 'boolean') ? false : null,
    truncated: r.truncated === true,
    reasoning: reasoning || null,
    text: str(r.completion) ?? str(r.response) ?? str(r.model_output) ?? null,
    meta
  }
}

/** Per-step numbers: the step's `metrics` / `info` objects (e.g. reward components). */
function stepMetrics(r: Obj): Record<string, number> {
  const out: Record<string, number> = {}
  if (isObj(r.metrics)) numericFields(r.metrics, new Set(), out)
  if (isObj(r.info)) numericFields(r.info, new Set(), out)
  return out
}

/** The prompt as messages: a message list, or the prompt / instruction text as one user message. */
function promptMessages(records: Obj[]): unknown[] {
  for (const r of records) {
    if (Array.isArray(r.prompt)) return r.prompt
    const p = promptText(r)
    if (p !== null) return [{ role: 'user', content: p }]
  }
  return []
}

function bodyOf(g: Group): EpisodeBody {
  const turns = stepsToTurns(promptMessages(g.records), g.records.map(stepOf))
  const last = g.records[g.records.length - 1]
  return { turns, tools: [], infoFull: isObj(last?.info) ? last.info : {} }
}

function summaryOf(g: Group, kinds: Map<string, StepFieldKind>): EpisodeSummaryRecord {
  const { records } = g
  const first = records[0]
  const last = records[records.length - 1]
  const steps = records.map(stepOf)
  const { task, prompt } = taskOf(records)
  const sourceId = task ?? g.id ?? `episode-${g.key.slice('auto:'.length)}`
  const stepRewards = steps.map((s) => s.reward).filter((r): r is number => r !== null)
  let finalReward: number | null = null
  for (const r of records) finalReward = num(valueOf(r, RETURN_KEYS)) ?? finalReward
  const reward = finalReward ?? (stepRewards.length ? stepRewards.reduce((a, b) => a + b, 0) : null)

  const metrics: Record<string, number> = {}
  if (stepRewards.length && finalReward !== null) metrics.step_reward_sum = stepRewards.reduce((a, b) => a + b, 0)
  const perStep = records.map(stepValues)
  for (const [name, kind] of kinds)
    Object.assign(
      metrics,
      defaultStepMetrics(
        name,
        perStep.map((m) => m.get(name)),
        kind
      )
    )
  for (const r of records) if (isObj(r.episode_metrics)) numericFields(r.episode_metrics, new Set(), metrics)

  const info: ScalarMap = {}
  if (g.id !== null) info.episode_id = g.id
  const env = str(valueOf(first, ENV_KEYS))
  if (env) info.env = env
  const model = str(valueOf(first, MODEL_KEYS))
  if (model) info.model = model
  const end =
    last.truncated === true
      ? 'truncated'
      : last.terminated === true
        ? 'terminated'
        : last.done === true
          ? 'done'
          : 'not done'
  info.end = end
  const missing = missingSteps(records)
  if (missing) info.missing_steps = missing
  if (isObj(last.info)) scalarFields(last.info, info)
  // texts with one value over the episode describe it (tier, difficulty): category fields
  for (const [k, v] of Object.entries(first)) {
    if (KNOWN_KEYS.has(k) || typeof v !== 'string' || k in info) continue
    if (records.every((r) => r[k] === v)) info[k] = v
  }

  // the episode succeeded when any step says so (task_achieved at the step that achieved it)
  let success: boolean | null = null
  for (const r of records) {
    for (const k of SUCCESS_KEYS) {
      if (typeof r[k] !== 'boolean') continue
      success = success === true || r[k] === true
    }
  }
  const status = statusOf(last, end, records.length)
  const preview =
    prompt !== null
      ? oneLine(prompt)
      : oneLine(
          observationText(
            steps.find((s) => s.before !== undefined || s.observation !== undefined)?.before ??
              steps.find((s) => s.observation !== undefined)?.observation ??
              sourceId ??
              ''
          )
        )
  const rollout = num(valueOf(first, ['rollout_index', 'rollout_idx', 'generation_idx', 'sample_idx']))
  const trainStep = num(valueOf(first, ['global_step', 'train_step', 'training_step']))
  const turns = bodyOf(g).turns
  return {
    sourceId,
    promptHash: prompt !== null ? promptHash(prompt) : promptHash(`task:${sourceId ?? ''}`),
    answer: answerText(valueOf(first, ['answer', 'target', 'expected_answer'])),
    reward,
    success,
    ...status,
    turns: turns.length,
    // the producer's own count: one line per agent step
    steps: records.length,
    termination: end,
    preview,
    metrics,
    info,
    tokensIn: null,
    tokensOut: null,
    durationMs: null,
    ...(rollout !== null && Number.isInteger(rollout) ? { rollout } : {}),
    ...(trainStep !== null ? { step: trainStep } : {}),
    actions: { kind: 'turns', turns: turns }
  }
}

function statusOf(last: Obj, end: string, n: number): { status: EpisodeStatus; error: string | null } {
  const err =
    str(last.episode_error) ??
    (last.status === 'error' || last.status === 'failed' ? (str(last.error) ?? 'episode failed') : null)
  if (err) return { status: 'error', error: err }
  if (end === 'truncated') {
    const why = str(last.truncation_reason) ?? str(last.stop_reason)
    return { status: 'truncated', error: `truncated after ${n} step${n === 1 ? '' : 's'}${why ? `: ${why}` : ''}` }
  }
  return { status: 'ok', error: null }
}

function headerOf(path: string, first: Obj | undefined, kinds: Map<string, StepFieldKind>): RunHeader {
  const stem = basename(path).replace(/\.(jsonl|ndjson|json)$/i, '')
  return {
    name: `${basename(dirname(path))}/${stem}`,
    model: first ? str(valueOf(first, MODEL_KEYS)) : null,
    env: first ? str(valueOf(first, ENV_KEYS)) : null,
    createdAt: null,
    checkpointStep: null,
    header: {},
    passThreshold: null,
    stepRates: [...kinds].flatMap(([name, kind]) => defaultStepRates(name, kind))
  }
}

export const stepJsonlAdapter = defineFormat<DocumentAdapter>({
  format: 'step-jsonl',
  // below the JSONL side files whose lines also have ids and fields
  priority: 20,
  fileKinds: ['jsonl-grouped'],
  extensions: ['.jsonl', '.ndjson'],
  companions: [],

  // JSON documents are not claimed: a per-step log is JSONL
  matches: () => false,

  matchesFirstRecord: (r) => isStepRecord(r),

  index(doc, path): DocumentRun[] {
    const groups = groupSteps(doc)
    if (groups.length === 0) throw new RecordError('no step records (JSON objects) in the file')
    const kinds = fieldKinds(groups)
    return [
      {
        runKey: '',
        header: headerOf(path, groups[0].records[0], kinds),
        episodes: groups.map((g) => ({ summary: summaryOf(g, kinds), locator: g.key }))
      }
    ]
  },

  parseEpisode(doc, locator): EpisodeBody {
    const g = groupSteps(doc).find((x) => x.key === locator)
    if (!g) throw new RecordError(`episode ${locator.replace(/^(id|auto):/, '')} is no longer in the file`)
    return { ...bodyOf(g), raw: g.records }
  }
})

/**
 * tau-bench v1 result arrays (FORMATS.md §5.1): one JSON array per run, one element per episode
 * `{task_id, trial, reward, info{task, source, user_cost, reward_info{reward, info{r_actions | r_outputs,
 * gt_data_hash | outputs}, actions}}, traj[messages]}`.
 *
 * - Task key = `task_id` (an index into the domain's task list); rollout = `trial`.
 * - Reward = `reward` (0/1); success = reward within 1e-6 of 1 (tau's REWARD_SUCCESS range).
 * - Status: `info.error` (run.py wraps an exception as `{error, traceback}` with an empty traj) →
 *   'error'; no `reward_info` (the env never evaluated: the conversation hit the step limit) →
 *   'truncated'; else 'ok'.
 * - Turns: OpenAI chat messages. The system message (policy wiki) and the first user message are the
 *   prompt. Every `user` message, the first one included, is written by tau's LLM user simulator
 *   (env.reset → user.reset(instruction) generates the opening line): all are marked
 *   `meta.simulatedUser`. Tool results are paired with their calls by `tool_call_id`.
 * - Metrics: reward_info.info numbers (r_actions, r_outputs), outputs_matched / outputs_total from the
 *   `outputs` map, expected_actions, user_cost.
 * - Prompt hash: the task instruction (`info.task.instruction`); the opening user line varies per trial.
 */
import { basename } from 'node:path'
import type { Turn } from '@contract/model'
import type { DocumentAdapter, DocumentRun, EpisodeBody, EpisodeSummaryRecord, RunHeader } from '../types'
import { RecordError } from '../types'
import { messagesToTurns, firstAssistantIndex } from './messages'
import { promptHash } from './prompt-hash'
import { previewOf } from './preview'
import { idText, isObj, num, str, type Obj, type ScalarMap } from './record-fields'
import { normalizeRole } from './roles'
import { defineFormat } from '../define-format'

/** tau's success range: REWARD_SUCCESS_MIN .. MAX around 1. */
const SUCCESS_EPS = 1e-6
const DOMAINS = ['airline', 'retail']
const STRATEGIES = ['tool-calling', 'act', 'react', 'few-shot', 'orchestrated-tool-calling']

const isEpisode = (v: unknown): v is Obj => isObj(v) && 'task_id' in v && 'reward' in v && Array.isArray(v.traj)

/** Whether a parsed document is a tau-bench v1 result array (the first 20 elements looked at). */
export function isTauBenchDocument(doc: unknown): boolean {
  return Array.isArray(doc) && doc.length > 0 && doc.slice(0, 20).every(isEpisode)
}

/** Model, domain and user model from the file name (`<model>-<domain>.json` or run.py's checkpoint name). */
export function tauFileFacts(path: string): {
  model: string | null
  domain: string | null
  userModel: string | null
  strategy: string | null
} {
  const name = basename(path).replace(/\.json$/i, '')
  for (const s of STRATEGIES.slice().sort((a, b) => b.length - a.length)) {
    if (!name.startsWith(s + '-')) continue
    const m = /^(.+)-([\d.]+)_range_-?\d+--?\d+_user-(.+)-([a-z]+)_[\w]+$/.exec(name.slice(s.length + 1))
    if (m) return { model: m[1], domain: null, userModel: m[3], strategy: s }
  }
  // `gpt-4o-airline.json` (historical_trajectories), also with a suffix (`gpt-4o-airline.first3tasks.json`)
  const m = new RegExp(`^(.+)-(${DOMAINS.join('|')})(?:\\..*)?$`).exec(name)
  if (m) return { model: m[1], domain: m[2], userModel: null, strategy: null }
  return { model: null, domain: null, userModel: null, strategy: null }
}

function runHeader(path: string, count: number): RunHeader {
  const f = tauFileFacts(path)
  const header: Record<string, unknown> = { episodes: count }
  if (f.userModel) header.user_model = f.userModel
  if (f.strategy) header.agent_strategy = f.strategy
  if (f.domain) header.domain = f.domain
  return {
    name: basename(path).replace(/\.json$/i, ''),
    model: f.model,
    env: f.domain ? `tau-bench/${f.domain}` : 'tau-bench',
    createdAt: null,
    checkpointStep: null,
    header,
    passThreshold: null
  }
}

const infoOf = (e: Obj): Obj => (isObj(e.info) ? e.info : {})
const traj = (e: Obj): unknown[] => (Array.isArray(e.traj) ? e.traj : [])

/** Numbers of reward_info: r_actions / r_outputs (+ any other number in reward_info.info), outputs counts, expected actions. */
function metricsOf(e: Obj): Record<string, number> {
  const info = infoOf(e)
  const out: Record<string, number> = {}
  const ri = isObj(info.reward_info) ? info.reward_info : null
  if (ri) {
    const inner = isObj(ri.info) ? ri.info : {}
    for (const k in inner) {
      const v = num(inner[k])
      if (v !== null) out[k] = v
    }
    if (isObj(inner.outputs)) {
      const vals = Object.values(inner.outputs)
      out.outputs_total = vals.length
      out.outputs_matched = vals.filter((v) => v === true).length
    }
    if (Array.isArray(ri.actions)) out.expected_actions = ri.actions.length
  }
  const cost = num(info.user_cost)
  if (cost !== null) out.user_cost = cost
  return out
}

function statusOf(e: Obj): { status: EpisodeSummaryRecord['status']; error: string | null } {
  const info = infoOf(e)
  if (info.error !== undefined && info.error !== null) {
    return { status: 'error', error: typeof info.error === 'string' ? info.error : JSON.stringify(info.error) }
  }
  if (!isObj(info.reward_info)) {
    return {
      status: 'truncated',
      error:
        'no reward_info: the environment never evaluated the episode (the conversation was cut, e.g. at the step limit)'
    }
  }
  return { status: 'ok', error: null }
}

/** The task-defining text: the task instruction, else the opening messages. */
function taskMessages(e: Obj): unknown[] {
  const task = infoOf(e).task
  const instruction = isObj(task) ? str(task.instruction) : null
  if (instruction) return [{ role: 'user', content: instruction }]
  const t = traj(e)
  return t.slice(0, firstAssistantIndex(t))
}

/** Prompt = messages before the first assistant message (system + the simulated user's opening line). */
function turnsOf(e: Obj): Turn[] {
  const t = traj(e)
  const cut = firstAssistantIndex(t)
  const turns = messagesToTurns(t.slice(0, cut), t.slice(cut))
  t.forEach((m, i) => {
    if (isObj(m) && normalizeRole(m.role) === 'user' && turns[i])
      turns[i].meta = { ...turns[i].meta, simulatedUser: true }
  })
  return turns
}

function summarize(e: Obj): EpisodeSummaryRecord {
  const info = infoOf(e)
  const reward = num(e.reward)
  const { status, error } = statusOf(e)
  const t = traj(e)
  const scalars: ScalarMap = {}
  const task = isObj(info.task) ? info.task : {}
  if (str(task.user_id)) scalars.user_id = str(task.user_id)
  if (str(info.source)) scalars.source = str(info.source)
  const ri = isObj(info.reward_info) && isObj(info.reward_info.info) ? info.reward_info.info : {}
  if (typeof ri.gt_data_hash === 'string') scalars.gt_data_hash = ri.gt_data_hash
  const rollout = num(e.trial)
  return {
    sourceId: idText(e.task_id),
    promptHash: promptHash(taskMessages(e)),
    answer: null,
    reward,
    success: reward === null ? null : Math.abs(reward - 1) <= SUCCESS_EPS,
    status,
    error,
    turns: t.length,
    preview: previewOf(t.filter(isObj)),
    metrics: metricsOf(e),
    info: scalars,
    tokensIn: null,
    tokensOut: null,
    durationMs: null,
    rollout: rollout !== null && Number.isInteger(rollout) ? rollout : null,
    actions: { kind: 'messages', messages: t }
  }
}

const at = (doc: unknown, locator: string): Obj => {
  const i = Number(locator)
  const e = Array.isArray(doc) && Number.isInteger(i) ? doc[i] : undefined
  if (!isEpisode(e)) throw new RecordError(`no tau-bench episode at index ${locator}`)
  return e
}

export const tauBenchAdapter = defineFormat<DocumentAdapter>({
  format: 'tau-bench',
  priority: 40,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],
  matches: (doc) => isTauBenchDocument(doc),
  index(doc: unknown, path: string): DocumentRun[] {
    if (!Array.isArray(doc)) throw new RecordError('a tau-bench result file is a JSON array')
    const episodes: DocumentRun['episodes'] = []
    const skipped: number[] = []
    doc.forEach((e, i) => {
      if (isEpisode(e)) episodes.push({ summary: summarize(e), locator: String(i) })
      else skipped.push(i)
    })
    if (!episodes.length)
      throw new RecordError('no element of the array is a tau-bench episode ({task_id, reward, traj})')
    const header = runHeader(path, episodes.length)
    if (skipped.length) header.header.skipped_elements = skipped.slice(0, 20)
    return [{ runKey: '', header, episodes }]
  },
  parseEpisode(doc: unknown, locator: string): EpisodeBody {
    const e = at(doc, locator)
    const info = infoOf(e)
    return {
      turns: turnsOf(e),
      tools: [],
      infoFull: { ...info, task_id: e.task_id, trial: e.trial, reward: e.reward },
      raw: e
    }
  }
})

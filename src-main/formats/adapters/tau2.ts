/**
 * tau2-bench results (FORMATS.md §5.2), both layouts `Results.save` writes:
 * - file ("json"): one document `{timestamp, info, tasks[], simulations[SimulationRun]}`: one run, one
 *   episode per simulation (locator = index in `simulations`).
 * - dir: `results.json` (`{timestamp, info, tasks, simulation_index?}`, no `simulations`) plus
 *   `simulations/<id>.json` (one SimulationRun each). Each simulation file is indexed on its own into the
 *   run keyed by the results folder (the parent of `simulations/`), with the header read from the
 *   `results.json` beside it. That `results.json` is then a sidecar.
 * No double counting: like tau2's own `Results._detect_format`, a `results.json` with a sibling
 * `simulations/` folder holding `.json` files is the dir layout (its inline `simulations`, if any, are
 * ignored, as tau2's loader ignores them); otherwise its inline `simulations` are the episodes.
 *
 * Mapping: task key = `task_id`, rollout = `trial`, reward = `reward_info.reward` (null when not
 * evaluated), success = reward within 1e-6 of 1. termination = `termination_reason`. Episodes without a result are
 * left out of the figures as tau2 leaves them out (metrics/agent_metrics.py): a reward of None is NaN to its pandas
 * mean (unscored 'not evaluated'), and `infrastructure_error` simulations ("never ran") are dropped from every metric
 * whatever they carry (reward null here, unscored 'infrastructure_error'). Status from `termination_reason`: user_stop /
 * agent_stop → ok; max_steps / timeout / context_window_exceeded → truncated; too_many_errors,
 * agent_error, user_error, infrastructure_error, unexpected_error (and unknown values) → error, with
 * the raw value in info.termination_reason and the error text. reward_info checks → metrics.
 * Turns: `messages` (text mode); `ticks` (voice full-duplex) are flattened like tau2's
 * `Tick.get_all_messages`, consecutive chunks of one speaker merged into one turn.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { Turn, TurnMeta } from '@contract/model'
import type { DocumentAdapter, DocumentRun, EpisodeBody, EpisodeSummaryRecord, RunHeader, RunScoring } from '../types'
import { RecordError } from '../types'
import { contentText } from './content-text'
import { messagesToTurns } from './messages'
import { promptHash } from './prompt-hash'
import { oneLine } from './preview'
import { idText, isObj, num, str, type Obj, type ScalarMap } from './record-fields'
import { normalizeRole } from './roles'
import { parseJsonLine } from '../readers/tolerant-json'
import { defineFormat } from '../define-format'
import type { FormatContext } from '../context'

const SUCCESS_EPS = 1e-6
const OK_REASONS = new Set(['user_stop', 'agent_stop'])
const TRUNCATED_REASONS = new Set(['max_steps', 'timeout', 'context_window_exceeded'])
/** Simulations tau2's metrics drop before averaging (get_metrics_df / compute_metrics). */
const NEVER_RAN = 'infrastructure_error'
const SCORING: RunScoring = { unscoredAs: 'excluded', producer: 'tau2-bench', noun: 'simulations' }
const MAX_RESULTS_BYTES = 64e6

/** A tau2 `Results` document (either layout). */
export function isTau2Results(doc: unknown): doc is Obj {
  if (!isObj(doc) || !isObj(doc.info) || !Array.isArray(doc.tasks)) return false
  const info = doc.info
  const infoLike = isObj(info.environment_info) || isObj(info.agent_info) || isObj(info.user_info)
  return infoLike && (Array.isArray(doc.simulations) || Array.isArray(doc.simulation_index) || 'timestamp' in doc)
}

/** A tau2 `SimulationRun` (a `simulations/<id>.json` file). */
export function isTau2Simulation(doc: unknown): doc is Obj {
  return (
    isObj(doc) &&
    idText(doc.id) !== null &&
    idText(doc.task_id) !== null &&
    typeof doc.termination_reason === 'string' &&
    (Array.isArray(doc.messages) || Array.isArray(doc.ticks)) &&
    ('start_time' in doc || 'duration' in doc || 'reward_info' in doc)
  )
}

/** Whether `dir/simulations` holds at least one `.json` file (tau2's dir layout). */
function hasSimulationsDir(dir: string): boolean {
  try {
    return readdirSync(join(dir, 'simulations')).some((n) => n.toLowerCase().endsWith('.json'))
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------------------------
// Run header (from the Results document)

interface ResultsFacts {
  header: RunHeader
  domain: string | null
  /** task id → task-defining text (user scenario) and a description for previews. */
  tasks: Map<string, { scenario: string; description: string | null }>
}

function resultsFacts(doc: Obj, name: string): ResultsFacts {
  const info = isObj(doc.info) ? doc.info : {}
  const agent = isObj(info.agent_info) ? info.agent_info : {}
  const user = isObj(info.user_info) ? info.user_info : {}
  const env = isObj(info.environment_info) ? info.environment_info : {}
  const domain = str(env.domain_name)
  const header: Record<string, unknown> = {}
  for (const k of ['git_commit', 'num_trials', 'max_steps', 'max_errors', 'seed'])
    if (info[k] !== undefined) header[k] = info[k]
  if (str(agent.implementation)) header.agent_implementation = agent.implementation
  if (isObj(agent.llm_args)) header.agent_llm_args = agent.llm_args
  if (str(user.implementation)) header.user_implementation = user.implementation
  if (str(user.llm)) header.user_llm = user.llm
  if (domain) header.domain = domain
  header.tasks = Array.isArray(doc.tasks) ? doc.tasks.length : 0
  const tasks = new Map<string, { scenario: string; description: string | null }>()
  for (const t of Array.isArray(doc.tasks) ? doc.tasks : []) {
    if (!isObj(t)) continue
    const id = idText(t.id)
    if (id === null) continue
    const d = t.description
    const description = isObj(d) ? (str(d.purpose) ?? str(d.notes)) : str(d)
    tasks.set(id, { scenario: JSON.stringify(t.user_scenario ?? t.description ?? id), description })
  }
  return {
    header: {
      name,
      model: str(agent.llm),
      env: domain ? `tau2/${domain}` : 'tau2',
      createdAt: str(doc.timestamp),
      checkpointStep: null,
      header,
      passThreshold: null,
      scoring: SCORING
    },
    domain,
    tasks
  }
}

/** Facts of `<dir>/results.json` (dir layout), read once per job: every simulation file of the folder asks. */
function dirResultsFacts(dir: string, ctx: FormatContext): ResultsFacts | null {
  const path = join(dir, 'results.json')
  return ctx.memo(`tau2:results:${path}`, () => {
    try {
      const st = statSync(path)
      if (!st.isFile() || st.size > MAX_RESULTS_BYTES) return null
      const doc = parseJsonLine(readFileSync(path, 'utf8'))
      return isTau2Results(doc) ? resultsFacts(doc, basename(dir)) : null
    } catch {
      return null // unreadable: no header
    }
  })
}

// ---------------------------------------------------------------------------------------------
// One simulation

/** Messages of a simulation: `messages`, else the ticks flattened (voice full-duplex). */
function messagesOf(sim: Obj): Obj[] {
  if (Array.isArray(sim.messages)) return expandToolMessages(sim.messages.filter(isObj))
  if (Array.isArray(sim.ticks)) return ticksToMessages(sim.ticks.filter(isObj))
  return []
}

/** MultiToolMessage → its tool messages; tool messages carry their call id as `id`. */
function expandToolMessages(msgs: Obj[]): Obj[] {
  const out: Obj[] = []
  for (const m of msgs) {
    if (Array.isArray(m.tool_messages)) out.push(...m.tool_messages.filter(isObj))
    else out.push(m)
  }
  return out
}

/** Text of a chunk (audio chunks carry base64 audio in `content`: not text). */
const chunkText = (c: Obj): string => (c.is_audio === true ? (str(c.audio_script_gold) ?? '') : (str(c.content) ?? ''))

/**
 * Ticks → messages: per tick the agent chunk + its tool calls, the agent's tool results, the user chunk +
 * its tool calls, the user's tool results (tau2 `Tick.get_all_messages`). A speaker's consecutive
 * speech ticks make one message (text joined, or "[speech, N ticks]" when the file keeps no text).
 */
function ticksToMessages(ticks: Obj[]): Obj[] {
  const out: Obj[] = []
  const open: Record<'assistant' | 'user', { msg: Obj; ticks: number; text: string[] } | null> = {
    assistant: null,
    user: null
  }
  const close = (role: 'assistant' | 'user'): void => {
    const o = open[role]
    if (!o) return
    const text = o.text.join('').trim()
    o.msg.content = text || `[speech, ${o.ticks} tick${o.ticks === 1 ? '' : 's'}]`
    open[role] = null
  }
  const side = (t: Obj, role: 'assistant' | 'user', chunkKey: string, callsKey: string, resultsKey: string): void => {
    const chunk = isObj(t[chunkKey]) ? (t[chunkKey] as Obj) : null
    const calls = Array.isArray(t[callsKey]) ? (t[callsKey] as unknown[]) : []
    const text = chunk ? chunkText(chunk) : ''
    const speaking = chunk !== null && (chunk.contains_speech === true || text !== '')
    if (calls.length) {
      close(role)
      out.push({ role, content: text, tool_calls: calls, timestamp: t.timestamp })
    } else if (speaking) {
      if (!open[role]) {
        open[role] = { msg: { role, content: '', timestamp: chunk?.timestamp ?? t.timestamp }, ticks: 0, text: [] }
        out.push(open[role]!.msg)
      }
      open[role]!.ticks++
      if (text) open[role]!.text.push(text)
    } else close(role)
    for (const r of Array.isArray(t[resultsKey]) ? (t[resultsKey] as unknown[]) : []) if (isObj(r)) out.push(r)
  }
  for (const t of ticks) {
    side(t, 'assistant', 'agent_chunk', 'agent_tool_calls', 'agent_tool_results')
    side(t, 'user', 'user_chunk', 'user_tool_calls', 'user_tool_results')
  }
  close('assistant')
  close('user')
  return out
}

/** Messages in the shape messagesToTurns reads: tool results keyed by `tool_call_id`. */
function forTurns(m: Obj): Obj {
  if (normalizeRole(m.role) !== 'tool') return m
  return { role: 'tool', content: m.content, tool_call_id: str(m.tool_call_id) ?? str(m.id) }
}

function buildTurns(sim: Obj): Turn[] {
  const msgs = messagesOf(sim)
  const cut = msgs.findIndex((m) => normalizeRole(m.role) === 'assistant')
  const at = cut < 0 ? msgs.length : cut
  const turns = messagesToTurns(msgs.slice(0, at).map(forTurns), msgs.slice(at).map(forTurns))
  msgs.forEach((m, i) => {
    const t = turns[i]
    if (!t) return
    const meta: TurnMeta = { ...t.meta }
    if (t.role === 'user') meta.simulatedUser = true
    const cost = num(m.cost)
    if (cost !== null) meta.costUsd = cost
    const gen = num(m.generation_time_seconds)
    if (gen !== null) meta.latencyMs = gen * 1000
    if (typeof m.timestamp === 'string') meta.timestamp = m.timestamp
    if (t.role === 'tool' && m.error === true) meta.error = t.text || 'tool error'
    if (Object.keys(meta).length) t.meta = meta
  })
  return turns
}

const countMet = (list: unknown, key: string): { met: number; total: number } | null => {
  if (!Array.isArray(list)) return null
  const items = list.filter(isObj)
  return { met: items.filter((x) => x[key] === true).length, total: items.length }
}

/** reward_info checks, costs and usage as per-episode metrics. */
function metricsOf(sim: Obj): Record<string, number> {
  const out: Record<string, number> = {}
  const ri = isObj(sim.reward_info) ? sim.reward_info : null
  if (ri) {
    const db = isObj(ri.db_check) ? ri.db_check : null
    if (db) {
      if (typeof db.db_match === 'boolean') out.db_match = db.db_match ? 1 : 0
      const r = num(db.db_reward)
      if (r !== null) out.db_reward = r
    }
    const pairs: [string, string, string][] = [
      ['action_checks', 'action_match', 'action_checks'],
      ['env_assertions', 'met', 'env_assertions'],
      ['nl_assertions', 'met', 'nl_assertions'],
      ['communicate_checks', 'met', 'communicate_checks']
    ]
    for (const [field, flag, name] of pairs) {
      const c = countMet(ri[field], flag)
      if (!c || c.total === 0) continue
      out[`${name}_passed`] = c.met
      out[`${name}_total`] = c.total
    }
    if (isObj(ri.reward_breakdown)) {
      for (const k in ri.reward_breakdown) {
        const v = num(ri.reward_breakdown[k])
        if (v !== null) out[`reward_breakdown.${k}`] = v
      }
    }
  }
  for (const k of ['agent_cost', 'user_cost']) {
    const v = num(sim[k])
    if (v !== null) out[k] = v
  }
  return out
}

function tokensOf(msgs: Obj[]): { tokensIn: number | null; tokensOut: number | null } {
  let tin: number | null = null
  let tout: number | null = null
  for (const m of msgs) {
    if (normalizeRole(m.role) !== 'assistant' || !isObj(m.usage)) continue
    const i = num(m.usage.prompt_tokens) ?? num(m.usage.input_tokens)
    const o = num(m.usage.completion_tokens) ?? num(m.usage.output_tokens)
    if (i !== null) tin = (tin ?? 0) + i
    if (o !== null) tout = (tout ?? 0) + o
  }
  return { tokensIn: tin, tokensOut: tout }
}

function statusOf(reason: string | null): { status: EpisodeSummaryRecord['status']; error: string | null } {
  if (reason === null || OK_REASONS.has(reason)) return { status: 'ok', error: null }
  return { status: TRUNCATED_REASONS.has(reason) ? 'truncated' : 'error', error: `termination_reason: ${reason}` }
}

function summarize(sim: Obj, facts: ResultsFacts | null, turns: Turn[], msgs: Obj[]): EpisodeSummaryRecord {
  const ri = isObj(sim.reward_info) ? sim.reward_info : null
  const reason = str(sim.termination_reason)
  const reward = ri && reason !== NEVER_RAN ? num(ri.reward) : null
  const taskId = idText(sim.task_id)
  const task = taskId !== null ? facts?.tasks.get(taskId) : undefined
  const firstUser = msgs.find((m) => normalizeRole(m.role) === 'user' && contentText(m.content).trim())
  const userText = firstUser ? contentText(firstUser.content) : ''
  const info: ScalarMap = {}
  if (reason !== null) info.termination_reason = reason
  if (facts?.domain) info.domain = facts.domain
  if (str(sim.mode)) info.mode = str(sim.mode)
  const seed = num(sim.seed)
  if (seed !== null) info.seed = seed
  if (str(sim.id)) info.simulation_id = str(sim.id)
  const duration = num(sim.duration)
  const trial = num(sim.trial)
  return {
    sourceId: taskId,
    promptHash: promptHash([{ role: 'user', content: task?.scenario ?? userText }]),
    answer: null,
    reward,
    success: reward === null ? null : Math.abs(reward - 1) <= SUCCESS_EPS,
    ...statusOf(reason),
    termination: reason,
    unscored: reward !== null ? null : reason === NEVER_RAN ? NEVER_RAN : 'not evaluated',
    turns: turns.length,
    preview: oneLine(userText || task?.description || ''),
    metrics: metricsOf(sim),
    info,
    ...tokensOf(msgs),
    durationMs: duration !== null ? duration * 1000 : null,
    rollout: trial !== null && Number.isInteger(trial) ? trial : null,
    actions: { kind: 'turns', turns: turns }
  }
}

const episodeOf = (
  sim: Obj,
  facts: ResultsFacts | null,
  locator: string
): { summary: EpisodeSummaryRecord; locator: string } => {
  const msgs = messagesOf(sim)
  return { summary: summarize(sim, facts, buildTurns(sim), msgs), locator }
}

/** The run folder of a simulation file: the parent of `simulations/`, else the file's folder. */
const simRunDir = (path: string): string =>
  basename(dirname(path)) === 'simulations' ? dirname(dirname(path)) : dirname(path)

function body(sim: Obj): EpisodeBody {
  const infoFull: Record<string, unknown> = {}
  for (const k in sim) if (k !== 'messages' && k !== 'ticks') infoFull[k] = sim[k]
  return { turns: buildTurns(sim), tools: [], infoFull, raw: sim }
}

export const tau2Adapter = defineFormat<DocumentAdapter>({
  format: 'tau2-bench',
  priority: 30,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],

  matches: (doc) => isTau2Results(doc) || isTau2Simulation(doc),
  index(doc: unknown, path: string, ctx): DocumentRun[] {
    if (isTau2Simulation(doc)) {
      const dir = simRunDir(path)
      const facts = dirResultsFacts(dir, ctx)
      const header = facts?.header ?? {
        name: basename(dir),
        model: null,
        env: 'tau2',
        createdAt: null,
        checkpointStep: null,
        header: {},
        passThreshold: null,
        scoring: SCORING
      }
      return [{ runKey: dir, header, episodes: [episodeOf(doc, facts, '0')] }]
    }
    if (!isTau2Results(doc)) throw new RecordError('not a tau2 Results document or SimulationRun')
    // dir layout: the simulation files are the episodes, this file is their header (a sidecar)
    if (hasSimulationsDir(dirname(path))) return []
    const sims = Array.isArray(doc.simulations) ? doc.simulations : []
    if (!sims.length && Array.isArray(doc.simulation_index) && doc.simulation_index.length) {
      throw new RecordError(
        `results.json lists ${doc.simulation_index.length} simulations in simulation_index, but there is no simulations/ folder beside it`
      )
    }
    const facts = resultsFacts(doc, basename(path).replace(/\.json$/i, ''))
    const episodes: DocumentRun['episodes'] = []
    sims.forEach((s, i) => {
      if (isObj(s) && idText(s.task_id) !== null) episodes.push(episodeOf(s, facts, String(i)))
    })
    return [{ runKey: '', header: facts.header, episodes }]
  },
  parseEpisode(doc: unknown, locator: string): EpisodeBody {
    if (isTau2Simulation(doc)) return body(doc)
    const sims = isObj(doc) && Array.isArray(doc.simulations) ? doc.simulations : []
    const sim = sims[Number(locator)]
    if (!isObj(sim)) throw new RecordError(`no simulation at index ${locator}`)
    return body(sim)
  }
})

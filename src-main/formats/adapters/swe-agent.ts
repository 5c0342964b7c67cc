/**
 * SWE-agent `<instance_id>.traj` (FORMATS.md §3.1), one episode per file, every version:
 * - 0.x: `trajectory[{action, observation, response, thought, state (JSON string)}]`, `history` of
 *   plain messages (assistant `thought` + `action` text, observations as user messages);
 * - 1.0 function calling: `history` assistant messages carry OpenAI `tool_calls`, observations are
 *   `role: tool` with `tool_call_ids`; `replay_config` (dict or JSON string), `execution_time` per step;
 * - 1.0 with per-step `messages` (the history up to and including that step) and ≥1.1 `query`
 *   (the exact model input of that step): used only when `history` is absent.
 *
 * Turns come from `history` (the real messages): demonstrations (`is_demo`) collapse into one
 * prompt turn per block; everything before the first real assistant message is the prompt. A text
 * `action` becomes one tool call (`bash`, or the SWE-agent command it starts with, e.g. `edit`), its
 * observation the paired tool result (by order). 0.x histories end without the last observation
 * (the `submit` output): it is taken from the last trajectory step so every call has its result.
 *
 * Every `.traj` of one run folder forms one run (runKey = the folder; `<run>/<id>/<id>.traj` → `<run>`).
 * Task key = instance id (`replay_config.problem_statement.id`, `info.instance_id`, else the file
 * name). Termination = `info.exit_status`. Reward = the SWE-bench harness result (swe-bench-run.ts: the run
 * report's population when there is one, so instances the harness scored without a trajectory on disk are
 * results-only episodes of the run), else null (`unscored: 'not evaluated'`).
 */
import type { Turn, TurnMeta } from '@contract/model'
import type { DocumentAdapter, DocumentRun, EpisodeBody, EpisodeSummaryRecord } from '../types'
import { RecordError } from '../types'
import { contentText } from './content-text'
import { messagesToTurns, TEXT_ACTIONS } from './messages'
import { promptHash } from './prompt-hash'
import { idText, isObj, num, str, type Obj, type ScalarMap } from './record-fields'
import { decodeMaybeJson } from '../readers/tolerant-json'
import {
  actionToolName,
  exitOutcome,
  harnessVerdict,
  instanceFromPath,
  issuePreview,
  runDirOf
} from './swe-agent-shared'
import { predictionsModel, type SweBenchResult } from './swe-bench'
import {
  isResultsOnlyLocator,
  resultsOnlyBody,
  trajectoryRun,
  trajectoryRuns,
  verdictOfTrajectory,
  type TrajectoryRun
} from './swe-bench-run'
import { defineFormat } from '../define-format'
import type { FormatContext } from '../context'

const STEP_KEYS = ['action', 'observation', 'thought', 'response']

/** Whether a parsed document is an SWE-agent trajectory. */
export function isSweAgentTrajectory(doc: unknown, path: string): boolean {
  if (!isObj(doc)) return false
  if ('trajectory_format' in doc || 'schema_version' in doc) return false // mini-swe-agent, ATIF
  const steps = doc.trajectory
  const hasSteps =
    Array.isArray(steps) && (steps.length === 0 || (isObj(steps[0]) && STEP_KEYS.some((k) => k in (steps[0] as Obj))))
  const hasHistory = Array.isArray(doc.history) && (doc.history.length === 0 || isObj(doc.history[0]))
  if (!hasSteps && !(hasHistory && isObj(doc.info))) return false
  if (path.endsWith('.traj')) return true
  // another extension: ask for SWE-agent's own info fields too
  return isObj(doc.info) && ('exit_status' in doc.info || 'model_stats' in doc.info || 'submission' in doc.info)
}

/** The run config (1.0+: dict, or a JSON string). */
const replayConfig = (doc: Obj): Obj => {
  const v = decodeMaybeJson(doc.replay_config)
  return isObj(v) ? v : {}
}

function instanceId(doc: Obj, path: string): string {
  const ps = replayConfig(doc).problem_statement
  const info = isObj(doc.info) ? doc.info : {}
  return (
    (isObj(ps) ? idText(ps.id) : null) ?? idText(info.instance_id) ?? idText(doc.instance_id) ?? instanceFromPath(path)
  )
}

/** The model: `replay_config.agent.model.name` (1.0), else the predictions' `model_name_or_path`. */
function modelOf(doc: Obj, runDir: string, ctx: FormatContext): string | null {
  const agent = replayConfig(doc).agent
  const model = isObj(agent) && isObj(agent.model) ? str(agent.model.name) : null
  if (model) return model
  const pred = predictionsModel(runDir, ctx)
  // 0.x writes the run name as model_name_or_path: `<model>__<dataset>__<config>__t-0.00__…`
  if (pred && /__t-\d/.test(pred)) return pred.slice(0, pred.indexOf('__'))
  return pred
}

interface Built {
  turns: Turn[]
  /** Task-defining messages (system + user prompt, demonstrations left out). */
  task: Obj[]
  preview: string
}

/** One message of the history prepared for messagesToTurns, plus what messagesToTurns cannot carry. */
interface Prepared {
  msg: Obj
  demo?: number
}

/** Conversation messages: `history`, else the last step's `messages` / `query` plus the steps after it. */
function conversation(doc: Obj): { messages: Obj[]; tailSteps: Obj[] } {
  const steps = (Array.isArray(doc.trajectory) ? doc.trajectory : []).filter(isObj)
  if (Array.isArray(doc.history) && doc.history.some(isObj))
    return { messages: doc.history.filter(isObj), tailSteps: [] }
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]
    if (Array.isArray(s.messages) && s.messages.some(isObj))
      return { messages: s.messages.filter(isObj), tailSteps: steps.slice(i + 1) }
    if (Array.isArray(s.query) && s.query.some(isObj))
      return { messages: s.query.filter(isObj), tailSteps: steps.slice(i) }
  }
  return { messages: [], tailSteps: steps }
}

/** A trajectory step as history messages: the assistant turn with its action, then the observation. */
function stepMessages(s: Obj): Obj[] {
  const out: Obj[] = [
    { role: 'assistant', content: str(s.thought) ?? str(s.response) ?? '', action: s.action, response: s.response }
  ]
  if (s.observation !== undefined && s.observation !== null)
    out.push({ role: 'tool', content: s.observation, message_type: 'observation' })
  return out
}

const thinkingOf = (m: Obj): string | null => {
  if (!Array.isArray(m.thinking_blocks)) return null
  const parts = m.thinking_blocks.map((b) => (isObj(b) ? (str(b.thinking) ?? str(b.text) ?? '') : '')).filter(Boolean)
  return parts.length ? parts.join('\n') : null
}

/** History messages in the OpenAI shape messagesToTurns reads (text actions as tool calls, observations as tool results). */
function prepare(messages: Obj[]): Prepared[] {
  const out: Prepared[] = []
  let spoke = false
  let pending = 0 // text / tool calls still waiting for their observation
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]
    if (m.is_demo === true) {
      let j = i
      const texts: string[] = []
      while (j < messages.length && messages[j].is_demo === true) texts.push(contentText(messages[j++].content))
      out.push({ msg: { role: 'user', content: texts.join('\n\n') }, demo: j - i })
      i = j - 1
      continue
    }
    const role = str(m.role) ?? 'user'
    if (role === 'assistant') {
      spoke = true
      const toolCalls = Array.isArray(m.tool_calls) && m.tool_calls.length ? m.tool_calls : null
      const action = str(m.action)
      const calls =
        toolCalls ??
        (action && action.trim()
          ? [{ id: null, name: actionToolName(action), arguments: { command: action.trimEnd() } }]
          : [])
      pending = calls.length
      const text = toolCalls ? contentText(m.content) : (str(m.thought) ?? contentText(m.content))
      // a text action: what the model wrote is a step's response, a history message's content (thought and command)
      const output = toolCalls || !calls.length ? undefined : (str(m.response) ?? str(m.content) ?? undefined)
      out.push({
        msg: {
          role: 'assistant',
          content: text,
          tool_calls: calls,
          reasoning: thinkingOf(m),
          ...(output !== undefined ? { [TEXT_ACTIONS]: output } : {})
        }
      })
      continue
    }
    const ids = Array.isArray(m.tool_call_ids) ? m.tool_call_ids.filter((x) => typeof x === 'string') : []
    const callId = str(m.tool_call_id) ?? (ids[0] as string | undefined) ?? null
    const observation =
      role === 'tool' || (role === 'user' && spoke && (pending > 0 || m.message_type === 'observation'))
    if (observation) {
      pending = Math.max(0, pending - 1)
      out.push({ msg: { role: 'tool', content: m.content, tool_call_id: callId } })
    } else out.push({ msg: { role, content: m.content } })
  }
  return out
}

function build(doc: Obj): Built {
  const { messages, tailSteps } = conversation(doc)
  const all = [...messages, ...tailSteps.flatMap(stepMessages)]
  const prepared = prepare(all)
  let cut = prepared.findIndex((p) => p.msg.role === 'assistant')
  if (cut < 0) cut = prepared.length
  const task = prepared.slice(0, cut).filter((p) => !p.demo && (p.msg.role === 'system' || p.msg.role === 'user'))
  const ps = replayConfig(doc).problem_statement
  const statement = isObj(ps) ? str(ps.text) : null
  // no conversation at all (a bare trajectory): the problem statement is the prompt
  const promptMsgs = prepared.slice(0, cut).map((p) => p.msg)
  if (!promptMsgs.length && statement) promptMsgs.push({ role: 'user', content: statement })
  const turns = messagesToTurns(
    promptMsgs,
    prepared.slice(cut).map((p) => p.msg)
  )
  for (let i = 0; i < cut && i < prepared.length; i++) {
    const n = prepared[i].demo
    if (n) turns[i].meta = { ...turns[i].meta, demonstration: n } satisfies TurnMeta
  }
  const steps = (Array.isArray(doc.trajectory) ? doc.trajectory : []).filter(isObj)
  completeLastObservation(turns, steps)
  stepTimes(turns, steps)
  const firstUser = task.find((p) => p.msg.role === 'user')
  const preview = issuePreview(statement ?? (firstUser ? contentText(firstUser.msg.content) : ''))
  return {
    turns,
    task: task.length ? task.map((p) => p.msg) : statement ? [{ role: 'user', content: statement }] : [],
    preview
  }
}

/** 0.x histories stop before the last observation (the submit output): take it from the last step. */
function completeLastObservation(turns: Turn[], steps: Obj[]): void {
  const last = turns[turns.length - 1]
  const step = steps[steps.length - 1]
  if (!last || last.role !== 'assistant' || last.isPrompt || last.toolCalls.length === 0 || !step) return
  const obs = step.observation
  if (obs === undefined || obs === null) return
  const call = last.toolCalls[0]
  turns.push({
    index: turns.length,
    role: 'tool',
    text: contentText(obs),
    reasoning: null,
    toolCalls: [],
    toolCallId: call.id,
    toolName: call.name,
    isPrompt: false,
    isObservation: true,
    reward: null,
    done: null,
    tokens: null
  })
}

/** Step execution times on the tool results, when there is one result per step. */
function stepTimes(turns: Turn[], steps: Obj[]): void {
  const results = turns.filter((t) => t.role === 'tool' && !t.isPrompt)
  if (results.length !== steps.length) return
  results.forEach((t, i) => {
    const s = num(steps[i].execution_time)
    if (s !== null) t.meta = { ...t.meta, latencyMs: s * 1000 } satisfies TurnMeta
  })
}

function summarize(
  doc: Obj,
  path: string,
  built: Built,
  result: SweBenchResult | null,
  unscored: string | null
): EpisodeSummaryRecord {
  const info = isObj(doc.info) ? doc.info : {}
  const stats = isObj(info.model_stats) ? info.model_stats : {}
  const steps = (Array.isArray(doc.trajectory) ? doc.trajectory : []).filter(isObj)
  const { status, error } = exitOutcome(info.exit_status)
  const metrics: Record<string, number> = {}
  const cost = num(stats.instance_cost)
  if (cost !== null) metrics.cost = cost
  for (const k of ['tokens_sent', 'tokens_received', 'api_calls'])
    if (num(stats[k]) !== null) metrics[k] = num(stats[k])!
  metrics.steps = steps.length
  Object.assign(metrics, result?.metrics ?? {})
  let duration: number | null = null
  for (const s of steps) if (num(s.execution_time) !== null) duration = (duration ?? 0) + num(s.execution_time)! * 1000
  const out: ScalarMap = {
    exit_status: str(info.exit_status) ?? null,
    submitted: typeof info.submission === 'string' && info.submission.trim() !== '',
    environment: str(doc.environment) ?? null
  }
  const version = str(info.swe_agent_version)
  if (version) out.swe_agent_version = version
  const verdict = harnessVerdict(result)
  Object.assign(out, verdict.info)
  return {
    sourceId: instanceId(doc, path),
    promptHash: promptHash(built.task),
    answer: null,
    reward: verdict.reward,
    success: verdict.success,
    unscored,
    termination: str(info.exit_status),
    status,
    error,
    turns: built.turns.length,
    preview: built.preview,
    metrics,
    info: out,
    tokensIn: num(stats.tokens_sent),
    tokensOut: num(stats.tokens_received),
    durationMs: duration,
    actions: { kind: 'turns', turns: built.turns }
  }
}

const asDoc = (doc: unknown): Obj => {
  if (!isObj(doc)) throw new RecordError('not an SWE-agent trajectory: the document is not a JSON object')
  if (!Array.isArray(doc.trajectory) && !Array.isArray(doc.history)) {
    throw new RecordError('not an SWE-agent trajectory: it has neither a "trajectory" nor a "history" list')
  }
  return doc
}

function context(doc: Obj, path: string, ctx: FormatContext): TrajectoryRun {
  const id = instanceId(doc, path)
  const runDir = runDirOf(path, id)
  return trajectoryRun(runDir, id, modelOf(doc, runDir, ctx), ctx)
}

export const sweAgentAdapter = defineFormat<DocumentAdapter>({
  format: 'swe-agent',
  priority: 80,
  fileKinds: ['json'],
  extensions: ['.traj'],
  companions: [],

  matches: (doc, path) => isSweAgentTrajectory(doc, path),

  index(raw, path, ctx): DocumentRun[] {
    const doc = asDoc(raw)
    const built = build(doc)
    const c = context(doc, path, ctx)
    const { result, unscored } = verdictOfTrajectory(c, path, ctx)
    const summary = summarize(doc, path, built, result, unscored)
    return trajectoryRuns(c, path, summary, 'SWE-agent')
  },

  parseEpisode(raw, locator, path, ctx): EpisodeBody {
    const doc = asDoc(raw)
    const c = context(doc, path, ctx)
    if (isResultsOnlyLocator(locator)) return resultsOnlyBody(c.report, locator)
    const built = build(doc)
    const info = isObj(doc.info) ? doc.info : {}
    const { result } = verdictOfTrajectory(c, path, ctx)
    const infoFull: Record<string, unknown> = { ...info, environment: doc.environment ?? null }
    if (result) infoFull.swebench = result
    return { turns: built.turns, tools: [], infoFull }
  }
})

/**
 * mini-swe-agent `<instance_id>.traj.json` (FORMATS.md §3.2), one episode per file, every version:
 * - `mini-swe-agent-1.1` (mini 2.x): `{info{exit_status, submission, model_stats, config, mini_version},
 *   messages[], trajectory_format, instance_id}`; assistant messages with OpenAI `tool_calls` and
 *   `extra{actions, response (usage), cost, timestamp}`, `role: tool` results with `tool_call_id` and
 *   `extra{returncode, exception_info, timestamp}`, a final `role: exit` message holding the submission;
 * - `mini-swe-agent-1` (mini 1.x): the same dict, but the action is the one fenced bash block of the
 *   assistant text and its output comes back as a user message (`<returncode>…</returncode><output>…`);
 * - oldest: a bare JSON list of those messages (no info: status from the final submit command).
 *
 * Turns: messagesToTurns over the messages, after a text action became a `bash` tool call and the
 * user message answering it a tool result (paired by order); the `exit` message answers the
 * submit command still open (else it is an env turn) and is marked done. Other user messages after
 * the model spoke (format errors, timeouts) stay environment feedback.
 *
 * Run: every trajectory under one output folder (`<output>/<id>/<id>.traj.json` → `<output>`).
 * Task key = `instance_id` (else the file name). Termination = `info.exit_status`. Reward = the SWE-bench harness
 * result (swe-bench-run.ts: the run report's population when there is one, so instances the harness scored
 * without a trajectory on disk are results-only episodes of the run), else null (`unscored: 'not evaluated'`).
 */
import type { EpisodeStatus, Turn, TurnMeta } from '@contract/model'
import type { DocumentAdapter, DocumentRun, EpisodeBody, EpisodeSummaryRecord } from '../types'
import { RecordError } from '../types'
import { contentText } from './content-text'
import { messagesToTurns, TEXT_ACTIONS } from './messages'
import { promptHash } from './prompt-hash'
import { idText, isObj, num, str, type Obj, type ScalarMap } from './record-fields'
import {
  bashBlock,
  exitOutcome,
  harnessVerdict,
  instanceFromPath,
  issuePreview,
  isoTime,
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

/** The command that ends a mini-swe-agent run (its output is the submission). */
const SUBMIT_RE = /COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT|MINI_SWE_AGENT_FINAL_OUTPUT/

const isMessage = (m: unknown): boolean => isObj(m) && typeof m.role === 'string' && 'content' in m

/** Whether a parsed document is a mini-swe-agent trajectory. */
export function isMiniSweAgentTrajectory(doc: unknown, path: string): boolean {
  if (Array.isArray(doc)) {
    // the old bare message list: only under its own file name, it is too plain a shape otherwise
    if (!path.endsWith('.traj.json') || doc.length === 0) return false
    const head = doc.slice(0, 50)
    return head.every(isMessage) && ['system', 'user'].includes(str((doc[0] as Obj).role) ?? '')
  }
  if (!isObj(doc) || !Array.isArray(doc.messages)) return false
  if (typeof doc.trajectory_format === 'string') return doc.trajectory_format.startsWith('mini-swe-agent')
  if (!isObj(doc.info)) return false
  if ('mini_version' in doc.info) return true
  return path.endsWith('.traj.json') && ('exit_status' in doc.info || 'submission' in doc.info)
}

interface Parts {
  info: Obj
  messages: Obj[]
  bare: boolean
}

function partsOf(doc: unknown): Parts {
  if (Array.isArray(doc)) return { info: {}, messages: doc.filter(isObj), bare: true }
  if (!isObj(doc) || !Array.isArray(doc.messages))
    throw new RecordError('not a mini-swe-agent trajectory: no "messages" list')
  return { info: isObj(doc.info) ? doc.info : {}, messages: doc.messages.filter(isObj), bare: false }
}

interface Prepared {
  msg: Obj
  meta: TurnMeta
  exit: boolean
}

const extraOf = (m: Obj): Obj => (isObj(m.extra) ? m.extra : {})

/** The raw provider response's usage of an assistant message. */
function usageOf(m: Obj): Obj | null {
  const resp = extraOf(m).response
  if (isObj(resp) && isObj(resp.usage)) return resp.usage
  return isObj(m.usage) ? m.usage : null
}

/** Messages in the OpenAI shape messagesToTurns reads, with per-turn extras. */
function prepare(messages: Obj[]): Prepared[] {
  const out: Prepared[] = []
  let spoke = false
  let pending: (string | null)[] = []
  for (const m of messages) {
    const role = str(m.role) ?? 'user'
    const extra = extraOf(m)
    const meta: TurnMeta = {}
    const ts = isoTime(extra.timestamp) ?? isoTime(m.timestamp)
    if (ts) meta.timestamp = ts
    if (role === 'assistant') {
      spoke = true
      let calls: unknown[] = Array.isArray(m.tool_calls) && m.tool_calls.length ? m.tool_calls : []
      // no tool calls: the model wrote its command in its text (the text format), read from there or from `actions`
      const inText = calls.length === 0
      if (!calls.length && Array.isArray(extra.actions) && extra.actions.length) {
        calls = extra.actions
          .filter(isObj)
          .map((a) => ({ id: str(a.tool_call_id), name: 'bash', arguments: { command: str(a.command) ?? '' } }))
      }
      if (!calls.length) {
        const command = bashBlock(contentText(m.content))
        if (command !== null) calls = [{ id: null, name: 'bash', arguments: { command } }]
      }
      pending = calls.map((c) => (isObj(c) ? (str(c.id) ?? null) : null))
      const cost = num(extra.cost)
      if (cost !== null) meta.costUsd = cost
      const psf = isObj(m.provider_specific_fields) ? m.provider_specific_fields : {}
      const reasoning = str(m.reasoning_content) ?? str(psf.reasoning_content) ?? str(m.thinking)
      out.push({
        msg: {
          role: 'assistant',
          content: m.content,
          tool_calls: calls,
          reasoning_content: reasoning,
          usage: usageOf(m),
          ...(inText ? { [TEXT_ACTIONS]: true } : {})
        },
        meta,
        exit: false
      })
      continue
    }
    if (role === 'exit') {
      const answers = pending.length > 0
      const callId = answers ? pending.shift()! : null
      out.push({
        msg: { role: answers ? 'tool' : 'environment', content: m.content, tool_call_id: callId },
        meta,
        exit: true
      })
      continue
    }
    if (role === 'tool' || (role === 'user' && spoke && pending.length > 0)) {
      const id = str(m.tool_call_id)
      const at = id === null ? 0 : pending.indexOf(id)
      if (pending.length) pending.splice(at < 0 ? 0 : at, 1)
      const rc = num(extra.returncode)
      if (rc !== null) meta.metrics = { returncode: rc }
      const exception = str(extra.exception_info)
      if (exception) meta.error = exception
      out.push({ msg: { role: 'tool', content: m.content, tool_call_id: id }, meta, exit: false })
      continue
    }
    out.push({ msg: { role, content: m.content }, meta, exit: false })
  }
  return out
}

interface Built {
  turns: Turn[]
  task: Obj[]
  preview: string
  assistantTurns: number
  /** Tokens summed over the assistant messages' usage (null when none has usage). */
  tokensIn: number | null
  tokensOut: number | null
  durationMs: number | null
  submitted: boolean
}

function build(parts: Parts): Built {
  const prepared = prepare(parts.messages)
  let cut = prepared.findIndex((p) => p.msg.role === 'assistant')
  if (cut < 0) cut = prepared.length
  const turns = messagesToTurns(
    prepared.slice(0, cut).map((p) => p.msg),
    prepared.slice(cut).map((p) => p.msg)
  )
  prepared.forEach((p, i) => {
    const t = turns[i]
    if (!t) return
    if (Object.keys(p.meta).length) t.meta = { ...t.meta, ...p.meta }
    if (p.exit) t.done = true
  })
  const task = prepared
    .slice(0, cut)
    .map((p) => p.msg)
    .filter((m) => m.role === 'system' || m.role === 'user')
  const firstUser = task.find((m) => m.role === 'user')
  let tokensIn: number | null = null
  let tokensOut: number | null = null
  const times: number[] = []
  for (const m of parts.messages) {
    const ts = isoTime(extraOf(m).timestamp) ?? isoTime(m.timestamp)
    if (ts) times.push(Date.parse(ts) / 1000)
    if (m.role !== 'assistant') continue
    const u = usageOf(m)
    if (!u) continue
    const i = num(u.prompt_tokens) ?? num(u.input_tokens)
    const o = num(u.completion_tokens) ?? num(u.output_tokens)
    if (i !== null) tokensIn = (tokensIn ?? 0) + i
    if (o !== null) tokensOut = (tokensOut ?? 0) + o
  }
  const lastAssistant = [...turns].reverse().find((t) => t.role === 'assistant')
  const submitted =
    !!lastAssistant &&
    (lastAssistant.toolCalls.some((c) => SUBMIT_RE.test(JSON.stringify(c.arguments))) ||
      SUBMIT_RE.test(lastAssistant.text))
  return {
    turns,
    task,
    preview: issuePreview(firstUser ? contentText(firstUser.content) : ''),
    assistantTurns: turns.filter((t) => t.role === 'assistant').length,
    tokensIn,
    tokensOut,
    durationMs: times.length >= 2 ? (Math.max(...times) - Math.min(...times)) * 1000 : null,
    submitted
  }
}

function instanceIdOf(doc: unknown, path: string): string {
  return (isObj(doc) ? idText(doc.instance_id) : null) ?? instanceFromPath(path)
}

function modelOf(parts: Parts, runDir: string, ctx: FormatContext): string | null {
  const config = isObj(parts.info.config) ? parts.info.config : {}
  const model = isObj(config.model) ? (str(config.model.model_name) ?? str(config.model.model)) : str(config.model)
  return model ?? predictionsModel(runDir, ctx)
}

/** Last non-empty line of a traceback: the exception message. */
const tracebackTail = (v: unknown): string | null => {
  if (typeof v !== 'string') return null
  const lines = v.trim().split('\n')
  return lines[lines.length - 1]?.trim() || null
}

function statusOf(parts: Parts, built: Built): { status: EpisodeStatus; error: string | null } {
  if (parts.bare || !('exit_status' in parts.info)) {
    // the bare-list format records no exit status: a run that issued the submit command finished
    if (built.submitted) return { status: 'ok', error: null }
    return parts.bare
      ? { status: 'truncated', error: 'no submit command: the run did not finish' }
      : exitOutcome(undefined)
  }
  return exitOutcome(parts.info.exit_status, tracebackTail(parts.info.traceback))
}

function summarize(
  doc: unknown,
  path: string,
  parts: Parts,
  built: Built,
  result: SweBenchResult | null,
  unscored: string | null
): EpisodeSummaryRecord {
  const info = parts.info
  const stats = isObj(info.model_stats) ? info.model_stats : {}
  const { status, error } = statusOf(parts, built)
  const metrics: Record<string, number> = {}
  const cost = num(stats.instance_cost)
  if (cost !== null) metrics.cost = cost
  const calls = num(stats.api_calls)
  if (calls !== null) metrics.api_calls = calls
  metrics.steps = built.assistantTurns
  Object.assign(metrics, result?.metrics ?? {})
  const out: ScalarMap = {
    exit_status: str(info.exit_status) ?? null,
    submitted: typeof info.submission === 'string' ? info.submission.trim() !== '' : built.submitted
  }
  const fmt = isObj(doc) ? str(doc.trajectory_format) : null
  out.trajectory_format = fmt ?? (parts.bare ? 'bare-list' : null)
  const version = str(info.mini_version)
  if (version) out.mini_version = version
  const verdict = harnessVerdict(result)
  Object.assign(out, verdict.info)
  return {
    sourceId: instanceIdOf(doc, path),
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
    tokensIn: num(stats.input_tokens) ?? num(stats.prompt_tokens) ?? built.tokensIn,
    tokensOut: num(stats.output_tokens) ?? num(stats.completion_tokens) ?? built.tokensOut,
    durationMs: built.durationMs,
    actions: { kind: 'turns', turns: built.turns }
  }
}

function context(doc: unknown, path: string, parts: Parts, ctx: FormatContext): TrajectoryRun {
  const id = instanceIdOf(doc, path)
  const runDir = runDirOf(path, id)
  return trajectoryRun(runDir, id, modelOf(parts, runDir, ctx), ctx)
}

export const miniSweAgentAdapter = defineFormat<DocumentAdapter>({
  format: 'mini-swe-agent',
  priority: 70,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],

  matches: (doc, path) => isMiniSweAgentTrajectory(doc, path),

  index(doc, path, ctx): DocumentRun[] {
    const parts = partsOf(doc)
    const built = build(parts)
    const c = context(doc, path, parts, ctx)
    const { result, unscored } = verdictOfTrajectory(c, path, ctx)
    const summary = summarize(doc, path, parts, built, result, unscored)
    return trajectoryRuns(c, path, summary, 'mini-swe-agent')
  },

  parseEpisode(doc, locator, path, ctx): EpisodeBody {
    const parts = partsOf(doc)
    const c = context(doc, path, parts, ctx)
    if (isResultsOnlyLocator(locator)) return resultsOnlyBody(c.report, locator)
    const built = build(parts)
    const { result } = verdictOfTrajectory(c, path, ctx)
    const infoFull: Record<string, unknown> = { ...parts.info }
    if (result) infoFull.swebench = result
    return { turns: built.turns, tools: [], infoFull }
  }
})

/**
 * Codex CLI sessions (FORMATS.md §9): `~/.codex/sessions/YYYY/MM/DD/rollout-<ts>-<uuid>.jsonl`, written by the rollout
 * recorder (openai/codex codex-rs/core/src/rollout/recorder.rs; the line shapes in codex-rs/protocol/src/protocol.rs
 * `RolloutLine` / `RolloutItem` and models.rs `ResponseItem`). Two eras:
 * - since mid-2025: `{timestamp, type, payload}` lines, `type` one of session_meta, turn_context, response_item,
 *   event_msg, compacted (newer: world_state, inter_agent_communication…);
 * - before: a bare session meta object on the first line (`{id, timestamp, instructions?, git?}`), then bare
 *   Responses items, with `{record_type: "state"}` lines between.
 * One episode per file. The transcript is the `response_item`s (Responses-API items, read by responses-items.ts);
 * `event_msg` user / agent messages repeat them for the UI and are used only when a file has no message items. A
 * `compacted` line is a context-summary turn. Tokens: the last `token_count` event's total usage. No reward.
 * The run: the sessions of one working directory (session_meta `cwd`) under one sessions folder, since the date
 * folders say when, not what; a session without a `cwd` (old era) belongs to the sessions folder's run.
 */
import { basename, dirname } from 'node:path'
import type { DocumentAdapter, DocumentRun, EpisodeSummaryRecord } from '../types'
import { RecordError } from '../types'
import { defineFormat } from '../define-format'
import { messagesToTurns } from './messages'
import { previewOf } from './preview'
import { promptHash } from './prompt-hash'
import { isObj, num, str, timeMs, type Obj } from './record-fields'
import { itemsToMessages, type Message } from './responses-items'
import { SkippedRecords } from './skipped-records'
import { sessionSpanMs, type SessionFacts } from './session-facts'
import { parseJsonLine } from '../readers/tolerant-json'

/** The `type` of a rollout line that holds something to read. */
const LINE_TYPES = new Set(['session_meta', 'turn_context', 'response_item', 'event_msg', 'compacted'])
/** Lines Codex writes for resuming a session (world state, agent messaging bookkeeping): nothing to show. */
const BOOKKEEPING = new Set(['world_state', 'inter_agent_communication', 'inter_agent_communication_metadata'])
/** Response items of Codex's own bookkeeping (undo snapshots): not part of the conversation. */
const HIDDEN_ITEMS = new Set(['ghost_snapshot'])

const ROLLOUT_NAME = /^rollout-.+\.jsonl$/

const isRolloutLine = (r: Obj): boolean => typeof r.type === 'string' && isObj(r.payload)

/** The first line of a Codex rollout: its session_meta line, or (old era) the bare session meta of a rollout-*.jsonl. */
function isCodexFirstRecord(r: Obj, path: string): boolean {
  if (isRolloutLine(r) && r.type === 'session_meta') return true
  if (!ROLLOUT_NAME.test(basename(path))) return false
  if (isRolloutLine(r)) return LINE_TYPES.has(r.type as string)
  return typeof r.id === 'string' && typeof r.timestamp === 'string' && !('type' in r)
}

/** Harness context Codex sends as user messages (environment, AGENTS.md, instructions): not the person's task. */
const isContextText = (text: string): boolean =>
  /^\s*(<(environment_context|user_instructions|user_shell_command|permissions instructions)\b|# AGENTS\.md instructions)/.test(
    text
  )

interface Rollout extends SessionFacts {
  task: string | null
  meta: Obj
  termination: string | null
}

function read(doc: unknown): Rollout {
  const lines = (Array.isArray(doc) ? doc : [doc]).filter(isObj)
  const legacy = lines.length > 0 && !isRolloutLine(lines[0]) && typeof lines[0].id === 'string'
  const unknown = new SkippedRecords()
  const skip = (type: string, at: number): void => unknown.note(type, at + 1)
  let meta: Obj = legacy ? lines[0] : {}
  let model: string | null = null
  let usage: Obj | null = null
  let error: string | null = null
  let termination: string | null = null
  /** Runs of response items, with the compaction summaries between them. */
  const segments: { items: unknown[]; summary: string | null }[] = [{ items: [], summary: null }]
  const events: Message[] = []
  const stamps: number[] = []
  lines.forEach((line, i) => {
    if (legacy) {
      if (i === 0 || line.record_type === 'state') return
      if (typeof line.type === 'string' && !HIDDEN_ITEMS.has(line.type)) segments[segments.length - 1].items.push(line)
      else if (typeof line.type !== 'string') skip('(no type)', i)
      return
    }
    const type = str(line.type) ?? '(no type)'
    const t = timeMs(line.timestamp)
    if (Number.isFinite(t)) stamps.push(t)
    const p = isObj(line.payload) ? line.payload : {}
    if (type === 'session_meta') {
      if (Object.keys(meta).length === 0) meta = p
    } else if (type === 'turn_context') model ??= str(p.model)
    else if (type === 'response_item') {
      const itemType = str(p.type) ?? ''
      if (itemType === 'compaction' || itemType === 'context_compaction')
        segments.push({ items: [], summary: 'the earlier context was replaced by an encrypted summary' })
      else if (!HIDDEN_ITEMS.has(itemType)) segments[segments.length - 1].items.push(p)
    } else if (type === 'compacted') segments.push({ items: [], summary: str(p.message) ?? '' })
    else if (type === 'event_msg') {
      const kind = str(p.type)
      if (kind === 'user_message') events.push({ role: 'user', content: str(p.message) ?? '' })
      else if (kind === 'agent_message') events.push({ role: 'assistant', content: str(p.message) ?? '' })
      else if (kind === 'token_count') usage = (isObj(p.info) ? p.info.total_token_usage : p) as Obj | null
      else if (kind === 'error') error = str(p.message) ?? 'error'
      else if (kind === 'turn_aborted') termination = `aborted${str(p.reason) ? `: ${str(p.reason)}` : ''}`
      else if (kind === 'task_complete') termination = 'task_complete'
    } else if (!BOOKKEEPING.has(type)) skip(type, i)
  })
  const hasMessages = segments.some((s) => s.items.some((it) => isObj(it) && it.type === 'message'))
  const messages: (Message & { _summary?: boolean })[] = []
  const exitCodes = new Map<string, number>()
  for (const s of segments) {
    if (s.summary !== null)
      messages.push({ role: 'system', content: `Context compacted: ${s.summary}`, _summary: true })
    messages.push(...itemsToMessages(s.items.map((it) => unwrapShellOutput(it, exitCodes))))
  }
  if (!hasMessages) messages.push(...events)
  const firstAssistant = messages.findIndex((m) => m.role === 'assistant')
  const promptLen = firstAssistant < 0 ? messages.length : firstAssistant
  const turns = messagesToTurns(messages.slice(0, promptLen), messages.slice(promptLen))
  turns.forEach((turn, i) => {
    if (messages[i]._summary) turn.meta = { ...turn.meta, contextSummary: true }
    const exit = turn.toolCallId !== null ? exitCodes.get(turn.toolCallId) : undefined
    if (exit !== undefined) turn.meta = { ...turn.meta, error: `exit code ${exit}` }
    // a later user message is the person writing again, not environment feedback
    turn.isObservation = turn.role === 'tool' || turn.role === 'env'
  })
  const task =
    turns.find((t) => t.role === 'user' && !isContextText(t.text))?.text ??
    str((events.find((e) => e.role === 'user') ?? {}).content)
  const u = usage as Obj | null
  if (legacy && isObj(meta) && Number.isFinite(timeMs(meta.timestamp))) stamps.push(timeMs(meta.timestamp))
  return {
    turns,
    task,
    meta,
    model,
    tokensIn: u ? num(u.input_tokens) : null,
    tokensOut: u ? num(u.output_tokens) : null,
    startMs: stamps.length ? Math.min(...stamps) : null,
    endMs: stamps.length ? Math.max(...stamps) : null,
    error,
    termination,
    unknown
  }
}

/**
 * A tool output as Codex writes it for its shell and patch tools: a JSON string `{output, metadata: {exit_code}}`.
 * The output text is what the turn shows; a non-zero exit code is noted by call id (the turn's error).
 */
function unwrapShellOutput(item: unknown, exitCodes: Map<string, number>): unknown {
  if (!isObj(item) || typeof item.output !== 'string' || !str(item.type)?.endsWith('_call_output')) return item
  if (!item.output.startsWith('{')) return item
  let v: unknown
  try {
    v = parseJsonLine(item.output)
  } catch {
    return item
  }
  if (!isObj(v) || typeof v.output !== 'string') return item
  const exit = isObj(v.metadata) ? num(v.metadata.exit_code) : null
  if (exit !== null && exit !== 0 && typeof item.call_id === 'string') exitCodes.set(item.call_id, exit)
  return { ...item, output: v.output }
}

/** The sessions folder of a rollout (`…/sessions` above `YYYY/MM/DD/`), else the rollout's own folder. */
function sessionsFolder(path: string): string {
  const day = dirname(path)
  const parts = [basename(day), basename(dirname(day)), basename(dirname(dirname(day)))]
  return /^\d{2}$/.test(parts[0]) && /^\d{2}$/.test(parts[1]) && /^\d{4}$/.test(parts[2])
    ? dirname(dirname(dirname(day)))
    : day
}

function summaryOf(r: Rollout, path: string): EpisodeSummaryRecord {
  const id = str(r.meta.id) ?? basename(path)
  const task = r.task !== null ? [{ role: 'user', content: r.task }] : []
  return {
    sourceId: id,
    promptHash: promptHash(task.length ? task : [{ role: 'user', content: id }]),
    answer: null,
    reward: null,
    success: null,
    status: r.error ? 'error' : r.termination?.startsWith('aborted') ? 'cancelled' : 'ok',
    error: r.error ? r.error.slice(0, 500) : null,
    termination: r.termination,
    turns: r.turns.length,
    preview: previewOf(task),
    metrics: {},
    info: {
      session_id: id,
      cwd: str(r.meta.cwd),
      cli_version: str(r.meta.cli_version),
      originator: str(r.meta.originator),
      source:
        typeof r.meta.source === 'string' ? r.meta.source : isObj(r.meta.source) ? JSON.stringify(r.meta.source) : null,
      git_branch: isObj(r.meta.git) ? str(r.meta.git.branch) : null
    },
    tokensIn: r.tokensIn,
    tokensOut: r.tokensOut,
    durationMs: sessionSpanMs(r),
    actions: { kind: 'turns', turns: r.turns }
  }
}

export const codexAdapter = defineFormat<DocumentAdapter>({
  format: 'codex',
  priority: 114,
  fileKinds: ['jsonl-grouped'],
  extensions: ['.jsonl'],
  companions: [],
  // a rollout is JSONL; a one-line rollout is read as JSONL too
  matches: () => false,
  matchesFirstRecord: (r, path) => isCodexFirstRecord(r, path),

  index(doc, path): DocumentRun[] {
    const r = read(doc)
    if (r.turns.length === 0) throw new RecordError('the session holds no messages')
    const root = sessionsFolder(path)
    const cwd = str(r.meta.cwd)
    return [
      {
        runKey: cwd ? `${root}#${cwd}` : root,
        header: {
          name: cwd ? basename(cwd) || cwd : basename(root),
          model: r.model ?? str(r.meta.model),
          env: null,
          createdAt: str(r.meta.timestamp),
          checkpointStep: null,
          header: { producer: 'codex', cwd, model_provider: str(r.meta.model_provider) },
          passThreshold: null
        },
        episodes: [{ summary: summaryOf(r, path), locator: '' }],
        warnings: r.unknown.warnings()
      }
    ]
  },

  parseEpisode(doc, _locator, path) {
    const r = read(doc)
    return { turns: r.turns, tools: [], infoFull: { ...summaryOf(r, path).info, session_meta: r.meta }, raw: doc }
  }
})

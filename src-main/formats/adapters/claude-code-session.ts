/**
 * A Claude Code session (`~/.claude/projects/<cwd-slug>/<session-uuid>.jsonl`) read into turns.
 *
 * - Records link by `uuid` / `parentUuid`; the conversation shown is the main chain: from the last main record back
 *   to the root (across a compaction, whose boundary record has no parent but a `logicalParentUuid`). Branches left
 *   behind by a rewind or an edit are counted, not shown.
 * - An assistant message is streamed as one record per content block sharing `message.id`: merged into one turn at
 *   the place of its first block.
 * - Sub-agents (the `Task` / `Agent` tool) write records with `isSidechain: true`: inline in the session file in
 *   older versions, in `agent-<id>.jsonl` files beside it (2.0.x) or under `<session-uuid>/subagents/` (newer). Each
 *   sub-agent's turns are kept together, marked with the agent (Turn.agent), right after the main turn that called it.
 * - `summary` records and compaction summaries are turns marked as context summaries (TurnMeta.contextSummary).
 */
import type { TurnAgent, TurnMeta } from '@contract/model'
import { messagesToTurns } from './messages'
import { isObj, num, str, timeMs, type Obj } from './record-fields'
import { SkippedRecords } from './skipped-records'
import type { SessionFacts } from './session-facts'

/** Record types with something to show. */
const SHOWN = new Set(['user', 'assistant', 'system', 'attachment', 'summary'])
/** Record types Claude Code writes for its own bookkeeping (file snapshots, the input queue, titles...): nothing to show. */
const BOOKKEEPING = new Set([
  'file-history-snapshot',
  'queue-operation',
  'progress',
  'custom-title',
  'ai-title',
  'agent-name',
  'tag',
  'last-prompt',
  'pr-link',
  'permission-mode',
  'worktree-state'
])

/** Tools that start a sub-agent. */
const AGENT_TOOLS = new Set(['Task', 'Agent'])

/** One record of a Claude Code session: a JSON object with a string `type`. */
export const isSessionRecord = (r: unknown): r is Obj => isObj(r) && typeof r.type === 'string'

/** A sub-agent's own file: its id and records. */
export interface SubAgentFile {
  agentId: string
  records: unknown[]
}

/** A chat message on its way to messagesToTurns, with what the turn gets besides. */
type Msg = Obj & { _agent?: TurnAgent; _meta?: TurnMeta }

export interface SessionRead extends SessionFacts {
  /** The first message the person wrote (the task), as a chat message; null when the session has none. */
  task: Obj | null
  subAgents: number
  /** Main-conversation records on branches the session left (rewinds, edits): not shown. */
  offBranch: number
  sessionId: string | null
  cwd: string | null
  gitBranch: string | null
  version: string | null
}

export function readSession(records: readonly unknown[], files: readonly SubAgentFile[] = []): SessionRead {
  const unknown = new SkippedRecords()
  const all: Obj[] = []
  records.forEach((r, i) => {
    if (!isSessionRecord(r)) return
    const type = r.type as string
    if (SHOWN.has(type)) all.push(r)
    else if (!BOOKKEEPING.has(type)) unknown.note(type, i + 1)
  })
  const byUuid = new Map<string, Obj>()
  for (const r of records) if (isObj(r) && typeof r.uuid === 'string') byUuid.set(r.uuid, r)

  const main = all.filter((r) => r.isSidechain !== true && r.type !== 'summary')
  const chain = mainChain(main, byUuid)
  const onChain = new Set(chain)
  const summaries = all.filter((r) => r.type === 'summary' && typeof r.summary === 'string')

  const mainMsgs: Msg[] = [
    ...summaries.map((r) => ({
      role: 'system',
      content: `Summary: ${r.summary as string}`,
      _meta: { contextSummary: true }
    })),
    ...toMessages(chain, null)
  ]

  // sub-agents: their own files first (complete), then inline sidechain records of agents without a file
  const groups = new Map<string, Obj[]>()
  for (const f of files)
    groups.set(
      f.agentId,
      f.records.filter((r): r is Obj => isSessionRecord(r) && SHOWN.has(r.type as string))
    )
  for (const r of all) {
    if (r.isSidechain !== true || r.type === 'summary') continue
    const key = str(r.agentId) ?? sidechainRoot(r, byUuid)
    if (files.some((f) => f.agentId === key)) continue
    const g = groups.get(key)
    if (g) g.push(r)
    else groups.set(key, [r])
  }
  const placed = placeSubAgents(mainMsgs, groups, chain)

  const firstAssistant = placed.findIndex((m) => m.role === 'assistant' && !m._agent)
  const promptLen = firstAssistant < 0 ? placed.length : firstAssistant
  const turns = messagesToTurns(placed.slice(0, promptLen), placed.slice(promptLen))
  turns.forEach((t, i) => {
    const m = placed[i]
    if (m._agent) t.agent = m._agent
    if (m._meta && Object.keys(m._meta).length) t.meta = { ...t.meta, ...m._meta }
    // harness notes (system records, attachments, meta messages) are the environment speaking; a later user message
    // is the person writing again (or, in a sub-agent, the task it was given), not environment feedback
    t.isObservation = m.role === 'tool' || m.role === 'env'
  })

  const task = placed.find((m) => m.role === 'user' && !m._agent && !m._meta?.contextSummary) ?? null
  const stamps = [...chain, ...[...groups.values()].flat()].map((r) => timeMs(r.timestamp)).filter(Number.isFinite)
  const tokens = usageTotals([...chain, ...[...groups.values()].flat()])
  const last = chain[chain.length - 1]
  const lastError =
    last && last.type === 'assistant' && last.isApiErrorMessage === true ? messageText(last) || 'API error' : null
  const first = main[0] ?? all[0]
  return {
    turns,
    task: task ? { role: 'user', content: task.content } : null,
    model: modelOf(chain) ?? modelOf([...groups.values()].flat()),
    ...tokens,
    startMs: stamps.length ? Math.min(...stamps) : null,
    endMs: stamps.length ? Math.max(...stamps) : null,
    error: lastError,
    subAgents: groups.size,
    offBranch: main.filter((r) => !onChain.has(r)).length,
    sessionId: first ? str(first.sessionId) : null,
    cwd: first ? str(first.cwd) : null,
    gitBranch: first ? str(first.gitBranch) || null : null,
    version: first ? str(first.version) : null,
    unknown
  }
}

/** The main chain: from the last main record back through `parentUuid` (`logicalParentUuid` across a compaction). */
function mainChain(main: Obj[], byUuid: Map<string, Obj>): Obj[] {
  const leaf = [...main].reverse().find((r) => typeof r.uuid === 'string')
  if (!leaf) return main
  const chain: Obj[] = []
  const seen = new Set<string>()
  let cur: Obj | undefined = leaf
  while (cur && !seen.has(cur.uuid as string)) {
    seen.add(cur.uuid as string)
    chain.push(cur)
    const parent: string | null = str(cur.parentUuid) ?? str(cur.logicalParentUuid)
    cur = parent ? byUuid.get(parent) : undefined
  }
  // records of the chain Claude Code keeps for itself (progress) are walked through, not shown
  return chain.reverse().filter((r) => SHOWN.has(r.type as string) && r.isSidechain !== true)
}

/** The first record of an inline sidechain (its key when the records name no agent). */
function sidechainRoot(r: Obj, byUuid: Map<string, Obj>): string {
  let cur = r
  const seen = new Set<unknown>()
  while (!seen.has(cur.uuid)) {
    seen.add(cur.uuid)
    const parent = str(cur.parentUuid)
    const up = parent ? byUuid.get(parent) : undefined
    if (!up || up.isSidechain !== true) break
    cur = up
  }
  return `sidechain:${str(cur.uuid) ?? 'unknown'}`
}

/**
 * Chat messages of records in order. Assistant records sharing a `message.id` are one message (at its first block);
 * a user record's tool results become tool messages (before its own text, as Claude Code writes them).
 */
function toMessages(records: readonly Obj[], agent: TurnAgent | null): Msg[] {
  const out: Msg[] = []
  const assistantById = new Map<string, Msg>()
  const tag = (m: Msg, r: Obj): Msg => {
    if (agent) m._agent = agent
    const stamp = str(r.timestamp)
    if (stamp) m._meta = { ...m._meta, timestamp: stamp }
    return m
  }
  for (const r of records) {
    const message = isObj(r.message) ? r.message : null
    if (r.type === 'assistant' && message) {
      const id = str(message.id)
      const merged = id ? assistantById.get(id) : undefined
      const target: Msg = merged ?? tag({ role: 'assistant', content: [], tool_calls: [], _blocks: [] }, r)
      addAssistantBlocks(target, message.content)
      if (isObj(message.usage)) target.usage = message.usage
      if (r.isApiErrorMessage === true) target._meta = { ...target._meta, error: messageText(r) || 'API error' }
      if (!merged) {
        out.push(target)
        if (id) assistantById.set(id, target)
      }
      continue
    }
    if (r.type === 'user' && message) {
      const content = message.content
      const parts = Array.isArray(content) ? content : [content]
      for (const p of parts) {
        if (!isObj(p) || p.type !== 'tool_result') continue
        const m: Msg = { role: 'tool', tool_call_id: str(p.tool_use_id) ?? '', content: claudeContent(p.content) }
        if (p.is_error === true) m._meta = { error: plainText(p.content).slice(0, 500) || 'tool error' }
        out.push(tag(m, r))
      }
      const own = parts.filter((p) => !(isObj(p) && p.type === 'tool_result'))
      if (own.length === 0 || (own.length === 1 && (own[0] === undefined || own[0] === null))) continue
      const m: Msg = { role: r.isMeta === true ? 'env' : 'user', content: claudeContent(own) }
      if (r.isCompactSummary === true) m._meta = { contextSummary: true }
      out.push(tag(m, r))
      continue
    }
    if (r.type === 'system') {
      const subtype = str(r.subtype)
      const m: Msg =
        subtype === 'compact_boundary'
          ? {
              role: 'system',
              content: compactText(r),
              _meta: { contextSummary: true }
            }
          : { role: 'env', content: `[system${subtype ? `: ${subtype}` : ''}] ${str(r.content) ?? ''}`.trimEnd() }
      if (r.level === 'error') m._meta = { ...m._meta, error: (str(r.content) ?? 'error').slice(0, 500) }
      out.push(tag(m, r))
      continue
    }
    if (r.type === 'attachment' && isObj(r.attachment)) {
      const a = r.attachment
      const body = str(a.content) ?? str(a.prompt) ?? JSON.stringify(a)
      out.push(tag({ role: 'env', content: `[attachment${str(a.type) ? `: ${str(a.type)}` : ''}] ${body}` }, r))
    }
  }
  for (const m of out) delete m._blocks
  return out
}

/** Adds an assistant record's content blocks to its message: text, thinking (reasoning), tool_use (calls). */
function addAssistantBlocks(m: Msg, content: unknown): void {
  const blocks = Array.isArray(content) ? content : typeof content === 'string' ? [{ type: 'text', text: content }] : []
  for (const b of blocks) {
    if (!isObj(b)) continue
    if (b.type === 'text' && typeof b.text === 'string') (m.content as unknown[]).push({ type: 'text', text: b.text })
    else if (b.type === 'thinking' && typeof b.thinking === 'string')
      m.reasoning_content = m.reasoning_content ? `${m.reasoning_content as string}\n\n${b.thinking}` : b.thinking
    else if (b.type === 'redacted_thinking')
      m.reasoning_content = m.reasoning_content
        ? `${m.reasoning_content as string}\n\n[redacted thinking]`
        : '[redacted thinking]'
    else if (b.type === 'tool_use' || b.type === 'server_tool_use')
      (m.tool_calls as unknown[]).push({ id: str(b.id), name: str(b.name) ?? 'unknown', input: b.input ?? {} })
    else if (typeof b.type === 'string' && b.type.endsWith('_tool_result'))
      (m.content as unknown[]).push({ type: 'text', text: `[${b.type}] ${plainText(b.content)}` })
  }
}

/**
 * Claude content (a string or blocks) in the shape contentText / contentImages read: text parts as they are, an
 * image block (`source.data` base64, or a URL) as an image part, so its text is the `[image]` marker.
 */
function claudeContent(content: unknown): unknown {
  if (!Array.isArray(content)) return typeof content === 'string' ? content : plainText(content)
  return content.map((p) => {
    if (!isObj(p)) return p
    if (p.type === 'image' && isObj(p.source)) {
      const s = p.source
      const url =
        s.type === 'base64' && typeof s.data === 'string'
          ? `data:${str(s.media_type) ?? 'image/png'};base64,${s.data}`
          : (str(s.url) ?? '')
      return { type: 'image_url', image_url: { url } }
    }
    if (p.type === 'text') return { type: 'text', text: str(p.text) ?? '' }
    if (p.type === 'document') return { type: 'text', text: '[document]' }
    return { type: 'text', text: plainText(p) }
  })
}

/** Text of a content value (blocks joined; images as `[image]`), for errors and summaries. */
function plainText(content: unknown): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map(plainText).join('\n')
  if (!isObj(content)) return content === null || content === undefined ? '' : String(content)
  if (typeof content.text === 'string') return content.text
  if (content.type === 'image') return '[image]'
  if ('content' in content) return plainText(content.content)
  return JSON.stringify(content)
}

const messageText = (r: Obj): string => (isObj(r.message) ? plainText(r.message.content) : '')

function compactText(r: Obj): string {
  const m = isObj(r.compactMetadata) ? r.compactMetadata : {}
  const how = [str(m.trigger), num(m.preTokens) !== null ? `${num(m.preTokens)} tokens before` : null].filter(Boolean)
  return `Conversation compacted${how.length ? ` (${how.join(', ')})` : ''}: the earlier context was replaced by a summary`
}

/**
 * The main messages with each sub-agent's messages inserted after the main message holding the tool call that
 * started it (found by the agent id its result names, else by the prompt it was given), else by time, else at the end.
 */
function placeSubAgents(main: Msg[], groups: Map<string, Obj[]>, chain: readonly Obj[]): Msg[] {
  if (groups.size === 0) return main
  const calls = agentCalls(chain)
  const after = new Map<Msg, Msg[]>()
  const atEnd: Msg[] = []
  for (const [key, records] of groups) {
    const firstUser = records.find((r) => r.type === 'user')
    const prompt = firstUser ? messageText(firstUser).trim() : ''
    const call = calls.byAgent.get(key) ?? calls.list.find((c) => prompt !== '' && c.prompt.trim() === prompt)
    const agent: TurnAgent = {
      id: key.startsWith('sidechain:') && call ? `task:${call.id}` : key,
      name: call?.name ?? null
    }
    const msgs = toMessages(records, agent)
    const host = call ? main.find((m) => (m.tool_calls as Obj[] | undefined)?.some((c) => c.id === call.id)) : undefined
    const byTime = host ?? hostByTime(main, records)
    if (byTime) after.set(byTime, [...(after.get(byTime) ?? []), ...msgs])
    else atEnd.push(...msgs)
  }
  return [...main.flatMap((m) => [m, ...(after.get(m) ?? [])]), ...atEnd]
}

interface AgentCall {
  id: string
  prompt: string
  name: string | null
}

/** The main chain's sub-agent tool calls, and which agent each one's result names (`toolUseResult.agentId`). */
function agentCalls(chain: readonly Obj[]): { list: AgentCall[]; byAgent: Map<string, AgentCall> } {
  const list: AgentCall[] = []
  const byId = new Map<string, AgentCall>()
  const byAgent = new Map<string, AgentCall>()
  for (const r of chain) {
    const content = isObj(r.message) && Array.isArray(r.message.content) ? r.message.content : []
    if (r.type === 'assistant') {
      for (const b of content) {
        if (!isObj(b) || b.type !== 'tool_use' || !AGENT_TOOLS.has(str(b.name) ?? '') || !str(b.id)) continue
        const input = isObj(b.input) ? b.input : {}
        const call = {
          id: b.id as string,
          prompt: str(input.prompt) ?? '',
          name: str(input.description) ?? str(input.subagent_type)
        }
        list.push(call)
        byId.set(call.id, call)
      }
    } else if (r.type === 'user') {
      for (const b of content) {
        if (!isObj(b) || b.type !== 'tool_result') continue
        const call = byId.get(str(b.tool_use_id) ?? '')
        if (!call) continue
        const named = isObj(r.toolUseResult) ? str(r.toolUseResult.agentId) : null
        const agentId = named ?? /agentId: ([\w-]+)/.exec(plainText(b.content))?.[1] ?? str(r.agentId)
        if (agentId) byAgent.set(agentId, call)
      }
    }
  }
  return { list, byAgent }
}

/** The last main message at or before the sub-agent's first record, by time; undefined without times. */
function hostByTime(main: Msg[], records: Obj[]): Msg | undefined {
  const start = Math.min(...records.map((r) => timeMs(r.timestamp)).filter(Number.isFinite))
  if (!Number.isFinite(start)) return undefined
  let host: Msg | undefined
  for (const m of main) {
    const t = timeMs(m._meta?.timestamp)
    if (Number.isFinite(t) && t <= start) host = m
  }
  return host
}

/** The model of the first assistant message that names a real one (Claude Code writes `<synthetic>` for its own). */
function modelOf(records: readonly Obj[]): string | null {
  for (const r of records) {
    const model = r.type === 'assistant' && isObj(r.message) ? str(r.message.model) : null
    if (model && model !== '<synthetic>') return model
  }
  return null
}

/**
 * Tokens of the session, each API message once (its streamed blocks repeat the same usage): input = input + cache
 * creation + cache read tokens, output = output tokens. Null when no message has usage.
 */
function usageTotals(records: readonly Obj[]): { tokensIn: number | null; tokensOut: number | null } {
  const byMessage = new Map<string, Obj>()
  records.forEach((r, i) => {
    if (r.type !== 'assistant' || !isObj(r.message) || !isObj(r.message.usage)) return
    byMessage.set(str(r.message.id) ?? `#${i}`, r.message.usage)
  })
  if (byMessage.size === 0) return { tokensIn: null, tokensOut: null }
  let tokensIn = 0
  let tokensOut = 0
  for (const u of byMessage.values()) {
    tokensIn +=
      (num(u.input_tokens) ?? 0) + (num(u.cache_creation_input_tokens) ?? 0) + (num(u.cache_read_input_tokens) ?? 0)
    tokensOut += num(u.output_tokens) ?? 0
  }
  return { tokensIn, tokensOut }
}

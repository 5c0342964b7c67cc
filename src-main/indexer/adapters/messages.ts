import type { Turn, TurnRole } from '@contract/model'
import { contentText } from './content-text'
import { normalizeToolCalls } from './tool-calls'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

const ROLES: Record<string, TurnRole> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  human: 'user',
  assistant: 'assistant',
  model: 'assistant',
  ai: 'assistant',
  gpt: 'assistant',
  tool: 'tool',
  function: 'tool',
  ipython: 'tool',
  environment: 'env',
  env: 'env',
  observation: 'env'
}

/** Converts a message's role (any producer's spelling) to ours. */
export const normalizeRole = (role: unknown): TurnRole => ROLES[String(role).toLowerCase()] ?? 'user'

/**
 * Turns of OpenAI-style message lists: the prompt (given to the model) then the completion
 * (generated, including environment feedback in multi-turn envs). Tool results are paired with
 * their calls by `tool_call_id`, else by order of the calls still unanswered (verifiers Sep-2025
 * writes tool results without ids). A user message inside the completion that follows an
 * assistant turn is environment feedback (Wordle boards, API errors): marked as an observation.
 */
export function messagesToTurns(prompt: unknown[], completion: unknown[] = []): Turn[] {
  const turns: Turn[] = []
  const unanswered: { id: string | null; name: string }[] = []
  const names = new Map<string, string>()
  const all = [...prompt.map((m) => [m, true] as const), ...completion.map((m) => [m, false] as const)]
  for (const [raw, isPrompt] of all) {
    const m: Obj = isObj(raw) ? raw : { role: 'user', content: raw }
    const role = normalizeRole(m.role)
    const toolCalls = role === 'assistant' ? normalizeToolCalls(m.tool_calls ?? m.function_call) : []
    let toolCallId: string | null = null
    let toolName: string | null = null
    if (role === 'tool') {
      const id = typeof m.tool_call_id === 'string' ? m.tool_call_id : null
      if (id !== null) {
        toolCallId = id
        toolName = names.get(id) ?? (typeof m.name === 'string' ? m.name : null)
        const at = unanswered.findIndex((c) => c.id === id)
        if (at >= 0) unanswered.splice(at, 1)
      } else {
        const next = unanswered.shift()
        toolCallId = next?.id ?? null
        toolName = next?.name ?? (typeof m.name === 'string' ? m.name : null)
      }
    }
    const previous = turns[turns.length - 1]
    const isFeedback = role === 'user' && !isPrompt && previous !== undefined && previous.role !== 'user' && previous.role !== 'system'
    const reasoning = m.reasoning_content ?? m.reasoning ?? m.thinking
    turns.push({
      index: turns.length,
      role,
      text: contentText(m.content),
      reasoning: typeof reasoning === 'string' && reasoning ? reasoning : null,
      toolCalls,
      toolCallId,
      toolName,
      isPrompt,
      isObservation: role === 'tool' || role === 'env' || isFeedback,
      reward: num(m.reward),
      done: typeof m.done === 'boolean' ? m.done : null,
      tokens: isObj(m.usage) ? (num(m.usage.output_tokens) ?? num(m.usage.completion_tokens)) : null
    })
    for (const c of toolCalls) {
      unanswered.push({ id: c.id, name: c.name })
      if (c.id) names.set(c.id, c.name)
    }
  }
  return turns
}

/** Messages before the first assistant message: what defines the task. */
export function taskDefiningMessages(messages: unknown[]): unknown[] {
  const i = messages.findIndex((m) => isObj(m) && normalizeRole(m.role) === 'assistant')
  return i < 0 ? messages : messages.slice(0, i)
}

/** First user message's text, or ''. */
export function firstUserText(messages: unknown[]): string {
  for (const m of messages) if (isObj(m) && normalizeRole(m.role) === 'user') return contentText(m.content)
  return ''
}

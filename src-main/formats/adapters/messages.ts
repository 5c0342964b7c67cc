import type { Turn } from '@contract/model'
import { contentImages, contentText } from './content-text'
import { isObj, num, type Obj } from './record-fields'
import { normalizeRole } from './roles'
import { normalizeToolCalls } from './tool-calls'
import { notReadBefore } from '../readers/json-cuts'

export { normalizeRole }

/**
 * Set on a prepared assistant message by an adapter that read its tool calls out of the model's text
 * (Turn.textActions): the model's whole output, or true when the message's content is all of it. A symbol, so no
 * producer's key can set it.
 */
export const TEXT_ACTIONS = Symbol('textActions')

/**
 * Turns of OpenAI-style message lists: the prompt (given to the model) then the completion
 * (generated, including environment feedback in multi-turn envs).
 * - Tool results are paired with their calls by `tool_call_id`, else by order of the calls still
 *   unanswered (Sep-2025 verifiers writes tool results without ids).
 * - A user message inside the completion after the model has spoken is environment feedback
 *   (Wordle boards, ARC-AGI-3 API errors): marked as an observation, like tool results.
 * - Per-message `reward` / `done` (per-step rewards) and `usage` tokens are kept.
 */
export function messagesToTurns(prompt: readonly unknown[], completion: readonly unknown[] = []): Turn[] {
  const turns: Turn[] = []
  const unanswered: { id: string | null; name: string }[] = []
  const callNames = new Map<string, string>()
  let modelSpoke = false
  const add = (raw: unknown, isPrompt: boolean): void => {
    const m: Obj = isObj(raw) ? raw : { role: 'user', content: raw }
    const role = normalizeRole(m.role)
    const toolCalls = normalizeToolCalls(m.tool_calls ?? m.function_call)
    let toolCallId: string | null = null
    let toolName: string | null = null
    if (role === 'tool') {
      // OpenAI names a tool result's tool in `name`, Inspect AI in `function`
      const ownName = typeof m.name === 'string' ? m.name : typeof m.function === 'string' ? m.function : null
      const id = typeof m.tool_call_id === 'string' && m.tool_call_id ? m.tool_call_id : null
      const at = id === null ? (unanswered.length ? 0 : -1) : unanswered.findIndex((c) => c.id === id)
      const call = at >= 0 ? unanswered.splice(at, 1)[0] : undefined
      toolCallId = id ?? call?.id ?? null
      toolName = call?.name ?? (id ? callNames.get(id) : undefined) ?? ownName
    }
    const reasoning = m.reasoning_content ?? m.reasoning ?? m.thinking
    const images = contentImages(m.content)
    // the first message read after a list too long to read whole (json-cuts.ts)
    const gap = notReadBefore(raw)
    turns.push({
      index: turns.length,
      role,
      text: contentText(m.content),
      reasoning: typeof reasoning === 'string' && reasoning ? reasoning : null,
      toolCalls,
      toolCallId,
      toolName,
      isPrompt,
      isObservation: role === 'tool' || role === 'env' || (role === 'user' && !isPrompt && modelSpoke),
      reward: num(m.reward),
      done: typeof m.done === 'boolean' ? m.done : null,
      tokens: messageTokens(m.usage),
      ...(images.length ? { images } : {}),
      ...(gap ? { notReadBefore: gap } : {}),
      ...textActionsOf(m, role, toolCalls.length)
    })
    if (role === 'assistant' && !isPrompt) modelSpoke = true
    for (const c of toolCalls) {
      unanswered.push({ id: c.id, name: c.name })
      if (c.id) callNames.set(c.id, c.name)
    }
  }
  for (const m of prompt) add(m, true)
  for (const m of completion) add(m, false)
  return turns
}

/** A turn's textActions from its prepared message: none unless an adapter set TEXT_ACTIONS on a turn of calls. */
function textActionsOf(m: Obj, role: Turn['role'], calls: number): Pick<Turn, 'textActions'> {
  const output = (m as Record<symbol, unknown>)[TEXT_ACTIONS] as string | true | undefined
  if (role !== 'assistant' || calls === 0 || output === undefined) return {}
  return { textActions: output === true || output === contentText(m.content) ? {} : { output } }
}

/** Tokens of one message: generated tokens for model turns (OpenAI / Responses usage), else the total. */
function messageTokens(usage: unknown): number | null {
  if (!isObj(usage)) return null
  return num(usage.output_tokens) ?? num(usage.completion_tokens) ?? num(usage.total_tokens)
}

/** A turn with nothing in it but its position and role, for adapters that build turns field by field. */
export const blankTurn = (index: number, role: Turn['role']): Turn => ({
  index,
  role,
  text: '',
  reasoning: null,
  toolCalls: [],
  toolCallId: null,
  toolName: null,
  isPrompt: false,
  isObservation: false,
  reward: null,
  done: null,
  tokens: null
})

/** Index of the first assistant message, or the list length when there is none. */
export function firstAssistantIndex(messages: readonly unknown[]): number {
  const i = messages.findIndex((m) => isObj(m) && normalizeRole(m.role) === 'assistant')
  return i < 0 ? messages.length : i
}

/** Messages before the first assistant message: what defines the task in a plain conversation. */
export const taskDefiningMessages = (messages: readonly unknown[]): unknown[] =>
  messages.slice(0, firstAssistantIndex(messages))

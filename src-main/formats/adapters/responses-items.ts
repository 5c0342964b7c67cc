/**
 * OpenAI Responses-API items (`message`, `reasoning`, `function_call` / `function_call_output`, `custom_tool_call`,
 * `local_shell_call`…) as chat messages, for the shared messagesToTurns: NeMo Gym rollouts and Codex CLI sessions
 * hold their transcripts so.
 */
import { isObj, num, str, type Obj } from './record-fields'

/** A data URI with base64 content, anywhere in a string (kept out of summaries). */
const INLINE_DATA = /data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/=\s]*/g
export const withoutInlineData = (s: string): string => s.replace(INLINE_DATA, '[image]')

export type Message = Obj

/** Text of a reasoning item: its summary texts, else its reasoning content (encrypted content is not text). */
function reasoningText(item: Obj): string {
  const parts: string[] = []
  for (const key of ['summary', 'content']) {
    const list = item[key]
    if (typeof list === 'string' && list) parts.push(list)
    else if (Array.isArray(list)) {
      for (const p of list) if (isObj(p) && typeof p.text === 'string' && p.text) parts.push(p.text)
    }
    if (parts.length) break
  }
  return parts.join('\n')
}

const isToolCallItem = (type: string): boolean =>
  type === 'function_call' || (type.endsWith('_call') && type !== 'function_call_output')
const isToolOutputItem = (type: string): boolean => type.endsWith('_call_output')

/** A built-in tool call (web_search_call, computer_call, custom_tool_call...) in the flat shape normalizeToolCall reads. */
function toolCallOf(item: Obj, type: string): Obj {
  if (type === 'function_call') return item
  const args = item.arguments ?? item.input ?? item.action ?? item.query ?? {}
  return { type, call_id: item.call_id ?? item.id, name: str(item.name) ?? type.replace(/_call$/, ''), arguments: args }
}

/** A step's own outcome when the producer wrote one on the item (per-step reward, done flag). */
function stepOutcome(item: Obj, m: Message): Message {
  const reward = num(item.reward)
  if (reward !== null) m.reward = reward
  const done =
    typeof item.done === 'boolean' ? item.done : item.terminated === true || item.truncated === true ? true : null
  if (done !== null) m.done = done
  return m
}

/**
 * Chat messages of Responses-API items. Reasoning items attach to the model turn that follows them;
 * function calls right after a model message (or another call) join that model turn; a call output is
 * a tool message with `tool_call_id` = `call_id`; any other item keeps its text as an environment turn.
 */
export function itemsToMessages(items: readonly unknown[]): Message[] {
  const out: Message[] = []
  let reasoning: string[] = []
  let openAssistant: Message | null = null // the model turn function calls may still join
  const takeReasoning = (): string | null => {
    const r = reasoning.join('\n')
    reasoning = []
    return r || null
  }
  for (const raw of items) {
    if (typeof raw === 'string') {
      out.push({ role: 'user', content: raw })
      openAssistant = null
      continue
    }
    if (!isObj(raw)) continue
    const type = str(raw.type) ?? (raw.role !== undefined ? 'message' : '')
    if (type === 'reasoning') {
      const text = reasoningText(raw)
      if (text) reasoning.push(text)
      continue
    }
    if (type === 'message') {
      const role = str(raw.role) ?? 'user'
      const m: Message = { role, content: raw.content ?? null }
      if (role === 'assistant') {
        const r = takeReasoning()
        if (r) m.reasoning_content = r
        openAssistant = m
      } else openAssistant = null
      out.push(stepOutcome(raw, m))
      continue
    }
    if (isToolCallItem(type)) {
      const call = toolCallOf(raw, type)
      if (openAssistant) ((openAssistant.tool_calls ??= []) as unknown[]).push(call)
      else {
        openAssistant = { role: 'assistant', content: null, tool_calls: [call] }
        const r = takeReasoning()
        if (r) openAssistant.reasoning_content = r
        out.push(openAssistant)
      }
      continue
    }
    openAssistant = null
    if (isToolOutputItem(type)) {
      const output = raw.output ?? raw.content ?? null
      out.push(
        stepOutcome(raw, {
          role: 'tool',
          tool_call_id: str(raw.call_id) ?? '',
          content: typeof output === 'string' || Array.isArray(output) ? output : JSON.stringify(output)
        })
      )
      continue
    }
    // an item of a type this reader does not know: its text (or JSON) as an environment turn
    const text =
      typeof raw.text === 'string' ? raw.text : typeof raw.content === 'string' ? raw.content : JSON.stringify(raw)
    out.push({ role: 'env', content: `[${type || 'item'}] ${withoutInlineData(text)}` })
  }
  const rest = takeReasoning()
  if (rest) out.push({ role: 'assistant', content: null, reasoning_content: rest })
  return out
}

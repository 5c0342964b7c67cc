/**
 * Turns → OpenAI chat messages. Tool results are paired with the calls they answer first (by id, else the oldest
 * unanswered call, as the viewer pairs them), so that dropping a turn can drop its partner too and every
 * `tool_calls` entry left has exactly one `tool` message with its `tool_call_id`, and every tool message a call,
 * except the calls of the last assistant message that nobody answered: the episode stopped there, and that call is
 * the model's last action (a tool-calling episode may be nothing else: a prompt, then one turn of calls).
 */
import type { Turn } from '@contract/model'
import { IMAGE_MARKER } from '../formats/adapters/content-text'

export interface ChatToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

/** A part of a message with images (OpenAI's content parts): its text, and each image where it was. */
export type ChatContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } }

export type ChatMessage =
  | { role: 'system' | 'user'; content: string | ChatContentPart[] }
  | {
      role: 'assistant'
      content: string
      /**
       * The turn's reasoning (thinking), when it has any: the field vLLM's reasoning parsers, the Qwen3 and DeepSeek-R1
       * chat templates and TRL-style reasoning datasets read. Some producers put the whole answer here (content null).
       */
      reasoning_content?: string
      tool_calls?: ChatToolCall[]
    }
  | { role: 'tool'; tool_call_id: string; content: string }

interface PairedCall {
  id: string
  name: string
  arguments: string
  /** Index of the turn holding the result, or null when none answered it. */
  result: number | null
}

/** For each turn index: its calls with their result turn, and for tool turns the call (turn, position) answered. */
function pairCalls(turns: Turn[]): {
  calls: Map<number, PairedCall[]>
  answers: Map<number, { turn: number; call: number }>
} {
  const calls = new Map<number, PairedCall[]>()
  const answers = new Map<number, { turn: number; call: number }>()
  const open: { turn: number; call: number }[] = []
  const used = new Set<string>()
  for (const t of turns) {
    if (t.role === 'assistant' && t.toolCalls.length) {
      const list = t.toolCalls.map((c, k) => {
        // Ids must be unique in the line; a missing or repeated producer id gets a positional one.
        let id = c.id && !used.has(c.id) ? c.id : `call_${t.index}_${k}`
        while (used.has(id)) id += '_'
        used.add(id)
        return {
          id,
          name: c.name,
          arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments ?? {}),
          result: null
        }
      })
      calls.set(t.index, list)
      list.forEach((_, k) => open.push({ turn: t.index, call: k }))
    } else if (t.role === 'tool' && open.length) {
      const orig = t.toolCallId
      let at =
        orig === null
          ? -1
          : open.findIndex((o) => turns.find((x) => x.index === o.turn)?.toolCalls[o.call]?.id === orig)
      if (at < 0) at = 0
      const [hit] = open.splice(at, 1)
      calls.get(hit.turn)![hit.call].result = t.index
      answers.set(t.index, hit)
    }
  }
  return { calls, answers }
}

/**
 * The messages of `turns`, leaving out the turns in `drop` together with their partners (a dropped call's result,
 * a dropped result's call). Calls nobody answered are left out, but on the last assistant message: an episode that
 * stopped on its calls ends with what the model did last, and a chat line may end with calls, while mid-line a call
 * without its result makes an invalid line. Results that answer no call become user messages (they are environment
 * text the model saw), `env` turns are user messages. The turn's reasoning goes with it (`reasoning_content`). A
 * sub-agent's turns (Turn.agent) are left out too: they are its own conversation, which the main agent never saw
 * (it saw its call and the result), so they must not read as the main agent's messages. A turn whose calls were read
 * out of its text (Turn.textActions) is the text the model wrote, without tool calls, and their results are user
 * messages: the conversation as the producer had it.
 */
export function toChatMessages(turns: Turn[], drop: ReadonlySet<number> = new Set()): ChatMessage[] {
  const { calls, answers } = pairCalls(turns)
  const leftOut = new Set([...drop, ...turns.filter((t) => t.agent).map((t) => t.index)])
  const dropped = new Set(leftOut)
  for (const [turn, list] of calls)
    if (leftOut.has(turn)) list.forEach((c) => c.result !== null && dropped.add(c.result))
  const last = turns.findLast((t) => t.role === 'assistant' && !dropped.has(t.index))?.index
  const byIndex = new Map(turns.map((t) => [t.index, t]))
  const out: ChatMessage[] = []
  for (const t of turns) {
    if (dropped.has(t.index)) continue
    if (t.role === 'system' || t.role === 'user' || t.role === 'env') {
      out.push({ role: t.role === 'env' ? 'user' : t.role, content: withImages(t) })
    } else if (t.role === 'assistant' && t.textActions) {
      // its calls were read out of its text: the line has what the model wrote, and their results as user messages
      const msg: ChatMessage = { role: 'assistant', content: t.textActions.output ?? t.text }
      if (t.reasoning) msg.reasoning_content = t.reasoning
      out.push(msg)
    } else if (t.role === 'assistant') {
      const kept = (calls.get(t.index) ?? []).filter((c) =>
        c.result === null ? t.index === last : !dropped.has(c.result)
      )
      // a turn of calls only, all gone, is left out: its reasoning, if any, led to calls the line no longer has
      if (!t.text && kept.length === 0 && (calls.get(t.index)?.length ?? 0) > 0) continue
      const msg: ChatMessage = { role: 'assistant', content: t.text }
      if (t.reasoning) msg.reasoning_content = t.reasoning
      if (kept.length)
        msg.tool_calls = kept.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: c.arguments }
        }))
      out.push(msg)
    } else {
      const a = answers.get(t.index)
      if (a && !dropped.has(a.turn) && byIndex.get(a.turn)?.textActions) out.push({ role: 'user', content: t.text })
      else if (a && !dropped.has(a.turn))
        out.push({ role: 'tool', tool_call_id: calls.get(a.turn)![a.call].id, content: t.text })
      else if (!a) out.push({ role: 'user', content: t.text })
    }
  }
  return out
}

/**
 * A prompt message's content: its text, or, when the turn has images, OpenAI's content parts with each image where its
 * `[image]` marker was (images beyond the markers after the text). A vision model's SFT line shown "[image]" in place
 * of the picture would learn to answer about what it never saw.
 */
export function withImages(t: Pick<Turn, 'text' | 'images'>): string | ChatContentPart[] {
  const images = t.images ?? []
  if (images.length === 0) return t.text
  const parts: ChatContentPart[] = []
  const pieces = t.text.split(IMAGE_MARKER)
  let next = 0
  pieces.forEach((piece, i) => {
    if (piece.trim()) parts.push({ type: 'text', text: piece.trim() })
    if (i < pieces.length - 1) {
      const image = images[next++]
      // a marker without its image (not kept) stays as it was written
      parts.push(image ? { type: 'image_url', image_url: { url: image.src } } : { type: 'text', text: IMAGE_MARKER })
    }
  })
  for (const image of images.slice(next)) parts.push({ type: 'image_url', image_url: { url: image.src } })
  return parts
}

/** Tool definitions in the OpenAI shape: `{type: "function", function: {name, description, parameters}}`. */
export function toChatTools(tools: unknown[]): unknown[] {
  return tools.map((t) => {
    if (!t || typeof t !== 'object') return t
    const o = t as Record<string, unknown>
    if (o.type === 'function' && o.function && typeof o.function === 'object') return o
    if (typeof o.name === 'string') {
      const fn: Record<string, unknown> = { name: o.name }
      if (o.description !== undefined) fn.description = o.description
      fn.parameters = o.parameters ?? o.input_schema ?? o.inputSchema ?? { type: 'object', properties: {} }
      return { type: 'function', function: fn }
    }
    return o
  })
}

/**
 * Turns the text a trainer decoded from token ids back into messages: verl dumps `input` / `output` as
 * `tokenizer.decode(ids, skip_special_tokens=True)`, the chat template already applied (FORMATS.md §9).
 *
 * Templates read:
 * - `chatml`: `<|im_start|>role\n … <|im_end|>` (Qwen, when the special tokens were kept);
 * - `llama3`: `<|start_header_id|>role<|end_header_id|>\n\n … <|eot_id|>`;
 * - `chatml-stripped`: ChatML after skip_special_tokens, `system\n…\nuser\n…\nassistant\n`: recognized only when the
 *   text starts with a `system` or `user` line and ends with the `assistant` generation prompt, the shape verl's
 *   prompts always have; inside a completion only Qwen's tool-response turns (`user\n<tool_response>…`) are split.
 * Anything else (`none`) is ONE message holding the text unchanged: a wrong split would mangle a transcript.
 *
 * Lossless by construction: `prefix` + every message's `header + body + footer` is the input exactly; headers,
 * footers and the prefix hold only template markup (special tokens, role names, whitespace); a body's `parts` joined
 * are the body. Hermes / Qwen `<tool_call>{json}</tool_call>` blocks become tool calls when their JSON parses,
 * `<tool_response>` blocks tool results, a leading `<think>…</think>` the reasoning. Pure: no Node, no I/O.
 */
import { parseJsonLine } from './readers/tolerant-json'

export type ChatTemplate = 'chatml' | 'llama3' | 'chatml-stripped' | 'none'

export type BodyPart =
  | { kind: 'text'; raw: string }
  | { kind: 'reasoning'; raw: string; text: string }
  | { kind: 'tool_call'; raw: string; name: string; arguments: unknown }
  | { kind: 'tool_response'; raw: string; text: string }

export interface TemplateMessage {
  /** The role as the template names it (`ipython` is read as `tool`). */
  role: string
  header: string
  body: string
  footer: string
  parts: BodyPart[]
}

export interface TemplateSplit {
  template: ChatTemplate
  /** Markup before the first message (`<|begin_of_text|>`, padding tokens); '' when none. */
  prefix: string
  messages: TemplateMessage[]
}

const SPECIAL = String.raw`<\|[A-Za-z0-9_]+\|>`
/** Special tokens and whitespace only: what may stand between messages. */
const MARKUP_ONLY = new RegExp(String.raw`^(?:\s|${SPECIAL})*$`)
/** End-of-turn markup at the end of a segment (the turn's end token, padding and whitespace after it). */
const TRAILING_MARKUP = new RegExp(String.raw`(?:${SPECIAL})(?:\s|${SPECIAL})*$`)

interface Template {
  /** Global regex; group 1 is the role. */
  header: RegExp
  /** Role of a body that comes before any header. */
  firstRole: string
}

const CHATML: Template = { header: /<\|im_start\|>([A-Za-z_]+)\n?/g, firstRole: 'user' }
const LLAMA3: Template = { header: /<\|start_header_id\|>([A-Za-z_]+)<\|end_header_id\|>(?:\n\n)?/g, firstRole: 'user' }
const STRIPPED: Template = { header: /(?:^|\n)(system|user|assistant|tool)\n/g, firstRole: 'user' }
/** In a stripped completion: Qwen's tool-response turn, and the assistant turn that follows it. */
const STRIPPED_COMPLETION: Template = {
  header: /(?:^|\n|(?<=<\/tool_call>))(user)\n(?=<tool_response>)|(?<=<\/tool_response>)\n(assistant)\n/g,
  firstRole: 'assistant'
}

/** A prompt verl decoded from a ChatML template without its special tokens. */
const STRIPPED_PROMPT = /^(?:system|user)\n[\s\S]*\nassistant\n(?:<think>\s*<\/think>\s*)?$/

/** The template a text was written in, from its own markup. */
export function detectTemplate(text: string): ChatTemplate {
  if (text.includes('<|im_start|>')) return 'chatml'
  if (text.includes('<|start_header_id|>')) return 'llama3'
  if (STRIPPED_PROMPT.test(text)) return 'chatml-stripped'
  return 'none'
}

/**
 * Splits a decoded prompt (`continues` absent) or the completion generated after a prompt written in `continues`:
 * a completion starts inside the assistant turn the prompt opened, so its first body is the assistant's.
 */
export function splitChatTemplate(text: string, continues?: ChatTemplate): TemplateSplit {
  if (continues === undefined) {
    const template = detectTemplate(text)
    return template === 'none' ? whole(text, 'user') : splitWith(text, template, TEMPLATES[template], 'user')
  }
  if (continues === 'chatml-stripped') return splitWith(text, continues, STRIPPED_COMPLETION, 'assistant')
  const own = text.includes('<|im_start|>') ? 'chatml' : text.includes('<|start_header_id|>') ? 'llama3' : null
  if (own) return splitWith(text, own, TEMPLATES[own], 'assistant')
  // no markup: the whole completion is the assistant's, its end-of-turn token (when kept) is the footer
  const footer = TRAILING_MARKUP.exec(text)?.[0] ?? ''
  const body = text.slice(0, text.length - footer.length)
  return { template: continues, prefix: '', messages: [message('assistant', '', body, footer)] }
}

const TEMPLATES: Record<Exclude<ChatTemplate, 'none'>, Template> = {
  chatml: CHATML,
  llama3: LLAMA3,
  'chatml-stripped': STRIPPED
}

/** One message holding the text as it is. */
function whole(text: string, role: string): TemplateSplit {
  return { template: 'none', prefix: '', messages: [message(role, '', text, '')] }
}

function splitWith(text: string, template: ChatTemplate, t: Template, firstRole: string): TemplateSplit {
  const headers = [...text.matchAll(t.header)]
  const messages: TemplateMessage[] = []
  let prefix = ''
  const lead = text.slice(0, headers[0]?.index ?? text.length)
  if (MARKUP_ONLY.test(lead) && firstRole !== 'assistant') prefix = lead
  else if (lead !== '') messages.push(segment(firstRole, '', lead, template))
  headers.forEach((h, i) => {
    const end = headers[i + 1]?.index ?? text.length
    const role = h[1] ?? h[2] ?? 'user'
    messages.push(segment(role === 'ipython' ? 'tool' : role, h[0], text.slice(h.index + h[0].length, end), template))
  })
  return { template, prefix, messages }
}

/** A message from its header and the text up to the next header: end-of-turn markup at its end is the footer. */
function segment(role: string, header: string, rest: string, template: ChatTemplate): TemplateMessage {
  const footer = template === 'chatml-stripped' ? '' : (TRAILING_MARKUP.exec(rest)?.[0] ?? '')
  return message(role, header, rest.slice(0, rest.length - footer.length), footer)
}

function message(role: string, header: string, body: string, footer: string): TemplateMessage {
  return { role, header, body, footer, parts: bodyParts(body) }
}

const BLOCK = /<tool_call>([\s\S]*?)<\/tool_call>|<tool_response>([\s\S]*?)<\/tool_response>/g
const THINK = /^\s*<think>([\s\S]*?)<\/think>/

/** A body cut into text, reasoning, tool calls and tool responses; the parts joined are the body. */
export function bodyParts(body: string): BodyPart[] {
  const parts: BodyPart[] = []
  let from = 0
  const think = THINK.exec(body)
  if (think) {
    parts.push({ kind: 'reasoning', raw: think[0], text: think[1].trim() })
    from = think[0].length
  }
  const text = (to: number): void => {
    if (to > from) parts.push({ kind: 'text', raw: body.slice(from, to) })
  }
  BLOCK.lastIndex = from
  for (let m = BLOCK.exec(body); m; m = BLOCK.exec(body)) {
    if (m[1] !== undefined) {
      const call = toolCallOf(m[1])
      if (!call) continue // not a call: left in the text
      text(m.index)
      parts.push({ kind: 'tool_call', raw: m[0], ...call })
    } else {
      text(m.index)
      parts.push({ kind: 'tool_response', raw: m[0], text: m[2].trim() })
    }
    from = m.index + m[0].length
  }
  text(body.length)
  return parts
}

/** `{"name": …, "arguments": …}` (Hermes / Qwen) in a tool-call block; null when it is not that. */
function toolCallOf(json: string): { name: string; arguments: unknown } | null {
  let v: unknown
  try {
    v = parseJsonLine(json)
  } catch {
    return null
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null
  const o = v as Record<string, unknown>
  if (typeof o.name !== 'string' || !o.name) return null
  return { name: o.name, arguments: o.arguments ?? o.parameters ?? {} }
}

/** The text parts of a message, trimmed (tool calls, tool responses and reasoning are read from their parts). */
export const messageText = (m: TemplateMessage): string =>
  m.parts
    .filter((p) => p.kind === 'text')
    .map((p) => p.raw)
    .join('')
    .trim()

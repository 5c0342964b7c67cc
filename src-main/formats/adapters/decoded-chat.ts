/**
 * A trainer's decoded prompt and response text (the chat template in the text, with or without its special tokens:
 * verl decodes with `skip_special_tokens=True`, SkyRL without) as chat messages in the OpenAI shape the turn builder
 * reads: chat-template-split.ts finds the messages, this gives them roles, reasoning, tool calls and tool results.
 */
import {
  messageText,
  splitChatTemplate,
  type ChatTemplate,
  type TemplateMessage,
  type TemplateSplit
} from '../chat-template-split'
import type { Obj } from './record-fields'

/** Chat messages (OpenAI shape) of one decoded text; the prompt's template tells how its completion continues. */
function messagesOf(split: TemplateSplit, isPrompt: boolean): Obj[] {
  const out: Obj[] = []
  split.messages.forEach((m, i) => {
    const responses = m.parts.filter((p) => p.kind === 'tool_response')
    const onlyResponses =
      responses.length > 0 && m.parts.every((p) => p.kind === 'tool_response' || (p.kind === 'text' && !p.raw.trim()))
    if (onlyResponses) {
      for (const p of responses) out.push({ role: 'tool', content: p.text })
      return
    }
    const msg = chatMessage(m)
    // the generation prompt the template ends a prompt with is an empty assistant turn, not a message
    const last = isPrompt && i === split.messages.length - 1 && i > 0
    if (last && m.role === 'assistant' && !msg.content && !msg.reasoning && !msg.tool_calls) return
    out.push(msg)
  })
  return out
}

function chatMessage(m: TemplateMessage): Obj {
  const msg: Obj = { role: m.role, content: messageTextWithResponses(m) }
  const reasoning = m.parts.find((p) => p.kind === 'reasoning')
  if (reasoning?.text) msg.reasoning = reasoning.text
  const calls = m.parts.flatMap((p) => (p.kind === 'tool_call' ? [{ name: p.name, arguments: p.arguments }] : []))
  if (calls.length) msg.tool_calls = calls
  return msg
}

/** The message's text; a tool response inside other text stays where it is, as written. */
const messageTextWithResponses = (m: TemplateMessage): string =>
  m.parts.some((p) => p.kind === 'tool_response')
    ? m.parts
        .map((p) => (p.kind === 'text' || p.kind === 'tool_response' ? p.raw : ''))
        .join('')
        .trim()
    : messageText(m)

/** Prompt and completion messages of a decoded prompt and response; the prompt's template tells how the response reads. */
export function decodedConversation(
  input: string,
  output: string
): { prompt: Obj[]; completion: Obj[]; template: ChatTemplate } {
  const prompt = splitChatTemplate(input)
  const completion = splitChatTemplate(output, prompt.template)
  return { prompt: messagesOf(prompt, true), completion: messagesOf(completion, false), template: prompt.template }
}

/** The messages of one generated text that continues a prompt written in `template` (a multi-turn log's piece). */
export const decodedCompletion = (output: string, template: ChatTemplate): Obj[] =>
  messagesOf(splitChatTemplate(output, template), false)

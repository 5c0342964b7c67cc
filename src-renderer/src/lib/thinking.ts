import type { Turn } from '@contract/model'

// `<think>…</think>` at the head of the text; the opening tag may be missing (it was in the chat template's prompt)
const THINK_HEAD = /^\s*(?:<think>)?([\s\S]*?)<\/think>\s*/

/**
 * What an assistant turn shows as reasoning and as text: many producers leave the model's
 * `<think>…</think>` inside the text; it is shown as (collapsed) reasoning instead, unless the
 * format already gave the reasoning (then the tags are just dropped from the text).
 */
export function visibleParts(turn: Turn): { text: string; reasoning: string | null } {
  if (turn.role !== 'assistant' || !turn.text.includes('</think>'))
    return { text: turn.text, reasoning: turn.reasoning }
  const m = THINK_HEAD.exec(turn.text)
  // a closing tag with an opening tag elsewhere (not at the head) is ordinary text
  if (!m || (!turn.text.trimStart().startsWith('<think>') && m[1].includes('<think>')))
    return { text: turn.text, reasoning: turn.reasoning }
  const thought = m[1].trim()
  return { text: turn.text.slice(m[0].length), reasoning: turn.reasoning ?? (thought === '' ? null : thought) }
}

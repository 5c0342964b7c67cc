import type { Turn } from '@contract/model'
import { stripAnsi } from './ansi'
import { visibleParts } from './thinking'
import { formatArguments } from './turn-label'

/** Every expand key of a transcript (`<position>:<part>`), for expand-all (`e`). Mirrors the keys TurnCard uses. */
export function expandableKeys(turns: readonly Turn[]): string[] {
  const keys: string[] = []
  turns.forEach((t, i) => {
    keys.push(`${i}:text`)
    if (t.isPrompt) keys.push(`${i}:prompt`)
    if (visibleParts(t).reasoning) keys.push(`${i}:reasoning`, `${i}:reasoning:text`)
    t.toolCalls.forEach((_, j) => keys.push(`${i}:call:${j}`))
  })
  return keys
}

/** One turn as plain text, for the clipboard (`c`): a header line, reasoning, text, then each tool call. */
export function turnAsText(turn: Turn): string {
  const head = [
    `#${turn.index} ${turn.role}`,
    turn.toolName ? `(${turn.toolName}${turn.toolCallId ? ` · ${turn.toolCallId}` : ''})` : '',
    turn.reward !== null ? `reward ${turn.reward}` : ''
  ]
    .filter(Boolean)
    .join(' ')
  const parts = [head]
  if (turn.reasoning) parts.push(`[reasoning]\n${stripAnsi(turn.reasoning)}`)
  if (turn.text) parts.push(stripAnsi(turn.text))
  for (const c of turn.toolCalls)
    parts.push(`[tool call ${c.name}${c.id ? ` ${c.id}` : ''}]\n${formatArguments(c.arguments)}`)
  if (turn.meta?.error) parts.push(`[error] ${turn.meta.error}`)
  return parts.join('\n\n')
}

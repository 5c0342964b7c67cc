import type { Turn } from '@contract/model'
import { stripAnsi } from './ansi'
import { visibleParts } from './thinking'
import { formatArguments } from './turn-label'

/** Every expand key of a transcript (`<position>:<part>`), for expand-all (`e`). Mirrors the keys TurnCard uses. */
export function expandableKeys(turns: readonly Turn[]): string[] {
  return turns.flatMap((t, i) => turnExpandKeys(t, i))
}

/** The expand keys of one turn at `position` (Show all on the highlighted turn, `s`). */
export function turnExpandKeys(t: Turn, position: number): string[] {
  const keys = [`${position}:text`]
  if (t.isPrompt) keys.push(`${position}:prompt`)
  if (visibleParts(t).reasoning) keys.push(`${position}:reasoning`, `${position}:reasoning:text`)
  t.toolCalls.forEach((_, j) => keys.push(`${position}:call:${j}`))
  return keys
}

/** The title of a turn's text in the editor overlay (`#3 tool · bash`). */
export function editorTitle(turn: Turn): string {
  return `#${turn.index} ${turn.role}${turn.toolName ? ` · ${turn.toolName}` : ''}`
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

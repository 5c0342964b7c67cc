import type { Turn, TurnRole } from '@contract/model'

/** How a turn is labelled in the transcript. */
export interface TurnLabel {
  role: TurnRole
  /** 'prompt' for messages given to the model, 'generated' for model output, null for env/tool. */
  origin: 'prompt' | 'generated' | null
  observation: boolean
  /** For tool results: "tool_name · call_id" when known. */
  toolLabel: string | null
}

/** Derives the badges of one turn from its flags. */
export function turnLabel(turn: Turn): TurnLabel {
  const origin = turn.isPrompt ? 'prompt' : turn.role === 'assistant' ? 'generated' : null
  const toolBits = [turn.toolName, turn.toolCallId].filter((x): x is string => !!x)
  const isToolResult = turn.role === 'tool' || (turn.isObservation && toolBits.length > 0)
  return {
    role: turn.role,
    origin,
    observation: turn.isObservation,
    toolLabel: isToolResult ? (toolBits.length ? toolBits.join(' · ') : 'unknown tool') : null
  }
}

/** Tool-call arguments as pretty JSON (raw strings that did not parse are shown as they are). */
export function formatArguments(args: unknown): string {
  if (typeof args === 'string') return args
  if (args === undefined) return ''
  try {
    return JSON.stringify(args, null, 2) ?? String(args)
  } catch {
    return String(args)
  }
}

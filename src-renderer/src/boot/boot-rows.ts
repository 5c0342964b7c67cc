/**
 * What the deep link's first paint shows of each turn (boot/paint-rows.ts draws it): the same parts, in the same
 * order and cut the same way as the transcript's collapsed turn card (features/episode/TurnCard.tsx), as plain text.
 * Pure and light: the boot script must stay a few kB, so nothing here pulls in markdown, highlighting or React.
 */
import type { Turn, TurnRole } from '@contract/model'
import { stripAnsi } from '../lib/ansi'
import { foldablePrompts } from '../lib/foldable-prompts'
import { countLines, groupThousands, isLongText, previewText, sizeLabel, sizeLabelOf } from '../lib/long-text'
import { visibleParts } from '../lib/thinking'
import { formatArguments, turnLabel } from '../lib/turn-label'

export interface BootCall {
  name: string
  id: string | null
  /** 'shell' or 'python' for a call whose arguments are only a command or code, as the app labels them. */
  kind: 'shell' | 'python' | null
  /** The command or code for such a call, else its arguments as JSON. */
  code: string
}

export interface BootRow {
  index: number
  role: TurnRole
  origin: 'prompt' | 'generated' | null
  /** "observation" tag (the app leaves it off a simulated user's turn). */
  observation: boolean
  /** "↳ tool · call id" on a tool result. */
  toolLabel: string | null
  isPrompt: boolean
  tokens: number | null
  reward: number | null
  /** A folded prompt: its first line and its size; then nothing else of the turn is shown. */
  folded: { line: string; size: string } | null
  /** "Reasoning (N lines)", collapsed; null without reasoning. */
  reasoning: string | null
  /** The text as shown collapsed ('' for none). */
  text: string
  /** Tool output and environment text keep their columns (monospace). */
  mono: boolean
  /** "Show all (…)" when the text is long. */
  more: string | null
  calls: BootCall[]
  empty: boolean
}

/** The argument keys whose string is the whole of a call: shown as it is, not as JSON (lib/tool-view.ts's rules). */
const BODY_KEYS: Record<string, 'shell' | 'python'> = {
  command: 'shell',
  cmd: 'shell',
  keystrokes: 'shell',
  code: 'python'
}

/** `userPromptBefore`: the turns start after the first user prompt (a link to a later turn), which is then not folded. */
export function bootRows(turns: readonly Turn[], userPromptBefore = false): BootRow[] {
  const foldable = foldablePrompts(turns, userPromptBefore)
  return turns.map((turn, i) => bootRow(turn, foldable.has(i)))
}

function bootRow(turn: Turn, foldablePrompt: boolean): BootRow {
  const label = turnLabel(turn)
  const shown = visibleParts(turn)
  const text = stripAnsi(shown.text)
  const long = !!turn.elided?.text || isLongText(text)
  const reasoningLines = shown.reasoning
    ? ((turn.reasoning ? turn.elided?.reasoning?.lines : undefined) ?? countLines(stripAnsi(shown.reasoning)))
    : null
  const row: BootRow = {
    index: turn.index,
    role: turn.role,
    origin: label.origin,
    observation: label.observation && !turn.meta?.simulatedUser,
    toolLabel: label.toolLabel,
    isPrompt: turn.isPrompt,
    tokens: turn.tokens,
    reward: turn.reward,
    folded: null,
    reasoning:
      reasoningLines === null
        ? null
        : `Reasoning (${groupThousands(reasoningLines)} line${reasoningLines === 1 ? '' : 's'})`,
    text: long ? previewText(text) : text,
    mono: turn.role === 'tool' || turn.role === 'env',
    more: long ? `Show all (${turn.elided?.text ? sizeLabelOf(turn.elided.text) : sizeLabel(text)})` : null,
    calls: turn.toolCalls.map((c) => ({ name: c.name, id: c.id ?? null, ...callBody(c.arguments) })),
    empty: text === '' && turn.toolCalls.length === 0 && !shown.reasoning && !turn.images?.length
  }
  if (foldablePrompt) {
    const first = text.split('\n').find((l) => l.trim() !== '') ?? ''
    row.folded = {
      line: first.length > 240 ? `${first.slice(0, 240)}…` : first,
      size: turn.elided?.text ? sizeLabelOf(turn.elided.text) : sizeLabel(text)
    }
  }
  return row
}

function callBody(args: unknown): Pick<BootCall, 'kind' | 'code'> {
  if (args !== null && typeof args === 'object' && !Array.isArray(args)) {
    const entries = Object.entries(args as Record<string, unknown>)
    const [key, value] = entries[0] ?? []
    if (entries.length === 1 && key in BODY_KEYS && typeof value === 'string')
      return { kind: BODY_KEYS[key], code: value }
  }
  return { kind: null, code: formatArguments(args) }
}

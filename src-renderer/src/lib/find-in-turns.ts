import type { Turn } from '@contract/model'
import { stripAnsi } from './ansi'
import { showControls } from './control-chars'
import { visibleParts } from './thinking'
import { formatArguments } from './turn-label'

/** One occurrence of the find query: which turn, which part of it, where in that part's text. */
export interface FindMatch {
  /** Position of the turn in the transcript. */
  position: number
  /** The part holding it, named like the expand keys (`text`, `reasoning`, `call:<i>`, `error`). */
  part: string
  offset: number
}

/** Stop counting past this many: the count then reads "10,000+", and next/prev still walk those. */
export const MAX_MATCHES = 10_000

/**
 * The searchable parts of a turn, as the transcript shows them (thinking as reasoning, ANSI stripped, arguments
 * pretty-printed, control characters in caret notation).
 */
export function searchableParts(turn: Turn): [part: string, text: string][] {
  const parts: [string, string][] = []
  const { text, reasoning } = visibleParts(turn)
  if (text) parts.push(['text', stripAnsi(text)])
  if (reasoning) parts.push(['reasoning', stripAnsi(reasoning)])
  turn.toolCalls.forEach((c, i) => parts.push([`call:${i}`, `${c.name}\n${formatArguments(c.arguments)}`]))
  if (turn.meta?.error) parts.push(['error', turn.meta.error])
  // control characters count as their caret notation (`^D`), as every view draws them
  return parts.map(([part, shown]) => [part, showControls(shown)])
}

/**
 * Every case-insensitive occurrence of `query` in the transcript, in reading order. Plain
 * substring search (no regex), so what users type is what is found.
 */
export function findInTurns(turns: readonly Turn[], query: string): { matches: FindMatch[]; capped: boolean } {
  const matches: FindMatch[] = []
  if (query === '') return { matches, capped: false }
  const re = queryPattern(query)
  for (let position = 0; position < turns.length; position++) {
    for (const [part, text] of searchableParts(turns[position])) {
      re.lastIndex = 0
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        if (matches.length === MAX_MATCHES) return { matches, capped: true }
        matches.push({ position, part, offset: m.index })
      }
    }
  }
  return { matches, capped: false }
}

/** A global, case-insensitive pattern matching `query` literally (case folding is Unicode-aware, offsets stay exact). */
function queryPattern(query: string): RegExp {
  return new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu')
}

/** The expand keys to open so that a match is visible (a long text, the reasoning disclosure, a prompt). */
export function expandKeysFor(match: FindMatch): string[] {
  const p = match.position
  if (match.part === 'reasoning') return [`${p}:reasoning`, `${p}:reasoning:text`, `${p}:prompt`]
  if (match.part === 'error') return [`${p}:prompt`]
  return [`${p}:${match.part}`, `${p}:prompt`]
}

/** Splits text around case-insensitive occurrences of `query`, for highlighting: odd items are matches. */
export function splitOnMatches(text: string, query: string): string[] {
  if (query === '') return [text]
  const re = queryPattern(query)
  const out: string[] = []
  let from = 0
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(text.slice(from, m.index), m[0])
    from = m.index + m[0].length
  }
  out.push(text.slice(from))
  return out
}

/**
 * Which occurrence inside the part named `partKey` (`<position>:<part>`) is the current find match:
 * its ordinal among that part's matches, or -1 when the current match is elsewhere.
 */
export function currentOrdinalIn(find: { matches: readonly FindMatch[]; current: number }, partKey: string): number {
  const { matches, current } = find
  const m = matches[current]
  if (!m || `${m.position}:${m.part}` !== partKey) return -1
  let n = 0
  for (let i = current - 1; i >= 0 && matches[i].position === m.position && matches[i].part === m.part; i--) n++
  return n
}

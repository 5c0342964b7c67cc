import type { Turn, TurnRole } from '@contract/model'
import { stripAnsi } from '@contract/terminal-text'
import type { EpisodeBody } from '../formats/types'

/** One row of the full-text index: a piece of one turn. */
export interface SearchRow {
  turn: number
  role: TurnRole
  /** The tool called (a tool-call row) or answered (a tool result); null otherwise. */
  tool: string | null
  text: string
}

/** Longest text of one row: snippets tokenize the whole row, so a 10 MB observation is split. */
export const CHUNK_CHARS = 16_000

/**
 * The one place where an episode's transcript becomes full-text rows: the full-text pass indexes these rows (their
 * sequence numbers are the FTS rowids' low bits), and a page of hits reads them back the same way (hit-rows.ts) for
 * its snippets. Whatever the index should see of the text (a cleaning step) goes here, so both stay in step.
 */
export function episodeSearchRows(body: EpisodeBody, verbatim?: (RowSource | null)[]): SearchRow[] {
  return body.turns.flatMap((t) => searchRowsOfTurn(t, verbatim))
}

/**
 * The rows of an episode up to row `last` at least (the same first rows as episodeSearchRows): a hit read back needs
 * its own row, not the cleaning and cutting of every turn after it.
 */
export function episodeSearchRowsUpTo(body: EpisodeBody, last: number): SearchRow[] {
  const rows: SearchRow[] = []
  for (const t of body.turns) {
    if (rows.length > last) break
    rows.push(...searchRowsOfTurn(t))
  }
  return rows
}

/**
 * The rows of one turn: its reasoning, text and the error the producer recorded for it (Inspect's `timeout` of a tool
 * result, whose text may be "..."; left out when the text already holds it) together, then one row per tool call
 * (name and arguments as plain `key: value` lines, so words inside string arguments are words, not JSON escapes). The
 * snippet markers (U+0002 / U+0003) are blanked in the text, so trace content can never fake a match mark.
 *
 * `verbatim`, when given, gets one entry per row: where its text may be in the record (RowSource), for the rows whose
 * place the full-text pass looks for (row-places.ts); null for the others.
 */
export function searchRowsOfTurn(t: Turn, verbatim?: (RowSource | null)[]): SearchRow[] {
  const rows: SearchRow[] = []
  const resultTool = t.role === 'tool' || t.isObservation ? t.toolName : null
  const error = t.meta?.error && !t.text.includes(t.meta.error) ? t.meta.error : null
  const parts = [t.reasoning, t.text, error].filter((s): s is string => !!s && s.trim() !== '')
  const pieces = chunks(parts.join('\n\n'))
  pieces.forEach((text, piece) => {
    rows.push({ turn: t.index, role: t.role, tool: resultTool, text })
    verbatim?.push(parts.length === 1 ? { prefix: '', piece, pieces: pieces.length } : null)
  })
  for (const call of t.toolCalls) {
    const calls = chunks(`${call.name}\n${argumentsText(call.arguments)}`)
    const prefix = calls.length === 1 ? argumentPrefix(call.name, call.arguments) : null
    for (const text of calls) {
      rows.push({ turn: t.index, role: t.role, tool: call.name, text })
      verbatim?.push(prefix === null ? null : { prefix, piece: 0, pieces: 1 })
    }
  }
  return rows
}

/**
 * Where a row's text may be in its record: after `prefix`, one whole JSON string (a turn's text, reasoning or error
 * alone; a call's one string argument after `name\nkey: `), or piece `piece` of `pieces` of one (a long text cut by
 * chunks()). A text chunks() cleaned is not found as it is: row-places.ts checks each place it finds.
 */
export interface RowSource {
  prefix: string
  piece: number
  pieces: number
}

/** What comes before a call's one string argument in its row (argumentsText), or null: not one string argument. */
function argumentPrefix(name: string, args: unknown): string | null {
  if (typeof args === 'string') return `${name}\n`
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return null
  const entries = Object.entries(args as Record<string, unknown>)
  return entries.length === 1 && typeof entries[0][1] === 'string' ? `${name}\n${entries[0][0]}: ` : null
}

/** Tool-call arguments as searchable text: strings as they are, objects as `key: value` lines. */
export function argumentsText(args: unknown): string {
  if (args === null || args === undefined) return ''
  if (typeof args === 'string') return args
  if (typeof args !== 'object' || Array.isArray(args)) return JSON.stringify(args)
  return Object.entries(args as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join('\n')
}

const MARKS = /[\u0002\u0003]/g
/** Any character stripAnsi or the marks' blanking changes (ESC, CSI, CR, the marks). */
const CLEANED = /[\u001b\u009b\r\u0002\u0003]/
const SPACE = 0x20
const NEWLINE = 0x0a
const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff

/**
 * The last space or newline at or before `end` and after `floor`, or -1. The search stops at `floor`: lastIndexOf
 * scanned back to the text's start whenever a piece had no space (a minified JSON, base64, one long line of a log),
 * which made a 50 MB line take minutes: one scan of the whole text per 16,000 characters.
 */
function lastBreakAfter(text: string, end: number, floor: number): number {
  for (let i = Math.min(end, text.length - 1); i > floor; i--) {
    const c = text.charCodeAt(i)
    if (c === SPACE || c === NEWLINE) return i
  }
  return -1
}

/**
 * Chinese and Japanese have no spaces: a long paragraph of them is cut after its last clause mark (。，、！？；：) past
 * `floor` instead, so a word is not cut in two between rows; -1 when there is none.
 */
function lastClauseEndAfter(text: string, end: number, floor: number): number {
  for (let i = Math.min(end, text.length) - 1; i > floor; i--) if (CLAUSE_ENDS.has(text.charCodeAt(i))) return i + 1
  return -1
}
const CLAUSE_ENDS = new Set([0x3002, 0xff0c, 0x3001, 0xff01, 0xff1f, 0xff1b, 0xff1a])

/**
 * Splits a text into pieces of at most CHUNK_CHARS, at a whitespace near the limit when there is one, else after a
 * CJK clause mark, else at the limit (never inside a surrogate pair). The pieces
 * are the text as a reader sees it: terminal escape sequences stripped (stripAnsi: a no-op but for three scans on
 * text without ESC or CR), so `\x1b[31mFAILED` indexes, matches and snippets as FAILED. The full-text pass and the
 * read-back of hits both come here, so a hit's row sequence is the same on both sides (migration 0017).
 */
export function chunks(text: string): string[] {
  // one scan for what cleaning would change (most text has none of it) instead of stripAnsi's three and the marks'
  const clean = CLEANED.test(text) ? stripAnsi(text).replace(MARKS, ' ') : text
  if (!clean.trim()) return []
  const out: string[] = []
  let start = 0
  while (clean.length - start > CHUNK_CHARS) {
    let end = start + CHUNK_CHARS
    const floor = start + CHUNK_CHARS / 2
    let cut = lastBreakAfter(clean, end, floor)
    if (cut === -1) cut = lastClauseEndAfter(clean, end, floor)
    if (cut !== -1) end = cut
    else if (isHighSurrogate(clean.charCodeAt(end - 1))) end-- // never between the halves of one character
    out.push(clean.slice(start, end))
    start = end
  }
  out.push(clean.slice(start))
  return out
}

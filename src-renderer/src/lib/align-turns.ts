import type { Turn } from '@contract/model'
import { lcsPairs, type LcsOptions } from './align-lcs'
import { previewText } from './long-text'
import { visibleParts } from './thinking'

/**
 * Aligns two episodes of one task by what the agent did: each step is an action (a tool call, or an assistant
 * turn without tool calls as a `say`), keyed by tool name and normalized arguments; the step lists are aligned
 * by longest common subsequence (lib/align-lcs.ts), and a step only in A next to a step only in B with the same
 * tool becomes one `changed` row (same tool, other arguments).
 */

/** One action of an episode. */
export interface Action {
  /** Position of the assistant turn in the episode's turns array. */
  position: number
  /** Index of the call in that turn's toolCalls; null for a `say`. */
  call: number | null
  /** The tool's name, or `say`. */
  tool: string
  /** The call's id, which tool results name to say which call they answer. */
  callId: string | null
  /** Tool name and normalized arguments (or the normalized text, cut): equal keys are the same action. */
  key: string
  /** Positions of the turns that answer this action (tool results, environment feedback), in order. */
  observations: number[]
}

export type RowKind = 'same' | 'changed' | 'inserted' | 'missing'

/** One row of the side-by-side view: an action of A, of B, or of both. */
export interface AlignedRow {
  /** `inserted`: only in B; `missing`: only in A. */
  kind: RowKind
  /** Position in A's turns of the action's turn (null when the row has no A side). */
  a: number | null
  b: number | null
  /** Index into `actionsA` / `actionsB` (call index and observations). */
  stepA: number | null
  stepB: number | null
}

export interface Alignment {
  rows: AlignedRow[]
  /** Index into `rows` of the first row not `same`; -1 when the two episodes did the same things. */
  firstDivergence: number
  actionsA: Action[]
  actionsB: Action[]
  /** Number of `same` rows: the length of the common subsequence of actions. */
  sameCount: number
  /** False when the episodes were too long to align exactly (see align-lcs.ts). */
  exact: boolean
}

/** Tool name used for an assistant turn without tool calls. */
export const SAY = 'say'
/** How much of a `say` text keys it: two answers that open alike are the same kind of step. */
const SAY_KEY_CHARS = 200

/** The actions of an episode in order, each with the observation turns that answer it. */
export function episodeActions(turns: readonly Turn[]): Action[] {
  const out: Action[] = []
  let pending: Action[] = [] // the actions of the last assistant turn, waiting for their observations
  turns.forEach((turn, position) => {
    if (turn.role === 'assistant' && !turn.isPrompt) {
      pending = turnActions(turn, position)
      out.push(...pending)
    } else if (pending.length > 0) attachObservation(pending, turn, position)
    // turns before the first action are the prompt: not a step
  })
  return out
}

function turnActions(turn: Turn, position: number): Action[] {
  if (turn.toolCalls.length === 0) {
    // a preview cuts long texts to their head: keying on that head gives the same key for a preview and a full turn
    const text = collapse(previewText(visibleParts(turn).text)).slice(0, SAY_KEY_CHARS)
    return [{ position, call: null, tool: SAY, callId: null, key: `${SAY}\u0000${text}`, observations: [] }]
  }
  return turn.toolCalls.map((c, call) => ({
    position,
    call,
    tool: c.name,
    callId: c.id,
    key: `${c.name}\u0000${normalizeArguments(c.arguments)}`,
    observations: []
  }))
}

/** A tool result goes to the call it answers (by id, else the first call still unanswered); other turns to the last action. */
function attachObservation(pending: Action[], turn: Turn, position: number): void {
  if (pending.length > 1 && (turn.role === 'tool' || turn.toolCallId !== null)) {
    const byId = turn.toolCallId === null ? -1 : pending.findIndex((a) => a.callId === turn.toolCallId)
    const target = byId >= 0 ? byId : pending.findIndex((a) => a.observations.length === 0)
    if (target >= 0) return void pending[target].observations.push(position)
  }
  pending[pending.length - 1].observations.push(position)
}

/** Tool-call arguments as a canonical string: JSON with sorted keys and whitespace runs in strings collapsed. */
export function normalizeArguments(args: unknown): string {
  if (typeof args === 'string') return collapse(args)
  return canonical(args)
}

function canonical(v: unknown): string {
  if (v === null || v === undefined) return 'null'
  if (typeof v === 'string') return JSON.stringify(collapse(v))
  if (typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v)
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>
    const keys = Object.keys(o).sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`
  }
  return JSON.stringify(String(v))
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim()
}

/** Aligns the actions of two episodes' turns. */
export function alignTurns(turnsA: readonly Turn[], turnsB: readonly Turn[], options?: LcsOptions): Alignment {
  return alignActions(episodeActions(turnsA), episodeActions(turnsB), options)
}

/** Aligns two action lists (see the module comment). */
export function alignActions(actionsA: Action[], actionsB: Action[], options?: LcsOptions): Alignment {
  const ids = new Map<string, number>()
  const intern = (k: string): number => {
    let id = ids.get(k)
    if (id === undefined) ids.set(k, (id = ids.size))
    return id
  }
  const keysA = Int32Array.from(actionsA, (x) => intern(x.key))
  const keysB = Int32Array.from(actionsB, (x) => intern(x.key))
  const { pairs, exact } = lcsPairs(keysA, keysB, options)

  const rows: AlignedRow[] = []
  const row = (kind: RowKind, i: number | null, j: number | null): AlignedRow => ({
    kind,
    a: i === null ? null : actionsA[i].position,
    b: j === null ? null : actionsB[j].position,
    stepA: i,
    stepB: j
  })
  let i = 0
  let j = 0
  const flushGap = (iEnd: number, jEnd: number): void => {
    pairGap(actionsA, actionsB, i, iEnd, j, jEnd, row, rows, options)
    i = iEnd
    j = jEnd
  }
  for (const [pi, pj] of pairs) {
    flushGap(pi, pj)
    rows.push(row('same', pi, pj))
    i = pi + 1
    j = pj + 1
  }
  flushGap(actionsA.length, actionsB.length)
  return {
    rows,
    firstDivergence: rows.findIndex((r) => r.kind !== 'same'),
    actionsA,
    actionsB,
    sameCount: pairs.length,
    exact
  }
}

/**
 * The steps between two matches: only in A ([iLo, iHi)) and only in B ([jLo, jHi)). Steps with the same tool are
 * paired as `changed` (most pairs kept in order: an LCS on tool names); the rest stay `missing` / `inserted`,
 * each placed just before the next pair so the rows keep both sides in order.
 */
function pairGap(
  actionsA: Action[],
  actionsB: Action[],
  iLo: number,
  iHi: number,
  jLo: number,
  jHi: number,
  row: (kind: RowKind, i: number | null, j: number | null) => AlignedRow,
  rows: AlignedRow[],
  options?: LcsOptions
): void {
  if (iLo === iHi && jLo === jHi) return
  let pairs: Array<[number, number]> = []
  if (iLo < iHi && jLo < jHi) {
    const tools = new Map<string, number>()
    const tool = (t: string): number => {
      let id = tools.get(t)
      if (id === undefined) tools.set(t, (id = tools.size))
      return id
    }
    const ta = Int32Array.from({ length: iHi - iLo }, (_, k) => tool(actionsA[iLo + k].tool))
    const tb = Int32Array.from({ length: jHi - jLo }, (_, k) => tool(actionsB[jLo + k].tool))
    pairs = lcsPairs(ta, tb, options).pairs.map(([x, y]) => [x + iLo, y + jLo])
  }
  let i = iLo
  let j = jLo
  for (const [pi, pj] of [...pairs, [iHi, jHi] as [number, number]]) {
    while (i < pi) rows.push(row('missing', i++, null))
    while (j < pj) rows.push(row('inserted', null, j++))
    if (pi < iHi) {
      rows.push(row('changed', pi, pj))
      i = pi + 1
      j = pj + 1
    }
  }
}

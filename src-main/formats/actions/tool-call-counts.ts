/**
 * Per-episode tool-call counts by tool name, taken at index time from data the adapter already holds (the compare's
 * "never calls X" / "calls of X per episode" metrics read them; transcripts are not read again).
 *
 * Only generated calls count: the completion's messages, or the non-prompt turns (few-shot examples in a prompt are
 * not the model's actions). Names are the producer's own, as written. Allocation-light on purpose: the verifiers
 * indexing path is benchmarked, so no tool call is normalized (its arguments are never parsed) and nothing is copied;
 * only a call list written as a JSON string (Sep-2025 verifiers) is decoded.
 */
import type { Turn } from '@contract/model'
import { decodeMaybeJson } from '../readers/tolerant-json'

/** Calls per tool name; `{}` = the episode is known to call no tool. A prototype-less object: any name is a safe key. */
export type ToolCallCounts = Record<string, number>

export const emptyCounts = (): ToolCallCounts => Object.create(null) as ToolCallCounts

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const nameText = (v: unknown): string | null =>
  typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null

/**
 * The tool name of one call in any shape normalizeToolCall (tool-calls.ts) reads, with the same precedence, without
 * touching its arguments: OpenAI `{function: {name}}`, flat `{name}`, ATIF `{function_name}`, Inspect
 * `{function: "<name>"}`, `{tool_name}`, or a JSON string of one of these. Null for something that is no call.
 */
export function toolCallName(raw: unknown): string | null {
  const v = typeof raw === 'string' ? decodeMaybeJson(raw) : raw
  if (!isObj(v)) return null
  const fn = v.function
  if (isObj(fn)) return nameText(fn.name) ?? 'unknown'
  return nameText(v.name) ?? nameText(v.function_name) ?? nameText(fn) ?? nameText(v.tool_name)
}

function add(into: ToolCallCounts, name: string | null): void {
  if (name !== null) into[name] = (into[name] ?? 0) + 1
}

/** Adds the calls of a message's `tool_calls` value (a list, a JSON string of a list, or one legacy `function_call`). */
function addCalls(into: ToolCallCounts, calls: unknown): void {
  if (calls === undefined || calls === null) return
  const list = typeof calls === 'string' ? decodeMaybeJson(calls) : calls
  if (Array.isArray(list)) for (let i = 0; i < list.length; i++) add(into, toolCallName(list[i]))
  else add(into, toolCallName(list))
}

/**
 * Counts the calls in OpenAI-style chat messages (`tool_calls`, else legacy `function_call`) from index `from` on
 * (past the prompt); non-objects are skipped. A whole conversation can be counted from 0 when its prompt is "the
 * messages before the first assistant one": only assistant messages carry calls.
 */
export function countMessageToolCalls(
  messages: readonly unknown[] | string,
  from = 0,
  into: ToolCallCounts = emptyCounts()
): ToolCallCounts {
  if (typeof messages === 'string') return into // a completion-env text has no calls
  for (let i = from; i < messages.length; i++) {
    const m = messages[i]
    if (!isObj(m)) continue
    addCalls(into, m.tool_calls ?? m.function_call)
  }
  return into
}

/** Counts the calls of the turns the model generated (prompt turns skipped). */
export function countTurnToolCalls(turns: readonly Turn[], into: ToolCallCounts = emptyCounts()): ToolCallCounts {
  for (const t of turns) {
    if (t.isPrompt) continue
    for (const c of t.toolCalls) add(into, c.name)
  }
  return into
}

/** The JSON stored in `episodes.tool_calls_json`: null when the adapter gave no counts (unknown, not zero). */
export function toolCallsJson(counts: ToolCallCounts | null | undefined): string | null {
  return counts ? JSON.stringify(counts) : null
}

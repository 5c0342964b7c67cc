import type { ToolCall } from '@contract/model'
import { decodeMaybeJson, parseJsonLine } from '../readers/tolerant-json'
import { isObj } from './record-fields'

const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null)

/** Parsed JSON arguments when they parse as JSON, else the raw string (FORMATS.md §0). */
export function parseArguments(args: unknown): unknown {
  if (typeof args !== 'string') return args ?? {}
  const trimmed = args.trim()
  if (!trimmed) return {}
  try {
    return parseJsonLine(trimmed)
  } catch {
    return args
  }
}

/**
 * Normalizes one tool call of any known shape to `{id, name, arguments}`: OpenAI chat (nested
 * `function`), a JSON-encoded string of that (Sep-2025 verifiers), flat `{id, name, arguments}`
 * (hosted RL, tau2, verifiers v1), Inspect `{function: "<name>"}`, ATIF `{tool_call_id, function_name}`,
 * Responses `{type: "function_call", call_id}`. Returns null for something that is no tool call.
 */
export function normalizeToolCall(raw: unknown): ToolCall | null {
  const v = decodeMaybeJson(raw)
  if (!isObj(v)) return null
  // a Responses item (`function_call`, `custom_tool_call`...) has an item `id` AND the `call_id` its output refers to
  const responsesItem = typeof v.type === 'string' && v.type.endsWith('_call')
  const id = (responsesItem ? str(v.call_id) : null) ?? str(v.id) ?? str(v.call_id) ?? str(v.tool_call_id)
  if (isObj(v.function)) {
    const fn = v.function
    return { id, name: str(fn.name) ?? 'unknown', arguments: parseArguments(fn.arguments) }
  }
  const name = str(v.name) ?? str(v.function_name) ?? str(v.function) ?? str(v.tool_name)
  if (!name) return null
  return { id, name, arguments: parseArguments(v.arguments ?? v.args ?? v.input ?? v.parameters) }
}

/** Normalizes a list of tool calls (null, a list, a JSON string holding a list, or one legacy `function_call` object). */
export function normalizeToolCalls(raw: unknown): ToolCall[] {
  const decoded = decodeMaybeJson(raw)
  const list = Array.isArray(decoded) ? decoded : isObj(decoded) ? [decoded] : []
  const out: ToolCall[] = []
  for (const item of list) {
    const call = normalizeToolCall(item)
    if (call) out.push(call)
  }
  return out
}

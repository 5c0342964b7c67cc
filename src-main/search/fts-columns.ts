import type { TurnRole } from '@contract/model'

/**
 * The one-token values of the full-text index's `role` and `tool` columns (migration 0013) and the FTS5 query
 * parts that filter by them. A tool name is written as the hex of its UTF-8 bytes: one token whatever characters
 * it holds (`str_replace_editor`, `mcp__fs__read`), so a filter matches that exact name, never a name that merely
 * tokenizes the same. Names past 64 bytes keep their first 64: a tool filter longer than that is not typed.
 */
const TOOL_BYTES = 64

/** FTS rowid = episode rowid × 2^24 + the row's sequence in its episode (see migration 0007). */
export const EPISODE_SHIFT = 16_777_216

export function roleToken(role: TurnRole): string {
  return role
}

export function toolToken(tool: string | null): string | null {
  if (tool === null) return null
  return `t${Buffer.from(tool, 'utf8').subarray(0, TOOL_BYTES).toString('hex')}`
}

/** The MATCH expression: the user's query confined to the text, and the role / tool filters (already quoted). */
export function ftsMatch(query: string, filter: { role?: TurnRole; tool?: string }): string {
  const parts = [`text : (${query})`]
  if (filter.role) parts.push(`role : "${roleToken(filter.role)}"`)
  if (filter.tool) parts.push(`tool : "${toolToken(filter.tool)}"`)
  return parts.join(' AND ')
}

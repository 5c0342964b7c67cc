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

/** Every role's token (a role added to TurnRole must be listed: the type says so). */
const ROLE_TOKENS = Object.keys({ system: 0, user: 0, assistant: 0, tool: 0, env: 0 } satisfies Record<TurnRole, 0>)
/** A tool's token, and what starts one: `t` and hex digits. */
const TOOL_TOKEN = /^t[0-9a-f]+$/
const TOOL_TOKEN_START = /^t[0-9a-f]*$/

/**
 * Whether a query could match a row by its role or tool column: one of its terms (every term it names, the excluded
 * ones too; tokens folded as the tokenizer folds them: mark-matches.ts's phraseOf) is one token that is a role's or a
 * tool's token, or as a prefix starts one. Each of those columns holds one token, so a phrase of several never
 * matches there.
 */
export function couldMatchRoleOrTool(phrases: readonly { words: readonly string[]; prefix: boolean }[]): boolean {
  return phrases.some(({ words, prefix }) => {
    if (words.length !== 1) return false
    const w = words[0]
    return prefix
      ? TOOL_TOKEN_START.test(w) || ROLE_TOKENS.some((r) => r.startsWith(w))
      : TOOL_TOKEN.test(w) || ROLE_TOKENS.includes(w)
  })
}

/**
 * The MATCH expression: the user's query confined to the text, and the role / tool filters (already quoted). A query
 * that cannot match a role or tool token (`anyColumn`: couldMatchRoleOrTool is false) is left unconfined: it matches
 * the same rows with the same bm25 scores (its tokens are only ever in the text; a row's length is of every column
 * either way), and FTS5 reads its position lists as they are instead of copying each row's text-column part (1 GB
 * search corpus, a new common word's ranking: p50 18.8 → 14.7 ms; a prefix of several words 10% faster).
 */
export function ftsMatch(query: string, filter: { role?: TurnRole; tool?: string }, anyColumn = false): string {
  const parts = [anyColumn ? `(${query})` : `text : (${query})`]
  if (filter.role) parts.push(`role : "${roleToken(filter.role)}"`)
  if (filter.tool) parts.push(`tool : "${toolToken(filter.tool)}"`)
  return parts.join(' AND ')
}

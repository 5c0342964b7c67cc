import { compileSql, type CompiledFilter, type FilterFields } from './compile-sql'
import { FilterError } from './errors'
import { parse } from './parser'
import { tokenize } from './tokenizer'

export { FilterError } from './errors'
export type { CompiledFilter, FilterColumn, FilterFields, FilterSet, Param } from './compile-sql'
export { MAX_DEPTH, MAX_IN_ITEMS } from './parser'

/** Longest accepted expression (matches the contract's zod limit on `filter`). */
export const MAX_EXPR_LENGTH = 4000

/**
 * Compiles a user filter (`reward < 0.5 and info.difficulty == "hard"`) to a parameterized WHERE fragment.
 * User text only ever reaches SQLite as bound parameters. An empty expression means "no filter" (`1`).
 * Throws FilterError with a 0-based `position` for any mistake.
 */
export function compileFilter(expr: string, fields: FilterFields): CompiledFilter {
  if (expr.length > MAX_EXPR_LENGTH) {
    const what = `Expression too long (${expr.length} characters, the limit is ${MAX_EXPR_LENGTH})`
    throw new FilterError(what, MAX_EXPR_LENGTH)
  }
  if (!expr.trim()) return { sql: '1', params: [] }
  return compileSql(parse(tokenize(expr)), fields)
}

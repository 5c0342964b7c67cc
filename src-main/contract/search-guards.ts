/** Argument schemas of the search method (spread into API_ARG_SCHEMAS in guards.ts). */
import { z } from 'zod'

const runId = z.string().min(1).max(200)

/** Longest query searched: a pasted page of log is not a query (FTS5 parses every term of it). */
export const MAX_QUERY_CHARS = 1000

const searchText = z
  .string()
  .min(1, { error: 'the search query is empty' })
  .max(MAX_QUERY_CHARS, {
    error: (issue) =>
      `the search query is ${String((issue.input as string).length).replace(/\B(?=(\d{3})+$)/g, ',')} characters; ` +
      `the longest searched is ${MAX_QUERY_CHARS.toLocaleString('en-US')}: search for a distinctive part of it`
  })

const searchOptions = z.strictObject({
  runIds: z.array(runId).max(1000).optional(),
  role: z.enum(['system', 'user', 'assistant', 'tool', 'env']).optional(),
  tool: z.string().min(1).max(200).optional(),
  order: z.enum(['relevance', 'index']).optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  offset: z.number().int().min(0).max(1e6).optional()
})

export const SEARCH_ARG_SCHEMAS = {
  // the options may be left out, or passed through as undefined / null (one tuple, not a union of two: a union
  // answers any problem with zod's bare "Invalid input", which hid the query's length limit)
  search: z.tuple([searchText, searchOptions.nullish().optional()])
}

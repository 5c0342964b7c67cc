/** Argument schemas of the search method (spread into API_ARG_SCHEMAS in guards.ts). */
import { z } from 'zod'

const runId = z.string().min(1).max(200)
const searchText = z.string().min(1).max(1000)

const searchOptions = z.strictObject({
  runIds: z.array(runId).max(1000).optional(),
  role: z.enum(['system', 'user', 'assistant', 'tool', 'env']).optional(),
  tool: z.string().min(1).max(200).optional(),
  order: z.enum(['relevance', 'index']).optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  offset: z.number().int().min(0).max(1e6).optional()
})

export const SEARCH_ARG_SCHEMAS = {
  // the options may be left out, or passed through as undefined / null
  search: z.union([z.tuple([searchText]), z.tuple([searchText, searchOptions.nullish()])])
}

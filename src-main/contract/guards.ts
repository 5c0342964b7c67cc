/**
 * Runtime validation of API arguments. Every transport runs these before calling the service,
 * because the renderer (and anything speaking HTTP) is untrusted.
 */
import { z } from 'zod'
import type { ApiMethod } from './api'
import { ANALYSIS_ARG_SCHEMAS } from './analysis-guards'
import { episodeSortKey, episodesExportRequest, exportRequest } from './export'
import { LABEL_ARG_SCHEMAS } from './labels-guards'
import { EPISODE_HEAD_MAX_TURNS } from './model'
import { SEARCH_ARG_SCHEMAS } from './search-guards'

const path = z.string().min(1).max(4096)
const runId = z.string().min(1).max(200)

const episodeQuery = z.strictObject({
  runId,
  runIds: z.array(runId).max(100).optional(),
  ids: z.array(z.string().min(1).max(300)).max(1000).optional(),
  text: z.string().max(1000).optional(),
  filter: z.string().max(4000).optional(),
  sort: episodeSortKey.optional(),
  desc: z.boolean().optional(),
  taskKey: z.string().max(4096).optional(),
  offset: z.number().int().min(0).max(1e9).optional(),
  limit: z.number().int().min(1).max(5000).optional()
})

const episodeId = z.string().min(1).max(300)

/** One tuple schema per method: the exact argument list it accepts. */
export const API_ARG_SCHEMAS: Record<ApiMethod, z.ZodType<unknown[]>> = {
  appInfo: z.tuple([]),
  getWorkspace: z.tuple([]),
  addPaths: z.tuple([z.array(path).min(1).max(1000)]),
  removeRoot: z.tuple([path]),
  reindex: z.tuple([z.strictObject({ force: z.boolean() })]),
  cancelIndex: z.tuple([]),
  getProgress: z.tuple([]),
  openDemo: z.tuple([]),
  listRuns: z.tuple([]),
  getRun: z.tuple([runId]),
  setPassThreshold: z.tuple([runId, z.number().finite().nullable()]),
  listEpisodes: z.tuple([episodeQuery]),
  listTaskGroups: z.tuple([episodeQuery]),
  groupRollouts: z.tuple([
    z.strictObject({
      runId,
      taskKeys: z.array(z.string().max(4096)).max(1000),
      filter: z.string().max(4000).optional(),
      sort: z.enum(['rollout', 'reward']).optional(),
      desc: z.boolean().optional(),
      perTask: z.number().int().min(1).max(1000).optional()
    })
  ]),
  getEpisode: z.tuple([episodeId]),
  getEpisodePreview: z.tuple([episodeId]),
  getEpisodeHead: z.tuple([
    episodeId,
    z.number().int().min(0).max(1e9),
    z.number().int().min(1).max(EPISODE_HEAD_MAX_TURNS)
  ]),
  getEpisodeTurns: z.tuple([episodeId]),
  getEpisodeRaw: z.tuple([episodeId]),
  planExport: z.tuple([exportRequest]),
  previewExport: z.tuple([episodesExportRequest]),
  ...ANALYSIS_ARG_SCHEMAS,
  ...LABEL_ARG_SCHEMAS,
  ...SEARCH_ARG_SCHEMAS
}

/** Parses the argument list of `method`; throws a readable error naming the bad argument. */
export function parseApiArgs(method: ApiMethod, args: unknown): unknown[] {
  return parseArgsOf(API_ARG_SCHEMAS, method, args)
}

/** Parses an argument list by the tuple schema of `method` in `schemas` (the API's, the desktop's). */
export function parseArgsOf<M extends string>(
  schemas: Record<M, z.ZodType<unknown[]>>,
  method: M,
  args: unknown
): unknown[] {
  return parseOrThrow(schemas[method], args, method, (path) =>
    path.length ? `argument ${path.join('.')}` : 'arguments'
  )
}

/** `value` as `schema` reads it; otherwise a BadRequestError `<what>: <where>: <first problem>`. */
export function parseOrThrow<T>(
  schema: z.ZodType<T>,
  value: unknown,
  what: string,
  where: (path: PropertyKey[]) => string = (path) => (path.length ? path.join('.') : 'value')
): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw new BadRequestError(`${what}: ${where(issue.path)}: ${issue.message}`)
}

/** Thrown for invalid input; transports map it to the `bad-request` error code. */
export class BadRequestError extends Error {
  override name = 'BadRequestError'
}

/**
 * Thrown when runs may not be compared (different environments: their task ids name different tasks); transports
 * map it to `not-comparable`, so a front end can offer to compare anyway. A bad request to everything else.
 */
export class NotComparableError extends BadRequestError {
  override name = 'NotComparableError'
}

/** Thrown when an id does not exist; transports map it to `not-found`. */
export class NotFoundError extends Error {
  override name = 'NotFoundError'
}

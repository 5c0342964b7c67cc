/** Argument schemas of the compare and analysis methods (spread into API_ARG_SCHEMAS in guards.ts). */
import { z } from 'zod'

const runId = z.string().min(1).max(200)
const toolSets = z.array(z.array(z.string().min(1).max(200)).min(1).max(20)).max(20)

/** The statistics options two runs and N runs share: bootstrap, forcing different environments, tool sets. */
const statsOptions = {
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .optional(),
  resamples: z.number().int().min(100).max(100_000).optional(),
  allowDifferentEnvs: z.boolean().optional(),
  toolSets: toolSets.optional()
}

const step = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)

export const compareOptions = z.strictObject({
  category: z.string().min(1).max(200).optional(),
  stepA: step.optional(),
  stepB: step.optional(),
  ...statsOptions
})

const multiCompareOptions = z.strictObject({ baseline: runId.optional(), ...statsOptions })

/** A category field: an info field name (optionally `info.`-prefixed), `status` or `termination`. */
const field = z.string().min(1).max(200)

export const ANALYSIS_ARG_SCHEMAS = {
  // the options may be left out, or sent as undefined / null by a caller that passes its optional argument through
  compareRuns: z.union([z.tuple([runId, runId]), z.tuple([runId, runId, compareOptions.nullish()])]),
  compareSeries: z.union([
    z.tuple([z.array(runId).min(1).max(100)]),
    z.tuple([z.array(runId).min(1).max(100), z.strictObject({ allowDifferentEnvs: z.boolean().optional() }).nullish()])
  ]),
  compareReportHtml: z.union([z.tuple([runId, runId]), z.tuple([runId, runId, compareOptions.nullish()])]),
  compareMany: z.union([
    z.tuple([z.array(runId).min(2).max(20)]),
    z.tuple([z.array(runId).min(2).max(20), multiCompareOptions.nullish()])
  ]),
  breakdownRun: z.tuple([runId, z.array(field).min(1).max(4)]),
  trainingCurve: z.tuple([runId])
}

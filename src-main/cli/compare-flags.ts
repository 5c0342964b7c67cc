/**
 * The options `rollscope compare` passes to the engine for two runs and for three or more alike: the bootstrap seed,
 * tool sets compared as one (`--tools a,b`, repeatable), and comparing runs of different environments anyway.
 */
import { intOption, type OptionValues } from './args'
import { UsageError } from './errors'

export interface SharedCompareFlags {
  seed?: number
  toolSets?: string[][]
  allowDifferentEnvs?: boolean
}

/** The engine accepts at most this many tool sets of at most this many tools (contract/analysis-guards.ts). */
const MAX_SETS = 20
const MAX_TOOLS = 20

/** `--tools llm_batch,llm_query`: one set per use of the flag; a set of one tool is already a row of its own. */
export function toolSetsOption(values: OptionValues, command: string): string[][] | undefined {
  const raw = values.tools as unknown
  if (raw === undefined) return undefined
  const list = (Array.isArray(raw) ? raw : [raw]).map(String)
  const sets = list.map((text) => {
    const tools = [
      ...new Set(
        text
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
      )
    ]
    if (tools.length < 2) {
      throw new UsageError(
        `--tools takes two or more tools separated by commas (got '${text}'); each tool is compared on its own already`,
        command
      )
    }
    if (tools.length > MAX_TOOLS) throw new UsageError(`--tools takes at most ${MAX_TOOLS} tools per set`, command)
    return tools
  })
  if (sets.length > MAX_SETS) throw new UsageError(`--tools may be given at most ${MAX_SETS} times`, command)
  return sets
}

export function sharedCompareFlags(values: OptionValues, command: string): SharedCompareFlags {
  const flags: SharedCompareFlags = {}
  const seed = intOption(values, 'seed', command, { min: 0, max: 2 ** 31 })
  if (seed !== undefined) flags.seed = seed
  const toolSets = toolSetsOption(values, command)
  if (toolSets) flags.toolSets = toolSets
  if (values['allow-different-envs'] === true) flags.allowDifferentEnvs = true
  return flags
}

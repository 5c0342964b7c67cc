/**
 * The companion rules every format declares (types.ts CompanionRule), applied to a path for the indexer: which trace
 * a named companion describes, and which files a claiming companion (a mapping file) claims.
 */
import { basename, extname } from 'node:path'
import type { TraceFormat } from '@contract/model'
import type { FormatContext } from './context'
import type { CompanionRule } from './types'
import { FORMAT_ADAPTERS } from './registry'

const RULES = FORMAT_ADAPTERS.flatMap((a) => a.companions.map((rule) => ({ format: a.format, rule })))
const NAMED = RULES.flatMap(({ format, rule }) => (rule.kind === 'named' ? [{ format, rule }] : []))
const CLAIMING = RULES.flatMap(({ rule }) => (rule.kind === 'claims' ? [rule] : []))

/** Extensions of the files worth opening in a folder (every format's, lower case with the dot). */
const EXTENSIONS: ReadonlySet<string> = new Set(FORMAT_ADAPTERS.flatMap((a) => a.extensions))

/** Whether a file found inside a folder is worth opening: a format's extension, or a claiming companion's name. */
export const isFormatFile = (path: string): boolean =>
  EXTENSIONS.has(extname(path).toLowerCase()) || isClaimingCompanion(path)

/**
 * The trace a file named as a companion describes (the first rule that names it), with the declaring format and
 * whether it is only read on demand (a change to it re-reads nothing).
 */
export function companionTraceOf(path: string): { trace: string; format: TraceFormat; onDemand: boolean } | null {
  for (const { format, rule } of NAMED) {
    const trace = rule.traceOf(path)
    if (trace !== null) return { trace, format, onDemand: rule.onDemand === true }
  }
  return null
}

/** Whether the file is a companion that claims traces (a mapping file), by its name. */
export const isClaimingCompanion = (path: string): boolean => CLAIMING.some((r) => r.isCompanion(basename(path)))

/** Whether the claiming companion at `companion` claims the file at `trace`. */
export const claimsTrace = (companion: string, trace: string, ctx: FormatContext): boolean =>
  CLAIMING.some(
    (r: Extract<CompanionRule, { kind: 'claims' }>) =>
      r.isCompanion(basename(companion)) && r.claims(companion, trace, ctx)
  )

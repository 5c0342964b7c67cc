/**
 * Where a report puts each warning: the engine ranks them (forced, conclusion, caveat, note); the two that can change
 * what the reader concludes go right under the verdict, before any number, and the rest into the Caveats at the
 * end. One rule for the compare, N-way, breakdown and curve reports in every format. Runtime-neutral.
 */
import type { CompareWarning, WarningSeverity } from '@contract/compare'

const UP_FRONT: ReadonlySet<WarningSeverity> = new Set(['forced', 'conclusion'])

/** The warnings shown under the verdict, in the engine's order. */
export const upFrontWarnings = (ws: CompareWarning[]): CompareWarning[] => ws.filter((w) => UP_FRONT.has(w.severity))

/** The warnings left for the Caveats section, in the engine's order. */
export const laterWarnings = (ws: CompareWarning[]): CompareWarning[] => ws.filter((w) => !UP_FRONT.has(w.severity))

/** The word a warning under the verdict starts with: a forced comparison is not valid, the others only qualify it. */
export function warningLead(w: CompareWarning): string {
  return w.severity === 'forced' ? 'Not comparable' : 'Check before concluding'
}

/**
 * The warning's text after its lead: a message that opens with the lead itself (the forced comparison's "Not
 * comparable: the runs are of different environments…") is not said twice ("Not comparable: Not comparable: …").
 */
export function afterLead(w: CompareWarning): string {
  const lead = `${warningLead(w)}: `
  return w.message.startsWith(lead) ? w.message.slice(lead.length) : w.message
}

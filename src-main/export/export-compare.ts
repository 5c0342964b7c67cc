/**
 * "With the compare report where it exists" (issue 6): the md and html exports include the comparison of the
 * selection's runs when that comparison is well defined, which is exactly two runs sharing at least one task. Any
 * other selection gets one line saying why there is none: comparing, say, the first two of three runs would
 * present a pairing nobody asked for, so a 3+ run export names the runs to pick instead.
 */
import type { CompareReport } from '@contract/compare'
import type { RunSummary } from '@contract/model'
import { envsMayPair } from '@contract/environment-key'
import type { ExportOptions, ExportSource } from './export-types'
import { selectionFilter } from './select-episodes'

export type ExportComparison =
  | {
      report: CompareReport
      /** Set when the table below is a subset of the compared runs. */ scopeNote: string | null
    }
  | { report: null; reason: string }

export async function exportComparison(
  src: ExportSource,
  o: ExportOptions,
  runs: RunSummary[]
): Promise<ExportComparison> {
  if (o.episodeIds?.length)
    return {
      report: null,
      reason: 'No comparison: the export names single episodes, and the compare report is of whole runs.'
    }
  if (runs.length < 2) {
    return {
      report: null,
      reason: `No comparison: the selection holds ${runs.length ? 'one run' : 'no run'}; export two runs (--run A --run B) to include the compare report.`
    }
  }
  if (runs.length > 2) {
    return {
      report: null,
      reason: `No comparison: the selection holds ${runs.length} runs and the compare report pairs exactly two; export two of them (--run A --run B) to include it.`
    }
  }
  // The engine refuses to pair runs of different environments (their task ids name different tasks); an export
  // says so in its one line rather than failing as a whole.
  if (!envsMayPair(runs[0].env, runs[1].env)) {
    return {
      report: null,
      reason: `No comparison: ${runs[0].name} and ${runs[1].name} are runs of different environments (${runs[0].env}, ${runs[1].env}), whose tasks do not pair.`
    }
  }
  const report = await src.compareRuns(runs[0].id, runs[1].id)
  if (report.sharedTasks === 0)
    return { report: null, reason: `No comparison: ${runs[0].name} and ${runs[1].name} share no task.` }
  // The compare report pairs the runs in full; a filter narrows only the episode table.
  const filter = selectionFilter(o)
  return {
    report,
    scopeNote: filter
      ? `The comparison covers both runs in full; the episode table below holds only the episodes where ${filter}.`
      : null
  }
}

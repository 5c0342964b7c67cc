/**
 * Every kind of export behind one entry: the request is parsed by the contract's schema (it comes from a window or
 * a browser, untrusted), planned by its kind, then written into a sink. A new kind is a planner of its own, a case
 * below and its schema in contract/export.ts.
 */
import type { ReadApi } from '@contract/api'
import { exportRequest, type ExportSummary } from '@contract/export'
import { parseOrThrow } from '@contract/guards'
import { planCompareReportExport } from './compare-report-export'
import { planEpisodesExport } from './episodes-export'
import type { ExportSink, PlannedExport } from './export-types'
import { writeToFile } from './file-sink'
import { planLabelsExport } from './labels-export'

/** Checks `request` and decides what it writes; throws the refusal (BadRequestError, NotFoundError, NotComparableError). */
export async function planExport(api: ReadApi, request: unknown): Promise<PlannedExport> {
  const r = parseOrThrow(exportRequest, request, 'export')
  switch (r.kind) {
    case 'episodes':
      return planEpisodesExport(api, r)
    case 'compareReport':
      return planCompareReportExport(api, r)
    case 'labels':
      return planLabelsExport(api)
  }
}

/**
 * Plans `request` again (the workspace may have changed since the host asked) and writes it into `sink`, page by
 * page: a selection of any size holds one page of summaries or one transcript at a time.
 */
export async function runExport(api: ReadApi, request: unknown, sink: ExportSink): Promise<ExportSummary> {
  const job = await planExport(api, request)
  return 'file' in sink ? writeToFile(sink.file, job.write) : job.write(sink.write)
}

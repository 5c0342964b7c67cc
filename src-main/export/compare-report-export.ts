/**
 * The comparison of two runs as one self-contained HTML page (the compare screen's "Export HTML report"). The
 * runs are looked up and their environments checked first, so a run gone since, or a refused pairing, is reported
 * before a file is asked for; the page itself is built by the engine's compareReportHtml.
 */
import type { TraceApi } from '@contract/api'
import type { CompareReportExportRequest } from '@contract/export'
import { checkEnvironments } from '../compare/environment'
import type { PlannedExport } from './export-types'
import { reportFileName } from './file-names'

export async function planCompareReportExport(
  api: Pick<TraceApi, 'getRun' | 'compareReportHtml'>,
  request: CompareReportExportRequest
): Promise<PlannedExport> {
  const [a, b] = [await api.getRun(request.runA), await api.getRun(request.runB)]
  checkEnvironments([a, b], request.options?.allowDifferentEnvs)
  return {
    plan: {
      fileName: reportFileName(a.name, b.name),
      contentType: 'text/html; charset=utf-8',
      title: 'Export the comparison',
      summary: null
    },
    write: async (out) => {
      await out(await api.compareReportHtml(a.id, b.id, request.options))
      return { kind: 'compareReport' }
    }
  }
}

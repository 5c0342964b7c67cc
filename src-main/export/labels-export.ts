/**
 * The labels file (the same JSON as `rollscope labels export`). It holds labels and notes, not transcripts, so it
 * is built in memory, and counted for the plan: a browser download can then say what it holds before it lands.
 */
import type { TraceApi } from '@contract/api'
import type { ExportSummary } from '@contract/export'
import { LABELS_FILE_NAME } from '@contract/labels'
import type { PlannedExport } from './export-types'

export async function planLabelsExport(api: Pick<TraceApi, 'exportLabels'>): Promise<PlannedExport> {
  const data = await api.exportLabels()
  const summary: ExportSummary = {
    kind: 'labels',
    labels: data.items.reduce((n, i) => n + i.labels.length, 0),
    notes: data.items.filter((i) => i.note).length
  }
  return {
    plan: {
      fileName: LABELS_FILE_NAME,
      contentType: 'application/json; charset=utf-8',
      title: 'Export labels',
      summary
    },
    write: async (out) => {
      await out(JSON.stringify(data, null, 2) + '\n')
      return summary
    }
  }
}

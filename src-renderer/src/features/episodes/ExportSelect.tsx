import { useState, type ReactNode } from 'react'
import type { ExportViewRequest } from '@contract/api'
import type { RunSummary } from '@contract/model'
import { useApp, useAppShallow, useAppStore, useTransport } from '../../state/store-context'
import { startExport } from './start-export'

const FORMATS: { format: ExportViewRequest['format']; label: string }[] = [
  { format: 'jsonl', label: 'JSONL' },
  { format: 'sft', label: 'SFT chat' },
  { format: 'preference', label: 'Preference pairs' },
  { format: 'csv', label: 'CSV' },
  { format: 'md', label: 'Markdown' },
  { format: 'html', label: 'HTML report' }
]

/**
 * "Export…": the current run with the applied filter (a label filter is part of it) in one of the export formats.
 * Browser mode downloads from `GET /api/export` (checked first); desktop asks for a file and reports what it wrote.
 */
export function ExportSelect({ run }: { run: RunSummary }): ReactNode {
  const store = useAppStore()
  const transport = useTransport()
  const filter = useApp((s) => s.episodes.query.filter)
  const filterError = useApp((s) => s.episodes.filterError)
  const also = useAppShallow((s) => s.episodes.alsoRunIds)
  const [busy, setBusy] = useState(false)

  const start = async (format: ExportViewRequest['format']): Promise<void> => {
    const request: ExportViewRequest = { format, runId: run.id, ...(also.length ? { runIds: also } : {}), ...(filter.trim() ? { filter } : {}) }
    setBusy(true)
    try {
      await startExport(request, transport, store.getState())
    } finally {
      setBusy(false)
    }
  }

  return (
    <select
      className="export-select"
      data-testid="export-select"
      value=""
      disabled={busy || !!filterError}
      title={filterError ? 'Fix the filter to export' : 'Export the episodes of this run that the filter shows'}
      onChange={(e) => {
        const format = e.target.value as ExportViewRequest['format']
        if (format) void start(format)
      }}
    >
      <option value="">{busy ? 'Exporting…' : 'Export…'}</option>
      {FORMATS.map((f) => (
        <option key={f.format} value={f.format}>
          {f.label}
        </option>
      ))}
    </select>
  )
}

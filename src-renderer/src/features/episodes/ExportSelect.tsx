import { useState, type ReactNode } from 'react'
import type { ExportViewRequest } from '@contract/api'
import type { RunSummary } from '@contract/model'
import { fmtInt } from '../../lib/format'
import { useApp, useAppStore, useTransport } from '../../state/store-context'

const FORMATS: { format: ExportViewRequest['format']; label: string }[] = [
  { format: 'jsonl', label: 'JSONL' },
  { format: 'sft', label: 'SFT chat' },
  { format: 'preference', label: 'Preference pairs' },
  { format: 'csv', label: 'CSV' },
  { format: 'md', label: 'Markdown' }
]

/**
 * "Export…": the current run with the applied filter (a label filter is part of it) in one of the export formats.
 * Browser mode downloads from `GET /api/export`; desktop asks for a file and reports what it wrote.
 */
export function ExportSelect({ run }: { run: RunSummary }): ReactNode {
  const store = useAppStore()
  const transport = useTransport()
  const filter = useApp((s) => s.episodes.query.filter)
  const filterError = useApp((s) => s.episodes.filterError)
  const [busy, setBusy] = useState(false)

  const start = async (format: ExportViewRequest['format']): Promise<void> => {
    const request: ExportViewRequest = { format, runId: run.id, ...(filter.trim() ? { filter } : {}) }
    if (transport.desktop) {
      setBusy(true)
      try {
        const saved = await transport.desktop.exportToFile(request)
        if (saved) store.getState().pushInfo(`Exported ${fmtInt(saved.episodes)} episode${saved.episodes === 1 ? '' : 's'} to ${saved.path}`)
      } catch (err) {
        store.getState().pushError(err, 'Export failed')
      } finally {
        setBusy(false)
      }
      return
    }
    if (!transport.exportUrl) return
    // A hidden <a download> lets the browser save the streamed response as a file without leaving the page.
    const a = document.createElement('a')
    a.href = transport.exportUrl(request)
    a.download = ''
    a.hidden = true
    document.body.append(a)
    a.click()
    a.remove()
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

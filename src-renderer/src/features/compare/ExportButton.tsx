import { useState, type ReactNode } from 'react'
import { compareReportRequest } from '../../state/compare-slice'
import { useApp, useAppStore, useTransport } from '../../state/store-context'
import { startExport } from '../export/start-export'

/** Saves the comparison as one self-contained HTML file (built by the engine, charts included). */
export function ExportButton(): ReactNode {
  const store = useAppStore()
  const transport = useTransport()
  const ready = useApp((s) => s.compare?.report != null)
  const [busy, setBusy] = useState(false)
  const onClick = async (): Promise<void> => {
    const compare = store.getState().compare
    if (!compare) return
    setBusy(true)
    try {
      await startExport(compareReportRequest(compare), transport, store.getState(), 'Could not build the HTML report')
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      onClick={() => void onClick()}
      disabled={!ready || busy}
      data-testid="compare-export"
      title="Save this comparison as an HTML file with its tables and charts"
    >
      {busy ? 'Exporting…' : 'Export HTML report'}
    </button>
  )
}

import { useState, type ReactNode } from 'react'
import { useApp, useAppStore } from '../../state/store-context'
import { downloadHtml, reportFileName } from './export-file'

/** Saves the comparison as one self-contained HTML file (built by the engine, charts included). */
export function ExportButton(): ReactNode {
  const store = useAppStore()
  const ready = useApp((s) => s.compare?.report != null)
  const [busy, setBusy] = useState(false)
  const onClick = async (): Promise<void> => {
    setBusy(true)
    try {
      const html = await store.getState().compareReportHtml()
      const report = store.getState().compare?.report
      if (html !== null && report) downloadHtml(html, reportFileName(report.runA.name, report.runB.name))
    } finally {
      setBusy(false)
    }
  }
  return (
    <button onClick={() => void onClick()} disabled={!ready || busy} data-testid="compare-export" title="Save this comparison as an HTML file with its tables and charts">
      {busy ? 'Exporting…' : 'Export HTML report'}
    </button>
  )
}

import { useRef, useState, type ReactNode } from 'react'
import type { LabelsImportReport } from '@contract/labels'
import { errorMessage } from '../../api/api-error'
import { useAppStore, useTransport } from '../../state/store-context'
import { startExport } from '../export/start-export'
import { importSummary, parseLabelsFile } from './label-transfer'
import txt from '../../styles/text.module.css'
import css from './LabelsTransfer.module.css'

/** Skipped entries shown in the report; the rest are counted (a big file can skip thousands). */
const SHOWN_SKIPPED = 20

/**
 * Export and import of the labels file in the taxonomy editor: the same file as `rollscope labels export|import`
 * (taxonomy, labels and notes keyed by source file + task + rollout, saved views), to move triage between machines.
 */
export function LabelsTransfer(): ReactNode {
  const store = useAppStore()
  const transport = useTransport()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [report, setReport] = useState<LabelsImportReport | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const exportFile = async (): Promise<void> => {
    setBusy(true)
    try {
      // a notice says where the file went and what it holds (nothing when the dialog was cancelled)
      await startExport({ kind: 'labels' }, transport, store.getState(), 'Could not export the labels')
    } finally {
      setBusy(false)
    }
  }

  const importFile = async (file: File): Promise<void> => {
    setReport(null)
    setProblem(null)
    setBusy(true)
    try {
      let data
      try {
        data = parseLabelsFile(await file.text(), file.name)
      } catch (err) {
        setProblem(errorMessage(err))
        store.getState().pushError(err, 'Import failed')
        return
      }
      const done = await store.getState().importLabels(data)
      if (!done) return setProblem('The engine refused the file (see the notice)')
      setReport(done)
      store.getState().pushInfo(importSummary(done))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={css.transfer} data-testid="labels-transfer">
      <div className={css.actions}>
        <button type="button" data-testid="labels-export" disabled={busy} onClick={() => void exportFile()}>
          Export labels…
        </button>
        <button type="button" data-testid="labels-import" disabled={busy} onClick={() => input.current?.click()}>
          Import labels…
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="labels-import-file"
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = '' // choosing the same file again is a new import
            if (file) void importFile(file)
          }}
        />
        {busy && <span className={txt.mutedText}>Working…</span>}
      </div>
      {problem && (
        <p className={txt.badText} role="alert" data-testid="labels-import-problem">
          {problem}
        </p>
      )}
      {report && (
        <div className={css.report} data-testid="labels-import-report" role="status">
          <p>{importSummary(report)}.</p>
          {report.skipped.length > 0 && (
            <ul>
              {report.skipped.slice(0, SHOWN_SKIPPED).map((s, i) => (
                <li key={i}>
                  {s.what}: {s.reason}
                </li>
              ))}
              {report.skipped.length > SHOWN_SKIPPED && (
                <li>…and {(report.skipped.length - SHOWN_SKIPPED).toLocaleString('en-US')} more</li>
              )}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}

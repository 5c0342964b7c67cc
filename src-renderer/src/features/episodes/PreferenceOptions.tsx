import type { ReactNode } from 'react'
import type { EpisodesExportRequest } from '@contract/export'
import { useKeyLayer } from '../../keymap/use-key-layer'
import { fmtInt } from '../../lib/format'
import controls from '../../styles/controls.module.css'
import txt from '../../styles/text.module.css'
import { cx } from '../../lib/cx'
import css from './ExportOptions.module.css'
import { preferencePreviewText } from './preference-preview-text'
import { useExportPreview } from './use-export-preview'

/**
 * The preference export's count before the file is written (a download in browser mode says nothing afterwards):
 * how many pairs the rollouts' rewards make, and how many of the selected episodes go into none, by reason, counted
 * by the engine with the export's own pairing (`previewExport`).
 */
export function PreferenceOptions({
  align,
  request,
  twoRuns,
  onExport,
  onCancel
}: {
  align: 'left' | 'right'
  request: EpisodesExportRequest
  /** The table shows two runs: a pair is one task's best rollout of each. */
  twoRuns: boolean
  onExport(): void
  onCancel(): void
}): ReactNode {
  const preview = useExportPreview(request)
  useKeyLayer('export-options', onCancel)
  const counted = preview !== null && preview !== 'failed' ? preview : null
  const pairs = counted?.preference?.pairs ?? null
  return (
    <div
      className={cx(css.options, css[align])}
      role="dialog"
      aria-label="Preference pairs export"
      data-testid="preference-options"
    >
      <p className={css.summary}>
        {twoRuns
          ? 'One pair per task both runs have: each run’s best rollout of it, the higher-rewarded one chosen.'
          : 'One pair per task: its best-rewarded rollout against its worst.'}
      </p>
      <p className={css.summary} data-testid="preference-preview" aria-live="polite">
        {preview === null
          ? 'Counting the pairs…'
          : preview === 'failed'
            ? 'The pairs could not be counted (the notice says why).'
            : preferencePreviewText(preview, twoRuns)}
      </p>
      <span className={txt.hint}>
        A pair with a transcript too large to read whole is left out while the file is written.
      </span>
      <div className={css.buttons}>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={controls.primary}
          autoFocus
          data-testid="preference-export-go"
          disabled={pairs === 0 || preview === 'failed'}
          title={pairs === 0 ? 'No pair to write: see why above' : undefined}
          onClick={onExport}
        >
          {pairs !== null ? `Export ${fmtInt(pairs)} ${pairs === 1 ? 'pair' : 'pairs'}` : 'Export pairs'}
        </button>
      </div>
    </div>
  )
}

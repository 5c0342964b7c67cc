import { useState, type ReactNode } from 'react'
import type { EpisodesExportRequest, ExportPreview, SftEnding } from '@contract/export'
import { useKeyLayer } from '../../keymap/use-key-layer'
import { fmtInt } from '../../lib/format'
import { useApp } from '../../state/store-context'
import controls from '../../styles/controls.module.css'
import txt from '../../styles/text.module.css'
import css from './ExportOptions.module.css'
import { cx } from '../../lib/cx'
import { useExportPreview } from './use-export-preview'

export interface SftChoice {
  passedOnly: boolean
  /** A taxonomy label whose turns (and whole episodes) are left out; '' for none. */
  dropLabelled: string
  /** What a line not ending with the model's words becomes. */
  sftEnding: SftEnding
}

const ENDINGS: { id: SftEnding; label: string; hint: string }[] = [
  {
    id: 'trim',
    label: 'trim them',
    hint: 'cut back to the last assistant message with text or calls (a final call stays, without its result)'
  },
  { id: 'drop', label: 'leave them out', hint: 'the episode is not written' },
  { id: 'keep', label: 'keep them as they are', hint: 'the line ends with the tool result or the empty turn' }
]

/**
 * The SFT export's choices before the file is written: passed episodes only, leaving out turns labelled with one
 * label (e.g. "wrong tool"), and what a line that does not end with the model's words becomes (trim, the default;
 * leave out; keep), as `rollscope export --format sft --passed-only --drop-labelled --sft-ending`. It says, counted
 * by the engine with the export's own rules, how many lines will be written and how many end with a tool result or
 * an empty assistant turn.
 */
export function SftOptions({
  align,
  request,
  onExport,
  onCancel
}: {
  align: 'left' | 'right'
  /** The export request these choices make (the table's selection with them). */
  request(choice: SftChoice): EpisodesExportRequest
  onExport(choice: SftChoice): void
  onCancel(): void
}): ReactNode {
  const taxonomy = useApp((s) => s.labels.taxonomy)
  const [choice, setChoice] = useState<SftChoice>({ passedOnly: false, dropLabelled: '', sftEnding: 'trim' })
  const asked = useExportPreview(request(choice))
  const preview = asked === 'failed' ? null : asked
  // open state is the export menu's own: the popover registers its layer of keys (Esc cancels) while it shows
  useKeyLayer('export-options', onCancel)
  const unfinished = preview ? preview.endings.tool + preview.endings.empty + preview.endings.other : 0
  const nothingToWrite = preview !== null && preview.complete && preview.willWrite === 0
  return (
    <div
      className={cx(css.options, css[align])}
      role="dialog"
      aria-label="SFT export options"
      data-testid="sft-options"
    >
      <label>
        <input
          type="checkbox"
          checked={choice.passedOnly}
          data-testid="sft-passed-only"
          onChange={(e) => setChoice({ ...choice, passedOnly: e.target.checked })}
        />
        Passed episodes only
      </label>
      <label>
        Leave out turns labelled
        <select
          value={choice.dropLabelled}
          data-testid="sft-drop-labelled"
          onChange={(e) => setChoice({ ...choice, dropLabelled: e.target.value })}
        >
          <option value="">(none)</option>
          {taxonomy.map((d) => (
            <option key={d.name} value={d.name}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset className={css.endings} data-testid="sft-endings">
        <legend>
          Lines that do not end with the model’s words{' '}
          <span className={css.warn} data-testid="sft-unfinished">
            {preview ? `${fmtInt(unfinished)}${preview.complete ? '' : '+'}` : '…'}
          </span>
        </legend>
        {preview && unfinished > 0 && (
          <span className={txt.hint} data-testid="sft-endings-counts">
            {endingCounts(preview)}
          </span>
        )}
        {ENDINGS.map((e) => (
          <label key={e.id} title={e.hint}>
            <input
              type="radio"
              name="sft-ending"
              checked={choice.sftEnding === e.id}
              onChange={() => setChoice({ ...choice, sftEnding: e.id })}
              data-testid={`sft-ending-${e.id}`}
            />
            {e.label}
            {e.id === 'trim' && <span className={txt.hint}> (default)</span>}
          </label>
        ))}
        <span className={txt.hint}>{ENDINGS.find((e) => e.id === choice.sftEnding)!.hint}</span>
      </fieldset>
      <p className={css.summary} data-testid="sft-preview">
        {preview
          ? previewText(preview)
          : asked === 'failed'
            ? 'The lines could not be counted (the notice says why).'
            : 'Counting the lines…'}
      </p>
      <div className={css.buttons}>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={controls.primary}
          autoFocus
          data-testid="sft-export-go"
          // every selected episode counted and none makes a line: an empty file is nothing to save
          disabled={nothingToWrite}
          title={nothingToWrite ? 'No line to write: see why above' : undefined}
          onClick={() => onExport(choice)}
        >
          {preview?.willWrite !== null && preview?.complete
            ? `Export ${fmtInt(preview.willWrite)} ${preview.willWrite === 1 ? 'line' : 'lines'}`
            : 'Export SFT'}
        </button>
      </div>
    </div>
  )
}

/** "3 end with a tool result, 1 with an empty assistant turn". */
function endingCounts(p: ExportPreview): string {
  const parts = [
    p.endings.tool && `${fmtInt(p.endings.tool)} end with a tool result`,
    p.endings.empty && `${fmtInt(p.endings.empty)} with an empty assistant turn`,
    p.endings.other && `${fmtInt(p.endings.other)} with a user turn`
  ].filter(Boolean)
  return parts.join(', ')
}

/** "64 episodes selected: 60 lines will be written (5 trimmed); 4 left out: no assistant message". */
function previewText(p: ExportPreview): string {
  const of = p.complete ? '' : ` (counted over the first ${fmtInt(p.scanned)})`
  const out = [
    p.skipped.notPassed && `${fmtInt(p.skipped.notPassed)} not passed`,
    p.skipped.noVerdict && `${fmtInt(p.skipped.noVerdict)} without a pass verdict (set the run’s pass threshold)`,
    p.skipped.labelled && `${fmtInt(p.skipped.labelled)} labelled`,
    p.skipped.ending && `${fmtInt(p.skipped.ending)} not ending with the model’s words`,
    p.skipped.noAssistant && `${fmtInt(p.skipped.noAssistant)} without an assistant message`,
    p.skipped.notReadWhole && `${fmtInt(p.skipped.notReadWhole)} too large to read whole`
  ].filter(Boolean)
  return (
    `${fmtInt(p.selected)} episodes selected${of}: ${fmtInt(p.willWrite ?? 0)} lines will be written` +
    (p.trimmed ? ` (${fmtInt(p.trimmed)} trimmed)` : '') +
    (out.length ? `; left out: ${out.join(', ')}` : '') +
    '.'
  )
}

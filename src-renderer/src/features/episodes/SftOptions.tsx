import { useState, type ReactNode } from 'react'
import { useKeyLayer } from '../../keymap/use-key-layer'
import { useApp } from '../../state/store-context'
import controls from '../../styles/controls.module.css'
import css from './SftOptions.module.css'
import { cx } from '../../lib/cx'

export interface SftChoice {
  passedOnly: boolean
  /** A taxonomy label whose turns (and whole episodes) are left out; '' for none. */
  dropLabelled: string
}

/**
 * The SFT export's two choices before the file is written: passed episodes only, and leaving out turns labelled
 * with one label (e.g. "wrong tool"), as `rollscope export --format sft --passed-only --drop-labelled`.
 */
export function SftOptions({
  align,
  onExport,
  onCancel
}: {
  align: 'left' | 'right'
  onExport(choice: SftChoice): void
  onCancel(): void
}): ReactNode {
  const taxonomy = useApp((s) => s.labels.taxonomy)
  const [choice, setChoice] = useState<SftChoice>({ passedOnly: false, dropLabelled: '' })
  // open state is the export menu's own: the popover registers its layer of keys (Esc cancels) while it shows
  useKeyLayer('export-options', onCancel)
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
      <div className={css.buttons}>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={controls.primary}
          autoFocus
          data-testid="sft-export-go"
          onClick={() => onExport(choice)}
        >
          Export SFT
        </button>
      </div>
    </div>
  )
}

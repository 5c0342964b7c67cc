import type { ReactNode } from 'react'
import type { LabelDef } from '@contract/labels'
import { textOn, UNKNOWN_LABEL_COLOR } from '../../lib/label-keys'
import { cx } from '../../lib/cx'
import css from './LabelChip.module.css'

/** A label in its taxonomy colour (grey once it left the taxonomy); with `onRemove`, a × takes it off. */
export function LabelChip({
  name,
  taxonomy,
  onRemove,
  small
}: {
  name: string
  taxonomy: LabelDef[]
  onRemove?: () => void
  small?: boolean
}): ReactNode {
  const def = taxonomy.find((d) => d.name.toLowerCase() === name.toLowerCase())
  const color = def?.color ?? UNKNOWN_LABEL_COLOR
  return (
    <span
      className={cx(css.chip, small && css.small)}
      style={{ background: color, color: textOn(color) }}
      title={def ? (def.key ? `${name} (key ${def.key})` : name) : `${name} (not in the taxonomy)`}
      data-testid="label-chip"
      data-label={name}
    >
      {name}
      {onRemove && (
        <button
          type="button"
          className={css.remove}
          aria-label={`Remove ${name}`}
          onClick={(e) => {
            e.stopPropagation()
            onRemove()
          }}
        >
          ×
        </button>
      )}
    </span>
  )
}

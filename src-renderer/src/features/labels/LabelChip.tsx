import type { ReactNode } from 'react'
import type { LabelDef } from '@contract/labels'
import { textOn, UNKNOWN_LABEL_COLOR } from '../../lib/label-keys'
import { cx } from '../../lib/cx'
import css from './LabelChip.module.css'

/**
 * A label in its taxonomy colour (grey once it left the taxonomy); with `onRemove`, a × takes it off. `onTurn`: a
 * label on one of the episode's turns, in a table row: outlined in its colour and marked ↳.
 */
export function LabelChip({
  name,
  taxonomy,
  onRemove,
  small,
  onTurn
}: {
  name: string
  taxonomy: LabelDef[]
  onRemove?: () => void
  small?: boolean
  onTurn?: boolean
}): ReactNode {
  const def = taxonomy.find((d) => d.name.toLowerCase() === name.toLowerCase())
  const color = def?.color ?? UNKNOWN_LABEL_COLOR
  const title = def ? (def.key ? `${name} (key ${def.key})` : name) : `${name} (not in the taxonomy)`
  return (
    <span
      className={cx(css.chip, small && css.small, onTurn && css.onTurn)}
      style={onTurn ? { borderColor: color } : { background: color, color: textOn(color) }}
      title={onTurn ? `${title}, on a turn (filter: turn_label == "${name}")` : title}
      data-testid={onTurn ? 'turn-label-chip' : 'label-chip'}
      data-label={name}
      {...(onTurn ? { role: 'img', 'aria-label': `${name}, on a turn` } : {})}
    >
      {onTurn && (
        <span className={css.turnMark} aria-hidden>
          ↳
        </span>
      )}
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

import type { ReactNode } from 'react'
import { useApp, useAppStore } from '../../state/store-context'
import { LabelChip } from './LabelChip'
import css from './TurnLabels.module.css'

/** A turn's labels (× takes one off) and note, under the turn's head. Nothing when it has neither. */
export function TurnLabels({ turn }: { turn: number }): ReactNode {
  const store = useAppStore()
  const entry = useApp((s) => s.labels.current?.turns.find((t) => t.turn === turn))
  const taxonomy = useApp((s) => s.labels.taxonomy)
  if (!entry || (!entry.labels.length && entry.note === null)) return null
  return (
    <div className={css.labels} data-testid="turn-labels">
      {entry.labels.map((l) => (
        <LabelChip
          key={l}
          name={l}
          taxonomy={taxonomy}
          small
          onRemove={() => void store.getState().toggleLabel(l, turn)}
        />
      ))}
      {entry.note !== null && (
        <span className={css.note} data-testid="turn-note">
          {entry.note}
        </span>
      )}
    </div>
  )
}

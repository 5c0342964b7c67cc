import { useEffect, type ReactNode } from 'react'
import { useApp, useAppStore } from '../../state/store-context'
import { LabelChip } from './LabelChip'
import { cx } from '../../lib/cx'
import table from '../episodes/EpisodesTable.module.css'
import css from './LabelBadges.module.css'

/**
 * The Labels cell of an episodes-table row: the episode's own labels, then those on its turns (outlined, marked ↳:
 * a turn label was invisible in the table), fetched in batches as rows appear.
 */
export function LabelBadges({ episodeId }: { episodeId: string }): ReactNode {
  const store = useAppStore()
  const labels = useApp((s) => s.labels.badges[episodeId])
  const onTurns = useApp((s) => s.labels.turnBadges[episodeId])
  const taxonomy = useApp((s) => s.labels.taxonomy)
  useEffect(() => store.getState().requestBadges(episodeId), [store, episodeId])
  return (
    <div className={cx(table.td, css.badges)} role="gridcell" data-testid="episode-labels">
      {(labels ?? []).map((l) => (
        <LabelChip key={l} name={l} taxonomy={taxonomy} small />
      ))}
      {(onTurns ?? []).map((l) => (
        <LabelChip key={`turn:${l}`} name={l} taxonomy={taxonomy} small onTurn />
      ))}
    </div>
  )
}

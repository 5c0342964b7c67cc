import { memo, type ReactNode } from 'react'
import type { EpisodePreview } from '@contract/model'
import type { AlignedRow, Alignment, RowKind } from '../../../lib/align-turns'
import { StepCell } from './StepCell'
import { cx } from '../../../lib/cx'
import controls from '../../../styles/controls.module.css'
import css from './AlignedRowView.module.css'

const KIND_CLASS: Record<RowKind, string | undefined> = {
  same: undefined,
  changed: css.changed,
  inserted: css.inserted,
  missing: css.missing
}
const KIND_MARK: Record<RowKind, string> = { same: '=', changed: '≠', inserted: '+', missing: '−' }
export const KIND_TITLE: Record<RowKind, string> = {
  same: 'Same action in both runs',
  changed: 'Same tool, other arguments',
  inserted: 'Only in B',
  missing: 'Only in A'
}

interface RowProps {
  row: AlignedRow
  index: number
  alignment: Alignment
  detailA: EpisodePreview
  detailB: EpisodePreview
  selected: boolean
  firstDivergence: boolean
  onSelect(index: number): void
  onDiff(index: number): void
}

/** One aligned row: A's step, the kind of difference (and the diff button), B's step. */
export const AlignedRowView = memo(function AlignedRowView(props: RowProps): ReactNode {
  const { row, index, alignment, selected } = props
  return (
    <div
      className={cx(css.row, KIND_CLASS[row.kind], selected && css.selected)}
      data-testid="sbs-row"
      data-kind={row.kind}
      data-row={index}
      // the step j / k are on (aria-current: a plain row cannot be "selected" without a listbox or grid role)
      aria-current={selected ? true : undefined}
      onClick={() => props.onSelect(index)}
    >
      {props.firstDivergence && (
        <div className={css.divergence} data-testid="first-divergence">
          First divergence
        </div>
      )}
      <div className={css.cells}>
        <div className={cx(css.cell, css.sideA)}>
          <StepCell
            detail={props.detailA}
            action={row.stepA === null ? undefined : alignment.actionsA[row.stepA]}
            step={row.stepA}
            missingLabel="not in A"
          />
        </div>
        <div className={css.mid}>
          <span className={css.kind} title={KIND_TITLE[row.kind]} data-testid="sbs-kind">
            {KIND_MARK[row.kind]}
          </span>
          <button
            type="button"
            className={cx(controls.linkBtn, css.diffBtn)}
            title="Diff these two steps (d)"
            data-testid="sbs-row-diff"
            onClick={(e) => {
              e.stopPropagation()
              props.onDiff(index)
            }}
          >
            diff
          </button>
        </div>
        <div className={cx(css.cell, css.sideB)}>
          <StepCell
            detail={props.detailB}
            action={row.stepB === null ? undefined : alignment.actionsB[row.stepB]}
            step={row.stepB}
            missingLabel="not in B"
          />
        </div>
      </div>
    </div>
  )
})

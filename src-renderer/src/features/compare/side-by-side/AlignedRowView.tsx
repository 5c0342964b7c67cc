import { memo, type ReactNode } from 'react'
import type { EpisodePreview } from '@contract/model'
import type { AlignedRow, Alignment, RowKind } from '../../../lib/align-turns'
import { StepCell } from './StepCell'

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
      className={`sbs-row kind-${row.kind} ${selected ? 'selected' : ''}`}
      data-testid="sbs-row"
      data-kind={row.kind}
      data-row={index}
      aria-selected={selected}
      onClick={() => props.onSelect(index)}
    >
      {props.firstDivergence && (
        <div className="sbs-divergence" data-testid="first-divergence">
          First divergence
        </div>
      )}
      <div className="sbs-cells">
        <div className="sbs-cell side-a">
          <StepCell detail={props.detailA} action={row.stepA === null ? undefined : alignment.actionsA[row.stepA]} step={row.stepA} missingLabel="not in A" />
        </div>
        <div className="sbs-mid">
          <span className="sbs-kind" title={KIND_TITLE[row.kind]} data-testid="sbs-kind">
            {KIND_MARK[row.kind]}
          </span>
          <button
            type="button"
            className="link-btn sbs-diff-btn"
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
        <div className="sbs-cell side-b">
          <StepCell detail={props.detailB} action={row.stepB === null ? undefined : alignment.actionsB[row.stepB]} step={row.stepB} missingLabel="not in B" />
        </div>
      </div>
    </div>
  )
})

import { memo, type CSSProperties, type MouseEvent, type ReactNode } from 'react'
import type { EpisodeSummary } from '@contract/model'
import { Badge } from '../../components/Badge'
import { episodeStatusTone } from '../../lib/tones'
import { taskKeyHint, type EpisodeColumn } from './episode-columns'
import { rowFlags } from './row-flags'
import { LabelBadges } from '../labels/LabelBadges'
import { PickBox } from './PickBox'
import { cx } from '../../lib/cx'
import txt from '../../styles/text.module.css'
import { KeyKind } from './KeyKind'
import css from './EpisodesTable.module.css'
import { readable } from '../../lib/readable'

interface EpisodeRowProps {
  ep: EpisodeSummary
  index: number
  cols: EpisodeColumn[]
  /** Top offset inside the body, px. */
  top: number
  template: string
  height: number
  active: boolean
  /** Picked (its box ticked): exported by Export… and labelled by 1–9. */
  picked: boolean
  /** A rollout listed under its unfolded task group (grouped table). */
  child?: boolean
  onOpen(index: number): void
  /** The box, or Shift / Ctrl / Cmd + click on the row. */
  onPick(index: number, e: MouseEvent): void
}

/** One row of the episodes table. */
export const EpisodeRow = memo(function EpisodeRow(props: EpisodeRowProps): ReactNode {
  const { ep, index, cols, top, template, height, active, picked, child, onOpen, onPick } = props
  const style: CSSProperties = { transform: `translateY(${top}px)`, gridTemplateColumns: template, height }
  return (
    <div
      className={cx(
        css.row,
        active && css.active,
        picked && css.picked,
        child ? css.child : index % 2 === 1 && css.odd
      )}
      role="row"
      aria-rowindex={index + 1}
      aria-level={child ? 2 : undefined}
      aria-selected={active}
      data-testid="episode-row"
      data-index={index}
      data-episode-id={ep.id}
      data-picked={picked}
      style={style}
      // Shift+click would also select the row's text: not on a table of rows
      onMouseDown={(e) => e.shiftKey && e.preventDefault()}
      onClick={(e) => (e.shiftKey || e.ctrlKey || e.metaKey ? onPick(index, e) : onOpen(index))}
    >
      <PickBox picked={picked} onPick={(e) => onPick(index, e)} />
      {cols.map((c) => (
        <Cell key={c.id} col={c} ep={ep} />
      ))}
    </div>
  )
})

function Cell({ col, ep }: { col: EpisodeColumn; ep: EpisodeSummary }): ReactNode {
  const text = readable(col.text(ep))
  switch (col.kind) {
    case 'task': {
      const hint = taskKeyHint(ep.taskKeyKind)
      return (
        <div className={cx(css.td, txt.mono)} role="gridcell" title={`${readable(ep.taskKey)}\n${hint.title}`}>
          {text}
          {hint.mark && <KeyKind mark={hint.mark} />}
        </div>
      )
    }
    case 'passed':
      return (
        <div
          className={cx(
            css.td,
            css.center,
            ep.passed === true ? txt.goodText : ep.passed === false ? txt.badText : txt.mutedText
          )}
          role="gridcell"
        >
          {text}
        </div>
      )
    case 'status':
      return (
        <div className={css.td} role="gridcell" title={ep.error ?? ep.status}>
          <Badge tone={episodeStatusTone(ep.status)}>{ep.status}</Badge>
        </div>
      )
    case 'flags':
      return (
        <div className={cx(css.td, css.flags)} role="gridcell" data-testid="episode-flags">
          {rowFlags(ep).map((f) => (
            <Badge key={f.kind} tone={f.tone} title={f.title} testId={`flag-${f.kind}`} small>
              {f.label}
            </Badge>
          ))}
        </div>
      )
    case 'labels':
      return <LabelBadges episodeId={ep.id} />
    case 'num':
      return (
        <div className={cx(css.td, css.num, txt.mono)} role="gridcell">
          {text}
        </div>
      )
    default:
      return (
        <div className={css.td} role="gridcell" title={text} data-col={col.id}>
          {text}
        </div>
      )
  }
}

/** Placeholder while the row's page is loading. */
export function LoadingRow({ index, style }: { index: number; style: CSSProperties }): ReactNode {
  return (
    <div className={cx(css.row, css.loading, index % 2 === 1 && css.odd)} role="row" style={style} aria-busy>
      <div className={css.td} />
      <div className={cx(css.td, css.num, txt.mono, txt.mutedText)}>{index}</div>
      <div className={cx(css.td, css.skeleton)} />
    </div>
  )
}

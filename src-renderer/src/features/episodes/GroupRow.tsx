import { memo, type CSSProperties, type ReactNode } from 'react'
import type { TaskGroupSummary } from '@contract/model'
import { Badge } from '../../components/Badge'
import { fmtInt, fmtNum, fmtReward, oneLine } from '../../lib/format'
import { taskKeyHint } from './episode-columns'
import { cx } from '../../lib/cx'
import txt from '../../styles/text.module.css'
import { KeyKind } from './KeyKind'
import css from './EpisodesTable.module.css'
import { readable } from '../../lib/readable'

interface GroupRowProps {
  group: TaskGroupSummary
  /** Flat row index in the table, and the group's index among the groups. */
  index: number
  groupIndex: number
  open: boolean
  active: boolean
  top: number
  height: number
  minWidth: number
  onToggle(index: number, groupIndex: number): void
}

/** Reward spread of a group as "min – max", or the one value when every rollout got the same. */
function spread(g: TaskGroupSummary): string {
  if (g.minReward === null || g.maxReward === null) return '–'
  return g.minReward === g.maxReward
    ? `all ${fmtNum(g.minReward)}`
    : `${fmtReward(g.minReward)} – ${fmtReward(g.maxReward)}`
}

/**
 * A task of the grouped table: its key, k rollouts, mean reward, k_pass / k, the reward range and problem counts,
 * folded; a click (or Enter) unfolds its rollouts beneath it. It spans the table with its own fixed layout, so
 * the task rows line up with each other whatever episode columns are chosen.
 */
export const GroupRow = memo(function GroupRow(props: GroupRowProps): ReactNode {
  const { group: g, index, groupIndex, open, active, top, height, minWidth, onToggle } = props
  const style: CSSProperties = { transform: `translateY(${top}px)`, height, minWidth }
  const hint = taskKeyHint(g.taskKeyKind)
  const passTone =
    g.passKnown === 0
      ? txt.mutedText
      : g.passed === g.passKnown
        ? txt.goodText
        : g.passed === 0
          ? txt.badText
          : undefined
  return (
    <div
      className={cx(css.row, css.group, open && css.open, active && css.active)}
      role="row"
      aria-rowindex={index + 1}
      aria-level={1}
      aria-expanded={open}
      aria-selected={active}
      data-testid="group-row"
      data-index={index}
      data-task-key={g.taskKey}
      style={style}
      onClick={() => onToggle(index, groupIndex)}
    >
      <div className={cx(css.grpCell, css.grpChevron)} aria-hidden>
        {open ? '▾' : '▸'}
      </div>
      <div
        className={cx(css.grpCell, css.grpTask, txt.mono)}
        role="gridcell"
        title={`${readable(g.taskKey)}\n${hint.title}`}
      >
        {readable(g.taskKey)}
        {hint.mark && <KeyKind mark={hint.mark} />}
      </div>
      <div className={cx(css.grpCell, css.grpK)} role="gridcell" title="Rollouts of this task matching the filter (k)">
        {fmtInt(g.rollouts)} {g.rollouts === 1 ? 'rollout' : 'rollouts'}
      </div>
      <div
        className={cx(css.grpCell, css.grpNum)}
        role="gridcell"
        title="Mean reward over the rollouts"
        data-testid="group-mean"
      >
        <span className={css.grpLabel}>mean</span> {fmtReward(g.meanReward)}
      </div>
      <div
        className={cx(css.grpCell, css.grpNum, passTone)}
        role="gridcell"
        title="Rollouts passed / rollouts with a known outcome"
        data-testid="group-pass"
      >
        <span className={css.grpLabel}>pass</span>{' '}
        {g.passKnown === 0 ? '–' : `${fmtInt(g.passed)}/${fmtInt(g.passKnown)}`}
      </div>
      <div
        className={cx(css.grpCell, css.grpNum, css.grpRange)}
        role="gridcell"
        title="Lowest – highest reward of the rollouts"
      >
        {/* labelled like mean and pass: a group row has its own layout, not the header's columns */}
        <span className={css.grpLabel}>range</span> {spread(g)}
      </div>
      <div className={cx(css.grpCell, css.grpFlags)} role="gridcell">
        {g.errors > 0 && (
          <Badge tone="bad" title={`${g.errors} rollout(s) ended with an error`}>
            {g.errors} error
          </Badge>
        )}
        {g.truncated > 0 && (
          <Badge tone="warn" title={`${g.truncated} rollout(s) were truncated`}>
            {g.truncated} truncated
          </Badge>
        )}
      </div>
      <div className={cx(css.grpCell, css.grpPreview)} role="gridcell" title={readable(g.preview ?? '')}>
        {readable(oneLine(g.preview))}
      </div>
    </div>
  )
})

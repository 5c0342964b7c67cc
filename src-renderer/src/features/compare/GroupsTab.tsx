import { useEffect, useMemo, useState, type ReactNode } from 'react'
import type { CompareReport } from '@contract/compare'
import type { TaskGroupSummary } from '@contract/model'
import { fmtInt, fmtNum } from '../../lib/format'
import { noSignal, rolloutKey } from '../../state/compare-slice'
import { useApp, useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import tables from '../../styles/tables.module.css'
import txt from '../../styles/text.module.css'
import panels from '../../styles/panels.module.css'
import rollout from '../../styles/rollout-cells.module.css'
import { Badge } from '../../components/Badge'
import { RewardCells } from '../../components/RewardCells'
import css from './GroupsTab.module.css'

type GroupFilter = 'all' | 'either' | 'a' | 'b' | 'both'

const FILTERS: { id: GroupFilter; label: string }[] = [
  { id: 'all', label: 'all tasks' },
  { id: 'either', label: 'no signal in A or B' },
  { id: 'a', label: 'no signal in A' },
  { id: 'b', label: 'no signal in B' },
  { id: 'both', label: 'no signal in both' }
]

const PAGE = 100

/**
 * Each task's k rollouts in A and in B, one cell per rollout coloured by its reward. A group where every rollout got
 * the same reward is flagged: its advantages are all zero, so GRPO gets no learning signal from it.
 */
export function GroupsTab({ report }: { report: CompareReport }): ReactNode {
  const store = useAppStore()
  const groups = useApp((s) => s.compareGroups)
  const [filter, setFilter] = useState<GroupFilter>('all')
  const [page, setPage] = useState(0)
  useEffect(() => {
    if (!store.getState().compareGroups) void store.getState().loadCompareGroups()
  }, [store])

  const range = useMemo(() => rewardRange(report), [report])
  const rows = useMemo(() => {
    if (!groups) return []
    const keys = [...new Set([...groups.a.keys(), ...groups.b.keys()])].sort()
    return keys.filter((k) => keep(filter, noSignal(groups.a.get(k)), noSignal(groups.b.get(k))))
  }, [groups, filter])
  const counts = useMemo(() => {
    if (!groups) return { a: 0, b: 0 }
    return { a: [...groups.a.values()].filter(noSignal).length, b: [...groups.b.values()].filter(noSignal).length }
  }, [groups])

  if (!groups || groups.loading) return <div className={panels.placeholder}>Loading both runs' task groups…</div>
  if (groups.error) return <div className={analysis.error}>Could not load the task groups: {groups.error}</div>
  const pages = Math.max(1, Math.ceil(rows.length / PAGE))
  const at = Math.min(page, pages - 1)
  return (
    <section className={analysis.section} data-testid="compare-groups">
      <div className={analysis.sectionHead}>
        <h3>Groups</h3>
        <span className={txt.hint} data-testid="groups-no-signal-counts">
          no GRPO signal (every rollout the same reward): {fmtInt(counts.a)} of {fmtInt(groups.a.size)} tasks in A,{' '}
          {fmtInt(counts.b)} of {fmtInt(groups.b.size)} in B
        </span>
        <label className={txt.hint}>
          show{' '}
          <select
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as GroupFilter)
              setPage(0)
            }}
            data-testid="groups-filter"
          >
            {FILTERS.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        {groups.capped && <span className={txt.hint}>(first {fmtInt(groups.a.size)} tasks)</span>}
      </div>
      <table className={cx(tables.table, css.table)}>
        <thead>
          <tr>
            <th>Task</th>
            <th>A rollouts</th>
            <th className={tables.num}>A mean</th>
            <th>B rollouts</th>
            <th className={tables.num}>B mean</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(at * PAGE, (at + 1) * PAGE).map((k) => (
            <GroupRowView key={k} taskKey={k} a={groups.a.get(k)} b={groups.b.get(k)} range={range} />
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className={txt.hint}>No task matches.</p>}
      {pages > 1 && (
        <div className={css.pager}>
          <button disabled={at === 0} onClick={() => setPage(at - 1)}>
            ← previous
          </button>
          <span className={txt.hint}>
            {fmtInt(at * PAGE + 1)}–{fmtInt(Math.min(rows.length, (at + 1) * PAGE))} of {fmtInt(rows.length)}
          </span>
          <button disabled={at >= pages - 1} onClick={() => setPage(at + 1)}>
            next →
          </button>
        </div>
      )}
    </section>
  )
}

function keep(filter: GroupFilter, a: boolean, b: boolean): boolean {
  if (filter === 'either') return a || b
  if (filter === 'a') return a
  if (filter === 'b') return b
  if (filter === 'both') return a && b
  return true
}

/** The reward scale for the cells: the histogram's range (usually 0..1). */
function rewardRange(report: CompareReport): [number, number] {
  const e = report.histogram.edges
  const lo = e[0] ?? 0
  const hi = e[e.length - 1] ?? 1
  return hi > lo ? [lo, hi] : [lo, lo + 1]
}

interface GroupRowProps {
  taskKey: string
  a: TaskGroupSummary | undefined
  b: TaskGroupSummary | undefined
  range: [number, number]
}

function GroupRowView({ taskKey, a, b, range }: GroupRowProps): ReactNode {
  const store = useAppStore()
  const flagged = noSignal(a) || noSignal(b)
  return (
    <tr data-testid="group-row" data-task={taskKey} data-no-signal={flagged ? 'true' : undefined}>
      <td>
        <button
          className={analysis.taskButton}
          onClick={() => store.getState().openCompareTask(taskKey, [taskKey])}
          title="Open A and B side by side"
        >
          {taskKey}
        </button>
      </td>
      <RolloutCells side="a" taskKey={taskKey} group={a} range={range} />
      <td className={tables.num}>{fmtNum(a?.meanReward)}</td>
      <RolloutCells side="b" taskKey={taskKey} group={b} range={range} />
      <td className={tables.num}>{fmtNum(b?.meanReward)}</td>
    </tr>
  )
}

function RolloutCells({
  side,
  taskKey,
  group,
  range
}: {
  side: 'a' | 'b'
  taskKey: string
  group: TaskGroupSummary | undefined
  range: [number, number]
}): ReactNode {
  const store = useAppStore()
  const rewards = useApp((s) => s.compareGroups?.rollouts.get(rolloutKey(side, taskKey)))
  const atStep = useApp((s) => s.compare?.steps[side] ?? null)
  useEffect(() => {
    if (group) void store.getState().loadGroupRollouts(side, taskKey)
  }, [store, side, taskKey, group])
  if (!group) return <td className={txt.hint}>{atStep === null ? 'not in this run' : `not at step ${atStep}`}</td>
  const flat = noSignal(group)
  return (
    <td>
      {/* a flex box inside the cell: a td made flex would leave the table's row grid */}
      <div className={rollout.cells}>
        {rewards && <RewardCells rewards={rewards} range={range} />}
        {!rewards && <span className={txt.hint}>{fmtInt(group.rollouts)} rollouts</span>}
        {flat && (
          <Badge tone="warn" className={css.noSignal} title="Every rollout got the same reward: no GRPO signal">
            no signal
          </Badge>
        )}
      </div>
    </td>
  )
}

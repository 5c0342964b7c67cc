import { useEffect, useMemo, useState, type ReactNode } from 'react'
import type { CompareReport, TaskFlipRow } from '@contract/compare'
import { fmtDelta, fmtNumber } from '@contract/display'
import type { TaskGroupSummary } from '@contract/model'
import { fmtInt, fmtNum } from '../../lib/format'
import { groupKeys, type GroupFilter, type GroupSort } from '../../lib/group-rows'
import { noSignal, rolloutKey } from '../../state/compare-slice'
import { useApp, useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import tables from '../../styles/tables.module.css'
import txt from '../../styles/text.module.css'
import panels from '../../styles/panels.module.css'
import rollout from '../../styles/rollout-cells.module.css'
import verdict from '../../styles/verdict-colours.module.css'
import { Badge } from '../../components/Badge'
import { ChoiceSelect } from '../../components/ChoiceSelect'
import { RewardCells } from '../../components/RewardCells'
import css from './GroupsTab.module.css'
import { readable } from '../../lib/readable'

const FILTERS: { id: GroupFilter; label: string }[] = [
  { id: 'all', label: 'all tasks' },
  { id: 'broken', label: '▼ broken (A pass → B fail)' },
  { id: 'fixed', label: '▲ fixed (A fail → B pass)' },
  { id: 'changed', label: 'broken and fixed' },
  { id: 'either', label: 'no signal in A or B' },
  { id: 'a', label: 'no signal in A' },
  { id: 'b', label: 'no signal in B' },
  { id: 'both', label: 'no signal in both' }
]

const SORTS: { id: GroupSort; label: string }[] = [
  { id: 'task', label: 'task' },
  { id: 'deltaUp', label: 'Δ reward, most regressed first' },
  { id: 'deltaDown', label: 'Δ reward, most improved first' }
]

const PAGE = 100

/**
 * Each task's k rollouts in A and in B, one cell per rollout drawn by its verdict (filled: passed; outlined: failed,
 * shaded by its reward), with the task's change (the engine's per-task rows: pass counts, reward delta). A group
 * where every rollout got the same reward is flagged: its advantages are all zero, so GRPO gets no learning signal.
 */
export function GroupsTab({ report }: { report: CompareReport }): ReactNode {
  const store = useAppStore()
  const groups = useApp((s) => s.compareGroups)
  const [filter, setFilter] = useState<GroupFilter>('all')
  const [sort, setSort] = useState<GroupSort>('task')
  const [page, setPage] = useState(0)
  useEffect(() => {
    if (!store.getState().compareGroups) void store.getState().loadCompareGroups()
  }, [store])

  const range = useMemo(() => rewardRange(report), [report])
  const taskRows = useMemo(() => new Map(report.taskRows.map((r) => [r.taskKey, r])), [report.taskRows])
  const rows = useMemo(() => {
    if (!groups) return []
    return groupKeys(
      [...new Set([...groups.a.keys(), ...groups.b.keys()])],
      (k) => ({ a: noSignal(groups.a.get(k)), b: noSignal(groups.b.get(k)) }),
      taskRows,
      filter,
      sort
    )
  }, [groups, filter, sort, taskRows])
  const counts = useMemo(() => {
    if (!groups) return { a: 0, b: 0 }
    return { a: [...groups.a.values()].filter(noSignal).length, b: [...groups.b.values()].filter(noSignal).length }
  }, [groups])

  const pages = Math.max(1, Math.ceil(rows.length / PAGE))
  const at = Math.min(page, pages - 1)
  const shown = useMemo(() => rows.slice(at * PAGE, (at + 1) * PAGE), [rows, at])
  // the page's rollouts in one request per run (not one per task and run)
  const ready = !!groups && !groups.loading && !groups.error
  useEffect(() => {
    if (ready && shown.length > 0) void store.getState().loadGroupRollouts(shown)
  }, [store, ready, shown])

  if (!groups || groups.loading) return <div className={panels.placeholder}>Loading both runs' task groups…</div>
  if (groups.error) return <div className={analysis.error}>Could not load the task groups: {groups.error}</div>
  return (
    <section className={cx(analysis.section, verdict.palette)} data-testid="compare-groups">
      <div className={analysis.sectionHead}>
        <h3>Groups</h3>
        <span className={txt.hint} data-testid="groups-no-signal-counts">
          no GRPO signal (every rollout the same reward): {fmtInt(counts.a)} of {fmtInt(groups.a.size)} tasks in A,{' '}
          {fmtInt(counts.b)} of {fmtInt(groups.b.size)} in B
        </span>
        <label className={txt.hint}>
          show{' '}
          <ChoiceSelect
            value={filter}
            choices={FILTERS}
            onChange={(f) => {
              setFilter(f)
              setPage(0)
            }}
            testId="groups-filter"
          />
        </label>
        <label className={txt.hint}>
          sort by{' '}
          <ChoiceSelect
            value={sort}
            choices={SORTS}
            onChange={(s) => {
              setSort(s)
              setPage(0)
            }}
            testId="groups-sort"
          />
        </label>
        {groups.capped && <span className={txt.hint}>(first {fmtInt(groups.a.size)} tasks)</span>}
      </div>
      <p className={cx(verdict.palette, css.legend)} data-testid="groups-legend">
        <span className={css.key}>
          <span className={cx(rollout.cell, rollout.pass)} /> passed
        </span>
        <span className={css.key}>
          <span className={cx(rollout.cell, rollout.fail)} /> failed (shaded by its reward: partial credit is still a
          fail)
        </span>
        <span className={css.key}>
          <span className={cx(rollout.cell, rollout.none)} /> no verdict
        </span>
        <span>· a rollout passes {passRule(report)}; a task passes when more than half its rollouts pass</span>
      </p>
      <table className={cx(tables.table, css.table)}>
        <thead>
          <tr>
            <th>Task</th>
            <th>A rollouts</th>
            <th className={tables.num}>A mean</th>
            <th>B rollouts</th>
            <th className={tables.num}>B mean</th>
            <th className={tables.num} title="B − A mean reward of the task (the engine's per-task figure)">
              Δ reward
            </th>
            <th title="Task verdict in A → in B (a task passes when more than half its rollouts pass)">A → B</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((k) => (
            <GroupRowView
              key={k}
              taskKey={k}
              a={groups.a.get(k)}
              b={groups.b.get(k)}
              row={taskRows.get(k)}
              range={range}
              list={rows}
            />
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

const deltaClass = (d: number | null): string | undefined =>
  d === null || d === 0 ? undefined : d < 0 ? css.worse : css.better

/** How a rollout's pass is decided, in words. */
function passRule(report: CompareReport): string {
  const t = report.runA.passThreshold
  const u = report.runB.passThreshold
  if (t === null && u === null) return 'by the format’s own success flag'
  if (t === u || u === null) return `at reward ≥ ${fmtNumber(t)}`
  if (t === null) return `at reward ≥ ${fmtNumber(u)}`
  return `at reward ≥ ${fmtNumber(t)} in A, ≥ ${fmtNumber(u)} in B`
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
  /** The engine's per-task row (shared tasks only). */
  row: TaskFlipRow | undefined
  range: [number, number]
  /** The tasks listed, in order: the side-by-side view steps through them. */
  list: string[]
}

const CELL_TEXT: Record<TaskFlipRow['cell'], string> = {
  fixed: '▲ fixed',
  broken: '▼ broken',
  bothPass: '= pass',
  bothFail: '× fail',
  undecided: '? no verdict'
}

function GroupRowView({ taskKey, a, b, row, range, list }: GroupRowProps): ReactNode {
  const store = useAppStore()
  const flagged = noSignal(a) || noSignal(b)
  return (
    <tr data-testid="group-row" data-task={taskKey} data-no-signal={flagged ? 'true' : undefined}>
      <td>
        <button
          className={analysis.taskButton}
          onClick={() => store.getState().openCompareTask(taskKey, list)}
          title="Open A and B side by side"
        >
          {readable(taskKey)}
        </button>
      </td>
      <RolloutCells side="a" taskKey={taskKey} group={a} range={range} />
      <td className={tables.num}>{fmtNum(a?.meanReward)}</td>
      <RolloutCells side="b" taskKey={taskKey} group={b} range={range} />
      <td className={tables.num}>{fmtNum(b?.meanReward)}</td>
      <td className={cx(tables.num, deltaClass(row?.rewardDelta ?? null))} data-testid="group-delta">
        {row ? fmtDelta('reward', row.rewardDelta) : ''}
      </td>
      <td
        className={cx(row?.cell === 'broken' && css.worse, row?.cell === 'fixed' && css.better)}
        data-testid="group-verdict"
        data-cell={row?.cell}
      >
        {row ? `${CELL_TEXT[row.cell]}` : 'not shared'}
      </td>
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
  const rewards = useApp((s) => s.compareGroups?.rollouts.get(rolloutKey(side, taskKey)))
  const passed = useApp((s) => s.compareGroups?.rolloutPassed.get(rolloutKey(side, taskKey)))
  const atStep = useApp((s) => s.compare?.steps[side] ?? null)
  if (!group) return <td className={txt.hint}>{atStep === null ? 'not in this run' : `not at step ${atStep}`}</td>
  const flat = noSignal(group)
  return (
    <td>
      {/* a flex box inside the cell: a td made flex would leave the table's row grid */}
      <div className={rollout.cells}>
        {rewards && <RewardCells rewards={rewards} passed={passed} range={range} />}
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

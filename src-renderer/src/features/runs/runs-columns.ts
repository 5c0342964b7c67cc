import type { RunSummary } from '@contract/model'
import {
  fmtCiRange,
  fmtDate,
  fmtInt,
  fmtMeanCi,
  fmtNum,
  fmtPct,
  fmtRange,
  fmtTokens
} from '../../lib/format'

/** One column of the runs table. */
export interface RunColumn {
  id: string
  label: string
  /** Header tooltip. */
  hint: string
  numeric: boolean
  text(run: RunSummary): string
  title?(run: RunSummary): string | undefined
  /** Sort value; null sorts last. */
  value(run: RunSummary): number | string | null
}

const tokensTotal = (r: RunSummary): number | null =>
  r.tokensIn === null && r.tokensOut === null ? null : (r.tokensIn ?? 0) + (r.tokensOut ?? 0)

/** The runs table's columns, left to right: the headline metrics (reward, pass, perfect) come before the details so
 * they stay in view without scrolling sideways on a laptop-width window. */
export const RUN_COLUMNS: RunColumn[] = [
  {
    id: 'name',
    label: 'Run',
    hint: 'Run name (checkpoint step when known); the source file is in the tooltip',
    numeric: false,
    text: (r) => (r.checkpointStep !== null ? `${r.name} @${r.checkpointStep}` : r.name),
    title: (r) => r.source,
    value: (r) => r.name.toLowerCase()
  },
  { id: 'model', label: 'Model', hint: 'Model', numeric: false, text: (r) => r.model ?? '–', value: (r) => r.model },
  { id: 'env', label: 'Env', hint: 'Environment / benchmark', numeric: false, text: (r) => r.env ?? '–', value: (r) => r.env },
  { id: 'episodes', label: 'Episodes', hint: 'Episodes', numeric: true, text: (r) => fmtInt(r.episodes), value: (r) => r.episodes },
  { id: 'tasks', label: 'Tasks', hint: 'Distinct task keys', numeric: true, text: (r) => fmtInt(r.tasks), value: (r) => r.tasks },
  {
    id: 'rpt',
    label: 'Roll/task',
    hint: 'Mean rollouts per task',
    numeric: true,
    text: (r) => fmtNum(r.rolloutsPerTask, 2),
    value: (r) => r.rolloutsPerTask
  },
  {
    id: 'reward',
    label: 'Mean reward ± CI',
    hint: 'Mean reward ± half-width of the 95% confidence interval (Student t over episodes)',
    numeric: true,
    text: (r) => fmtMeanCi(r.meanReward, r.rewardCi95),
    title: (r) => (r.meanReward === null ? 'No rewards' : fmtCiRange(r.rewardCi95)),
    value: (r) => r.meanReward
  },
  {
    id: 'pass',
    label: 'Pass',
    hint: 'Share of episodes that passed (success flag, else reward ≥ the pass threshold)',
    numeric: true,
    text: (r) => fmtPct(r.passRate),
    title: (r) =>
      r.passThreshold === null
        ? 'Pass from the format’s own success flag'
        : `reward ≥ ${fmtNum(r.passThreshold)} (${r.passThresholdIsUser ? 'set by you' : 'default'})`,
    value: (r) => r.passRate
  },
  {
    id: 'perfect',
    label: 'Perfect',
    hint: 'Share of episodes with reward = 1 (only when rewards lie in [0, 1])',
    numeric: true,
    text: (r) => fmtPct(r.perfectRate),
    value: (r) => r.perfectRate
  },
  { id: 'std', label: 'Std', hint: 'Standard deviation of the reward', numeric: true, text: (r) => fmtNum(r.rewardStd), value: (r) => r.rewardStd },
  {
    id: 'range',
    label: 'Min–max',
    hint: 'Lowest and highest reward',
    numeric: true,
    text: (r) => fmtRange(r.rewardMin, r.rewardMax),
    value: (r) => r.rewardMax
  },
  { id: 'turns', label: 'Turns', hint: 'Mean turns per episode', numeric: true, text: (r) => fmtNum(r.meanTurns, 1), value: (r) => r.meanTurns },
  {
    id: 'tokens',
    label: 'Tokens in / out',
    hint: 'Total input / output tokens',
    numeric: true,
    text: (r) => fmtTokens(r.tokensIn, r.tokensOut),
    title: (r) => `in ${fmtInt(r.tokensIn)} · out ${fmtInt(r.tokensOut)}`,
    value: tokensTotal
  },
  { id: 'format', label: 'Format', hint: 'Trace format', numeric: false, text: (r) => r.format, value: (r) => r.format },
  { id: 'date', label: 'Date', hint: 'When the run was created', numeric: false, text: (r) => fmtDate(r.createdAt), title: (r) => r.createdAt ?? undefined, value: (r) => r.createdAt }
]

export type RunSort = { key: string; desc: boolean } | null

/** Runs sorted by a column (nulls last in both directions); null keeps the engine's order. */
export function sortRuns(runs: RunSummary[], sort: RunSort): RunSummary[] {
  if (!sort) return runs
  const col = RUN_COLUMNS.find((c) => c.id === sort.key)
  if (!col) return runs
  const dir = sort.desc ? -1 : 1
  return [...runs].sort((a, b) => {
    const va = col.value(a)
    const vb = col.value(b)
    if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1
    return (va < vb ? -1 : va > vb ? 1 : 0) * dir
  })
}

/** Next sort state when a header is clicked: ascending, descending, then back to the engine's order. */
export function nextRunSort(current: RunSort, key: string): RunSort {
  if (!current || current.key !== key) return { key, desc: false }
  return current.desc ? null : { key, desc: true }
}

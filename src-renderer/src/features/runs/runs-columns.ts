import type { RunSummary } from '@contract/model'
import { fmtMeanStd, fmtRange as fmtRangeIn, fmtValue, STD_NOTE } from '@contract/display'
import { displayName } from '../../lib/run-list'
import { fmtCiRange, fmtDate, fmtInt, fmtMeanCi, fmtNum, fmtPct, fmtRange, fmtTokens } from '../../lib/format'

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

const UNSCORED_MARK: Record<NonNullable<RunSummary['unscored']>['countedAs'], string> = {
  failure: '✗',
  excluded: 'excl.',
  mixed: 'mixed'
}

const tokensTotal = (r: RunSummary): number | null =>
  r.tokensIn === null && r.tokensOut === null ? null : (r.tokensIn ?? 0) + (r.tokensOut ?? 0)

/** The runs table's columns, left to right: the headline figures (reward, pass, perfect) come right after the name,
 * before the model and env (whose names can be long), so they stay in view however wide the pane (issue 15). */
export const RUN_COLUMNS: RunColumn[] = [
  {
    id: 'name',
    label: 'Run',
    hint: 'Run name (checkpoint step when known); the source file is in the tooltip',
    numeric: false,
    text: displayName,
    title: (r) => `${displayName(r)}\n${r.source}`,
    value: (r) => r.name.toLowerCase()
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
  {
    id: 'episodes',
    label: 'Episodes',
    hint: 'Episodes',
    numeric: true,
    text: (r) => fmtInt(r.episodes),
    value: (r) => r.episodes
  },
  {
    id: 'tasks',
    label: 'Tasks',
    hint: 'Distinct task keys',
    numeric: true,
    text: (r) => fmtInt(r.tasks),
    value: (r) => r.tasks
  },
  {
    id: 'rpt',
    label: 'Roll/task',
    hint: 'Mean rollouts per task',
    numeric: true,
    text: (r) => fmtNum(r.rolloutsPerTask, 2),
    value: (r) => r.rolloutsPerTask
  },
  {
    id: 'unscored',
    label: 'No result',
    hint: 'Episodes the producer recorded no result for, and how they count (✗: as failures, as the producer does; excl.: left out; mixed: some each way)',
    numeric: true,
    text: (r) => (r.unscored ? `${fmtInt(r.unscored.count)} ${UNSCORED_MARK[r.unscored.countedAs]}` : '0'),
    title: (r) => r.unscored?.note ?? 'Every episode has a result',
    value: (r) => r.unscored?.count ?? 0
  },
  { id: 'model', label: 'Model', hint: 'Model', numeric: false, text: (r) => r.model ?? '–', value: (r) => r.model },
  {
    id: 'env',
    label: 'Env',
    hint: 'Environment / benchmark',
    numeric: false,
    text: (r) => r.env ?? '–',
    value: (r) => r.env
  },
  {
    id: 'std',
    label: 'σ',
    hint: `Standard deviation of the reward. ${STD_NOTE}`,
    numeric: true,
    text: (r) => fmtValue('reward', r.rewardStd),
    value: (r) => r.rewardStd
  },
  {
    id: 'range',
    label: 'Min–max',
    hint: 'Lowest and highest reward',
    numeric: true,
    text: (r) => fmtRange(r.rewardMin, r.rewardMax),
    value: (r) => r.rewardMax
  },
  {
    id: 'steps',
    label: 'Steps',
    hint: 'Mean steps (agent actions) per episode; the tooltip has σ, the range and the steps of passed episodes',
    numeric: true,
    text: (r) => fmtValue('steps', r.steps.mean),
    title: (r) =>
      r.steps.count === 0
        ? 'No step counts'
        : `${fmtMeanStd('steps', r.steps.mean, r.steps.std)}, range ${fmtRangeIn('steps', r.steps.min, r.steps.max)}; passed episodes: ${fmtValue('steps', r.stepsPassed)}`,
    value: (r) => r.steps.mean
  },
  {
    id: 'turns',
    label: 'Messages',
    hint: 'Mean messages per episode (the transcript, prompt included): not steps',
    numeric: true,
    text: (r) => fmtNum(r.meanTurns, 1),
    value: (r) => r.meanTurns
  },
  {
    id: 'tokens',
    label: 'Tokens in / out',
    hint: 'Total input / output tokens',
    numeric: true,
    text: (r) => fmtTokens(r.tokensIn, r.tokensOut),
    title: (r) => `in ${fmtInt(r.tokensIn)} · out ${fmtInt(r.tokensOut)}`,
    value: tokensTotal
  },
  {
    id: 'format',
    label: 'Format',
    hint: 'Trace format',
    numeric: false,
    text: (r) => r.format,
    value: (r) => r.format
  },
  {
    id: 'date',
    label: 'Date',
    hint: 'When the run was created',
    numeric: false,
    text: (r) => fmtDate(r.createdAt),
    title: (r) => r.createdAt ?? undefined,
    value: (r) => r.createdAt
  }
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

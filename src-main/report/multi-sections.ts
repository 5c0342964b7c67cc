/**
 * What the terminal, Markdown and HTML renderings of an N-way comparison (MultiCompareReport, report 004's table)
 * derive before writing it out, so all three show the same cells: each row's per-run figure in the form its unit
 * calls for, the change rows "From → To | Absolute | Relative | CI", each task's rollout rewards. Names and labels
 * come from traces: the renderers escape them. Runtime-neutral.
 */
import type { Stat } from '@contract/model'
import type { MultiCompareReport, MultiDelta, MultiRow } from '@contract/multi-compare'
import {
  fmtPairedCi,
  fmtDelta,
  fmtFraction,
  fmtMeanStd,
  fmtNumber,
  fmtPercent,
  fmtRange,
  fmtRelative,
  fmtValue,
  NONE
} from '@contract/display'

/** The figures whose changes get their own table (report 004's "Absolute / Relative Improvement"), in this order. */
export const CHANGE_KEYS = ['reward', 'passRate', 'steps', 'tokensIn', 'tokensOut', 'generationMs']

/** A run's column heading: its name, the baseline marked. */
export function runHeading(report: MultiCompareReport, i: number): string {
  return i === report.baseline ? `${report.runs[i].name} (baseline)` : report.runs[i].name
}

/**
 * One run's figure of a row, as report 004 writes it: a reward as "0.785 (σ 0.1)"; steps, messages, counts and times
 * as "8.67 (5 – 18)" (mean and range); a share as "16.7% (1/6)" (episodes counted / episodes with a value); tokens as
 * their mean.
 */
export function statCell(row: Pick<MultiRow, 'unit'>, s: Stat | null): string {
  if (!s || s.mean === null) return NONE
  switch (row.unit) {
    case 'rate':
      return `${fmtPercent(s.mean)} (${fmtFraction(Math.round(s.mean * s.count), s.count)})`
    case 'steps':
    case 'messages':
    case 'count':
    case 'ms':
      return s.count > 1 && s.min !== null && s.max !== null
        ? `${fmtValue(row.unit, s.mean)} (${fmtRange(row.unit, s.min, s.max)})`
        : fmtValue(row.unit, s.mean)
    case 'tokens':
      return fmtValue(row.unit, s.mean)
    default:
      return s.count > 1 ? fmtMeanStd(row.unit, s.mean, s.std) : fmtValue(row.unit, s.mean)
  }
}

/** One line of the runs table: a label and a cell per run. */
export interface MultiLine {
  label: string
  cells: string[]
}

/**
 * The runs table: who each run is (its model unless `withModel` is false: the terminal names it in its legend), then
 * every row (the reward also with its range, as report 004 has it).
 */
export function runLines(report: MultiCompareReport, withModel = true): MultiLine[] {
  const runs = report.runs
  const lines: MultiLine[] = [
    ...(withModel ? [{ label: 'Model', cells: runs.map((r) => r.model ?? NONE) }] : []),
    { label: 'Episodes', cells: runs.map((r) => fmtNumber(r.episodes)) },
    { label: 'Tasks', cells: runs.map((r) => fmtNumber(r.tasks)) },
    { label: 'Rollouts per task', cells: runs.map((r) => fmtNumber(r.rolloutsPerTask, 2)) }
  ]
  if (runs.some((r) => r.checkpointStep !== null))
    lines.unshift({ label: 'Checkpoint step', cells: runs.map((r) => fmtNumber(r.checkpointStep)) })
  for (const row of report.rows) {
    lines.push({ label: row.label, cells: row.values.map((s) => statCell(row, s)) })
    if (row.key === 'reward')
      lines.push({ label: 'Reward range', cells: row.values.map((s) => fmtRange('reward', s?.min, s?.max)) })
  }
  return lines
}

/** One line of the changes table. */
export interface ChangeLine {
  label: string
  /** The two runs' names, and their places in `runs`. */
  from: string
  to: string
  fromIndex: number
  toIndex: number
  /** Against the baseline, or against the run before (when that is not the baseline). */
  against: 'baseline' | 'previous'
  absolute: string
  relative: string
  ci: string
  /** Shared tasks the CI is over; "–" when not paired. */
  tasks: string
}

function changeLine(
  report: MultiCompareReport,
  row: MultiRow,
  from: number,
  to: number,
  d: MultiDelta,
  against: ChangeLine['against']
): ChangeLine {
  return {
    label: row.label,
    from: report.runs[from].name,
    to: report.runs[to].name,
    fromIndex: from,
    toIndex: to,
    against,
    absolute: fmtDelta(row.unit, d.delta),
    relative: fmtRelative(d.relDelta),
    ci: fmtPairedCi(row.unit, d),
    tasks: d.tasks ? fmtNumber(d.tasks) : NONE
  }
}

/**
 * Per change figure: every run against the baseline, then each run against the one before it where that is not the
 * baseline already (report 004: 8B → 30B, 30B → 30B trained, 8B → 30B trained).
 */
export function changeLines(report: MultiCompareReport): ChangeLine[] {
  const out: ChangeLine[] = []
  for (const key of CHANGE_KEYS) {
    const row = report.rows.find((r) => r.key === key)
    if (!row) continue
    row.vsBaseline.forEach((d, i) => d && out.push(changeLine(report, row, report.baseline, i, d, 'baseline')))
    row.vsPrevious.forEach(
      (d, i) => d && i - 1 !== report.baseline && out.push(changeLine(report, row, i - 1, i, d, 'previous'))
    )
  }
  return out
}

/** A run's rollout rewards of one task, "0.636, 0.887" ("–" when the run lacks the task). */
export function rolloutsCell(rewards: (number | null)[]): string {
  return rewards.length ? rewards.map((r) => fmtValue('reward', r)).join(', ') : NONE
}

/**
 * The text of each cell of the compare tables (summary, per category), written by the one set of display rules
 * (contract/display.ts) so the terminal, the Markdown and the HTML report print the same figures. Labels and category
 * values come from trace files: the renderers escape them for their format; the figures here are ours. Runtime-neutral.
 */
import type {
  CategoryRow,
  CategoryWhole,
  CompareMetric,
  CompareReport,
  MetricUnit,
  PassAtK,
  SolvedWithin
} from '@contract/compare'
import { failureText, passCount } from '@contract/task-row-text'
import {
  ciExcludesZero,
  fmtCi,
  fmtDelta,
  fmtFraction,
  fmtPercent,
  fmtRelative,
  fmtValue,
  noCiReason,
  NONE
} from '@contract/display'
import { changeDirection } from './report-sections'

/** Summary rows without pairing (a spread, an extreme, a mean over a subset) have no CI by construction. */
const NOT_PAIRED = 'n/a'

export interface MetricCells {
  label: string
  a: string
  b: string
  delta: string
  rel: string
  ci: string
  wholeA: string
  wholeB: string
  wholeDelta: string
  /** The CI excludes 0: the delta is shown strong. */
  clear: boolean
  direction: 'better' | 'worse' | 'same'
}

export function metricCells(m: CompareMetric): MetricCells {
  const w = m.whole
  return {
    label: m.label,
    a: fmtValue(m.unit, m.a),
    b: fmtValue(m.unit, m.b),
    delta: fmtDelta(m.unit, m.delta),
    rel: fmtRelative(m.relDelta),
    ci: m.kind !== 'paired' ? NOT_PAIRED : m.ci95 ? fmtCi(m.unit, m.ci95) : noCiReason(m),
    wholeA: w ? fmtValue(m.unit, w.a) : NONE,
    wholeB: w ? fmtValue(m.unit, w.b) : NONE,
    wholeDelta: w ? fmtDelta(m.unit, w.delta) : NONE,
    clear: ciExcludesZero(m.ci95),
    direction: changeDirection(m.better, m.delta, m.ci95)
  }
}

/** A run's whole-run figure for a category value with its counts: "0.712 (2/20)", or the score alone without verdicts. */
export function wholeCell(w: CategoryWhole, unit: MetricUnit): string {
  const score = fmtValue(unit, w.score)
  return w.decided > 0 ? `${score} (${fmtFraction(w.passed, w.decided)})` : score
}

export interface CategoryCells {
  value: string
  tasks: string
  a: string
  b: string
  delta: string
  ci: string
  /** Shared tasks passed / with a verdict, A → B: "0/3 → 2/3". */
  passed: string
  wholeA: string
  wholeB: string
  clear: boolean
}

export function categoryCells(c: CategoryRow, unit: MetricUnit): CategoryCells {
  return {
    value: c.value,
    tasks: c.tasks.toLocaleString('en-US'),
    a: fmtValue(unit, c.a),
    b: fmtValue(unit, c.b),
    delta: fmtDelta(unit, c.delta),
    ci: fmtCi(unit, c.ci95),
    passed: `${fmtFraction(c.passedA, c.decided)} → ${fmtFraction(c.passedB, c.decided)}`,
    wholeA: wholeCell(c.wholeA, unit),
    wholeB: wholeCell(c.wholeB, unit),
    clear: ciExcludesZero(c.ci95)
  }
}

/** The change between two shares (pass@k, RR@k), in points; "–" when one is missing. */
export function rateChange(a: number | null, b: number | null): string {
  return a !== null && b !== null ? fmtDelta('rate', b - a) : NONE
}

/** One pass@k row's cells, as the reports write them: k, tasks, pass@k A, B, Δ, pass^k A, B, Δ. */
export function passAtKCells(p: PassAtK): string[] {
  return [
    String(p.k),
    String(p.tasks),
    fmtPercent(p.a.passAtK),
    fmtPercent(p.b.passAtK),
    rateChange(p.a.passAtK, p.b.passAtK),
    fmtPercent(p.a.passHatK),
    fmtPercent(p.b.passHatK),
    rateChange(p.a.passHatK, p.b.passHatK)
  ]
}

/** One RR@k row's cells: k, A, B, Δ. */
export const solvedWithinCells = (s: SolvedWithin): string[] => [
  String(s.k),
  fmtPercent(s.a),
  fmtPercent(s.b),
  rateChange(s.a, s.b)
]

/** Broken tasks the reports list one row each, at most. */
export const BROKEN_ROWS = 100

/** The header of the reports' broken-task table: the app's per-task table, its broken rows. */
export const BROKEN_HEADER = ['Task', 'A pass', 'B pass', 'A reward', 'B reward', 'Δ reward', 'Why it failed']

/** What the broken-task table explains under it. */
export const BROKEN_NOTE =
  'A pass, B pass: rollouts passed / with a verdict. Why it failed: harness, the harness failed B’s rollouts (no ' +
  'result recorded: a parse error, a test timeout; or an error status); model, they were scored and fell short.'

/**
 * The broken tasks as the app's per-task table shows them (most regressed first, at most BROKEN_ROWS): the task key
 * (trace content: the renderers escape it) and its figures; `more` counts the rows left out.
 */
export function brokenTaskCells(r: CompareReport): { rows: { task: string; cells: string[] }[]; more: number } {
  const broken = r.taskRows.filter((x) => x.cell === 'broken')
  const rows = broken.slice(0, BROKEN_ROWS).map((x) => ({
    task: x.taskKey,
    cells: [
      passCount(x.a),
      passCount(x.b),
      fmtValue('reward', x.a.meanReward),
      fmtValue('reward', x.b.meanReward),
      fmtDelta('reward', x.rewardDelta),
      failureText(x)
    ]
  }))
  return { rows, more: broken.length - rows.length }
}

/**
 * Reading an N-runs report (contract/multi-compare.ts) for its table: rows in sections (outcome, steps, tokens and
 * time, tools, how episodes ended, the producer's metrics), and each cell's text by the shared display rules.
 */
import type { MetricUnit } from '@contract/compare'
import type { Stat } from '@contract/model'
import type { MultiDelta, MultiRow } from '@contract/multi-compare'
import { fmtDelta, fmtMeanStd, fmtPairedCi, fmtRange, fmtRelative, fmtValue, isFiniteNumber } from '@contract/display'

export interface ManySection {
  id: string
  title: string
  rows: MultiRow[]
}

const SECTIONS: { id: string; title: string; test: (key: string) => boolean }[] = [
  {
    id: 'outcome',
    title: 'Outcome',
    test: (k) =>
      ['reward', 'passRate', 'perfectRate', 'completionRate', 'rewardStd', 'rewardMin', 'rewardMax'].includes(k)
  },
  {
    id: 'steps',
    title: 'Steps (agent actions)',
    test: (k) => ['steps', 'stepsSuccess', 'messages', 'rewardPerStep', 'rewardPerStepPooled'].includes(k)
  },
  {
    id: 'cost',
    title: 'Tokens and time',
    test: (k) => ['tokensIn', 'tokensOut', 'generationMs', 'durationMs', 'wallTimeMs'].includes(k)
  },
  { id: 'tools', title: 'Tool use', test: (k) => k.startsWith('toolFree:') || k.startsWith('toolCalls:') },
  { id: 'termination', title: 'How episodes ended', test: (k) => k.startsWith('termination:') },
  { id: 'metrics', title: 'The producer’s metrics', test: (k) => k.startsWith('metric:') }
]

/** The report's rows in sections, each in the engine's order; rows no section claims go last under "Other". */
export function manySections(rows: MultiRow[]): ManySection[] {
  const out: ManySection[] = SECTIONS.map((s) => ({
    id: s.id,
    title: s.title,
    rows: rows.filter((r) => s.test(r.key))
  }))
  const claimed = new Set(out.flatMap((s) => s.rows))
  const rest = rows.filter((r) => !claimed.has(r))
  if (rest.length) out.push({ id: 'other', title: 'Other', rows: rest })
  return out.filter((s) => s.rows.length > 0)
}

/** Whether a row's spread (σ, range) says something: not for shares (each episode is 0 or 1) nor single values. */
const hasSpread = (unit: MetricUnit, s: Stat): boolean => unit !== 'rate' && s.count > 1 && s.min !== s.max

/** A run's value in a row: "0.785 (σ 0.1)" and its range "0.5 – 1" where that says something. */
export function valueText(row: MultiRow, s: Stat | null): { main: string; range: string | null } {
  if (!s || !isFiniteNumber(s.mean)) return { main: fmtValue(row.unit, null), range: null }
  if (!hasSpread(row.unit, s)) return { main: fmtValue(row.unit, s.mean), range: null }
  return { main: fmtMeanStd(row.unit, s.mean, s.std), range: fmtRange(row.unit, s.min, s.max) }
}

/**
 * Why a cell has no value (its run records no such figure), for the cell's title; null when it has one. A run with
 * no termination reasons (chat logs, most evals) reads "–" on every "Ends:" row: the title says it is not 0%.
 */
export function missingWhy(row: MultiRow, s: Stat | null): string | null {
  if (s && isFiniteNumber(s.mean)) return null
  return row.key.startsWith('termination:')
    ? 'This run does not record how its episodes ended (its files give no termination reason): not 0%, unknown'
    : `This run’s files do not record “${row.label}”`
}

/**
 * A change against the baseline (or the previous run): "+0.146 (+19.9%)" of the whole runs, and the CI over the
 * shared tasks; when the paired change those tasks give reads otherwise (other tasks or rollouts per task), the CI
 * says so: "paired −0.277: −0.399 to −0.161, 16 tasks", the figure the verdict names.
 */
export function deltaText(row: MultiRow, d: MultiDelta | null): { main: string; ci: string | null } | null {
  if (!d || !isFiniteNumber(d.delta)) return null
  const rel = isFiniteNumber(d.relDelta) ? ` (${fmtRelative(d.relDelta)})` : ''
  return {
    main: `${fmtDelta(row.unit, d.delta)}${rel}`,
    ci: d.ci95 ? `${fmtPairedCi(row.unit, d)}, ${d.tasks} tasks` : null
  }
}

/** A verdict line with the run named instead of "B" ("B is better: …" → "is better: …" after the name). */
export function verdictWithoutB(text: string): string {
  return text.replace(/^B\s+/, '')
}

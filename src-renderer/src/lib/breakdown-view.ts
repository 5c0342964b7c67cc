/**
 * Reading a run's breakdown (contract/breakdown.ts) for the screen: which field to start with, the best and worst
 * values, the score a row is ranked by, and two fields laid out as a grid (rows × columns).
 */
import type { BreakdownRow, RunBreakdown } from '@contract/breakdown'
import { readable } from './readable'

/** Info field names that usually hold a category worth breaking down by, most telling first. */
const PREFERRED = [
  /^(difficulty|level)$/i,
  /^tier$/i,
  /^(archetype|category|type|kind|domain|subset)$/i,
  /difficulty|tier|level/i,
  /categor|archetype|domain|subset|split/i
]

/** The value rows without a field's value get (the engine's NONE_VALUE). */
export const NONE_VALUE = '(none)'

/** The field a breakdown opens with: a difficulty / tier / category field when the run has one, else the first field, else how episodes ended. */
export function defaultBreakdownFields(infoFields: readonly string[], hasTerminations: boolean): string[] {
  for (const re of PREFERRED) {
    const hit = infoFields.find((f) => re.test(f))
    if (hit) return [hit]
  }
  if (infoFields.length) return [infoFields[0]]
  return [hasTerminations ? 'termination' : 'status']
}

/** The figure rows are ranked by (mean reward, or the pass rate when the run has no rewards). */
export function rowScore(row: BreakdownRow, score: RunBreakdown['score']): number | null {
  return score === 'meanReward' ? row.meanReward : row.passRate
}

/**
 * The best and the worst value by the ranking score: only rows with a value of every field and a score, and only
 * when at least two such rows differ (one value alone is neither best nor worst).
 */
export function bestAndWorst(b: RunBreakdown): { best: BreakdownRow; worst: BreakdownRow } | null {
  const ranked = b.rows.filter((r) => !r.values.includes(NONE_VALUE) && rowScore(r, b.score) !== null)
  if (ranked.length < 2) return null
  // rows come best first from the engine; re-sorted here so the rule does not depend on it
  const sorted = [...ranked].sort((x, y) => rowScore(y, b.score)! - rowScore(x, b.score)!)
  const best = sorted[0]
  const worst = sorted[sorted.length - 1]
  return rowScore(best, b.score) === rowScore(worst, b.score) ? null : { best, worst }
}

/**
 * The bars of a one-field breakdown chart, left to right: the table's rows in the table's order (ranked by the score,
 * best first, as the engine and the reports list them), so the first bar is the first row; a "(none)" value without
 * episodes is left out.
 */
export function chartRows(b: RunBreakdown): BreakdownRow[] {
  return b.rows.filter((r) => r.values[0] !== NONE_VALUE || r.episodes > 0)
}

/** Two fields as a grid: the first field's values down, the second's across, each cell the row with both values. */
export interface CrossTab {
  rowValues: string[]
  colValues: string[]
  /** `${row}\u0000${col}` → row. */
  cells: Map<string, BreakdownRow>
  /** Per first-field value and per second-field value, the rows summed (episodes, passed, decided, failed). */
  rowTotals: Map<string, Counts>
  colTotals: Map<string, Counts>
}

export interface Counts {
  episodes: number
  passed: number
  decided: number
  failed: number
}

export const cellKey = (row: string, col: string): string => `${row}\u0000${col}`

/** Values in a natural order: easy < medium < hard where they are such words, else by the text ("(none)" last). */
export function orderValues(values: Iterable<string>): string[] {
  const rank = (v: string): number => {
    const i = ORDINAL.findIndex((re) => re.test(v))
    return i === -1 ? ORDINAL.length : i
  }
  return [...new Set(values)].sort((a, b) => {
    if (a === NONE_VALUE || b === NONE_VALUE) return a === b ? 0 : a === NONE_VALUE ? 1 : -1
    return rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true })
  })
}

const ORDINAL = [
  /^(trivial|very[ _-]?easy)$/i,
  /^easy$/i,
  /^(medium|moderate|normal|intermediate)$/i,
  /^hard$/i,
  /^(very[ _-]?hard|expert|extreme)$/i
]

/** The grid of a two-field breakdown (null for one field). */
export function crossTab(b: RunBreakdown): CrossTab | null {
  if (b.fields.length !== 2) return null
  const cells = new Map<string, BreakdownRow>()
  const rowTotals = new Map<string, Counts>()
  const colTotals = new Map<string, Counts>()
  const add = (m: Map<string, Counts>, k: string, r: BreakdownRow): void => {
    const c = m.get(k) ?? { episodes: 0, passed: 0, decided: 0, failed: 0 }
    m.set(k, {
      episodes: c.episodes + r.episodes,
      passed: c.passed + r.passed,
      decided: c.decided + r.decided,
      failed: c.failed + r.failed
    })
  }
  for (const r of b.rows) {
    const [x, y] = r.values
    cells.set(cellKey(x, y), r)
    add(rowTotals, x, r)
    add(colTotals, y, r)
  }
  return {
    rowValues: orderValues(rowTotals.keys()),
    colValues: orderValues(colTotals.keys()),
    cells,
    rowTotals,
    colTotals
  }
}

/** A row's label: its values joined ("hard", "off-by-one × hard"). */
export const rowLabel = (row: BreakdownRow): string => readable(row.values.join(' × '))

/** A field's label for the chooser: info fields by name, the two episode columns marked as such. */
export function fieldLabel(field: string): string {
  return field === 'status' || field === 'termination' ? `${field} (episode)` : field
}

const PLAIN_KEY = /^[A-Za-z_][\w-]*$/
const NUMERIC = /^-?\d+(\.\d+)?$/

/** One field = value condition in the episodes filter language (the value as the breakdown wrote it, as text). */
function condition(field: string, value: string): string {
  const name =
    field === 'status' || field === 'termination'
      ? field
      : `info.${PLAIN_KEY.test(field) ? field : JSON.stringify(field)}`
  if (value === NONE_VALUE) return `${name} == null`
  if (value === 'true' || value === 'false') return `${name} == ${value}`
  // the breakdown reads values as text: a number may have been a number or a string in the file
  if (NUMERIC.test(value) && name.startsWith('info.'))
    return `(${name} == ${value} or ${name} == ${JSON.stringify(value)})`
  return `${name} == ${JSON.stringify(value)}`
}

/** The episodes filter selecting a breakdown row's episodes (`info.difficulty == "hard" and info.archetype == "off-by-one"`). */
export function breakdownFilter(fields: readonly string[], values: readonly string[]): string {
  return fields.map((f, i) => condition(f, values[i] ?? NONE_VALUE)).join(' and ')
}

/** A column the breakdown table sorts by: a row's figure, or one of its metrics (`metric:<name>`). */
export type BreakdownSortKey =
  | 'value'
  | 'episodes'
  | 'tasks'
  | 'meanReward'
  | 'passed'
  | 'passRate'
  | 'perfectRate'
  | 'failed'
  | 'meanSteps'
  | `metric:${string}`

export interface BreakdownSort {
  key: BreakdownSortKey
  desc: boolean
}

/** The engine's order: best score first (the sort the table opens with). */
export const scoreSort = (b: Pick<RunBreakdown, 'score'>): BreakdownSort => ({ key: b.score, desc: true })

function sortFigure(r: BreakdownRow, key: BreakdownSortKey): number | null {
  if (key === 'value') return null
  if (key.startsWith('metric:')) return r.metrics?.[key.slice(7)] ?? null
  const v = r[key as Exclude<BreakdownSortKey, 'value' | `metric:${string}`>]
  return typeof v === 'number' && Number.isFinite(v) ? v : null
}

const label = (r: BreakdownRow): string => r.values.join('\u0000')

/**
 * The rows sorted by one column, either way: rows without that figure last whichever the direction, ties by value (as
 * the engine breaks them). Sorted by the score, best first, it is the engine's own order.
 */
export function sortBreakdownRows(rows: readonly BreakdownRow[], sort: BreakdownSort): BreakdownRow[] {
  const sign = sort.desc ? -1 : 1
  if (sort.key === 'value') return [...rows].sort((x, y) => sign * label(x).localeCompare(label(y)))
  return [...rows].sort((x, y) => {
    const a = sortFigure(x, sort.key)
    const b = sortFigure(y, sort.key)
    if (a === null || b === null) return a === b ? label(x).localeCompare(label(y)) : a === null ? 1 : -1
    return sign * (a - b) || label(x).localeCompare(label(y))
  })
}

/** A click on a column: the other way round when it is the sorted one, else by it (largest first; a value A to Z). */
export function nextBreakdownSort(now: BreakdownSort, key: BreakdownSortKey): BreakdownSort {
  if (now.key === key) return { key, desc: !now.desc }
  return { key, desc: key !== 'value' }
}

const SORT_NAMES: Record<Exclude<BreakdownSortKey, `metric:${string}`>, string> = {
  value: '',
  episodes: 'episodes',
  tasks: 'tasks',
  meanReward: 'mean reward',
  passed: 'episodes passed',
  passRate: 'pass rate',
  perfectRate: 'perfect rate',
  failed: 'episodes failed',
  meanSteps: 'mean steps'
}

/** How the rows are ordered, in words: "ranked by mean reward" (the engine's order) or "sorted by …, largest first". */
export function sortWords(b: Pick<RunBreakdown, 'score' | 'fields'>, sort: BreakdownSort): string {
  if (sort.key === b.score && sort.desc) return `ranked by ${SORT_NAMES[b.score]}`
  if (sort.key === 'value') return `sorted by ${b.fields.join(' × ')}, ${sort.desc ? 'Z to A' : 'A to Z'}`
  const name = sort.key.startsWith('metric:') ? sort.key.slice(7) : SORT_NAMES[sort.key as keyof typeof SORT_NAMES]
  return `sorted by ${name}, ${sort.desc ? 'largest' : 'smallest'} first`
}

/** Whether the rows are in the engine's order (best first). */
export const isScoreOrder = (b: Pick<RunBreakdown, 'score'>, sort: BreakdownSort): boolean =>
  sort.key === b.score && sort.desc

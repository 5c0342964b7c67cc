/**
 * Per-step values → one episode metric (issue 12 §7): "max partial progress, hint used in any step, share of
 * commands that failed a format gate". An aggregation is written `agg(path)` or `agg(path == value)` /
 * `agg(path != value)`, e.g. `max(partial_progress)`, `any(hint_requested)`, `rate(format_ok == false)`.
 *
 * - max, min, sum, mean: over the steps' numbers (booleans count as 1 / 0);
 * - first, last: the first / last step that has a value;
 * - any, all: whether some / every step's value is true (a number: non-zero), as 1 / 0;
 * - count: how many steps' values are true; rate: that count over the steps that have a value (a per-step share,
 *   whose pooled run figure Σ count / Σ steps is also shown, see RunHeader.stepRates).
 * With a comparison, the step's value is first replaced by whether it equals (or differs from) the value.
 * Steps without a value are skipped; an episode with none gets no metric.
 */

export const AGGREGATIONS = ['max', 'min', 'sum', 'mean', 'first', 'last', 'any', 'all', 'count', 'rate'] as const
export type Aggregation = (typeof AGGREGATIONS)[number]

export interface StepAggregate {
  agg: Aggregation
  /** The path into a step (as the mapping file writes paths: `a.b`, `x[0]`). */
  path: string
  /** A comparison applied to each step's value first. */
  compare: { op: '==' | '!='; value: string | number | boolean | null } | null
}

const EXPR = /^\s*([a-z]+)\s*\(\s*(.+?)\s*(?:(==|!=)\s*(.+?)\s*)?\)\s*$/

/** Parses `max(partial_progress)` / `rate(format_ok == false)`; the error says what is wrong and what is allowed. */
export function parseStepAggregate(text: string): StepAggregate | { error: string } {
  const m = EXPR.exec(text)
  if (!m)
    return { error: `expected an aggregation such as max(partial_progress) or rate(format_ok == false), got "${text}"` }
  const agg = m[1] as Aggregation
  if (!AGGREGATIONS.includes(agg))
    return { error: `unknown aggregation "${m[1]}"; use one of ${AGGREGATIONS.join(', ')}` }
  if (!m[2]) return { error: `${agg}( ) needs the path of a step value` }
  let compare: StepAggregate['compare'] = null
  if (m[3]) {
    const literal = parseLiteral(m[4])
    if (literal === undefined)
      return { error: `cannot read "${m[4]}" as a value: use true, false, null, a number or a "quoted text"` }
    compare = { op: m[3] as '==' | '!=', value: literal }
  }
  return { agg, path: m[2], compare }
}

function parseLiteral(s: string): string | number | boolean | null | undefined {
  if (s === 'true') return true
  if (s === 'false') return false
  if (s === 'null') return null
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(s)) return Number(s)
  const q = /^"(.*)"$|^'(.*)'$/.exec(s)
  if (q) return q[1] ?? q[2]
  return undefined
}

/** A step value as a number for aggregation: numbers as they are, booleans 1 / 0, anything else none. */
function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'boolean') return v ? 1 : 0
  return null
}

function applyCompare(v: unknown, c: StepAggregate['compare']): unknown {
  if (!c || v === undefined) return v
  const equal = v === c.value || (typeof v === 'number' && typeof c.value === 'number' && v === c.value)
  return c.op === '==' ? equal : !equal
}

/** The episode metric of one aggregation over the steps' raw values (undefined: the step lacks the value). */
export function aggregateSteps(a: Pick<StepAggregate, 'agg' | 'compare'>, values: readonly unknown[]): number | null {
  const xs: number[] = []
  for (const raw of values) {
    const x = asNumber(applyCompare(raw, a.compare))
    if (x !== null) xs.push(x)
  }
  if (!xs.length) return null
  switch (a.agg) {
    case 'max':
      return Math.max(...xs)
    case 'min':
      return Math.min(...xs)
    case 'sum':
      return xs.reduce((s, x) => s + x, 0)
    case 'mean':
      return xs.reduce((s, x) => s + x, 0) / xs.length
    case 'first':
      return xs[0]
    case 'last':
      return xs[xs.length - 1]
    case 'any':
      return xs.some((x) => x !== 0) ? 1 : 0
    case 'all':
      return xs.every((x) => x !== 0) ? 1 : 0
    case 'count':
      return xs.filter((x) => x !== 0).length
    case 'rate':
      return xs.filter((x) => x !== 0).length / xs.length
  }
}

/** How a per-step field reads over a whole file, which decides its default episode metrics (defaultStepMetrics). */
export interface StepFieldKind {
  /** Every value is a boolean. */
  flag: boolean
  /** Every episode has one value at all its steps (a property of the episode, not of the step). */
  perEpisode: boolean
}

/** Whether a value can be aggregated (a finite number or a boolean). */
export const isStepValue = (v: unknown): boolean => asNumber(v) !== null

/**
 * The default episode metrics of a per-step field when no mapping says otherwise, the same names for every episode
 * of a file: a number gives its last value (`name`), its maximum (`name_max`) and mean (`name_mean`); a flag gives
 * whether any step set it (`name`) and the share of steps that did (`name_rate`, a per-step rate); a field with one
 * value per episode gives `name` only.
 */
export function defaultStepMetrics(
  name: string,
  values: readonly unknown[],
  kind: StepFieldKind
): Record<string, number> {
  const present = values.filter(isStepValue)
  if (!present.length) return {}
  const agg = (a: Aggregation): number => aggregateSteps({ agg: a, compare: null }, present)!
  if (kind.flag) return kind.perEpisode ? { [name]: agg('any') } : { [name]: agg('any'), [`${name}_rate`]: agg('rate') }
  if (kind.perEpisode) return { [name]: agg('last') }
  return { [name]: agg('last'), [`${name}_max`]: agg('max'), [`${name}_mean`]: agg('mean') }
}

/** The names of the per-step rates defaultStepMetrics gives a field of this kind (their pooled figure is shown too). */
export function defaultStepRates(name: string, kind: StepFieldKind): string[] {
  return kind.flag && !kind.perEpisode ? [`${name}_rate`] : []
}

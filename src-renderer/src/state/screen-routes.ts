/**
 * The analysis screens' parts of the URL hash (see hash-route.ts): a run's breakdown `#/breakdown/<run>/<f1>,<f2>`,
 * N runs side by side `#/many/<a>,<b>,<c>?base=<a>[&envs=any]`, a training curve `#/curve/<run>[?step=N]` (the step
 * picked, whose best and worst groups are shown). Ids and field
 * names are URI-encoded, so `/`, `,`, `?` and `&` inside them are safe.
 */

/** A run's scores by one field, or cross-tabulated by two (empty: the screen picks a field). */
export interface BreakdownRoute {
  runId: string
  fields: string[]
}

/** Three or more runs side by side against a baseline. */
export interface ManyRoute {
  runIds: string[]
  /** The baseline run (null: the first). */
  baseline: string | null
  /** Compared although their environments differ (the user insisted). */
  anyway?: true
}

/** A training run's curve, and the step picked on it. */
export interface CurveRoute {
  runId: string
  step?: number
}

/** `key=value` pairs of the hash's query part (after `?`), decoded; undecodable values are left out. */
export function parseQuery(query: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const pair of query.split('&')) {
    const at = pair.indexOf('=')
    if (at <= 0) continue
    const value = safeDecode(pair.slice(at + 1))
    if (value !== null) out.set(pair.slice(0, at), value)
  }
  return out
}

/** `?k=v&…` of the given pairs (undefined values left out), '' when none. */
export function formatQuery(pairs: [string, string | undefined][]): string {
  const kept = pairs.filter((p): p is [string, string] => p[1] !== undefined)
  return kept.length ? `?${kept.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : ''
}

/** A comma-separated list of encoded ids; null when one is empty or undecodable. */
export function parseIdList(part: string | undefined): string[] | null {
  if (!part) return null
  const ids = part.split(',').map((p) => (p === '' ? null : safeDecode(p)))
  return ids.some((id) => id === null) ? null : (ids as string[])
}

export const formatIdList = (ids: readonly string[]): string => ids.map(encodeURIComponent).join(',')

export function parseBreakdown(parts: string[]): BreakdownRoute | null {
  const runId = parts[1] ? safeDecode(parts[1]) : null
  if (runId === null) return null
  return { runId, fields: parseIdList(parts[2]) ?? [] }
}

export function formatBreakdown(r: BreakdownRoute): string {
  const base = `#/breakdown/${encodeURIComponent(r.runId)}`
  return r.fields.length ? `${base}/${formatIdList(r.fields)}` : base
}

export function parseMany(parts: string[], query: Map<string, string>): ManyRoute | null {
  const runIds = parseIdList(parts[1])
  if (!runIds || runIds.length < 2) return null
  const base = query.get('base')
  const route: ManyRoute = { runIds, baseline: base !== undefined && runIds.includes(base) ? base : null }
  if (query.get('envs') === 'any') route.anyway = true
  return route
}

export function formatMany(r: ManyRoute): string {
  return `#/many/${formatIdList(r.runIds)}${formatQuery([
    ['base', r.baseline ?? undefined],
    ['envs', r.anyway ? 'any' : undefined]
  ])}`
}

export function parseCurve(parts: string[], query: Map<string, string>): CurveRoute | null {
  const runId = parts[1] ? safeDecode(parts[1]) : null
  if (runId === null) return null
  const step = query.get('step')
  return step !== undefined && /^\d{1,9}$/.test(step) ? { runId, step: Number(step) } : { runId }
}

export const formatCurve = (r: CurveRoute): string =>
  `#/curve/${encodeURIComponent(r.runId)}${formatQuery([['step', r.step === undefined ? undefined : String(r.step)]])}`

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i])

export function sameBreakdown(a: BreakdownRoute | undefined, b: BreakdownRoute | undefined): boolean {
  if (!a || !b) return a === b
  return a.runId === b.runId && sameList(a.fields, b.fields)
}

export function sameMany(a: ManyRoute | undefined, b: ManyRoute | undefined): boolean {
  if (!a || !b) return a === b
  return sameList(a.runIds, b.runIds) && a.baseline === b.baseline && !!a.anyway === !!b.anyway
}

export function sameCurve(a: CurveRoute | undefined, b: CurveRoute | undefined): boolean {
  if (!a || !b) return a === b
  return a.runId === b.runId && a.step === b.step
}

export function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}

import { FilterError } from './errors'
import type { FieldRef, Literal, Node } from './parser'
import { containsSql } from '../text-contains-sql'

/** A bound SQL parameter. */
export type Param = string | number | null
/** A built-in field: SQL written by the host (never by the user), its type, and any parameters that SQL binds. */
export interface FilterColumn {
  sql: string
  type: 'number' | 'string' | 'boolean'
  params?: Param[]
}

/**
 * A field holding a set of text values per row (an episode's labels): `x == "a"` means the set has "a", `x != "a"`
 * that it lacks it, `x in [...]` that it has one of them, `x ~ "a"` that one contains "a", `x == null` that it is
 * empty. `exists(cond)` is the host's SQL testing whether an element satisfies `cond` (null: any element), where
 * `cond` is written over `value`.
 */
export interface FilterSet {
  value: string
  exists: (cond: string | null) => string
}

/** What names an expression may use and the SQL behind them. */
export interface FilterFields {
  /** Set-valued fields by name (see FilterSet). */
  sets?: Record<string, FilterSet>
  /** Built-in fields: name → SQL expression (e.g. { reward: { sql: 'e.reward', type: 'number' } }). */
  columns: Record<string, FilterColumn>
  /** SQL for a metric given the placeholder of its JSON path, e.g. (p) => `json_extract(e.metrics_json, ${p})`. */
  metric: (jsonPathParam: string) => string
  /** Same for info fields: (p) => `json_extract(e.info_json, ${p})`. */
  info: (jsonPathParam: string) => string
  /** Names of metrics present in the run (so bare names resolve; unknown bare names are an error). */
  metricNames: ReadonlySet<string>
}

/** A WHERE-clause fragment (self-contained: safe to AND with other conditions) and its parameters in order. */
export interface CompiledFilter {
  sql: string
  params: Param[]
}

type FieldType = FilterColumn['type'] | 'any'
/** A resolved field; `emit` returns its SQL and pushes its parameters, once per use. */
interface Resolved {
  label: string
  type: FieldType
  emit: () => string
}

const TYPE_NAMES: Record<string, string> = { number: 'a number', string: 'text', boolean: 'true/false' }
const MARK = '\u0000'

/**
 * Turns a parsed tree into SQL. NULL semantics, chosen so one rule covers everything: a missing value (NULL reward,
 * unknown `passed`, absent info key) matches no condition except `== null`, not even a negated one — `not passed`
 * is `passed = 0` and `not (reward > 0.5)` is SQL NOT, which stays NULL (no match) for a NULL reward. To include
 * missing values, say so: `reward < 0.5 or reward == null`. `contains`/`~` ignore case as JavaScript's toLowerCase does (text-contains-sql.ts).
 */
export function compileSql(tree: Node, fields: FilterFields): CompiledFilter {
  const params: Param[] = []

  const jsonField = (kind: 'metric' | 'info', keys: string[]): Resolved => {
    // Every key is JSON-quoted, so dots, quotes and brackets in keys are literal (SQLite ≥ 3.45 decodes the escapes).
    const path = '$' + keys.map((k) => '.' + JSON.stringify(k)).join('')
    // The template may use the placeholder more than once: bind one copy of the path per use.
    const parts = fields[kind](MARK).split(MARK)
    const label = `${kind}.${keys.map((k) => (/^[\w-]+$/.test(k) ? k : JSON.stringify(k))).join('.')}`
    const emit = (): string => {
      for (let k = 1; k < parts.length; k++) params.push(path)
      return atomic(parts.join('?'))
    }
    return { label, type: 'any', emit }
  }

  const resolve = (ref: FieldRef): Resolved => {
    if (ref.kind !== 'name') return jsonField(ref.kind, ref.keys)
    const name = ref.name
    const colName = Object.hasOwn(fields.columns, name)
      ? name
      : Object.keys(fields.columns).find((c) => c.toLowerCase() === name.toLowerCase())
    if (colName !== undefined) {
      const col = fields.columns[colName]
      return { label: name, type: col.type, emit: () => (params.push(...(col.params ?? [])), atomic(col.sql)) }
    }
    if (fields.metricNames.has(name)) return jsonField('metric', [name])
    const guess = closest(name, [
      ...Object.keys(fields.columns),
      ...Object.keys(fields.sets ?? {}),
      ...fields.metricNames
    ])
    const hint = guess ? `did you mean "${guess}"?` : `use info.${name} or metric.${name} for info and metric fields`
    throw new FilterError(`Unknown field "${name}"`, ref.pos, hint)
  }

  /** Refuses a literal whose type cannot match a typed built-in column (metric/info values are untyped). */
  const check = (f: Resolved, lit: Literal): void => {
    const t = typeof lit.value
    if (lit.value === null || f.type === 'any' || t === f.type) return
    const shown = t === 'string' ? JSON.stringify(lit.value) : String(lit.value)
    const hint =
      f.type === 'boolean'
        ? 'use true or false'
        : f.type === 'string'
          ? `put the value in quotes: "${shown}"`
          : t === 'string' && lit.value !== '' && !Number.isNaN(Number(lit.value))
            ? 'remove the quotes'
            : undefined
    const what = `Cannot compare "${f.label}" (${TYPE_NAMES[f.type]}) with ${shown} (${TYPE_NAMES[t]})`
    throw new FilterError(what, lit.pos, hint)
  }
  const bind = (lit: Literal): string => {
    params.push(typeof lit.value === 'boolean' ? Number(lit.value) : lit.value)
    return '?'
  }
  const contains = (expr: string, lit: Literal): string => {
    const c = containsSql(expr, String(lit.value))
    params.push(c.param)
    return c.sql
  }

  /** The set field `ref` names, if any (by name, case-insensitive, like columns). */
  const setOf = (ref: FieldRef): { name: string; set: FilterSet } | undefined => {
    if (ref.kind !== 'name' || !fields.sets) return undefined
    const name = Object.keys(fields.sets).find((k) => k.toLowerCase() === ref.name.toLowerCase())
    return name === undefined ? undefined : { name, set: fields.sets[name] }
  }
  const checkText = (name: string, lit: Literal): void => {
    if (lit.value !== null && typeof lit.value !== 'string') {
      throw new FilterError(
        `Cannot compare "${name}" (text) with ${String(lit.value)} (${TYPE_NAMES[typeof lit.value]})`,
        lit.pos,
        `put the value in quotes: "${String(lit.value)}"`
      )
    }
  }
  const emitSet = (n: Node & { type: 'cmp' | 'in' | 'truthy' }, name: string, set: FilterSet): string => {
    if (n.type === 'truthy') return n.negated ? `NOT ${set.exists(null)}` : set.exists(null)
    if (n.type === 'in') {
      n.values.forEach((v) => checkText(name, v))
      const vals = n.values.filter((v) => v.value !== null)
      const any = vals.length ? set.exists(`${set.value} IN (${vals.map(bind).join(', ')})`) : '0'
      return vals.length < n.values.length ? `(${any} OR NOT ${set.exists(null)})` : any
    }
    checkText(name, n.value)
    if (n.value.value === null) {
      if (n.op !== '==' && n.op !== '!=')
        throw new FilterError(`Cannot use "${n.opText}" with null`, n.value.pos, 'use == null or != null')
      return n.op === '==' ? `NOT ${set.exists(null)}` : set.exists(null)
    }
    if (n.op === '==') return set.exists(`${set.value} = ${bind(n.value)}`)
    if (n.op === '!=') return `NOT ${set.exists(`${set.value} = ${bind(n.value)}`)}`
    if (n.op === '~') return set.exists(contains(set.value, n.value))
    throw new FilterError(
      `"${n.opText}" does not work on "${name}" (a set of labels)`,
      n.opPos,
      'use ==, !=, in or contains'
    )
  }

  const emit = (n: Node): string => {
    if (n.type === 'cmp' || n.type === 'in' || n.type === 'truthy') {
      const found = setOf(n.field)
      if (found) return emitSet(n, found.name, found.set)
    }
    switch (n.type) {
      case 'and':
      case 'or':
        return `(${n.items.map(emit).join(` ${n.type.toUpperCase()} `)})`
      case 'not': {
        const inner = emit(n.item)
        return n.item.type === 'and' || n.item.type === 'or' ? `NOT ${inner}` : `NOT (${inner})`
      }
      case 'truthy': {
        const f = resolve(n.field)
        if (f.type === 'number' || f.type === 'string') {
          const example = `${f.label} ${f.type === 'number' ? '> 0' : '== "x"'}`
          const hint = `"${f.label}" is ${TYPE_NAMES[f.type]}, e.g. ${example}`
          throw new FilterError(`Expected a comparison after "${f.label}"`, n.end, hint)
        }
        // Booleans (and JSON true/false, which json_extract returns as 1/0) test equal to 1 or 0.
        return `${f.emit()} = ${n.negated ? 0 : 1}`
      }
      case 'in': {
        const f = resolve(n.field)
        n.values.forEach((v) => check(f, v))
        const vals = n.values.filter((v) => v.value !== null)
        const withNull = vals.length < n.values.length
        if (!n.values.length) return '0' // `x in []` matches nothing
        if (!vals.length) return `${f.emit()} IS NULL`
        const list = `${f.emit()} IN (${vals.map(bind).join(', ')})`
        return withNull ? `(${list} OR ${f.emit()} IS NULL)` : list
      }
      case 'cmp': {
        const f = resolve(n.field)
        const { op, value } = n
        if (value.value === null) {
          if (op !== '==' && op !== '!=') {
            throw new FilterError(`Cannot use "${n.opText}" with null`, value.pos, 'use == null or != null')
          }
          return `${f.emit()} ${op === '==' ? 'IS NULL' : 'IS NOT NULL'}`
        }
        const textOnly = op === '~' && (f.type === 'number' || f.type === 'boolean')
        const eqOnly = op !== '==' && op !== '!=' && f.type === 'boolean'
        if (textOnly || eqOnly) {
          const what = `"${n.opText}" does not work on "${f.label}" (${TYPE_NAMES[f.type]})`
          throw new FilterError(what, n.opPos, textOnly ? undefined : 'use == or !=')
        }
        check(f, value)
        if (op === '~') return contains(f.emit(), value)
        return `${f.emit()} ${op === '==' ? '=' : op === '!=' ? '<>' : op} ${bind(value)}`
      }
    }
  }

  return { sql: emit(tree), params }
}

/** Host SQL may be any expression: keep a plain name or a single call/parenthesized group as is, wrap the rest. */
function atomic(sql: string): string {
  if (/^[\w.]+$/.test(sql)) return sql
  const open = /^[\w.]*\(/.exec(sql)
  if (!open) return `(${sql})`
  let depth = 0
  for (let i = open[0].length - 1; i < sql.length; i++) {
    if (sql[i] === '(') depth++
    else if (sql[i] === ')' && --depth === 0) return i === sql.length - 1 ? sql : `(${sql})`
  }
  return `(${sql})`
}

/** The candidate nearest to `name` by edit distance (case-insensitive), if it is close enough to be a typo. */
function closest(name: string, candidates: string[]): string | undefined {
  const a = name.toLowerCase()
  let best: string | undefined
  let bestDist = Math.max(2, Math.floor(a.length / 3)) + 1
  for (const c of candidates) {
    const b = c.toLowerCase()
    let row = Array.from({ length: b.length + 1 }, (_, j) => j)
    for (let i = 1; i <= a.length; i++) {
      const next = [i]
      for (let j = 1; j <= b.length; j++) {
        next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      }
      row = next
    }
    if (row[b.length] < bestDist) [best, bestDist] = [c, row[b.length]]
  }
  return best
}

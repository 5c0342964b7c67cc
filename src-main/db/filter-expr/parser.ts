import { FilterError } from './errors'
import type { Token } from './tokenizer'

/** A field as written: a bare name (column or known metric), or an explicit `metric.`/`info.` JSON path. */
export type FieldRef =
  { kind: 'name'; name: string; pos: number } | { kind: 'metric' | 'info'; keys: string[]; pos: number }
/** A literal value with its column, kept for type errors. */
export interface Literal {
  value: string | number | boolean | null
  pos: number
}
/** Comparison operators after normalization (`=` → `==`, `<>` → `!=`, `contains` → `~`). */
export type CmpOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | '~'
/** The parsed expression tree; `and`/`or` are n-ary so long chains never recurse deeply. */
export type Node =
  | { type: 'and' | 'or'; items: Node[] }
  | { type: 'not'; item: Node }
  | { type: 'cmp'; field: FieldRef; op: CmpOp; opText: string; opPos: number; value: Literal }
  | { type: 'in'; field: FieldRef; values: Literal[] }
  | { type: 'truthy'; field: FieldRef; negated: boolean; end: number }

/** Abuse guards: deeper nesting and longer lists are refused rather than risking the stack or SQLite's limits. */
export const MAX_DEPTH = 50
export const MAX_IN_ITEMS = 500

const describe = (t: Token): string =>
  t.kind === 'end' ? 'end of expression' : t.kind === 'str' ? t.text : `"${t.text}"`

/** Parses tokens into a tree. Precedence: not > comparison > and > or; `not` negates the whole comparison after it. */
export function parse(tokens: Token[]): Node {
  let i = 0
  const peek = (): Token => tokens[i]
  const is = (kind: Token['kind'], value?: string): boolean =>
    tokens[i].kind === kind && (value === undefined || tokens[i].value === value)

  const chain = (type: 'and' | 'or', next: (depth: number) => Node, depth: number): Node => {
    const items = [next(depth)]
    while (is('kw', type)) {
      i++
      items.push(next(depth))
    }
    return items.length === 1 ? items[0] : { type, items }
  }
  const parseOr = (depth: number): Node => chain('or', parseAnd, depth)
  const parseAnd = (depth: number): Node => chain('and', parseUnary, depth)

  function parseUnary(depth: number): Node {
    const t = peek()
    const nested = is('kw', 'not') || is('punct', '(')
    if (nested && depth >= MAX_DEPTH) throw new FilterError(`Too deeply nested (over ${MAX_DEPTH} levels)`, t.pos)
    if (is('kw', 'not')) {
      i++
      const item = parseUnary(depth + 1)
      // `not passed` flips the test instead of wrapping it: see compile-sql.ts for the NULL semantics.
      return item.type === 'truthy' ? { ...item, negated: !item.negated } : { type: 'not', item }
    }
    if (is('punct', '(')) {
      i++
      const inner = parseOr(depth + 1)
      if (!is('punct', ')')) {
        if (is('end')) throw new FilterError('Unclosed "("', t.pos)
        throw new FilterError(`Expected "and", "or" or ")" before ${describe(peek())}`, peek().pos)
      }
      i++
      return inner
    }
    return parseComparison()
  }

  function parseComparison(): Node {
    const field = parseField()
    const after = tokens[i + 1]
    const negated = is('kw', 'not') && after.kind === 'kw' && (after.value === 'in' || after.value === 'contains')
    if (negated) i++
    const opTok = peek()
    let node: Node
    if (is('kw', 'in')) {
      i++
      node = { type: 'in', field, values: parseList(opTok) }
    } else if (is('op') || is('kw', 'contains')) {
      i++
      const op = (opTok.value === 'contains' ? '~' : opTok.value) as CmpOp
      node = { type: 'cmp', field, op, opText: opTok.text, opPos: opTok.pos, value: parseLiteral(opTok) }
    } else if (opTok.kind === 'num' || opTok.kind === 'str' || opTok.kind === 'ident') {
      // `reward 0.5`: a value right after a field means the operator is missing.
      throw new FilterError(`Expected an operator before ${describe(opTok)}`, opTok.pos, 'e.g. ==, !=, <, >=, ~, in')
    } else {
      return { type: 'truthy', field, negated: false, end: tokens[i - 1].pos + tokens[i - 1].text.length }
    }
    return negated ? { type: 'not', item: node } : node
  }

  function parseField(): FieldRef {
    const t = peek()
    if (t.kind !== 'ident') {
      const prev = tokens[i - 1]
      if (t.kind === 'end') {
        throw new FilterError(prev ? `Expected a condition after "${prev.text}"` : 'Expected a condition', t.pos)
      }
      if (t.kind === 'num' || t.kind === 'str' || ['null', 'true', 'false'].includes(t.value)) {
        const hint = 'write the field first, e.g. reward > 0.5'
        throw new FilterError(`Expected a field name but found ${describe(t)}`, t.pos, hint)
      }
      throw new FilterError(`Unexpected ${describe(t)}`, t.pos)
    }
    i++
    const kind = t.value.toLowerCase()
    if (!is('punct', '.') || !['metric', 'metrics', 'info'].includes(kind)) {
      if (is('punct', '.')) {
        const hint = 'only info.<key> and metric.<key> have parts'
        throw new FilterError(`Unexpected "." after "${t.text}"`, peek().pos, hint)
      }
      return { kind: 'name', name: t.value, pos: t.pos }
    }
    const keys: string[] = []
    while (is('punct', '.')) {
      const dot = peek()
      i++
      const k = peek()
      if (k.kind !== 'ident' && k.kind !== 'str') {
        const hint = 'quote odd keys: info."a.b"'
        throw new FilterError(`Expected a key after "${tokens[i - 2].text}."`, dot.pos + 1, hint)
      }
      keys.push(String(k.value))
      i++
    }
    return { kind: kind === 'info' ? 'info' : 'metric', keys, pos: t.pos }
  }

  function parseLiteral(after: Token): Literal {
    const t = peek()
    const pos = t.pos
    if (t.kind === 'num' || t.kind === 'str') {
      i++
      return { value: t.value, pos }
    }
    if (t.kind === 'kw' && ['null', 'true', 'false'].includes(t.value)) {
      i++
      return { value: t.value === 'null' ? null : t.value === 'true', pos }
    }
    // The usual slip is unquoted text (`status == ok`): say how to fix it.
    const hint = t.kind === 'ident' ? `put text in quotes: "${t.text}"` : undefined
    throw new FilterError(`Expected a value after "${after.text}"`, pos, hint)
  }

  function parseList(inTok: Token): Literal[] {
    const open = peek()
    if (!is('punct', '[') && !is('punct', '(')) {
      throw new FilterError(`Expected "[" after "${inTok.text}"`, open.pos, 'e.g. task in ["3", "7"]')
    }
    const close = open.value === '[' ? ']' : ')'
    i++
    const values: Literal[] = []
    while (!is('punct', close)) {
      if (is('end')) throw new FilterError(`Unclosed "${open.text}"`, open.pos)
      if (values.length === MAX_IN_ITEMS) {
        throw new FilterError(`Too many items in list (the limit is ${MAX_IN_ITEMS})`, peek().pos)
      }
      values.push(parseLiteral(values.length ? tokens[i - 1] : open))
      if (is('punct', ',')) i++
      else if (!is('punct', close)) {
        throw new FilterError(`Expected "," or "${close}" before ${describe(peek())}`, peek().pos)
      }
    }
    i++
    return values
  }

  const tree = parseOr(0)
  const t = peek()
  if (t.kind === 'end') return tree
  if (t.kind === 'punct' && t.value === ')') throw new FilterError('Unexpected ")"', t.pos)
  throw new FilterError(`Expected "and" or "or" before ${describe(t)}`, t.pos)
}

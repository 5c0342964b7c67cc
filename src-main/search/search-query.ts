import { BadRequestError } from '@contract/guards'
import { cjkCount, cjkTerm } from '@contract/cjk-text'

/** A character the FTS5 tokenizer (unicode61) keeps inside words. */
const WORD_CHAR = /[\p{L}\p{N}\p{Co}]/u
/** Deeper parentheses are refused: nobody types them, and FTS5's parser has a fixed stack. */
const MAX_DEPTH = 8
/** More terms are refused: a pasted page of text is not a query, and each term is a doclist to merge. */
const MAX_TERMS = 64

/** What the user typed, parsed: a term is always emitted quoted, so its text is never FTS5 syntax. */
type Node =
  | { kind: 'term'; text: string; prefix: boolean }
  | { kind: 'and'; all: Node[]; none: Node[] }
  | { kind: 'or'; any: Node[] }

type Token =
  { kind: 'term'; text: string; prefix: boolean } | { kind: 'or' | 'and' | 'not' | 'minus' | 'open' | 'close' }

/**
 * Translates what a user typed into an FTS5 query that cannot be a syntax error. Words are quoted (so `:`,
 * `NEAR`, `^` or a stray quote are just text), `"exact words"` stay one phrase, a trailing `*` makes a word or
 * phrase a prefix. Every term must match, except: `a OR b` (either), `-word` / `NOT word` (must not match),
 * `( … )` groups. The operators are upper-case `OR`, `AND`, `NOT` only; lower-case they are words. Lenient like a
 * search box: a dangling operator, an unclosed `(` or a stray `)` is ignored; terms without a letter or digit
 * are dropped (the tokenizer would ignore them anyway). Nothing left to look for — or only exclusions, which
 * FTS5 cannot answer — is a BadRequestError with a message for the user.
 */
export function toFtsQuery(input: string): string {
  return parseSearch(input).query
}

/** A term the hits must contain: its text (one word or a phrase) and whether it is a prefix. */
export interface SearchTerm {
  text: string
  prefix: boolean
}

/**
 * The words of the index a one-word ASCII prefix stands for (prefix-words.ts), or null to leave `word *` to FTS5:
 * the same rows either way, listed words being cheap to walk in index order where FTS5's own prefix merges every
 * doclist of the words first.
 */
export type PrefixExpander = (prefix: string) => string[] | null

/** A prefix the expander is asked about: one token of ASCII letters and digits (the index folds it to lower case). */
const EXPANDABLE = /^[A-Za-z0-9]+$/

/**
 * The FTS5 query (see toFtsQuery), the terms to mark in a hit (those not excluded under `-` / NOT) and every term it
 * names (the excluded ones too: what the query asks the index about). With
 * `expand`, a one-word ASCII prefix becomes the OR of the words it stands for when the expander lists them (the same
 * matches; bm25 would rank that OR differently, so search.ts expands only in index order).
 */
export function parseSearch(
  input: string,
  expand?: PrefixExpander
): { query: string; terms: SearchTerm[]; named: SearchTerm[] } {
  const tokens = tokenize(input)
  // each CJK character is a word of the phrase it is in (contract/cjk-text.ts): a pasted Chinese paragraph is as
  // many doclists to walk side by side (1,000 characters: 0.4 s on 26 MB of Chinese text)
  const terms = tokens.reduce((n, t) => n + (t.kind === 'term' ? Math.max(1, cjkCount(t.text)) : 0), 0)
  if (terms > MAX_TERMS)
    throw new BadRequestError(
      `search: at most ${MAX_TERMS} words or phrases in a query (each Chinese, Japanese or Korean character counts as one)`
    )
  const parser = new Parser(tokens)
  const tree = parser.orExpr(0)
  if (!tree) throw new BadRequestError('search: the query has no words to look for (letters or digits)')
  return { query: emit(tree, expand), terms: wanted(tree), named: named(tree) }
}

function wanted(n: Node): SearchTerm[] {
  if (n.kind === 'term') return [{ text: n.text, prefix: n.prefix }]
  return (n.kind === 'or' ? n.any : n.all).flatMap(wanted)
}

/** Every term of the query, the excluded ones too. */
function named(n: Node): SearchTerm[] {
  if (n.kind === 'term') return [{ text: n.text, prefix: n.prefix }]
  return (n.kind === 'or' ? n.any : [...n.all, ...n.none]).flatMap(named)
}

function tokenize(input: string): Token[] {
  const out: Token[] = []
  const s = input.replace(/\u0000/g, ' ') // FTS5 reads a quoted term as a C string: a NUL would cut it short
  let i = 0
  while (i < s.length) {
    const c = s[i]
    if (/\s/.test(c)) {
      i++
      continue
    }
    if (c === '(' || c === ')') {
      out.push({ kind: c === '(' ? 'open' : 'close' })
      i++
      continue
    }
    // `-` starts an exclusion only in front of a word, a phrase or a group (`a-b` and `--` stay text)
    // (the character after it whole: an ideograph past the BMP is two code units)
    const next = i + 1 < s.length ? String.fromCodePoint(s.codePointAt(i + 1)!) : ''
    if (c === '-' && (next === '"' || next === '(' || WORD_CHAR.test(next))) {
      out.push({ kind: 'minus' })
      i++
      continue
    }
    let text: string
    let quoted = false
    if (c === '"') {
      const close = s.indexOf('"', i + 1)
      const end = close < 0 ? s.length : close // an unclosed quote runs to the end
      text = s.slice(i + 1, end)
      i = close < 0 ? s.length : close + 1
      quoted = true
    } else {
      let j = i
      while (j < s.length && !/\s/.test(s[j]) && s[j] !== '"' && s[j] !== '(' && s[j] !== ')') j++
      text = s.slice(i, j)
      i = j
    }
    if (!quoted && (text === 'OR' || text === 'AND' || text === 'NOT')) {
      out.push({ kind: text === 'OR' ? 'or' : text === 'AND' ? 'and' : 'not' })
      continue
    }
    let prefix = false
    if (s[i] === '*') {
      prefix = true // a phrase followed by *
      while (s[i] === '*') i++
    }
    const bare = text.replace(/\*+$/, '')
    if (bare !== text) prefix = true
    // no letter or digit: nothing the index holds (an exclusion or operator before it is dropped with it)
    out.push(WORD_CHAR.test(bare) ? { kind: 'term', text: bare, prefix } : { kind: 'and' })
  }
  return out
}

/** Recursive descent: or := and (OR and)* ; and := unary+ ; unary := (- | NOT) unary | primary. */
class Parser {
  private at = 0
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.at]
  }

  orExpr(depth: number): Node | null {
    const any: Node[] = []
    for (;;) {
      const part = this.andExpr(depth)
      if (part) any.push(part)
      const t = this.peek()
      if (t?.kind === 'or') this.at++
      else break
    }
    if (any.length === 0) return null
    // an alternative that only excludes (`a OR -b`) cannot be answered: say so rather than guess
    if (any.some((n) => n.kind === 'and' && n.all.length === 0)) throw onlyExclusions()
    return any.length === 1 ? any[0] : { kind: 'or', any }
  }

  private andExpr(depth: number): Node | null {
    const all: Node[] = []
    const none: Node[] = []
    for (;;) {
      const t = this.peek()
      if (!t || t.kind === 'or' || (t.kind === 'close' && depth > 0)) break
      if (t.kind === 'and' || t.kind === 'close') {
        // explicit AND is the default anyway; a stray `)` at the top is ignored
        this.at++
        continue
      }
      const u = this.unary(depth)
      if (!u) continue
      ;(u.negated ? none : all).push(u.node)
    }
    if (all.length === 0 && none.length === 0) return null
    if (none.length === 0 && all.length === 1) return all[0]
    return { kind: 'and', all, none }
  }

  private unary(depth: number): { node: Node; negated: boolean } | null {
    let negated = false
    while (this.peek()?.kind === 'minus' || this.peek()?.kind === 'not') {
      negated = !negated
      this.at++
    }
    const t = this.peek()
    if (!t || t.kind === 'or' || t.kind === 'close' || t.kind === 'and') return null // a dangling `-` / NOT
    this.at++
    if (t.kind === 'term') return { node: t, negated }
    if (t.kind !== 'open') return null
    if (depth + 1 > MAX_DEPTH) throw new BadRequestError(`search: parentheses nested deeper than ${MAX_DEPTH}`)
    const inner = this.orExpr(depth + 1)
    if (this.peek()?.kind === 'close') this.at++ // an unclosed `(` closes at the end
    if (!inner) return null
    if (inner.kind === 'and' && inner.all.length === 0) throw onlyExclusions()
    return { node: inner, negated }
  }
}

const onlyExclusions = (): BadRequestError =>
  new BadRequestError(
    'search: every part of the query needs a word to look for; -word / NOT word only excludes from it'
  )

/** FTS5 text, every operand parenthesized so FTS5's own precedence (NOT > AND > OR) never matters. */
function emit(n: Node, expand?: PrefixExpander): string {
  const group = (m: Node): string => (m.kind === 'term' ? emit(m, expand) : `(${emit(m, expand)})`)
  if (n.kind === 'term') {
    const words = n.prefix && expand && EXPANDABLE.test(n.text) ? expand(n.text.toLowerCase()) : null
    // no word starts so: `prefix *` matches nothing either, and costs nothing to ask
    if (words?.length) return `(${words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' OR ')})`
    // CJK characters are tokens of their own in the index (contract/cjk-text.ts): a run of them, the phrase of them
    return `"${cjkTerm(n.text).replace(/"/g, '""')}"${n.prefix ? ' *' : ''}`
  }
  if (n.kind === 'or') return n.any.map(group).join(' OR ')
  if (n.all.length === 0) throw onlyExclusions()
  const all = n.all.map(group).join(' AND ')
  if (n.none.length === 0) return all
  const left = n.all.length > 1 ? `(${all})` : all
  return `${left} NOT ${n.none.length > 1 ? `(${n.none.map(group).join(' OR ')})` : group(n.none[0])}`
}

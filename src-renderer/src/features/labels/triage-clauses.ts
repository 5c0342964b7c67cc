/**
 * The triage menus (label, anomaly) as clauses ANDed onto the typed filter: picking "loop" with `steps > 20` typed
 * gives `steps > 20 and label == "loop"` (it replaced the typed filter), picking another label replaces that clause,
 * "Any label" takes it off and gives the typed filter back. Each menu reads its clause from the filter's tail, so a
 * filter typed in that shape shows in the menus too.
 */

/** One menu clause: `label == "…"`, `turn_label == "…"`, `anomaly == "…"`, `anomaly != null`. */
const CLAUSE = /^(?:label|turn_label|anomaly) (?:==|!=) (?:"(?:[^"\\]|\\.)*"|null)$/

/** The typed part of a filter and the menu clauses ANDed at its end, in order. */
export function splitTriage(filter: string): { rest: string; clauses: string[] } {
  let rest = filter.trim()
  const clauses: string[] = []
  for (;;) {
    if (CLAUSE.test(rest)) {
      clauses.unshift(rest)
      rest = ''
      break
    }
    const cut = lastTopLevelAnd(rest)
    if (cut === null || !CLAUSE.test(rest.slice(cut.end).trim())) break
    const before = rest.slice(0, cut.start).trim()
    // `a or b and label == "x"` reads a or (b and label): that `and` is not one the menus wrote
    if (hasTopLevelOr(before)) break
    clauses.unshift(rest.slice(cut.end).trim())
    rest = before
  }
  if (clauses.length && isOneGroup(rest)) rest = rest.slice(1, -1).trim()
  return { rest, clauses }
}

/** The filter with the typed part first (in parentheses when it has an `or`, so it stays whole), then the clauses. */
export function joinTriage(rest: string, clauses: string[]): string {
  const typed = rest.trim()
  if (!clauses.length) return typed
  const head = typed && hasTopLevelOr(typed) ? `(${typed})` : typed
  return [head, ...clauses].filter(Boolean).join(' and ')
}

/** `filter` with the clause `isMine` picks replaced by `clause` (null: taken off); the others and the typed part kept. */
export function withTriageClause(filter: string, isMine: (c: string) => boolean, clause: string | null): string {
  const { rest, clauses } = splitTriage(filter)
  const others = clauses.filter((c) => !isMine(c))
  return joinTriage(rest, clause === null ? others : [...others, clause])
}

/** The clause of the filter's tail that `isMine` picks, if any. */
export function triageClause(filter: string, isMine: (c: string) => boolean): string | null {
  return splitTriage(filter).clauses.find(isMine) ?? null
}

/**
 * Walks `text` outside its strings, calling `at` with each character's index and the depth of parentheses and
 * brackets just after it; stops when `at` returns true.
 */
function scan(text: string, at: (i: number, depth: number) => boolean): void {
  let depth = 0
  let quote: string | null = null
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quote) {
      if (ch === '\\') i++
      else if (ch === quote) quote = null
      continue
    }
    if (ch === '"' || ch === "'") quote = ch
    else if (ch === '(' || ch === '[') depth++
    else if (ch === ')' || ch === ']') depth--
    if (at(i, depth)) return
  }
}

const wordAt = (text: string, i: number, word: string): boolean =>
  text.slice(i, i + word.length).toLowerCase() === word &&
  /\s/.test(text[i - 1] ?? '') &&
  /\s/.test(text[i + word.length] ?? '')

/** Where the last ` and ` outside parentheses and strings is (the word and its spaces), or null. */
function lastTopLevelAnd(text: string): { start: number; end: number } | null {
  let found: { start: number; end: number } | null = null
  scan(text, (i, depth) => {
    if (depth === 0 && wordAt(text, i, 'and')) found = { start: i, end: i + 3 }
    return false
  })
  return found
}

function hasTopLevelOr(text: string): boolean {
  let found = false
  scan(text, (i, depth) => (found = depth === 0 && wordAt(text, i, 'or')))
  return found
}

/** `( … )` holding the whole text as one group (not `(a) or (b)`). */
function isOneGroup(text: string): boolean {
  if (!text.startsWith('(') || !text.endsWith(')')) return false
  let closedEarly = false
  scan(text, (i, depth) => (closedEarly = depth === 0 && i < text.length - 1))
  return !closedEarly
}

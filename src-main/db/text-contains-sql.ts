import type Database from 'better-sqlite3'

/**
 * Case-insensitive "contains" in SQL, as the app's own lower-casing does it. SQLite's lower() folds ASCII only:
 * `instr(lower('École'), 'école')` is 0, so a table search for "École" missed rows holding "École" exactly, and an
 * export `~` filter said the same. A needle of ASCII letters is safe with lower() (a non-ASCII letter of the row can
 * only fail to match it either way) and keeps the built-in's speed; any other needle folds each value with
 * JavaScript's toLowerCase, registered on every connection as `fold_case`.
 */
const FOLD = 'fold_case'

/** Registers `fold_case(text)` on a connection (openDb does, for every connection the app opens). */
export function registerFoldCase(db: Database.Database): void {
  db.function(FOLD, { deterministic: true }, (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v))
}

/** `expr` contains `needle`, any case: the SQL (one `?`) and the value to bind to it. */
export function containsSql(expr: string, needle: string): { sql: string; param: string } {
  const folded = needle.toLowerCase()
  // eslint-disable-next-line no-control-regex
  const fold = /^[\x00-\x7f]*$/.test(folded) ? 'lower' : FOLD
  return { sql: `instr(${fold}(${expr}), ?) > 0`, param: folded }
}

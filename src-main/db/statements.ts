/**
 * Statements a connection prepared already, kept by their SQL and result shape: the calls a table page makes (its page
 * of row ids, the rows, the cache's version check, the run lookup) run the same dozen statements every time, and
 * preparing them anew cost ~0.65 ms of the ~7 ms a page took on a reader thread (a CPU profile of 400 pages at a
 * million episodes).
 *
 * A statement's result shape (row objects, arrays, the first column alone) is a mode set on the statement itself, so
 * the shape is part of the key: a statement is never shared by two callers that want different shapes. Only for
 * `get`/`all`/`run`: a statement being iterated is busy until its iterator ends, so `iterate` keeps preparing its own.
 */
import type { Statement } from 'better-sqlite3'
import type { Db } from './open-db'

/** Statements kept per connection; the least recently used goes first (a page's SQL varies with its filter). */
export const KEPT_STATEMENTS = 256

export type Shape = 'object' | 'raw' | 'pluck'

const kept = new WeakMap<Db, Map<string, Statement>>()

/** A prepared statement for `sql` on `db` returning rows as `shape`, prepared once and then reused. */
export function statement(db: Db, sql: string, shape: Shape = 'object'): Statement {
  let byKey = kept.get(db)
  if (!byKey) {
    byKey = new Map()
    kept.set(db, byKey)
  }
  const key = `${shape}\n${sql}`
  const hit = byKey.get(key)
  if (hit) {
    byKey.delete(key) // to the most recent end
    byKey.set(key, hit)
    return hit
  }
  const made = db.prepare(sql)
  if (shape === 'raw') made.raw()
  else if (shape === 'pluck') made.pluck()
  byKey.set(key, made)
  if (byKey.size > KEPT_STATEMENTS) byKey.delete(byKey.keys().next().value as string)
  return made
}

/**
 * Which rows make up one page of the episodes table, as row ids in order, without reading or sorting whole rows.
 *
 * - One run, no filter, a column sort key: read in the order of that key's index (run, key, ordinal) (migration
 *   0018). Ascending is the index order itself (SQLite reads the non-null range, then the nulls: NULLS LAST); a page
 *   at any offset is a walk along the index, never a sort. Descending with ties in file order is not the index read
 *   backwards (that reverses the ties too): descendingPage finds the page's first value by reading backwards, then
 *   reads each group of equal values forwards, so a tie of 30,000 rewards of 1 is never sorted.
 * - Anything else (a filter, free text, several runs, a metric or info key, picked ids, one task): every matching
 *   row id in order, in one pass, kept by the connection's QueryCache while the database is unchanged; its pages are
 *   slices, and its length is the total (no second pass to count).
 *
 * Missing values sort last whichever the direction; file order (and across runs, the order the runs were asked in)
 * breaks ties, as the table has always shown them.
 */
import type { Db } from './open-db'

/** A sort key that is a column with an index (run_id, column, ordinal). */
export interface IndexedColumn {
  sql: string
  nullable: boolean
}

/** Row ids of rows [offset, offset + limit) of run `runId` ordered by `col` (then file order). */
export function indexedPage(
  db: Db,
  runId: string,
  col: IndexedColumn,
  desc: boolean,
  offset: number,
  limit: number
): number[] {
  if (!desc || col.sql === 'e.ordinal')
    return ids(
      db
        .prepare(
          `SELECT e.rowid FROM episodes e WHERE e.run_id = ?
           ORDER BY ${col.sql === 'e.ordinal' ? `e.ordinal ${desc ? 'DESC' : 'ASC'}` : `${col.sql} NULLS LAST, e.ordinal`}
           LIMIT ? OFFSET ?`
        )
        .raw()
        .all(runId, limit, offset)
    )
  return descendingPage(db, runId, col, offset, limit)
}

type Value = number | string | null

/**
 * Descending, ties in file order: the same groups of equal values as the index read backwards (value and ordinal
 * descending), so the backwards read finds where the page starts, and each group is then read forwards (ordinal
 * ascending) by a seek on its value. Every statement walks the index; none sorts more than the page.
 */
function descendingPage(db: Db, runId: string, col: IndexedColumn, offset: number, limit: number): number[] {
  const c = col.sql
  const first = db
    .prepare(
      `SELECT ${c} FROM episodes e WHERE e.run_id = ? ORDER BY ${c} DESC NULLS LAST, e.ordinal DESC LIMIT 1 OFFSET ?`
    )
    .raw()
    .get(runId, offset) as [Value] | undefined
  if (!first) return []
  const v = first[0]
  // rows in the groups before v's
  const before = (
    db
      .prepare(
        v === null
          ? `SELECT count(*) FROM episodes e WHERE e.run_id = ? AND ${c} IS NOT NULL`
          : `SELECT count(*) FROM episodes e WHERE e.run_id = ? AND ${c} > ?`
      )
      .raw()
      .get(...(v === null ? [runId] : [runId, v])) as [number]
  )[0]
  const out = group(db, runId, c, v, limit, offset - before)
  if (v === null) return out // the nulls are the last group
  let after: Value = v
  while (out.length < limit) {
    const want = limit - out.length
    // the next rows backwards, below the last group read
    const next = db
      .prepare(
        `SELECT e.rowid, ${c}, e.ordinal FROM episodes e WHERE e.run_id = ? AND ${c} < ?
         ORDER BY ${c} DESC, e.ordinal DESC LIMIT ?`
      )
      .raw()
      .all(runId, after, want) as [number, Value, number][]
    if (next.length < want) {
      // every remaining non-null group is here whole: ties back in file order, then the nulls
      out.push(...sortedGroups(next))
      if (col.nullable) out.push(...group(db, runId, c, null, limit - out.length, 0))
      return out
    }
    // the last value read may have more rows than fit: the whole groups before it, then its first rows forwards
    const last = next[next.length - 1][1]
    const whole = next.filter((r) => r[1] !== last)
    out.push(...sortedGroups(whole))
    out.push(...group(db, runId, c, last, limit - out.length, 0))
    after = last
  }
  return out
}

/** Row ids of group `v` (the rows whose value is v, or the nulls) in file order, from `offset`. */
function group(db: Db, runId: string, c: string, v: Value, limit: number, offset: number): number[] {
  if (limit <= 0) return []
  return ids(
    db
      .prepare(
        v === null
          ? `SELECT e.rowid FROM episodes e WHERE e.run_id = ? AND ${c} IS NULL ORDER BY e.ordinal LIMIT ? OFFSET ?`
          : `SELECT e.rowid FROM episodes e WHERE e.run_id = ? AND ${c} = ? ORDER BY e.ordinal LIMIT ? OFFSET ?`
      )
      .raw()
      .all(...(v === null ? [runId, limit, offset] : [runId, v, limit, offset]))
  )
}

/** Rows read backwards (value and ordinal descending), their ties put back in file order. */
function sortedGroups(rows: [number, Value, number][]): number[] {
  const out: number[] = []
  let i = 0
  while (i < rows.length) {
    let j = i
    while (j < rows.length && rows[j][1] === rows[i][1]) j++
    for (let k = j - 1; k >= i; k--) out.push(rows[k][0])
    i = j
  }
  return out
}

const ids = (rows: unknown[]): number[] => (rows as [number][]).map((r) => r[0])

/**
 * Every matching row id in order, for a query the indexes cannot page: one statement, the sort keys only (the rows
 * themselves are read for the page alone).
 */
export function orderedRowids(db: Db, sql: string, params: unknown[]): Float64Array {
  const out: number[] = []
  for (const r of db
    .prepare(sql)
    .raw()
    .iterate(...params) as Iterable<[number]>)
    out.push(r[0])
  return Float64Array.from(out)
}

/**
 * Which rows make up one page of the episodes table, as row ids in order, without reading or sorting whole rows.
 *
 * - One run, no filter, a column sort key: read in the order of that key's index (run, key, ordinal) (migration
 *   0018). Ascending is the index order itself (SQLite reads the non-null range, then the nulls: NULLS LAST); the
 *   first pages are a walk along the index, never a sort. Descending with ties in file order is not the index read
 *   backwards (that reverses the ties too): descendingPage finds the page's first value by reading backwards, then
 *   reads each group of equal values forwards, so a tie of 30,000 rewards of 1 is never sorted. A page is a slice of
 *   the run's whole order, worked out a chunk at a time as pages are asked and kept (runPage, run-order.ts), or a
 *   walk along the index when it lies beyond what is worked out; file order is a seek.
 * - Several runs, no filter: the first pages merge each run's rows up to the end of the page along its index; a page
 *   deeper down is a slice of their whole merged order, kept (mergedPage); in file order, the runs one after the
 *   other, found by their counts.
 * - Anything else (a filter, free text, a metric or info key, picked ids, one task, a page deep in many runs): every
 *   matching row id in order, in one pass (orderedRowids), which the caller keeps while the database is unchanged.
 *
 * Missing values sort last whichever the direction; file order (and across runs, the order the runs were asked in)
 * breaks ties, as the table has always shown them.
 */
import type { EpisodeSortKey } from '@contract/model'
import { indexedColumn, sortValue, type EpisodeWhere } from './episode-query-sql'
import type { Db } from './open-db'
import { queryCacheOf } from './query-cache'
import { RunOrder, CHUNK_ROWS, sortedGroups } from './run-order'
import { statement } from './statements'

export interface PageQuery {
  /** The runs listed, in the order asked. */
  runIds: readonly string[]
  where: EpisodeWhere
  sort: EpisodeSortKey
  desc: boolean
  /** False for picked ids or one task's rollouts (a few rows: one ordered pass, never the indexes). */
  indexable: boolean
  offset: number
  limit: number
}

/** The row ids of one page of the episodes table and the query's total, by the cheapest way there is (see above). */
export function pageOfEpisodes(db: Db, q: PageQuery): { rowids: number[]; total: number } {
  const column = indexedColumn(q.sort)
  const cache = queryCacheOf(db)
  const { where, runIds, desc, offset, limit } = q
  if (where.plain && column) {
    const counts = runIds.map((runId) =>
      cache.remember(`count\n${runId}`, () => ({
        value: (statement(db, 'SELECT count(*) FROM episodes e WHERE e.run_id = ?', 'raw').get(runId) as [number])[0],
        bytes: 64
      }))
    )
    const rowids =
      runIds.length === 1
        ? runPage(db, runIds[0], column, desc, offset, limit)
        : mergedPage(db, runIds, counts, column, desc, offset, limit)
    if (rowids) return { rowids, total: counts.reduce((a, b) => a + b, 0) }
  }
  let list: Float64Array
  if (column && q.indexable) {
    // a filter (or free text): its matches found once, then ordered along the sort key's index
    const setKey = `set\n${where.from}\n${where.sql}\n${JSON.stringify(where.params)}`
    const set = cache.remember(setKey, () => {
      const ids = statement(db, `SELECT e.rowid FROM ${where.from} WHERE ${where.sql}`, 'pluck').all(
        ...where.params
      ) as number[]
      const value = new RowSet(ids)
      return { value, bytes: value.bytes + setKey.length }
    })
    list = cache.remember(`order\n${q.sort}\n${desc}\n${runIds.join(',')}\n${setKey}`, () => {
      const value = filteredOrder(db, runIds, column, desc, set)
      return { value, bytes: value.byteLength + setKey.length }
    })
  } else {
    const value = sortValue(q.sort)
    const dir = desc ? 'DESC' : 'ASC'
    // Across runs, ties (and file order itself) follow the order the runs were asked in.
    const runOrder = runIds.length > 1 ? `instr(?, ',' || e.run_id || ','), ` : ''
    const runOrderParams = runIds.length > 1 ? [`,${runIds.join(',')},`] : []
    const first = q.sort === 'ordinal' ? runOrder : ''
    // file order is the last key already when it is the sort key (a second one would cost a sort of its ties)
    const last = q.sort === 'ordinal' ? '' : `, ${runOrder}e.ordinal`
    const sql = `SELECT e.rowid FROM ${where.from} WHERE ${where.sql}
       ORDER BY ${first}${value.sql} ${dir} NULLS LAST${last}`
    const params = [...where.params, ...(first ? runOrderParams : []), ...value.params, ...(last ? runOrderParams : [])]
    list = cache.remember(`list\n${sql}\n${JSON.stringify(params)}`, () => {
      const ids = orderedRowids(db, sql, params)
      return { value: ids, bytes: ids.byteLength + sql.length }
    })
  }
  return { rowids: Array.from(list.subarray(offset, offset + limit)), total: list.length }
}

/** A sort key that is a column with an index (run_id, column, ordinal). */
export interface IndexedColumn {
  sql: string
  nullable: boolean
}

type Value = number | string | null
/** A row as its index holds it: row id, sort value, ordinal. */
export type Entry = [number, Value, number]

/** Rows [offset, offset + limit) of run `runId` ordered by `col` (then file order), as index entries. */
export function indexedPage(
  db: Db,
  runId: string,
  col: IndexedColumn,
  desc: boolean,
  offset: number,
  limit: number
): Entry[] {
  if (limit <= 0) return []
  if (col.sql === 'e.ordinal') {
    const span = ordinalSpan(db, runId)
    if (span.hi - span.lo + 1 === span.n) {
      // File order without gaps (a run as listed): the page's first ordinal is known, so the index is entered there
      // instead of walked past `offset` entries (a page deep in a 50,000-episode run: the worst p95 at a million).
      return statement(
        db,
        `SELECT e.rowid, e.ordinal, e.ordinal FROM episodes e WHERE e.run_id = ? AND e.ordinal ${desc ? '<=' : '>='} ?
           ORDER BY e.ordinal ${desc ? 'DESC' : 'ASC'} LIMIT ?`,
        'raw'
      ).all(runId, desc ? span.hi - offset : span.lo + offset, limit) as Entry[]
    }
  }
  if (!desc || col.sql === 'e.ordinal')
    return statement(
      db,
      `SELECT e.rowid, ${col.sql}, e.ordinal FROM episodes e WHERE e.run_id = ?
         ORDER BY ${col.sql === 'e.ordinal' ? `e.ordinal ${desc ? 'DESC' : 'ASC'}` : `${col.sql} NULLS LAST, e.ordinal`}
         LIMIT ? OFFSET ?`,
      'raw'
    ).all(runId, limit, offset) as Entry[]
  return descendingPage(db, runId, col, offset, limit)
}

/**
 * Rows [offset, offset + limit) of one run by `col` as row ids: a slice of the run's whole order (run-order.ts), kept
 * while the database is unchanged (400 KB for 50,000 episodes) and worked out CHUNK_ROWS rows at a time: every call
 * for the run and key extends it by at most one chunk, up to its own page when that is within reach, so the first
 * pages scrolled from the top work out the order that a later jump of the scrollbar slices. A page beyond it walks the
 * index up to itself (3–5 ms 25,000 rows down at a million episodes). Before, the first deep page worked out the whole
 * order at once: 20–45 ms for 50,000 episodes, the slowest call of its sort in every million bench run. File order
 * needs none of it: its page is a seek (indexedPage).
 */
export function runPage(
  db: Db,
  runId: string,
  col: IndexedColumn,
  desc: boolean,
  offset: number,
  limit: number,
  chunk = CHUNK_ROWS
): number[] {
  if (col.sql === 'e.ordinal') return indexedPage(db, runId, col, desc, offset, limit).map((e) => e[0])
  const cache = queryCacheOf(db)
  const key = `run order\n${col.sql}\n${desc}\n${runId}`
  const order = cache.get<RunOrder>(key) ?? new RunOrder(runId, col, desc)
  const end = offset + limit
  let budget = chunk
  if (!order.covers(end) && end - order.ids.length <= budget) {
    budget -= end - order.ids.length
    order.extend(db, end - order.ids.length)
  }
  const page = order.covers(end)
    ? order.ids.slice(offset, end)
    : indexedPage(db, runId, col, desc, offset, limit).map((e) => e[0])
  if (budget > 0 && !order.done) order.extend(db, budget)
  cache.set(key, order, order.bytes, order.costMs)
  return page
}

/** A run's first and last ordinals and its count (kept while the database is unchanged). */
function ordinalSpan(db: Db, runId: string): { lo: number; hi: number; n: number } {
  return queryCacheOf(db).remember(`ordinals\n${runId}`, () => {
    const [lo, hi, n] = statement(
      db,
      'SELECT min(e.ordinal), max(e.ordinal), count(*) FROM episodes e WHERE e.run_id = ?',
      'raw'
    ).get(runId) as [number | null, number | null, number]
    return { value: { lo: lo ?? 0, hi: hi ?? -1, n }, bytes: 64 }
  })
}

/**
 * Descending, ties in file order: the same groups of equal values as the index read backwards (value and ordinal
 * descending), so the backwards read finds where the page starts, and each group is then read forwards (ordinal
 * ascending) by a seek on its value. Every statement walks the index; none sorts more than the page.
 */
function descendingPage(db: Db, runId: string, col: IndexedColumn, offset: number, limit: number): Entry[] {
  const c = col.sql
  const first = statement(
    db,
    `SELECT ${c} FROM episodes e WHERE e.run_id = ? ORDER BY ${c} DESC NULLS LAST, e.ordinal DESC LIMIT 1 OFFSET ?`,
    'raw'
  ).get(runId, offset) as [Value] | undefined
  if (!first) return []
  const v = first[0]
  // rows in the groups before v's
  const before = (
    statement(
      db,
      v === null
        ? `SELECT count(*) FROM episodes e WHERE e.run_id = ? AND ${c} IS NOT NULL`
        : `SELECT count(*) FROM episodes e WHERE e.run_id = ? AND ${c} > ?`,
      'raw'
    ).get(...(v === null ? [runId] : [runId, v])) as [number]
  )[0]
  const out = group(db, runId, c, v, limit, offset - before)
  if (v === null) return out // the nulls are the last group
  let after: Value = v
  while (out.length < limit) {
    const want = limit - out.length
    // the next rows backwards, below the last group read
    const next = statement(
      db,
      `SELECT e.rowid, ${c}, e.ordinal FROM episodes e WHERE e.run_id = ? AND ${c} < ?
         ORDER BY ${c} DESC, e.ordinal DESC LIMIT ?`,
      'raw'
    ).all(runId, after, want) as Entry[]
    if (next.length < want) {
      // every remaining non-null group is here whole: ties back in file order, then the nulls
      out.push(...sortedGroups(next))
      if (col.nullable) out.push(...group(db, runId, c, null, limit - out.length, 0))
      return out
    }
    // the last value read may have more rows than fit: the whole groups before it, then its first rows forwards
    const last = next[next.length - 1][1]
    out.push(...sortedGroups(next.filter((r) => r[1] !== last)))
    out.push(...group(db, runId, c, last, limit - out.length, 0))
    after = last
  }
  return out
}

/** Group `v` (the rows whose value is v, or the nulls) in file order, from `offset`. */
function group(db: Db, runId: string, c: string, v: Value, limit: number, offset: number): Entry[] {
  if (limit <= 0) return []
  return statement(
    db,
    v === null
      ? `SELECT e.rowid, ${c}, e.ordinal FROM episodes e WHERE e.run_id = ? AND ${c} IS NULL
           ORDER BY e.ordinal LIMIT ? OFFSET ?`
      : `SELECT e.rowid, ${c}, e.ordinal FROM episodes e WHERE e.run_id = ? AND ${c} = ?
           ORDER BY e.ordinal LIMIT ? OFFSET ?`,
    'raw'
  ).all(...(v === null ? [runId, limit, offset] : [runId, v, limit, offset])) as Entry[]
}

/**
 * Rows merged from several runs' index walks at most (their sum; the walks and the merge are linear): past that (a
 * page deep in many runs), one ordered pass, kept, is cheaper.
 */
export const MERGE_LIMIT = 200_000

/**
 * Rows of several runs whose whole merged order is worked out and kept for their deep pages (3.2 MB of row ids at
 * most). Six runs of 50,000 had no kept order: each page between the first 2,000 rows and MERGE_LIMIT merged every
 * run up to itself (a p95 of 124 ms at a million episodes). Past this, one ordered pass (the caller's, kept if it
 * fits).
 */
export const KEPT_MERGE_LIMIT = 400_000

/**
 * Rows up to which a page is worked out for itself alone (the first pages, scrolled from the top: a walk of one run's
 * index, a merge of several); past them, a page is a slice of the whole order, kept.
 */
export const SHALLOW_MERGE = 2_000

/**
 * Rows [offset, offset + limit) of the runs `runIds` together, each run's rows along its index: by `col` (missing
 * last), then the order the runs were asked in, then file order; in file order, the runs one after another. Null
 * when the page lies too deep for a merge (KEPT_MERGE_LIMIT, MERGE_LIMIT). `counts` are the runs' episode counts, in
 * the same order.
 */
export function mergedPage(
  db: Db,
  runIds: readonly string[],
  counts: readonly number[],
  col: IndexedColumn,
  desc: boolean,
  offset: number,
  limit: number,
  shallow = SHALLOW_MERGE
): number[] | null {
  if (col.sql === 'e.ordinal') {
    // the first run's rows, then the next run's: find the run the page starts in
    const out: number[] = []
    let skip = offset
    for (let i = 0; i < runIds.length && out.length < limit; i++) {
      if (skip >= counts[i]) {
        skip -= counts[i]
        continue
      }
      out.push(...indexedPage(db, runIds[i], col, desc, skip, limit - out.length).map((e) => e[0]))
      skip = 0
    }
    return out
  }
  const need = offset + limit
  if (need > shallow) {
    if (counts.reduce((a, b) => a + b, 0) > KEPT_MERGE_LIMIT) return null
    // a page past the first few (a jump of the scrollbar): the whole merged order once, kept while the database is
    // unchanged, so every other deep page of the same table is a slice (before, each merged its runs up to itself:
    // 60-90 ms a page two runs of 50,000 deep)
    const order = queryCacheOf(db).remember(`merged\n${col.sql}\n${desc}\n${runIds.join(',')}`, () => {
      const value = filteredOrder(db, runIds, col, desc, null)
      return { value, bytes: value.byteLength + 64 }
    })
    return Array.from(order.subarray(offset, need))
  }
  if (need * runIds.length > MERGE_LIMIT) return null
  const merged = mergeRuns(
    runIds.map((id) => indexedPage(db, id, col, desc, 0, need)),
    desc,
    need
  )
  return merged.slice(offset, need).map((e) => e[0])
}

/**
 * Runs' rows, each run's already in order (value, missing last, then file order), merged into one order: by value,
 * then the order of the runs, then file order. A walk over the runs' heads (a handful of runs), not a sort.
 */
function mergeRuns(perRun: Entry[][], desc: boolean, limit = Infinity): Entry[] {
  const sign = desc ? -1 : 1
  const at = perRun.map(() => 0)
  const out: Entry[] = []
  const total = perRun.reduce((n, r) => n + r.length, 0)
  while (out.length < Math.min(limit, total)) {
    let best = -1
    for (let r = 0; r < perRun.length; r++) {
      if (at[r] >= perRun[r].length) continue
      if (best < 0) {
        best = r
        continue
      }
      // earlier runs win ties, so only a strictly smaller value moves the choice
      const a = perRun[r][at[r]][1]
      const b = perRun[best][at[best]][1]
      if (a === b) continue
      if (a === null) continue
      if (b === null || sign * compareValues(a, b) < 0) best = r
    }
    out.push(perRun[best][at[best]++])
  }
  return out
}

/** SQLite's order of two non-null values of one column: numbers by value, text by code point (BINARY, UTF-8). */
export function compareValues(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'number') return -1 // numbers sort before text
  if (typeof b === 'number') return 1
  let i = 0
  while (i < a.length && i < b.length) {
    const ca = a.codePointAt(i) as number
    const cb = b.codePointAt(i) as number
    if (ca !== cb) return ca - cb
    i += ca > 0xffff ? 2 : 1
  }
  // one is a prefix of the other: the shorter first
  return (i < a.length ? 1 : 0) - (i < b.length ? 1 : 0)
}

/** Row ids (a query's matches) as a bitmap over their range: 50,000 episodes of one run take ~6 KB. */
export class RowSet {
  private readonly lo: number
  private readonly bits: Uint8Array
  readonly size: number

  constructor(ids: readonly number[]) {
    let lo = Infinity
    let hi = -Infinity
    for (const id of ids) {
      if (id < lo) lo = id
      if (id > hi) hi = id
    }
    this.lo = ids.length ? lo : 0
    this.bits = new Uint8Array(ids.length ? Math.floor((hi - lo) / 8) + 1 : 0)
    for (const id of ids) this.bits[(id - this.lo) >> 3] |= 1 << ((id - this.lo) & 7)
    this.size = ids.length
  }

  has(id: number): boolean {
    const i = id - this.lo
    return i >= 0 && i >> 3 < this.bits.length && (this.bits[i >> 3] & (1 << (i & 7))) !== 0
  }

  get bytes(): number {
    return this.bits.byteLength
  }
}

/**
 * Every row of `runIds` in `set` (every row: null), in the order asked, from the sort key's index alone: each run's
 * index read whole (forwards, or backwards with its ties put back in file order) keeping the matching rows, then the
 * runs merged. The filter itself was evaluated once for `set` (its pass reads the rows), so sorting the same filtered
 * table another way costs index walks only. One run descending is the exception: SQLite sorts its row ids (value
 * descending, ties in file order) faster than JS puts the ties of the backwards walk back in order (50,000 episodes:
 * 14-45 ms against 47-91, the first jump deep into a table sorted that way).
 */
export function filteredOrder(
  db: Db,
  runIds: readonly string[],
  col: IndexedColumn,
  desc: boolean,
  set: RowSet | null
): Float64Array {
  const c = col.sql
  if (runIds.length === 1) {
    // row ids only (fewer values to hand to JS: the walk is most of the cost); ascending, the index's own order
    const order =
      c === 'e.ordinal' ? `e.ordinal ${desc ? 'DESC' : 'ASC'}` : `${c} ${desc ? 'DESC' : 'ASC'} NULLS LAST, e.ordinal`
    const ids = statement(db, `SELECT e.rowid FROM episodes e WHERE e.run_id = ? ORDER BY ${order}`, 'pluck').all(
      runIds[0]
    ) as number[]
    return Float64Array.from(set ? ids.filter((id) => set.has(id)) : ids)
  }
  const perRun = runIds.map((runId) => {
    const rows = statement(
      db,
      c === 'e.ordinal'
        ? `SELECT e.rowid, e.ordinal, e.ordinal FROM episodes e WHERE e.run_id = ? ORDER BY e.ordinal ${desc ? 'DESC' : 'ASC'}`
        : desc
          ? `SELECT e.rowid, ${c}, e.ordinal FROM episodes e WHERE e.run_id = ? ORDER BY ${c} DESC NULLS LAST, e.ordinal DESC`
          : `SELECT e.rowid, ${c}, e.ordinal FROM episodes e WHERE e.run_id = ? ORDER BY ${c} NULLS LAST, e.ordinal`,
      'raw'
    ).all(runId) as Entry[]
    const kept = set ? rows.filter((r) => set.has(r[0])) : rows
    return desc && c !== 'e.ordinal' ? sortedGroups(kept) : kept
  })
  if (c === 'e.ordinal') return Float64Array.from(perRun.flat(), (e) => e[0])
  return Float64Array.from(mergeRuns(perRun, desc), (e) => e[0])
}

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

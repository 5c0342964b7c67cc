/**
 * One run's whole order by an indexed sort key (missing values last, ties in file order), worked out a chunk at a
 * time along the key's index (run, key, ordinal) and kept (episode-pages.ts runPage). Each chunk starts where the
 * last one stopped, by a seek on the last row read (its value and ordinal), never by a walk from the top of the run.
 *
 * Why in chunks: the whole order of a 50,000-episode run took 20–45 ms to work out on a reader thread, all of it
 * in the one call that first jumped deep into the table; at a million episodes that one call was the slowest of its
 * sort in every bench run, and with one other slow call it put the sort's p95 over 30 ms. A chunk of CHUNK_ROWS rows
 * costs a few milliseconds, and each page asked adds at most one.
 *
 * Descending, the index is read backwards (value and ordinal descending) and each group of equal values is put back
 * in file order, as episode-pages.ts descendingPage does for one page; a group cut by the end of a chunk is then
 * read forwards from its start, so a tie of 30,000 rewards of 1 is never sorted.
 */
import type { Db } from './open-db'
import { statement } from './statements'
import type { Entry, IndexedColumn } from './episode-pages'

/**
 * Rows one call adds at most (1–3 ms along an index on this machine's reader threads): the first ten pages of a
 * 50,000-episode run, scrolled from the top, work out its whole order.
 */
export const CHUNK_ROWS = 5_000

type Value = number | string | null

/** Where the next chunk starts. */
type Cursor =
  /**
   * Among the values. Ascending: after `after` (value, ordinal), or from the first. Descending: `open` is a group
   * being read forwards (after its `ordinal`, or from its start); otherwise the next rows are the values below
   * `below` (every value from the top: undefined).
   */
  | {
      phase: 'values'
      after: [Value, number] | null
      below: Value | undefined
      open: { value: Value; ordinal: number | null } | null
    }
  /** Among the missing values (file order), after `ordinal` (null: from the first). */
  | { phase: 'nulls'; ordinal: number | null }
  | { phase: 'done' }

type ValuesCursor = Extract<Cursor, { phase: 'values' }>

export class RunOrder {
  /** The run's rows in order, as far as worked out. */
  readonly ids: number[] = []
  private cursor: Cursor = { phase: 'values', after: null, below: undefined, open: null }

  constructor(
    private readonly runId: string,
    private readonly col: IndexedColumn,
    private readonly desc: boolean
  ) {}

  /** Every row is here. */
  get done(): boolean {
    return this.cursor.phase === 'done'
  }

  /** Rows [0, end) are here (or every row is). */
  covers(end: number): boolean {
    return this.done || this.ids.length >= end
  }

  /** What the cache counts for it (8 bytes a row id). */
  get bytes(): number {
    return this.ids.length * 8 + 64
  }

  /** Milliseconds spent working it out so far (what the query cache weighs against its size). */
  costMs = 0

  /** Reads the next `want` rows (fewer at the end of the run). */
  extend(db: Db, want: number): void {
    const t0 = performance.now()
    this.extendBy(db, want)
    this.costMs += performance.now() - t0
  }

  private extendBy(db: Db, want: number): void {
    const target = this.ids.length + want
    while (this.ids.length < target && this.cursor.phase !== 'done') {
      const need = target - this.ids.length
      if (this.cursor.phase === 'nulls') this.readNulls(db, need)
      else if (this.desc) this.readValuesDescending(db, need)
      else this.readValuesAscending(db, need)
    }
  }

  private readValuesAscending(db: Db, need: number): void {
    const c = this.col.sql
    const cur = this.cursor as ValuesCursor
    const rows = (
      cur.after === null
        ? statement(
            db,
            `SELECT e.rowid, ${c}, e.ordinal FROM episodes e WHERE e.run_id = ? AND ${c} IS NOT NULL
               ORDER BY ${c}, e.ordinal LIMIT ?`,
            'raw'
          ).all(this.runId, need)
        : statement(
            db,
            `SELECT e.rowid, ${c}, e.ordinal FROM episodes e WHERE e.run_id = ? AND (${c}, e.ordinal) > (?, ?)
               ORDER BY ${c}, e.ordinal LIMIT ?`,
            'raw'
          ).all(this.runId, cur.after[0], cur.after[1], need)
    ) as Entry[]
    for (const r of rows) this.ids.push(r[0])
    const last = rows.at(-1)
    if (rows.length < need || !last) this.valuesDone()
    else cur.after = [last[1], last[2]]
  }

  private readValuesDescending(db: Db, need: number): void {
    const c = this.col.sql
    const cur = this.cursor as ValuesCursor
    const open = cur.open
    if (open) {
      // a group cut by the end of a backwards read, forwards (file order) from where it stopped
      const rows = (
        open.ordinal === null
          ? statement(
              db,
              `SELECT e.rowid, ${c}, e.ordinal FROM episodes e WHERE e.run_id = ? AND ${c} = ?
                 ORDER BY e.ordinal LIMIT ?`,
              'raw'
            ).all(this.runId, open.value, need)
          : statement(
              db,
              `SELECT e.rowid, ${c}, e.ordinal FROM episodes e WHERE e.run_id = ? AND ${c} = ? AND e.ordinal > ?
                 ORDER BY e.ordinal LIMIT ?`,
              'raw'
            ).all(this.runId, open.value, open.ordinal, need)
      ) as Entry[]
      for (const r of rows) this.ids.push(r[0])
      const last = rows.at(-1)
      if (rows.length < need || !last) {
        // the group is whole: next, the values below it
        cur.below = open.value
        cur.open = null
      } else open.ordinal = last[2]
      return
    }
    // the next rows backwards, below every group read whole
    const next = (
      cur.below === undefined
        ? statement(
            db,
            `SELECT e.rowid, ${c}, e.ordinal FROM episodes e WHERE e.run_id = ? AND ${c} IS NOT NULL
               ORDER BY ${c} DESC, e.ordinal DESC LIMIT ?`,
            'raw'
          ).all(this.runId, need)
        : statement(
            db,
            `SELECT e.rowid, ${c}, e.ordinal FROM episodes e WHERE e.run_id = ? AND ${c} < ?
               ORDER BY ${c} DESC, e.ordinal DESC LIMIT ?`,
            'raw'
          ).all(this.runId, cur.below, need)
    ) as Entry[]
    if (next.length < need) {
      // every remaining value is here, each group whole
      for (const r of sortedGroups(next)) this.ids.push(r[0])
      this.valuesDone()
      return
    }
    // the last value read may have more rows than were read: the whole groups before it, then it from its start
    const lastValue = next[next.length - 1][1]
    for (const r of sortedGroups(next.filter((r) => r[1] !== lastValue))) this.ids.push(r[0])
    cur.open = { value: lastValue, ordinal: null }
  }

  private readNulls(db: Db, need: number): void {
    const c = this.col.sql
    const cur = this.cursor as Extract<Cursor, { phase: 'nulls' }>
    const rows = (
      cur.ordinal === null
        ? statement(
            db,
            `SELECT e.rowid, ${c}, e.ordinal FROM episodes e WHERE e.run_id = ? AND ${c} IS NULL
               ORDER BY e.ordinal LIMIT ?`,
            'raw'
          ).all(this.runId, need)
        : statement(
            db,
            `SELECT e.rowid, ${c}, e.ordinal FROM episodes e WHERE e.run_id = ? AND ${c} IS NULL AND e.ordinal > ?
               ORDER BY e.ordinal LIMIT ?`,
            'raw'
          ).all(this.runId, cur.ordinal, need)
    ) as Entry[]
    for (const r of rows) this.ids.push(r[0])
    const last = rows.at(-1)
    this.cursor = rows.length < need || !last ? { phase: 'done' } : { phase: 'nulls', ordinal: last[2] }
  }

  /** The values are all read: the missing ones come last, in file order. */
  private valuesDone(): void {
    this.cursor = this.col.nullable ? { phase: 'nulls', ordinal: null } : { phase: 'done' }
  }
}

/** Rows read backwards (value and ordinal descending), their ties put back in file order. */
export function sortedGroups(rows: Entry[]): Entry[] {
  const out: Entry[] = []
  let i = 0
  while (i < rows.length) {
    let j = i
    while (j < rows.length && rows[j][1] === rows[i][1]) j++
    for (let k = j - 1; k >= i; k--) out.push(rows[k])
    i = j
  }
  return out
}

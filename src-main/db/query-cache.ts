/**
 * Answers a connection already worked out, kept while the database is unchanged: the ordered row ids of a filtered or
 * several-run episodes query (paging through it is then a slice, not a pass over every matching row again), counts,
 * the groups of a task-groups query, a search's ranked window. One cache per connection (a reader thread's, the
 * engine's), bounded in bytes.
 *
 * What goes first when it is full weighs what an answer cost to work out against its size, not only how recently it
 * was used (GreedyDual-Size: Cao and Irani, 1997). Each entry's priority is the cache's inflation value plus its cost
 * per byte, set when it is kept and again when it is used; the lowest goes first and the inflation value rises to it,
 * so an entry not used since falls behind whatever is used. Under a load of several users browsing twenty runs
 * (tests/bench/load-mix.mjs on the million bench) the readers' caches were full of 400 KB table orders (20–40 ms
 * each to work out again) and least-recently-used pushed out search windows and task groups of 10–100 KB that cost
 * 100–300 ms each: in a CPU profile of that load, working those two out again was nearly 40% of the readers' time.
 *
 * "Unchanged" is checked on every use, for the price of two pragmas: `data_version` of the index file and of the
 * attached labels file (another connection committed: the indexer, the engine's writes, a label) and this
 * connection's own `total_changes()` (its own writes, which data_version does not count). A filter on labels is
 * therefore current the moment a label is added.
 */
import type { Db } from './open-db'
import { LABELS_SCHEMA } from './label-filter-sql'
import { statement } from './statements'

/** Bytes of answers one connection keeps (an ordered list of 50,000 row ids is 400 KB). */
export const QUERY_CACHE_BYTES = 8_000_000

interface Entry {
  value: unknown
  bytes: number
  /** Milliseconds it took to work out. */
  cost: number
  /** Its priority: the lowest is dropped first. */
  priority: number
}

export class QueryCache {
  /** In the order last used (ties of priority: the least recently used goes first). */
  private readonly entries = new Map<string, Entry>()
  private bytes = 0
  private version = ''
  /** GreedyDual-Size's L: the priority of the last entry dropped. */
  private inflation = 0

  constructor(
    private readonly db: Db,
    private readonly maxBytes = QUERY_CACHE_BYTES,
    private readonly now: () => number = () => performance.now()
  ) {}

  /** The answer kept for `key`, if the database has not changed since it was kept. */
  get<T>(key: string): T | undefined {
    this.check()
    const hit = this.entries.get(key)
    if (!hit) return undefined
    this.entries.delete(key) // to the most recent end
    this.entries.set(key, hit)
    hit.priority = this.priorityOf(hit.cost, hit.bytes)
    return hit.value as T
  }

  /**
   * Keeps `value` (about `bytes` large, `costMs` to work out) for `key`; a value larger than the whole cache is not
   * kept, and one that costs less per byte than everything kept may be dropped at once.
   */
  set(key: string, value: unknown, bytes: number, costMs = 0): void {
    this.check()
    if (bytes > this.maxBytes) return
    const old = this.entries.get(key)
    if (old) {
      this.entries.delete(key)
      this.bytes -= old.bytes
    }
    this.entries.set(key, { value, bytes, cost: costMs, priority: this.priorityOf(costMs, bytes) })
    this.bytes += bytes
    while (this.bytes > this.maxBytes) this.dropLowest()
  }

  /** The value for `key`, computed by `make` (with its size) when not kept; what `make` took is its cost. */
  remember<T>(key: string, make: () => { value: T; bytes: number }): T {
    const hit = this.get<T>(key)
    if (hit !== undefined) return hit
    const t0 = this.now()
    const made = make()
    this.set(key, made.value, made.bytes, this.now() - t0)
    return made.value
  }

  get size(): number {
    return this.entries.size
  }

  private priorityOf(cost: number, bytes: number): number {
    return this.inflation + cost / Math.max(1, bytes)
  }

  private dropLowest(): void {
    let lowest: [string, Entry] | null = null
    for (const e of this.entries) if (!lowest || e[1].priority < lowest[1].priority) lowest = e
    if (!lowest) return
    this.entries.delete(lowest[0])
    this.bytes -= lowest[1].bytes
    this.inflation = lowest[1].priority
  }

  /** Drops everything when the database changed since the last use. */
  private check(): void {
    const now = currentVersion(this.db)
    if (now === this.version) return
    this.version = now
    this.entries.clear()
    this.bytes = 0
    this.inflation = 0
  }
}

/** What changes whenever any connection commits to the index or the labels file, this one included. */
function currentVersion(db: Db): string {
  // prepared once per connection (statements.ts): this runs several times a call
  const main = statement(db, 'PRAGMA data_version', 'pluck').get() as number
  let labels: unknown = ''
  try {
    labels = statement(db, `PRAGMA ${LABELS_SCHEMA}.data_version`, 'pluck').get()
  } catch {
    // no labels file attached (a bare connection in a test)
  }
  const own = statement(db, 'SELECT total_changes()', 'pluck').get() as number
  return `${main}:${String(labels)}:${own}`
}

const caches = new WeakMap<Db, QueryCache>()

/** The cache of connection `db`; `maxBytes` sizes it when it is made (the first call for that connection). */
export function queryCacheOf(db: Db, maxBytes = QUERY_CACHE_BYTES): QueryCache {
  let c = caches.get(db)
  if (!c) {
    c = new QueryCache(db, maxBytes)
    caches.set(db, c)
  }
  return c
}

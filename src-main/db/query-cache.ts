/**
 * Answers a connection already worked out, kept while the database is unchanged: the ordered row ids of a filtered or
 * several-run episodes query (paging through it is then a slice, not a pass over every matching row again), counts,
 * the groups of a task-groups query. One cache per connection (a reader thread's, the engine's), bounded in bytes,
 * least recently used first out.
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

export class QueryCache {
  private readonly entries = new Map<string, { value: unknown; bytes: number }>()
  private bytes = 0
  private version = ''

  constructor(
    private readonly db: Db,
    private readonly maxBytes = QUERY_CACHE_BYTES
  ) {}

  /** The answer kept for `key`, if the database has not changed since it was kept. */
  get<T>(key: string): T | undefined {
    this.check()
    const hit = this.entries.get(key)
    if (!hit) return undefined
    this.entries.delete(key) // to the most recent end
    this.entries.set(key, hit)
    return hit.value as T
  }

  /** Keeps `value` (about `bytes` large) for `key`; a value larger than the whole cache is not kept. */
  set(key: string, value: unknown, bytes: number): void {
    this.check()
    if (bytes > this.maxBytes) return
    const old = this.entries.get(key)
    if (old) {
      this.entries.delete(key)
      this.bytes -= old.bytes
    }
    this.entries.set(key, { value, bytes })
    this.bytes += bytes
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(k)
      this.bytes -= v.bytes
    }
  }

  /** The value for `key`, computed by `make` (with its size) when not kept. */
  remember<T>(key: string, make: () => { value: T; bytes: number }): T {
    const hit = this.get<T>(key)
    if (hit !== undefined) return hit
    const made = make()
    this.set(key, made.value, made.bytes)
    return made.value
  }

  get size(): number {
    return this.entries.size
  }

  /** Drops everything when the database changed since the last use. */
  private check(): void {
    const now = currentVersion(this.db)
    if (now === this.version) return
    this.version = now
    this.entries.clear()
    this.bytes = 0
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

import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { migrate } from './migrate'
import { unusableDbError } from './unusable-db'
import { registerFoldCase } from './text-contains-sql'

export type Db = Database.Database

/**
 * Opens (creating if needed) the app database with WAL and foreign keys, and migrates it.
 * `readonly` connections skip migrations: the writer (indexer) owns the schema.
 */
export function openDb(path: string, options: { readonly?: boolean; cacheMb?: number } = {}): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  let db: Db | null = null
  try {
    db = new Database(path, { readonly: options.readonly ?? false })
    // Several connections (UI reads, the indexer worker) share the file: wait instead of failing on a lock.
    db.pragma('busy_timeout = 5000')
    db.pragma('foreign_keys = ON')
    registerFoldCase(db)
    if (!options.readonly) {
      db.pragma('journal_mode = WAL')
      db.pragma('synchronous = NORMAL')
      migrate(db)
    }
  } catch (err) {
    db?.close()
    throw unusableDbError('index', path, err)
  }
  // 16 MB of page cache per connection (serve holds two: engine and indexer). 64 MB cost the serve process 60 MB
  // more on a 1 GB training run for the same CPU time (27.4 s vs 28.1 s): the OS page cache already keeps the file.
  // A reader thread's connection (services/reader-pool.ts) takes less: several of them share what the file needs.
  db.pragma(`cache_size = -${Math.round((options.cacheMb ?? 16) * 1024)}`)
  return db
}

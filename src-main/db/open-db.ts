import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { migrate } from './migrate'

export type Db = Database.Database

/**
 * Opens (creating if needed) the app database with WAL and foreign keys, and migrates it.
 * `readonly` connections skip migrations: the writer (indexer) owns the schema.
 */
export function openDb(path: string, options: { readonly?: boolean } = {}): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path, { readonly: options.readonly ?? false })
  // Several connections (UI reads, the indexer worker) share the file: wait instead of failing on a lock.
  db.pragma('busy_timeout = 5000')
  db.pragma('foreign_keys = ON')
  if (!options.readonly) {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    migrate(db)
  }
  db.pragma('cache_size = -65536')
  return db
}

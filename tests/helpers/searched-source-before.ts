import Database from 'better-sqlite3'
import { migrate } from '../../src-main/db/migrate'
import { MIGRATIONS } from '../../src-main/db/migrations'

/**
 * An in-memory database migrated up to (not including) `version`, with one listed source (`/x/a.jsonl`) that the
 * full-text pass has searched: what a migration that empties the full-text index is tested on (the caller writes the
 * index's rows in that version's table).
 */
export function searchedSourceBefore(version: number): { db: Database.Database; source: number } {
  const db = new Database(':memory:')
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version < version)
  )
  db.exec(`INSERT INTO roots (path, added_at) VALUES ('/x', 0)`)
  db.exec(
    `INSERT INTO sources (path, root, size, mtime_ms, format, state, episodes, indexed_at) VALUES ('/x/a.jsonl', '/x', 1, 1, 'verifiers', 'indexed', 3, 5)`
  )
  const source = db.prepare('SELECT id FROM sources').pluck().get() as number
  db.prepare('INSERT INTO search_sources (source_id, last_rowid, indexed_at) VALUES (?, 9, 5)').run(source)
  return { db, source }
}

import type Database from 'better-sqlite3'
import { MIGRATIONS } from './migrations'
import type { Migration } from './migrations/types'

/** A database written by a newer Rollscope: its schema is unknown to this version. */
export class NewerSchemaError extends Error {
  constructor(
    readonly schema: number,
    readonly known: number
  ) {
    super(
      `This database was written by a newer Rollscope (schema ${schema}, this version knows ${known}). ` +
        'Update Rollscope or use another --db file.'
    )
  }
}

/**
 * Applies pending migrations, each in its own transaction, and records them in schema_migrations.
 * Refuses a database written by a newer Rollscope (its schema is unknown to us).
 */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`)
  const appliedVersions = (): Set<number> =>
    new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version))
  const applied = appliedVersions()
  const newest = Math.max(0, ...applied)
  const known = Math.max(0, ...migrations.map((m) => m.version))
  if (newest > known) {
    throw new NewerSchemaError(newest, known)
  }
  const ran: number[] = []
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
  const isApplied = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?')
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(m.version)) continue
    // PRAGMA foreign_keys is a no-op inside a transaction, so it is switched around it.
    const fkWasOn = db.pragma('foreign_keys', { simple: true }) === 1
    if (m.foreignKeysOff) db.pragma('foreign_keys = OFF')
    try {
      // IMMEDIATE takes the write lock before the check: two processes opening a new database at once (two
      // `rollscope index`, a CLI beside `serve`) apply each migration once; the later one finds it done and skips
      // it (issue 17: the loser failed with "duplicate column name").
      const done = db
        .transaction(() => {
          if (isApplied.get(m.version)) return false
          m.up(db)
          if (m.foreignKeysOff) {
            const broken = db.pragma('foreign_key_check') as unknown[]
            if (broken.length) throw new Error(`migration ${m.version} left ${broken.length} broken foreign keys`)
          }
          record.run(m.version, m.name, Date.now())
          return true
        })
        .immediate()
      if (done) ran.push(m.version)
    } finally {
      if (m.foreignKeysOff && fkWasOn) db.pragma('foreign_keys = ON')
    }
  }
  return ran
}

import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Db } from '../db/open-db'
import { LABELS_SCHEMA } from '../db/label-filter-sql'
import { migrate } from '../db/migrate'
import { LABEL_MIGRATIONS } from './labels-migrations'
import { unusableDbError } from '../db/unusable-db'

/**
 * The labels database sits next to the index database: deleting or rebuilding `app.db` leaves `app.db.labels.db`
 * (and with it every label, note, the taxonomy and saved views) untouched.
 */
export function labelsDbPath(indexDbPath: string): string {
  return indexDbPath === ':memory:' ? ':memory:' : `${indexDbPath}.labels.db`
}

/** Opens (creating and migrating) the labels database: the only connection that writes to it. */
export function openLabelsDb(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  let db: Db | null = null
  try {
    db = new Database(path)
    db.pragma('busy_timeout = 5000')
    // WAL: the index connection reads it (attached) while this one writes, without either waiting.
    if (path !== ':memory:') db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    migrate(db, LABEL_MIGRATIONS)
    return db
  } catch (err) {
    db?.close()
    throw unusableDbError('labels', path, err)
  }
}

/**
 * Attaches the labels file to the index connection so filters (`label == "loop"`, `has_note`), label counts and
 * table badges are one SQL join against the live labels, always current, with no list of identities to copy into
 * parameters (a label on 50k episodes would not fit SQLite's parameter limit). The index connection only ever
 * reads `labels.*`; writes go through openLabelsDb's connection. (An in-memory index database is not supported here:
 * its attached ':memory:' would be another, empty database.)
 */
export function attachLabels(indexDb: Db, path: string): void {
  indexDb.prepare(`ATTACH DATABASE ? AS ${LABELS_SCHEMA}`).run(path)
}

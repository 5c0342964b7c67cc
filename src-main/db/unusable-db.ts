/**
 * A database file SQLite cannot use (not a database, damaged, unopenable, or written by a newer Rollscope), said with
 * the file's path and what to do: "file is not a database" alone did not say which of the two files, nor that the
 * index can be rebuilt while the labels file holds the user's own work.
 */

import { existsSync, statSync } from 'node:fs'
import { NewerSchemaError } from './migrate'

/** SQLite's codes for a file it cannot use as a database. */
const UNUSABLE = /^SQLITE_(NOTADB|CORRUPT|CANTOPEN)/

export type DbFileKind = 'index' | 'labels'

/** The error to throw for `err` met opening `path`; `err` itself when it is not about the file. */
export function unusableDbError(kind: DbFileKind, path: string, err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code
  const newer = err instanceof NewerSchemaError
  if (!(typeof code === 'string' && UNUSABLE.test(code)) && !newer) return err
  const why = newer
    ? `This database was written by a newer Rollscope (schema ${err.schema}, this version knows ${err.known})`
    : (err instanceof Error ? err.message : String(err)).replace(/\.$/, '')
  // a folder given as the database: nothing to move aside, a file name to give
  const folder = existsSync(path) && statSync(path).isDirectory()
  // the labels file is named only where it is: a garbage file beside none has no labels to keep
  const labels = `${path}.labels.db`
  const keptLabels = existsSync(labels) ? ` (labels, notes and saved views are in ${labels} and are kept)` : ''
  const whatToDo = newer
    ? 'Update Rollscope, or use another --db file.'
    : folder
      ? 'It is a folder: give the path of a database file (one is made there if none exists).'
      : kind === 'index'
        ? `It holds only what indexing builds: move it aside and index again${keptLabels}.`
        : 'It holds your labels, notes, taxonomy and saved views: restore it from a backup, or move it aside to start with none.'
  const what = kind === 'index' ? 'The index database' : 'The labels database'
  return new Error(`${what} ${path} cannot be used: ${why}. ${whatToDo}`, { cause: err })
}

import type { Migration } from './types'

/**
 * The version of Rollscope that found a source's content unusable (a JSON document cut short, a file no record of
 * which parses). While the file is unchanged and the same version runs, it is reported as still in error without
 * being read again: a broken 1 GB file would otherwise be read at every start. NULL for an error of the file system
 * (a permission, a vanished file), which is read again every time, since a chmod changes neither size nor mtime; and
 * for the errors already recorded, which are read once more and sorted into one or the other.
 */
export const migration0019: Migration = {
  version: 19,
  name: 'source-content-error',
  up(db) {
    db.exec(`
      ALTER TABLE sources ADD COLUMN content_error_version TEXT;
      -- a place the walk could not go (an unreadable folder, a broken symlink, a symlink loop): listed with the
      -- files, with why, and replaced at every full walk (nothing to index: it is no file the index read)
      ALTER TABLE sources ADD COLUMN walk_problem INTEGER NOT NULL DEFAULT 0;
      -- the lines of indexed_bytes: an append's warnings number lines from the file's top ("line 16", not "line 1");
      -- NULL (indexed before it was kept): the next append reads the file from its start once
      ALTER TABLE sources ADD COLUMN indexed_lines INTEGER;
    `)
  }
}

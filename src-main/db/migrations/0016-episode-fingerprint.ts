import type { Migration } from './types'

/**
 * Labels follow the real file and its content (issue 17 item 2):
 * - `episodes.fingerprint`: a checksum of what the episode holds (its prompt hash and the generated part of its
 *   transcript: formats/actions/content-hash.ts, db/insert-episode.ts). A label or note keeps the fingerprint of the
 *   episode it was made on; when the file is rewritten and the episode at the same place (source, task key, rollout)
 *   holds something else, the label is flagged instead of silently describing other content.
 * - `source_renames`: a source indexed under a path through a symlinked folder (`latest/…`, as walks before this
 *   version named them) that the walk now names by its real place (`run_a/…`): the engine moves its labels and notes
 *   to the new name, then forgets the row.
 * Fingerprints come from the source files, which the database does not keep: every indexed source is marked changed
 * (as migrations 0009 and 0011 do) so the start-up catch-up pass, Reload or `rollscope index` reads it again.
 */
export const migration0016: Migration = {
  version: 16,
  name: 'episode-fingerprint',
  up(db) {
    db.exec(`
      ALTER TABLE episodes ADD COLUMN fingerprint TEXT;
      CREATE TABLE source_renames (
        old_path TEXT PRIMARY KEY,
        new_path TEXT NOT NULL
      ) WITHOUT ROWID;
      UPDATE sources SET mtime_ms = -1, tail_sig = NULL WHERE state = 'indexed';
    `)
  }
}

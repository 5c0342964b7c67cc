import type { Migration } from '../db/migrations/types'
import { DEFAULT_TAXONOMY } from './default-taxonomy'

/**
 * Schema of the labels database (`<db>.labels.db`), numbered on its own: this file is never rebuilt with the
 * index, so its migrations are independent of the index database's.
 *
 * Labels and notes are keyed by (source_path, task_key, rollout, turn), never by episode id or rowid, which change
 * when the index is rebuilt. turn = -1 is the episode itself (a NULL in a primary key would not be unique).
 * Labels do not reference the taxonomy by foreign key: removing a label from the taxonomy keeps what was applied.
 */
export const LABEL_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'labels-initial',
    up(db) {
      db.exec(`
        CREATE TABLE taxonomy (
          name TEXT PRIMARY KEY COLLATE NOCASE,
          color TEXT NOT NULL,
          key INTEGER UNIQUE CHECK (key BETWEEN 1 AND 9),
          position INTEGER NOT NULL
        );
        CREATE TABLE labels (
          source_path TEXT NOT NULL,
          task_key TEXT NOT NULL,
          rollout INTEGER NOT NULL,
          turn INTEGER NOT NULL DEFAULT -1,
          label TEXT NOT NULL COLLATE NOCASE,
          created_at INTEGER NOT NULL,
          PRIMARY KEY (source_path, task_key, rollout, turn, label)
        ) WITHOUT ROWID;
        CREATE INDEX labels_by_label ON labels(label, turn);
        CREATE TABLE notes (
          source_path TEXT NOT NULL,
          task_key TEXT NOT NULL,
          rollout INTEGER NOT NULL,
          turn INTEGER NOT NULL DEFAULT -1,
          text TEXT NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (source_path, task_key, rollout, turn)
        ) WITHOUT ROWID;
        CREATE TABLE saved_views (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL UNIQUE COLLATE NOCASE,
          run_ids_json TEXT NOT NULL,
          filter TEXT NOT NULL,
          sort TEXT,
          descending INTEGER NOT NULL DEFAULT 0,
          columns_json TEXT NOT NULL,
          updated_at INTEGER NOT NULL
        );
      `)
      const add = db.prepare('INSERT INTO taxonomy (name, color, key, position) VALUES (?, ?, ?, ?)')
      DEFAULT_TAXONOMY.forEach((d, i) => add.run(d.name, d.color, d.key, i))
    }
  },
  {
    // numbered 16, not 2: the numbers 15 and 16 were set aside for this work (issue 17), whichever database
    version: 16,
    name: 'labels-fingerprint',
    up(db) {
      // The fingerprint of the episode a label or note was made on (index migration 0016): when the episode at the same
      // place (source, task key, rollout) later holds other content, the label is flagged, not carried over silently.
      // NULL: made before fingerprints existed; it takes the episode's fingerprint the first time both are known.
      db.exec(`
        ALTER TABLE labels ADD COLUMN fingerprint TEXT;
        ALTER TABLE notes ADD COLUMN fingerprint TEXT;
      `)
    }
  },
  {
    version: 17,
    name: 'saved-view-text',
    up(db) {
      // the table's free-text search, kept with the view like its filter (a view saved while searching lost it)
      db.exec(`ALTER TABLE saved_views ADD COLUMN text TEXT NOT NULL DEFAULT ''`)
    }
  }
]

import type { Migration } from './types'

/**
 * Roots, per-file source status, runs and episode summaries.
 *
 * Transcripts are NOT stored: an episode keeps the byte range of its record in the source file, and
 * opening it reads that range back (listing never parses transcripts again).
 */
export const migration0001: Migration = {
  version: 1,
  name: 'initial-schema',
  up(db) {
    db.exec(`
      CREATE TABLE roots (
        path TEXT PRIMARY KEY,
        added_at INTEGER NOT NULL
      );

      CREATE TABLE sources (
        id INTEGER PRIMARY KEY,
        path TEXT NOT NULL UNIQUE,
        root TEXT NOT NULL,
        size INTEGER NOT NULL,
        mtime_ms REAL NOT NULL,
        format TEXT NOT NULL,
        state TEXT NOT NULL,
        error TEXT,
        warnings_json TEXT NOT NULL DEFAULT '[]',
        episodes INTEGER NOT NULL DEFAULT 0,
        -- bytes of complete records consumed; a later append resumes from here (live tail)
        indexed_bytes INTEGER NOT NULL DEFAULT 0,
        indexed_at INTEGER
      );
      CREATE INDEX sources_root ON sources(root);

      CREATE TABLE runs (
        id TEXT PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        format TEXT NOT NULL,
        source_path TEXT NOT NULL,
        model TEXT,
        env TEXT,
        created_at TEXT,
        checkpoint_step INTEGER,
        header_json TEXT NOT NULL DEFAULT '{}',
        warnings_json TEXT NOT NULL DEFAULT '[]',
        -- pass threshold: the user's override wins over the default derived at index time
        pass_threshold_user REAL,
        pass_threshold_default REAL,
        summary_json TEXT NOT NULL DEFAULT '{}',
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX runs_source ON runs(source_id);

      CREATE TABLE episodes (
        rowid INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        ordinal INTEGER NOT NULL,
        task_key TEXT NOT NULL,
        task_key_kind TEXT NOT NULL,
        source_ref TEXT,
        prompt_hash TEXT NOT NULL,
        rollout INTEGER NOT NULL DEFAULT 0,
        reward REAL,
        success INTEGER,
        status TEXT NOT NULL,
        error TEXT,
        turns INTEGER NOT NULL,
        preview TEXT NOT NULL,
        answer TEXT,
        metrics_json TEXT NOT NULL DEFAULT '{}',
        info_json TEXT NOT NULL DEFAULT '{}',
        tokens_in REAL,
        tokens_out REAL,
        duration_ms REAL,
        byte_offset INTEGER NOT NULL,
        byte_length INTEGER NOT NULL
      );
      CREATE INDEX episodes_run_ordinal ON episodes(run_id, ordinal);
      CREATE INDEX episodes_run_reward ON episodes(run_id, reward);
      CREATE INDEX episodes_run_turns ON episodes(run_id, turns);
      CREATE INDEX episodes_run_task ON episodes(run_id, task_key, rollout);

      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `)
  }
}

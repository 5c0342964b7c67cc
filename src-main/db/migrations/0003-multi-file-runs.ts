import type { Migration } from './types'

/**
 * Runs may span several files (a SWE-agent run is a folder of .traj files, a Terminal-Bench run a
 * folder of trials): episodes now belong to their source file, and a run to nothing but its key.
 * `runs` is rebuilt without its foreign key to `sources` (SQLite's 12-step table change, which is
 * why this migration runs with foreign keys off).
 */
export const migration0003: Migration = {
  version: 3,
  name: 'multi-file-runs',
  foreignKeysOff: true,
  up(db) {
    db.exec(`
      CREATE TABLE runs_new (
        id TEXT PRIMARY KEY,
        -- what identifies the run: its main file, or the folder that holds its files
        run_key TEXT NOT NULL,
        -- the file the run was first read from (display and default source), not an owner
        source_id INTEGER,
        name TEXT NOT NULL,
        format TEXT NOT NULL,
        source_path TEXT NOT NULL,
        model TEXT,
        env TEXT,
        created_at TEXT,
        checkpoint_step INTEGER,
        header_json TEXT NOT NULL DEFAULT '{}',
        warnings_json TEXT NOT NULL DEFAULT '[]',
        pass_threshold_user REAL,
        pass_threshold_default REAL,
        -- the producer's own threshold (metadata pass_threshold), input to the default
        pass_threshold_producer REAL,
        summary_json TEXT NOT NULL DEFAULT '{}',
        updated_at INTEGER NOT NULL
      );
      INSERT INTO runs_new (id, run_key, source_id, name, format, source_path, model, env, created_at, checkpoint_step,
                            header_json, warnings_json, pass_threshold_user, pass_threshold_default, summary_json, updated_at)
        SELECT id, source_path, source_id, name, format, source_path, model, env, created_at, checkpoint_step,
               header_json, warnings_json, pass_threshold_user, pass_threshold_default, summary_json, updated_at
        FROM runs;

      ALTER TABLE episodes ADD COLUMN source_id INTEGER REFERENCES sources(id) ON DELETE CASCADE;
      UPDATE episodes SET source_id = (SELECT r.source_id FROM runs r WHERE r.id = episodes.run_id);

      DROP TABLE runs;
      ALTER TABLE runs_new RENAME TO runs;
      CREATE INDEX runs_source ON runs(source_id);
      CREATE INDEX episodes_source ON episodes(source_id);
      -- a locator inside the source for formats that are not one record per line (a JSON document, a zip member)
      ALTER TABLE episodes ADD COLUMN locator TEXT;
    `)
  }
}

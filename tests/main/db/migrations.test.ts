import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../../../src-main/db/migrate'
import { MIGRATIONS } from '../../../src-main/db/migrations'
import { openDb } from '../../../src-main/db/open-db'

/** One source, one run, one episode, in the 0001 shape. */
function seedOneEpisode(db: Database.Database): void {
  db.prepare(
    `INSERT INTO sources (id, path, root, size, mtime_ms, format, state) VALUES (1, '/a', '/', 1, 1, 'verifiers', 'indexed')`
  ).run()
  db.prepare(
    `INSERT INTO runs (id, source_id, name, format, source_path, updated_at) VALUES ('r1', 1, 'n', 'verifiers', '/a', 0)`
  ).run()
  db.prepare(
    `INSERT INTO episodes (id, run_id, ordinal, task_key, task_key_kind, prompt_hash, status, turns, preview, byte_offset, byte_length)
     VALUES ('r1-0', 'r1', 0, 't', 'explicit', 'h', 'ok', 2, '', 0, 10)`
  ).run()
}

const tmpDb = (): string => join(mkdtempSync(join(tmpdir(), 'rs-mig-')), 'app.db')

describe('migrations', () => {
  it('are numbered upwards from 1, each number once (gaps are numbers kept for work on other branches)', () => {
    const versions = MIGRATIONS.map((m) => m.version)
    expect(versions[0]).toBe(1)
    for (let i = 1; i < versions.length; i++) expect(versions[i]).toBeGreaterThan(versions[i - 1])
  })

  it('0001 creates the schema with WAL and foreign keys', () => {
    const db = openDb(tmpDb())
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    const tables = (
      db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).raw().all() as [string][]
    ).map((r) => r[0])
    expect(tables).toEqual(
      expect.arrayContaining(['roots', 'sources', 'runs', 'episodes', 'settings', 'schema_migrations'])
    )
    const applied = db.prepare('SELECT version, name FROM schema_migrations').all()
    expect(applied).toEqual([
      { version: 1, name: 'initial-schema' },
      { version: 2, name: 'episode-step' },
      { version: 3, name: 'multi-file-runs' },
      { version: 4, name: 'source-tail-signature' },
      { version: 5, name: 'episode-task-index' },
      { version: 6, name: 'episode-tool-calls' },
      { version: 7, name: 'search-index' },
      { version: 8, name: 'episode-anomalies' },
      { version: 9, name: 'anomaly-recheck' },
      { version: 10, name: 'search-prefix-index' },
      { version: 11, name: 'episode-steps-scoring' },
      { version: 12, name: 'episode-step-source-index' },
      { version: 13, name: 'search-contentless' },
      { version: 15, name: 'writer-lock' },
      { version: 16, name: 'episode-fingerprint' },
      { version: 17, name: 'search-plain-text' },
      { version: 18, name: 'episode-sort-indexes' },
      { version: 19, name: 'source-content-error' },
      { version: 20, name: 'forget-gone-sources' },
      { version: 21, name: 'search-rows-again' },
      { version: 22, name: 'search-row-places' },
      { version: 23, name: 'search-cjk-characters' },
      { version: 24, name: 'episode-head-skips' }
    ])
  })

  it('0001: deleting a source cascades to its runs and episodes', () => {
    const db = new Database(':memory:')
    db.pragma('foreign_keys = ON')
    migrate(db, MIGRATIONS.slice(0, 1))
    seedOneEpisode(db)
    db.prepare('DELETE FROM sources WHERE id = 1').run()
    expect(db.prepare('SELECT count(*) n FROM runs').get()).toEqual({ n: 0 })
    expect(db.prepare('SELECT count(*) n FROM episodes').get()).toEqual({ n: 0 })
  })

  it('0003 keeps existing runs, gives episodes their source, and detaches runs from a single file', () => {
    const db = new Database(':memory:')
    db.pragma('foreign_keys = ON')
    migrate(db, MIGRATIONS.slice(0, 2))
    seedOneEpisode(db)
    db.prepare(`UPDATE runs SET pass_threshold_user = 0.7 WHERE id = 'r1'`).run()
    expect(migrate(db, MIGRATIONS.slice(0, 3))).toEqual([3])
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(db.prepare('SELECT id, run_key, source_id, pass_threshold_user FROM runs').get()).toEqual({
      id: 'r1',
      run_key: '/a',
      source_id: 1,
      pass_threshold_user: 0.7
    })
    expect(db.prepare('SELECT source_id, locator FROM episodes').get()).toEqual({ source_id: 1, locator: null })
    // episodes now go with their file; the run outlives it until the indexer settles it
    db.prepare('DELETE FROM sources WHERE id = 1').run()
    expect(db.prepare('SELECT count(*) n FROM episodes').get()).toEqual({ n: 0 })
    expect(db.prepare('SELECT count(*) n FROM runs').get()).toEqual({ n: 1 })
  })

  it('0020 drops the rows kept for files gone since indexed, and nothing else', () => {
    const db = new Database(':memory:')
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 20)
    )
    const add = db.prepare(
      `INSERT INTO sources (path, root, size, mtime_ms, format, state, error, walk_problem) VALUES (?, '/', 0, 0, 'unknown', 'error', ?, ?)`
    )
    add.run('/gone.jsonl', 'file no longer exists (moved or deleted since it was indexed)', 0)
    add.run('/cut.json', 'the file ends mid-document', 0)
    add.run('/link', 'broken symlink', 1)
    expect(migrate(db)).toEqual([20, 21, 22, 23, 24])
    expect((db.prepare('SELECT path FROM sources ORDER BY path').raw().all() as [string][]).flat()).toEqual([
      '/cut.json',
      '/link'
    ])
  })

  it("0024 gives episodes where a long record's middle lies, none for those indexed before", () => {
    const db = new Database(':memory:')
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 24)
    )
    db.exec(`INSERT INTO sources (id, path, root, size, mtime_ms, format, state) VALUES (1, '/a', '/', 1, 1, 'verifiers', 'indexed');
      INSERT INTO runs (id, run_key, source_id, name, format, source_path, updated_at) VALUES ('r1', '/a', 1, 'n', 'verifiers', '/a', 0);
      INSERT INTO episodes (id, run_id, ordinal, task_key, task_key_kind, prompt_hash, status, turns, preview, byte_offset, byte_length, source_id)
        VALUES ('r1-0', 'r1', 0, 't', 'explicit', 'h', 'ok', 2, '', 0, 10, 1)`)
    expect(migrate(db)).toEqual([24])
    expect(db.prepare('SELECT id, head_skips FROM episodes').get()).toEqual({ id: 'r1-0', head_skips: null })
  })

  it('re-running is a no-op and a partial failure rolls back that migration only', () => {
    const db = new Database(':memory:')
    const versions = MIGRATIONS.map((m) => m.version)
    const last = versions[versions.length - 1]
    expect(migrate(db)).toEqual(versions)
    expect(migrate(db)).toEqual([])
    const broken = [
      ...MIGRATIONS,
      {
        version: last + 1,
        name: 'broken',
        up: (d: Database.Database) => d.exec('CREATE TABLE x (a); SELECT * FROM nope')
      }
    ]
    expect(() => migrate(db, broken)).toThrow(/nope/)
    expect(db.prepare(`SELECT count(*) n FROM sqlite_master WHERE name = 'x'`).get()).toEqual({ n: 0 })
    expect(db.prepare('SELECT max(version) v FROM schema_migrations').get()).toEqual({ v: last })
  })

  it('0011 adds steps, termination, generation time, unscored and transcript to episodes, and marks files for a re-read', () => {
    const db = new Database(':memory:')
    migrate(db, MIGRATIONS.slice(0, 10))
    db.prepare(
      `INSERT INTO sources (id, path, root, size, mtime_ms, format, state, tail_sig) VALUES (1, '/a', '/', 1, 5, 'verifiers', 'indexed', 'x')`
    ).run()
    db.prepare(
      `INSERT INTO runs (id, run_key, source_id, name, format, source_path, updated_at) VALUES ('r1', '/a', 1, 'n', 'verifiers', '/a', 0)`
    ).run()
    db.prepare(
      `INSERT INTO episodes (id, run_id, ordinal, task_key, task_key_kind, prompt_hash, status, turns, preview, byte_offset, byte_length, source_id)
       VALUES ('r1-0', 'r1', 0, 't', 'explicit', 'h', 'ok', 2, '', 0, 10, 1)`
    ).run()
    expect(migrate(db, MIGRATIONS.slice(0, 11))).toEqual([11])
    expect(db.prepare('SELECT steps, termination, generation_ms, unscored, transcript FROM episodes').get()).toEqual({
      steps: null,
      termination: null,
      generation_ms: null,
      unscored: null,
      transcript: 1
    })
    expect(db.prepare('SELECT scoring_json FROM runs').get()).toEqual({ scoring_json: '{}' })
    expect(db.prepare('SELECT mtime_ms, tail_sig FROM sources').get()).toEqual({ mtime_ms: -1, tail_sig: null })
  })

  it("0012 gives the (run, step) index each episode's source, so a curve finds changed steps from the index alone", () => {
    const db = new Database(':memory:')
    migrate(db)
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT step, source_id, count(*), min(rowid) FROM episodes WHERE run_id = 'r' GROUP BY step, source_id`
      )
      .all() as { detail: string }[]
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING COVERING INDEX episodes_run_step/)
  })

  it('0005 lets the same task be found across runs through an index', () => {
    const db = new Database(':memory:')
    migrate(db)
    const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT id FROM episodes WHERE task_key = 'k'`).all() as {
      detail: string
    }[]
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/episodes_task/)
  })

  it('0002 adds a step and a given-rollout flag to episodes, on a database that already has data', () => {
    const db = new Database(':memory:')
    migrate(db, MIGRATIONS.slice(0, 1))
    seedOneEpisode(db)
    expect(migrate(db, MIGRATIONS.slice(0, 2))).toEqual([2])
    expect(db.prepare('SELECT step, rollout_given FROM episodes').get()).toEqual({ step: null, rollout_given: null })
    const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT * FROM episodes WHERE run_id = 'r1' AND step = 3`).all() as {
      detail: string
    }[]
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/episodes_run_step/)
  })

  it('0006 adds tool-call counts to episodes as NULL (unknown until re-indexed) on a database that has data', () => {
    const db = new Database(':memory:')
    migrate(db, MIGRATIONS.slice(0, 2)) // the seed is in the pre-0003 shape
    seedOneEpisode(db)
    expect(migrate(db, MIGRATIONS.slice(0, 6))).toEqual([3, 4, 5, 6])
    expect(db.prepare('SELECT tool_calls_json FROM episodes').get()).toEqual({ tool_calls_json: null })
  })

  it("0007: an episode that goes takes its full-text rows and its file's search progress with it", () => {
    const db = new Database(':memory:')
    db.pragma('foreign_keys = ON')
    migrate(db, MIGRATIONS.slice(0, 2))
    seedOneEpisode(db)
    expect(migrate(db, MIGRATIONS.slice(0, 7))).toEqual([3, 4, 5, 6, 7])
    const rowid = (db.prepare(`SELECT rowid FROM episodes WHERE id = 'r1-0'`).get() as { rowid: number }).rowid
    const add = db.prepare('INSERT INTO search_fts (rowid, text, turn, role, tool) VALUES (?, ?, 0, ?, NULL)')
    add.run(rowid * 2 ** 24, 'hello zebra', 'user')
    add.run(rowid * 2 ** 24 + 1, 'zebra again', 'assistant')
    add.run((rowid + 1) * 2 ** 24, 'zebra of another episode', 'user')
    db.prepare('INSERT INTO search_sources (source_id, last_rowid, indexed_at) VALUES (1, ?, 1)').run(rowid)
    const hits = (): number =>
      (db.prepare(`SELECT count(*) n FROM search_fts WHERE search_fts MATCH 'zebra'`).get() as { n: number }).n
    expect(hits()).toBe(3)
    db.prepare('DELETE FROM sources WHERE id = 1').run() // cascades to the episode
    expect(hits()).toBe(1)
    expect(db.prepare('SELECT count(*) n FROM search_sources').get()).toEqual({ n: 0 })
  })

  it('0008 adds anomaly codes to episodes as NULL (none known until re-indexed) on a database that has data', () => {
    const db = new Database(':memory:')
    migrate(db, MIGRATIONS.slice(0, 2))
    seedOneEpisode(db)
    expect(migrate(db, MIGRATIONS.slice(0, 8))).toEqual([3, 4, 5, 6, 7, 8])
    expect(db.prepare('SELECT anomalies_json FROM episodes').get()).toEqual({ anomalies_json: null })
  })

  it('refuses a database from a newer version', () => {
    const db = new Database(':memory:')
    migrate(db)
    db.prepare(`INSERT INTO schema_migrations VALUES (99, 'future', 0)`).run()
    expect(() => migrate(db)).toThrow(/newer Rollscope \(schema 99/)
  })
})

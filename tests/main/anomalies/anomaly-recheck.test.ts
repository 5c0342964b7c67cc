/**
 * Migration 0009 on a database indexed before the tool-error / timeout codes: a plain (not forced) re-index of the
 * same unchanged file re-reads it and writes the new codes. Without the migration the same re-index skips the file
 * as unchanged, which is why the migration is needed. The "old" database is made by indexing now and then blanking
 * the codes and the applied-migration row, as an older Rollscope would have left them.
 */
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { tempEngine } from '../../helpers/temp-engine'
import { fixture } from '../../helpers/fixtures-path'
import { migrate } from '../../../src-main/db/migrate'
import { createEngine } from '../../../src-main/services/engine'
import type { Engine } from '../../../src-main/services/engine-types'

const FILE = fixture('inspect-ai/log_tool_call_error.json')
let engine: Engine | null = null
afterEach(() => {
  engine?.close()
  engine = null
})

/** Indexes the fixture, then makes the database look like one written before the new codes. */
async function oldDatabase(): Promise<string> {
  const t = tempEngine()
  await t.engine.indexPaths([FILE])
  t.engine.close()
  const db = new Database(t.dbPath)
  db.exec(`UPDATE episodes SET anomalies_json = NULL; DELETE FROM schema_migrations WHERE version = 9`)
  db.close()
  return t.dbPath
}

const timeoutCount = async (e: Engine): Promise<number> =>
  (await e.api.listEpisodes({ runId: (await e.api.listRuns())[0].id, limit: 1, filter: 'anomaly == "timeout"' })).total

describe('migration 0009: episodes indexed before the new codes get them on the next scan', () => {
  it('without it, an unchanged file is skipped and keeps no codes', async () => {
    const dbPath = await oldDatabase()
    const db = new Database(dbPath)
    db.exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (9, 'anomaly-recheck', 0)`) // as if already run
    db.close()
    engine = tempEngineAt(dbPath)
    const report = await engine.indexPaths([FILE])
    expect(report.skipped).toBe(1)
    expect(await timeoutCount(engine)).toBe(0)
  })

  it('with it, the plain re-index re-reads the file and the filter finds the timeout episode', async () => {
    const dbPath = await oldDatabase()
    const db = new Database(dbPath)
    expect(migrate(db)).toEqual([9])
    expect(db.prepare(`SELECT mtime_ms, tail_sig FROM sources`).all()).toEqual([{ mtime_ms: -1, tail_sig: null }])
    db.close()
    engine = tempEngineAt(dbPath)
    const report = await engine.indexPaths([FILE])
    expect(report.skipped).toBe(0)
    expect(await timeoutCount(engine)).toBe(1)
    // and a later scan skips it again: the real mtime is stored
    expect((await engine.indexPaths([FILE])).skipped).toBe(1)
  })
})

/** A real engine on an existing database file. */
function tempEngineAt(dbPath: string): Engine {
  return createEngine({ dbPath, mode: 'cli', demoPath: null, version: 'test', indexer: 'inline' })
}

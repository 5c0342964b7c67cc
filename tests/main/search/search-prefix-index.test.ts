/** Migration 0010: the full-text index gets prefix indexes, and an index built before it is emptied to be rebuilt. */
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../../../src-main/db/migrate'
import { MIGRATIONS } from '../../../src-main/db/migrations'
import { searchedSourceBefore } from '../../helpers/searched-source-before'
import { pendingSearchSources } from '../../../src-main/search/build-search-index'

const tableSql = (db: Database.Database): string =>
  (db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'search_fts'`).get() as { sql: string }).sql

describe('search prefix index (migration 0010)', () => {
  it('a new database has the 3- and 4-character prefix indexes, and prefix queries still match', () => {
    const db = new Database(':memory:')
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 13) // 0013 replaced the table (search-contentless.test.ts)
    )
    expect(tableSql(db)).toMatch(/prefix = '3 4'/)
    db.prepare('INSERT INTO search_fts (rowid, text, turn, role, tool) VALUES (1, ?, 0, ?, NULL)').run(
      'testing the parser',
      'user'
    )
    for (const q of ['"te" *', '"tes" *', '"test" *', '"testi" *', '"pars" *']) {
      expect(db.prepare('SELECT rowid FROM search_fts WHERE search_fts MATCH ?').all(q), q).toEqual([{ rowid: 1 }])
    }
  })

  it('empties an index built before it, so every source is searched again by the next pass', () => {
    const { db, source } = searchedSourceBefore(10)
    db.prepare(`INSERT INTO search_fts (rowid, text, turn, role, tool) VALUES (1, 'old text', 0, 'user', NULL)`).run()
    expect(pendingSearchSources(db)).toEqual([])

    expect(
      migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 11)
      )
    ).toEqual([10, 11])
    expect(tableSql(db)).toMatch(/prefix = '3 4'/)
    expect(db.prepare('SELECT count(*) n FROM search_fts').get()).toEqual({ n: 0 })
    expect(pendingSearchSources(db)).toEqual([source])
    // the trigger that drops an episode's rows still works on the new table
    db.exec(
      `INSERT INTO search_fts (rowid, text, turn, role, tool) VALUES (16777216 * 7 + 1, 'kept?', 0, 'user', NULL)`
    )
    expect(() => db.exec('DELETE FROM episodes WHERE rowid = 7')).not.toThrow()
  })
})

/**
 * Migration 0022: the rows' places (search/row-places.ts) in a table of their own, one row per episode, written by
 * the full-text pass and dropped with their episode. A database indexed before it keeps its index (no source becomes
 * pending): its hits are read from their records until their files are searched again.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../../src-main/db/migrations'
import { openDb, type Db } from '../../../src-main/db/open-db'
import { runJob } from '../../../src-main/indexer/index-job'
import { ProgressTracker } from '../../../src-main/indexer/progress-tracker'
import { pendingSearchSources } from '../../../src-main/search/build-search-index'
import { fixture } from '../../helpers/fixtures-path'

const WORDLE = fixture('verifiers/willccbb-verifiers/wordle--gpt-5-mini')
const SWE_AGENT = fixture('swe-agent/v0.x')

let dir: string
let db: Db
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rs-mig22-'))
  db = openDb(join(dir, 'app.db'))
  runJob(
    db,
    { type: 'index', roots: [WORDLE, SWE_AGENT], scope: 'added', force: false },
    { isCancelled: () => false, tracker: new ProgressTracker(() => {}), onChanged: () => {} }
  )
})
afterAll(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const count = (sql: string, ...args: unknown[]): number =>
  db
    .prepare(sql)
    .pluck()
    .get(...args) as number

describe('migration 0022: where each full-text row is in its record', () => {
  it('holds one row per episode the pass read from a JSONL record or a one-episode JSON file', () => {
    const jsonl = count(
      `SELECT count(*) FROM episodes e JOIN sources s ON s.id = e.source_id WHERE s.format = 'verifiers'`
    )
    // a SWE-agent trajectory is a whole file, one episode: its rows are found in the file's bytes
    const documents = count(
      `SELECT count(*) FROM episodes e JOIN sources s ON s.id = e.source_id WHERE s.format = 'swe-agent'`
    )
    expect(jsonl).toBeGreaterThan(0)
    expect(documents).toBeGreaterThan(0)
    expect(count('SELECT count(*) FROM search_row_places')).toBe(jsonl + documents)
  })

  it('drops an episode’s places with it', () => {
    const [rowid] = db.prepare('SELECT episode_rowid FROM search_row_places LIMIT 1').pluck().all() as number[]
    db.prepare('DELETE FROM episodes WHERE rowid = ?').run(rowid)
    expect(count('SELECT count(*) FROM search_row_places WHERE episode_rowid = ?', rowid)).toBe(0)
  })

  it('keeps an index built before it: no source becomes pending', () => {
    db.exec('DROP TRIGGER episodes_row_places_drop; DROP TABLE search_row_places')
    const pending = pendingSearchSources(db)
    MIGRATIONS.find((m) => m.version === 22)!.up(db)
    expect(count('SELECT count(*) FROM search_row_places')).toBe(0)
    expect(pendingSearchSources(db)).toEqual(pending)
  })
})
